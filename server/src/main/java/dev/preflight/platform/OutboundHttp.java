package dev.preflight.platform;

import org.apache.hc.client5.http.DnsResolver;
import org.apache.hc.client5.http.classic.methods.HttpGet;
import org.apache.hc.client5.http.classic.methods.HttpPost;
import org.apache.hc.client5.http.classic.methods.HttpUriRequestBase;
import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.CloseableHttpResponse;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManager;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder;
import org.apache.hc.client5.http.protocol.HttpClientContext;
import org.apache.hc.client5.http.ssl.DefaultClientTlsStrategy;
import org.apache.hc.core5.http.ContentType;
import org.apache.hc.core5.http.Header;
import org.apache.hc.core5.http.io.entity.ByteArrayEntity;
import org.apache.hc.core5.util.Timeout;
import org.jspecify.annotations.Nullable;

import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Sends requests to destinations a customer chose (webhook URLs, AI endpoints) without letting them reach the
 * service's own network (SSRF). HTTPS only; the host is resolved once per request through {@link AddressResolver},
 * every address it resolves to must be public ({@link NetworkAddresses}), and the connection is made to exactly those
 * vetted addresses while TLS keeps the host name for SNI and certificate checks, so there is no second lookup a DNS
 * rebinding could answer differently. The address actually connected to is checked again. Redirects are never
 * followed, nothing is retried silently, no system proxy is used, and every request has a hard deadline.
 * An operator can allow private networks or plain HTTP (self-hosted, tests); the owner of the instance logs that.
 */
public final class OutboundHttp implements AutoCloseable {

    /** How much of a response body is kept (for an error message): receivers' bodies are not our business. */
    private static final int EXCERPT_BYTES = 512;

    /**
     * What may be reached.
     *
     * @param allowPrivateNetworks also loopback, private, link-local, CGNAT... addresses (operator override)
     * @param allowHttp            also plain {@code http://} URLs (operator override)
     */
    public record Policy(boolean allowPrivateNetworks, boolean allowHttp) {
    }

    /** Turns a host name into addresses; the system resolver in production, a fixed table in tests. */
    @FunctionalInterface
    public interface AddressResolver {
        InetAddress[] resolve(String host) throws UnknownHostException;

        static AddressResolver system() {
            return InetAddress::getAllByName;
        }
    }

    /**
     * An answer.
     *
     * @param status        HTTP status code
     * @param location      the {@code Location} header of a redirect (never followed), else null
     * @param bodyExcerpt   the first bytes of the body as text
     * @param remoteAddress the address the request was sent to
     * @param retryAfterSeconds the {@code Retry-After} header in seconds, when it is a number
     */
    public record Response(int status, @Nullable String location, String bodyExcerpt, InetAddress remoteAddress,
                           @Nullable Long retryAfterSeconds) {
    }

    private final Policy policy;
    private final AddressResolver resolver;
    private final CloseableHttpClient client;
    private final PoolingHttpClientConnectionManager connections;
    private final ScheduledExecutorService deadlines;
    private final Duration timeout;

    /**
     * @param ssl     the TLS context (trust) to use; null for the JDK's default trust store
     * @param timeout bound of one whole exchange: connecting, TLS, sending and reading the answer
     */
    public OutboundHttp(Policy policy, @Nullable SSLContext ssl, AddressResolver resolver, String userAgent,
                        Duration timeout) {
        this.policy = policy;
        this.resolver = resolver;
        this.timeout = timeout;
        Timeout bound = Timeout.ofMilliseconds(Math.max(1, timeout.toMillis()));
        try {
            this.connections = PoolingHttpClientConnectionManagerBuilder.create()
                    .setDnsResolver(new VettingResolver())
                    .setTlsSocketStrategy(new DefaultClientTlsStrategy(ssl != null ? ssl : SSLContext.getDefault()))
                    .setDefaultConnectionConfig(ConnectionConfig.custom().setConnectTimeout(bound)
                            .setSocketTimeout(bound).build())
                    .setMaxConnTotal(64)
                    .setMaxConnPerRoute(8)
                    .build();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("no default TLS context", e);
        }
        this.client = HttpClients.custom()
                .setConnectionManager(connections)
                .disableRedirectHandling()
                .disableAutomaticRetries()
                .disableCookieManagement()
                .disableAuthCaching()
                .setUserAgent(userAgent)
                .build();
        this.deadlines = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "outbound-http-deadline");
            t.setDaemon(true);
            return t;
        });
    }

    public Policy policy() {
        return policy;
    }

    /**
     * Checks a destination as it is registered: a well-formed absolute URL, HTTPS (or HTTP when allowed), no
     * credentials in it, and a host that resolves, only to public addresses (unless private networks are allowed).
     *
     * @return the parsed URL
     * @throws DestinationRefusedException with the reason
     */
    public URI vet(String url) {
        URI uri = parse(url);
        addresses(uri.getHost());
        return uri;
    }

    /**
     * POSTs a body; the destination is vetted again, against the addresses this very request connects to. Keeps
     * the first 512 bytes of the answer.
     *
     * @throws DestinationRefusedException when the destination is not allowed (nothing was sent)
     * @throws IOException                 on connection errors and timeouts (the client's timeout bounds the
     *                                     whole exchange)
     */
    public Response post(String url, Map<String, String> headers, byte[] body) throws IOException {
        return post(url, headers, body, EXCERPT_BYTES);
    }

    /**
     * POSTs a body and keeps up to {@code maxBodyBytes} of the answer (an API whose answer the caller reads, such
     * as an AI provider's). Otherwise as {@link #post(String, Map, byte[])}.
     */
    public Response post(String url, Map<String, String> headers, byte[] body, int maxBodyBytes) throws IOException {
        HttpPost post = new HttpPost(parse(url));
        post.setEntity(new ByteArrayEntity(body, ContentType.APPLICATION_JSON));
        return execute(post, headers, maxBodyBytes);
    }

    /** GETs a URL under the same guard as {@link #post}, keeping up to {@code maxBodyBytes} of the answer. */
    public Response get(String url, Map<String, String> headers, int maxBodyBytes) throws IOException {
        return execute(new HttpGet(parse(url)), headers, maxBodyBytes);
    }

    private Response execute(HttpUriRequestBase request, Map<String, String> headers, int maxBodyBytes)
            throws IOException {
        Timeout bound = Timeout.ofMilliseconds(Math.max(1, timeout.toMillis()));
        headers.forEach(request::setHeader);
        var context = HttpClientContext.create();
        context.setRequestConfig(RequestConfig.custom().setResponseTimeout(bound).setConnectionRequestTimeout(bound)
                .build());
        AtomicBoolean expired = new AtomicBoolean();
        var deadline = deadlines.schedule(() -> {
            expired.set(true);
            request.cancel();
        }, bound.toMilliseconds(), TimeUnit.MILLISECONDS);
        try (CloseableHttpResponse response = client.execute(request, context)) {
            InetAddress remote = remoteAddress(context);
            if (remote == null) {
                throw new IOException("the connection's remote address is unknown");
            }
            if (!policy.allowPrivateNetworks()) {
                var reason = NetworkAddresses.nonPublicReason(remote);
                if (reason.isPresent()) {
                    throw new DestinationRefusedException("The request reached " + remote.getHostAddress() + ", "
                            + reason.get() + "; private networks are not allowed.");
                }
            }
            Header location = response.getFirstHeader("Location");
            String excerpt = "";
            if (response.getEntity() != null) {
                try (InputStream in = response.getEntity().getContent()) {
                    excerpt = new String(in.readNBytes(Math.max(0, maxBodyBytes)), StandardCharsets.UTF_8);
                }
            }
            Header retryAfter = response.getFirstHeader("Retry-After");
            return new Response(response.getCode(), location == null ? null : location.getValue(), excerpt, remote,
                    seconds(retryAfter == null ? null : retryAfter.getValue()));
        } catch (IOException e) {
            for (Throwable t = e; t != null; t = t.getCause()) {
                if (t instanceof RefusedHostException refused) {
                    throw new DestinationRefusedException(refused.getMessage());
                }
            }
            if (expired.get()) {
                throw new java.net.SocketTimeoutException("no complete answer within " + timeout.toMillis() + " ms");
            }
            throw e;
        } finally {
            deadline.cancel(false);
        }
    }

    @Override
    public void close() throws IOException {
        deadlines.shutdownNow();
        client.close();
    }

    /**
     * A TLS context that trusts exactly the certificates of a PKCS12 or JKS trust store (an internal CA, a test
     * receiver), or the JDK's default trust when no store is given.
     */
    public static @Nullable SSLContext trusting(@Nullable Path trustStore, @Nullable String password) {
        if (trustStore == null) {
            return null;
        }
        try (InputStream in = Files.newInputStream(trustStore)) {
            KeyStore store = KeyStore.getInstance(KeyStore.getDefaultType());
            store.load(in, password == null ? null : password.toCharArray());
            var tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            tmf.init(store);
            SSLContext ctx = SSLContext.getInstance("TLS");
            ctx.init(null, tmf.getTrustManagers(), null);
            return ctx;
        } catch (IOException | GeneralSecurityException e) {
            throw new IllegalStateException("cannot read the trust store " + trustStore + ": " + e.getMessage(), e);
        }
    }

    private URI parse(String url) {
        if (url == null || url.isBlank()) {
            throw new DestinationRefusedException("The URL is empty.");
        }
        URI uri;
        try {
            uri = new URI(url.trim());
        } catch (URISyntaxException e) {
            throw new DestinationRefusedException("The URL is not well-formed: " + e.getReason() + ".");
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        boolean https = scheme.equals("https");
        if (!https && !(scheme.equals("http") && policy.allowHttp())) {
            throw new DestinationRefusedException(scheme.equals("http")
                    ? "Only HTTPS URLs are allowed." : "The URL must be an absolute https:// URL.");
        }
        if (uri.getHost() == null || uri.getHost().isBlank()) {
            throw new DestinationRefusedException("The URL has no host.");
        }
        if (uri.getRawUserInfo() != null) {
            throw new DestinationRefusedException("The URL must not carry credentials (user:password@).");
        }
        return uri;
    }

    /** Resolves the host once and refuses it if any of its addresses is not public. */
    private InetAddress[] addresses(String host) {
        String bare = host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
        InetAddress[] all;
        try {
            all = resolver.resolve(bare);
        } catch (UnknownHostException e) {
            throw new DestinationRefusedException("The host " + bare + " could not be resolved.");
        }
        if (all == null || all.length == 0) {
            throw new DestinationRefusedException("The host " + bare + " could not be resolved.");
        }
        if (!policy.allowPrivateNetworks()) {
            for (InetAddress a : all) {
                var reason = NetworkAddresses.nonPublicReason(a);
                if (reason.isPresent()) {
                    throw new DestinationRefusedException("The host " + bare + " resolves to " + a.getHostAddress()
                            + ", " + reason.get() + "; private networks are not allowed.");
                }
            }
        }
        return all;
    }

    private static @Nullable Long seconds(@Nullable String value) {
        if (value == null || !value.trim().matches("[0-9]{1,9}")) {
            return null;
        }
        return Long.parseLong(value.trim());
    }

    private static @Nullable InetAddress remoteAddress(HttpClientContext context) {
        var details = context.getEndpointDetails();
        if (details != null && details.getRemoteAddress() instanceof InetSocketAddress isa) {
            return isa.getAddress();
        }
        return null;
    }

    /** The client's only way to turn names into addresses: vetted, once per connection. */
    private final class VettingResolver implements DnsResolver {

        @Override
        public InetAddress[] resolve(String host) throws UnknownHostException {
            try {
                return addresses(host);
            } catch (DestinationRefusedException e) {
                throw new RefusedHostException(e.getMessage());
            }
        }

        @Override
        public List<InetSocketAddress> resolve(String host, int port) throws UnknownHostException {
            var out = new ArrayList<InetSocketAddress>();
            for (InetAddress a : resolve(host)) {
                out.add(new InetSocketAddress(a, port));
            }
            return out;
        }

        @Override
        public String resolveCanonicalHostname(String host) {
            return host;
        }
    }

    /** Carries a refusal through the HTTP client, which only lets resolution fail with UnknownHostException. */
    private static final class RefusedHostException extends UnknownHostException {
        RefusedHostException(String message) {
            super(message);
        }
    }
}
