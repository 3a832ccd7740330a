package dev.preflight.support;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/** A small real-HTTP client for full-stack tests: JSON and multipart requests, JSON answers. */
public final class Api {

    static final JsonMapper JSON = JsonMapper.builder().build();

    private static final Map<Integer, Contract> CONTRACTS = new java.util.concurrent.ConcurrentHashMap<>();

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final String base;
    private final int port;
    private final boolean checked;

    /** A client whose every answer is checked against the server's /openapi.json (see {@link Contract}). */
    public Api(int port) {
        this(port, true);
    }

    private Api(int port, boolean checked) {
        this.base = "http://127.0.0.1:" + port;
        this.port = port;
        this.checked = checked;
    }

    /**
     * The same client without the contract check, for the few tests that speak to the server outside its contract
     * (the contract tests themselves, a deliberately wrong method).
     */
    public Api unchecked() {
        return new Api(port, false);
    }

    /** An answer: status, headers and body (parsed when JSON). */
    public record Answer(int status, java.net.http.HttpHeaders headers, byte[] raw) {
        public JsonNode json() {
            return JSON.readTree(raw);
        }

        public String text() {
            return new String(raw, StandardCharsets.UTF_8);
        }

        public String header(String name) {
            return headers.firstValue(name).orElse(null);
        }
    }

    public Answer get(String path, String token) {
        return send(request(path, token).GET().build());
    }

    public Answer delete(String path, String token) {
        return send(request(path, token).DELETE().build());
    }

    /** A POST without a body. */
    public Answer post(String path, String token) {
        return send(request(path, token).POST(HttpRequest.BodyPublishers.noBody()).build());
    }

    public Answer postJson(String path, String token, Object body) {
        return sendJson("POST", path, token, body);
    }

    public Answer putJson(String path, String token, Object body) {
        return sendJson("PUT", path, token, body);
    }

    public Answer patchJson(String path, String token, Object body) {
        return sendJson("PATCH", path, token, body);
    }

    public Answer sendJson(String method, String path, String token, Object body) {
        byte[] bytes = body instanceof String s ? s.getBytes(StandardCharsets.UTF_8) : JSON.writeValueAsBytes(body);
        return send(request(path, token).header("Content-Type", "application/json")
                .method(method, HttpRequest.BodyPublishers.ofByteArray(bytes)).build());
    }

    /** A multipart form: text fields and files. */
    public static final class Form {
        private final List<Object[]> parts = new ArrayList<>();

        public Form field(String name, String value) {
            parts.add(new Object[] {name, value});
            return this;
        }

        public Form file(String name, String fileName, byte[] content) {
            parts.add(new Object[] {name, fileName, content});
            return this;
        }

        byte[] encode(String boundary) {
            var out = new ByteArrayOutputStream();
            for (Object[] p : parts) {
                write(out, "--" + boundary + "\r\n");
                if (p.length == 2) {
                    write(out, "Content-Disposition: form-data; name=\"" + p[0] + "\"\r\n\r\n");
                    write(out, (String) p[1]);
                } else {
                    write(out, "Content-Disposition: form-data; name=\"" + p[0] + "\"; filename=\"" + p[1] + "\"\r\n");
                    write(out, "Content-Type: application/octet-stream\r\n\r\n");
                    out.writeBytes((byte[]) p[2]);
                }
                write(out, "\r\n");
            }
            write(out, "--" + boundary + "--\r\n");
            return out.toByteArray();
        }

        private static void write(ByteArrayOutputStream out, String s) {
            out.writeBytes(s.getBytes(StandardCharsets.UTF_8));
        }
    }

    public static Form form() {
        return new Form();
    }

    public Answer postForm(String path, String token, Form form) {
        String boundary = "----preflight" + UUID.randomUUID();
        return send(request(path, token).header("Content-Type", "multipart/form-data; boundary=" + boundary)
                .POST(HttpRequest.BodyPublishers.ofByteArray(form.encode(boundary))).build());
    }

    /** Any request with the given headers and raw body (null for none). */
    public Answer send(String method, String path, Map<String, String> headers, byte[] body) {
        var b = HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(180));
        headers.forEach(b::header);
        return send(b.method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                : HttpRequest.BodyPublishers.ofByteArray(body)).build());
    }

    /** A JSON request with extra headers (Idempotency-Key, X-Visitor-Token, ...). */
    public Answer sendJson(String method, String path, String token, Object body, Map<String, String> headers) {
        var all = new java.util.LinkedHashMap<String, String>(headers);
        all.put("Content-Type", "application/json");
        if (token != null) {
            all.put("Authorization", "Bearer " + token);
        }
        return send(method, path, all, body instanceof String s ? s.getBytes(StandardCharsets.UTF_8)
                : JSON.writeValueAsBytes(body));
    }

    public Answer getWithHeaders(String path, Map<String, String> headers) {
        var b = HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(180));
        headers.forEach(b::header);
        return send(b.GET().build());
    }

    /** Checks a received webhook body against the {@code webhooks} section of the served /openapi.json. */
    public void checkWebhook(String event, byte[] body) {
        try {
            contract().checkWebhook(event, body);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private Contract contract() throws IOException, InterruptedException {
        Contract c = CONTRACTS.get(port);
        if (c == null) {
            HttpResponse<byte[]> doc = http.send(HttpRequest.newBuilder(URI.create(base + "/openapi.json")).GET()
                    .timeout(Duration.ofSeconds(60)).build(), HttpResponse.BodyHandlers.ofByteArray());
            if (doc.statusCode() != 200) {
                throw new AssertionError("/openapi.json answered " + doc.statusCode());
            }
            c = new Contract(JSON.readTree(doc.body()));
            CONTRACTS.put(port, c);
        }
        return c;
    }

    private HttpRequest.Builder request(String path, String token) {
        var b = HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(180));
        if (token != null) {
            b.header("Authorization", "Bearer " + token);
        }
        return b;
    }

    private Answer send(HttpRequest request) {
        try {
            HttpResponse<byte[]> r = http.send(request, HttpResponse.BodyHandlers.ofByteArray());
            if (checked) {
                contract().check(request.method(), request.uri(), r.statusCode(),
                        r.headers().firstValue("Content-Type").orElse(null), r.body());
            }
            return new Answer(r.statusCode(), r.headers(), r.body());
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
