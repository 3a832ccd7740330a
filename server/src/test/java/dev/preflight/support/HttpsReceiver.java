package dev.preflight.support;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsExchange;
import com.sun.net.httpserver.HttpsServer;

import javax.net.ssl.ExtendedSSLSession;
import javax.net.ssl.SNIHostName;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Predicate;

/**
 * A real webhook receiver for tests: the JDK's HTTPS server on 127.0.0.1 (or plain HTTP) with the test certificate.
 * It records every request byte for byte and answers from a script (status, headers, delay), 200 when the script
 * is empty.
 */
public final class HttpsReceiver implements AutoCloseable {

    /** One received request. */
    public record Received(String method, String path, Map<String, List<String>> headers, byte[] body,
                           long receivedAtMillis, String sniHost) {
        public String header(String name) {
            List<String> v = headers.get(name.toLowerCase(java.util.Locale.ROOT));
            return v == null || v.isEmpty() ? null : v.get(0);
        }

        public String text() {
            return new String(body, java.nio.charset.StandardCharsets.UTF_8);
        }
    }

    /** One scripted answer. */
    public record Answer(int status, Map<String, String> headers, Duration delay, String body) {
        public static Answer status(int status) {
            return new Answer(status, Map.of(), Duration.ZERO, "");
        }

        public Answer withHeader(String name, String value) {
            var h = new java.util.LinkedHashMap<>(headers);
            h.put(name, value);
            return new Answer(status, h, delay, body);
        }

        public Answer after(Duration d) {
            return new Answer(status, headers, d, body);
        }
    }

    private final HttpServer server;
    private final ExecutorService executor = Executors.newCachedThreadPool();
    private final List<Received> received = new CopyOnWriteArrayList<>();
    private final Deque<Answer> script = new ConcurrentLinkedDeque<>();
    private final boolean https;

    private HttpsReceiver(boolean https) throws IOException {
        this.https = https;
        InetSocketAddress at = new InetSocketAddress("127.0.0.1", 0);
        if (https) {
            HttpsServer s = HttpsServer.create(at, 50);
            s.setHttpsConfigurator(new HttpsConfigurator(TestTls.serverContext()));
            server = s;
        } else {
            server = HttpServer.create(at, 50);
        }
        server.createContext("/", this::handle);
        server.setExecutor(executor);
        server.start();
    }

    public static HttpsReceiver https() {
        try {
            return new HttpsReceiver(true);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    public static HttpsReceiver plainHttp() {
        try {
            return new HttpsReceiver(false);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    public int port() {
        return server.getAddress().getPort();
    }

    /** {@code https://127.0.0.1:<port><path>} (or http). */
    public String url(String path) {
        return (https ? "https" : "http") + "://127.0.0.1:" + port() + path;
    }

    /** Answers the next requests with these, in order; then 200. */
    public HttpsReceiver answer(Answer... answers) {
        script.addAll(List.of(answers));
        return this;
    }

    public List<Received> received() {
        return new ArrayList<>(received);
    }

    public List<Received> received(Predicate<Received> filter) {
        return received.stream().filter(filter).toList();
    }

    /** Waits until at least {@code n} requests match, or fails after the timeout. */
    public List<Received> await(Predicate<Received> filter, int n, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            List<Received> got = received(filter);
            if (got.size() >= n) {
                return got;
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("expected " + n + " matching requests within " + timeout + ", got "
                        + got.size() + " (all: " + received.size() + ")");
            }
            sleep(20);
        }
    }

    /** Requests whose X-Service-Event is this event. */
    public static Predicate<Received> event(String event) {
        return r -> event.equals(r.header("X-Service-Event"));
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            byte[] body = exchange.getRequestBody().readAllBytes();
            var headers = new TreeMap<String, List<String>>();
            exchange.getRequestHeaders().forEach((k, v) -> headers.put(k.toLowerCase(java.util.Locale.ROOT),
                    List.copyOf(v)));
            String sni = null;
            if (exchange instanceof HttpsExchange hx && hx.getSSLSession() instanceof ExtendedSSLSession es) {
                sni = es.getRequestedServerNames().stream().filter(n -> n instanceof SNIHostName)
                        .map(n -> ((SNIHostName) n).getAsciiName()).findFirst().orElse(null);
            }
            received.add(new Received(exchange.getRequestMethod(), exchange.getRequestURI().getPath(), headers, body,
                    System.currentTimeMillis(), sni));
            Answer a = script.pollFirst();
            if (a == null) {
                a = Answer.status(200);
            }
            if (!a.delay().isZero()) {
                sleep(a.delay().toMillis());
            }
            a.headers().forEach((k, v) -> exchange.getResponseHeaders().add(k, v));
            byte[] out = a.body().getBytes(java.nio.charset.StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(a.status(), out.length == 0 ? -1 : out.length);
            if (out.length > 0) {
                try (OutputStream os = exchange.getResponseBody()) {
                    os.write(out);
                }
            }
        }
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
    }
}
