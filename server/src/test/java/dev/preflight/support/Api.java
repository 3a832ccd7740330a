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

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final String base;

    public Api(int port) {
        this.base = "http://127.0.0.1:" + port;
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

    public Answer getWithHeaders(String path, Map<String, String> headers) {
        var b = HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(180));
        headers.forEach(b::header);
        return send(b.GET().build());
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
            return new Answer(r.statusCode(), r.headers(), r.body());
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
