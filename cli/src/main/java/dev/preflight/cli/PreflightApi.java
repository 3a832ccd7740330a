package dev.preflight.cli;

import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.entity.mime.MultipartEntityBuilder;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.core5.http.ClassicHttpRequest;
import org.apache.hc.core5.http.ContentType;
import org.apache.hc.core5.http.io.entity.EntityUtils;
import org.apache.hc.core5.http.io.entity.StringEntity;
import org.apache.hc.core5.http.io.support.ClassicRequestBuilder;
import org.apache.hc.core5.util.Timeout;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.PropertyNamingStrategies;
import tools.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;

/** The few routes of the Preflight HTTP API the command line uses: JSON answers, multipart submit. */
final class PreflightApi {

    /** Reads the API's snake_case answers into this tool's records and ignores fields it does not use. */
    static final JsonMapper JSON = JsonMapper.builder()
            .propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .build();

    /** An API error (status and the server's detail) or a transport error, worded for the terminal. */
    static final class Failure extends RuntimeException {
        final int status;

        Failure(int status, String message) {
            super(message);
            this.status = status;
        }
    }

    private final URI base;
    private final String key;
    private final CloseableHttpClient http;

    PreflightApi(String url, String key) {
        try {
            this.base = new URI(url.endsWith("/") ? url.substring(0, url.length() - 1) : url);
        } catch (URISyntaxException e) {
            throw new Failure(0, "not a URL: " + url);
        }
        if (base.getScheme() == null || !base.getScheme().matches("https?") || base.getHost() == null) {
            throw new Failure(0, "not an http(s) URL: " + url);
        }
        this.key = key == null || key.isBlank() ? null : key.trim();
        this.http = HttpClients.custom().setDefaultRequestConfig(RequestConfig.custom()
                .setConnectionRequestTimeout(Timeout.ofSeconds(10))
                .setResponseTimeout(Timeout.ofMinutes(10)).build()).build();
    }

    JsonNode get(String path) {
        return send(ClassicRequestBuilder.get(base + path).build());
    }

    /** POST /api/v1/jobs with the file and form fields; the answer is {job_id, status, message}. */
    JsonNode submit(Path file, Map<String, String> fields, Map<String, Path> files) {
        var form = MultipartEntityBuilder.create()
                .addBinaryBody("file", file.toFile(), ContentType.APPLICATION_OCTET_STREAM, file.getFileName().toString());
        fields.forEach((name, value) -> form.addTextBody(name, value, ContentType.TEXT_PLAIN.withCharset(StandardCharsets.UTF_8)));
        files.forEach((name, path) -> form.addBinaryBody(name, path.toFile(), ContentType.APPLICATION_OCTET_STREAM,
                path.getFileName().toString()));
        return send(ClassicRequestBuilder.post(base + "/api/v1/jobs").setEntity(form.build()).build());
    }

    /** POST with a JSON body. */
    JsonNode post(String path, Object body) {
        var request = ClassicRequestBuilder.post(base + path)
                .setEntity(new StringEntity(JSON.writeValueAsString(body), ContentType.APPLICATION_JSON)).build();
        return send(request);
    }

    /**
     * Saves what an absolute http(s) URL answers to a file (written beside it, then moved into place) and returns its
     * size. Used for share URLs, which need no key: none is sent, so it never leaves for another host.
     */
    long download(String url, Path target) {
        URI uri;
        try {
            uri = new URI(url);
        } catch (URISyntaxException e) {
            throw new Failure(0, "the server gave a URL that is not one: " + url);
        }
        if (uri.getScheme() == null || !uri.getScheme().matches("https?")) {
            throw new Failure(0, "the server gave a URL that is not http(s): " + url);
        }
        Path absolute = target.toAbsolutePath();
        Path partial = absolute.resolveSibling(absolute.getFileName() + ".part");
        try {
            return http.execute(ClassicRequestBuilder.get(uri).build(), response -> {
                int status = response.getCode();
                if (status < 200 || status >= 300) {
                    throw new Failure(status, "GET " + url + " answered " + status);
                }
                try (var in = response.getEntity().getContent()) {
                    long size = Files.copy(in, partial, StandardCopyOption.REPLACE_EXISTING);
                    Files.move(partial, absolute, StandardCopyOption.REPLACE_EXISTING);
                    return size;
                }
            });
        } catch (IOException e) {
            try {
                Files.deleteIfExists(partial);
            } catch (IOException ignored) {
                // the partial file stays; the message below says what failed
            }
            throw new Failure(0, "cannot save " + target + " from " + url + ": " + e.getMessage());
        }
    }

    <T> T read(JsonNode node, Class<T> type) {
        return JSON.treeToValue(node, type);
    }

    private JsonNode send(ClassicHttpRequest request) {
        if (key != null) {
            request.addHeader("Authorization", "Bearer " + key);
        }
        request.addHeader("Accept", "application/json");
        try {
            return http.execute(request, response -> {
                byte[] body = response.getEntity() == null ? new byte[0] : EntityUtils.toByteArray(response.getEntity());
                int status = response.getCode();
                if (status >= 200 && status < 300) {
                    return body.length == 0 ? JSON.nullNode() : parse(body, status);
                }
                throw new Failure(status, problem(request, status, body));
            });
        } catch (IOException e) {
            throw new Failure(0, "cannot reach " + base + ": " + e.getMessage());
        }
    }

    private JsonNode parse(byte[] body, int status) {
        try {
            return JSON.readTree(body);
        } catch (JacksonException e) {
            throw new Failure(status, "the server at " + base + " did not answer JSON: is it a Preflight server?");
        }
    }

    /** The server's detail ({"detail": "..."} or the validation list), prefixed with what was asked. */
    private String problem(ClassicHttpRequest request, int status, byte[] body) {
        String detail;
        try {
            JsonNode d = JSON.readTree(body).path("detail");
            if (d.isArray()) {
                var parts = new StringBuilder();
                for (JsonNode item : d) {
                    var loc = new StringBuilder();
                    item.path("loc").forEach(l -> {
                        if (!l.asString().equals("body") && !l.asString().equals("query")) {
                            loc.append(loc.isEmpty() ? "" : ".").append(l.asString());
                        }
                    });
                    parts.append(parts.isEmpty() ? "" : "; ").append(loc).append(": ").append(item.path("msg").asString());
                }
                detail = parts.toString();
            } else {
                detail = d.isMissingNode() ? new String(body, StandardCharsets.UTF_8) : d.asString();
            }
        } catch (JacksonException e) {
            detail = new String(body, StandardCharsets.UTF_8).strip();
        }
        String hint = status == 401 ? " (pass --api-key or set PREFLIGHT_API_KEY)" : "";
        return request.getMethod() + " " + request.getPath() + " answered " + status + ": " + detail + hint;
    }
}
