package dev.preflight.platform;

import dev.preflight.support.DatabaseIndependent;
import dev.preflight.support.HttpsReceiver;
import dev.preflight.support.HttpsReceiver.Answer;
import dev.preflight.support.TestTls;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.net.InetAddress;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The outbound guard against SSRF, with a real HTTPS receiver on 127.0.0.1: private destinations are refused at
 * registration ({@code vet}) and again at sending time against the address actually connected to; names are
 * resolved once per request and the connection goes to exactly that vetted address, keeping the name for TLS.
 */
@DatabaseIndependent
class OutboundHttpTests {

    private static final byte[] BODY = "{\"event\":\"test.ping\"}".getBytes(StandardCharsets.UTF_8);

    private final List<AutoCloseable> open = new ArrayList<>();

    @AfterEach
    void close() throws Exception {
        for (AutoCloseable c : open) {
            c.close();
        }
    }

    private HttpsReceiver receiver() {
        var r = HttpsReceiver.https();
        open.add(r);
        return r;
    }

    private OutboundHttp client(boolean allowPrivate, boolean allowHttp, OutboundHttp.AddressResolver resolver,
                                Duration timeout) {
        var c = new OutboundHttp(new OutboundHttp.Policy(allowPrivate, allowHttp),
                OutboundHttp.trusting(TestTls.trustStore(), TestTls.PASSWORD), resolver, "test", timeout);
        open.add(c);
        return c;
    }

    private OutboundHttp guarded() {
        return client(false, false, OutboundHttp.AddressResolver.system(), Duration.ofSeconds(5));
    }

    @ParameterizedTest
    @ValueSource(strings = {"https://127.0.0.1:%d/hook", "https://localhost:%d/hook", "https://[::1]:%d/hook",
            "https://[::ffff:127.0.0.1]:%d/hook", "https://[::ffff:7f00:1]:%d/hook", "https://0.0.0.0:%d/hook",
            "https://[0:0:0:0:0:ffff:7f00:1]:%d/hook", "https://2130706433:%d/hook"})
    void refusesLoopbackInEveryFormAtRegistrationAndAtSending(String template) {
        HttpsReceiver r = receiver();
        String url = template.formatted(r.port());
        OutboundHttp http = guarded();
        assertThatThrownBy(() -> http.vet(url)).isInstanceOf(DestinationRefusedException.class)
                .hasMessageContaining("private networks are not allowed");
        assertThatThrownBy(() -> http.post(url, Map.of(), BODY)).isInstanceOf(DestinationRefusedException.class);
        assertThat(r.received()).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"https://10.1.2.3/h", "https://172.20.0.1/h", "https://192.168.0.10/h",
            "https://169.254.169.254/latest/meta-data/", "https://100.64.1.1/h", "https://[fd00::1]/h",
            "https://[fe80::1]/h", "https://224.0.0.1/h", "https://[64:ff9b::a00:1]/h"})
    void refusesPrivateLinkLocalCgnatMulticastAndEmbeddedAddresses(String url) {
        assertThatThrownBy(() -> guarded().vet(url)).isInstanceOf(DestinationRefusedException.class)
                .hasMessageContaining("resolves to");
    }

    @Test
    void acceptsAPublicAddressAndRequiresHttps() {
        OutboundHttp http = guarded();
        assertThat(http.vet("https://93.184.215.14/hooks?x=1")).hasToString("https://93.184.215.14/hooks?x=1");
        assertThatThrownBy(() -> http.vet("http://93.184.215.14/hooks")).isInstanceOf(DestinationRefusedException.class)
                .hasMessage("Only HTTPS URLs are allowed.");
        assertThatThrownBy(() -> http.vet("ftp://93.184.215.14/")).hasMessageContaining("absolute https://");
        assertThatThrownBy(() -> http.vet("/relative")).hasMessageContaining("absolute https://");
        assertThatThrownBy(() -> http.vet("https://user:pw@93.184.215.14/")).hasMessageContaining("credentials");
        assertThatThrownBy(() -> http.vet("https://exa mple.com/")).hasMessageContaining("not well-formed");
    }

    @Test
    void refusesANameThatResolvesToAPrivateAddressAndANameWithMixedAnswers() {
        HttpsReceiver r = receiver();
        var table = Map.of("hooks.example", new String[] {"127.0.0.1"},
                "mixed.example", new String[] {"93.184.215.14", "10.0.0.5"});
        OutboundHttp http = client(false, false, host -> resolve(table, host), Duration.ofSeconds(5));
        assertThatThrownBy(() -> http.vet("https://hooks.example:" + r.port() + "/h"))
                .hasMessageContaining("hooks.example resolves to 127.0.0.1, a loopback address");
        assertThatThrownBy(() -> http.post("https://hooks.example:" + r.port() + "/h", Map.of(), BODY))
                .isInstanceOf(DestinationRefusedException.class);
        assertThatThrownBy(() -> http.vet("https://mixed.example/h")).hasMessageContaining("10.0.0.5");
        assertThatThrownBy(() -> http.vet("https://nowhere.example/h")).hasMessageContaining("could not be resolved");
        assertThat(r.received()).isEmpty();
    }

    @Test
    void aNameThatRebindsToAPrivateAddressAfterRegistrationIsRefusedAtSending() {
        HttpsReceiver r = receiver();
        var answers = new AtomicInteger();
        // First lookup (registration): a public address. Every later lookup: the receiver on loopback.
        OutboundHttp http = client(false, false, host -> answers.getAndIncrement() == 0
                ? new InetAddress[] {InetAddress.getByName("93.184.215.14")}
                : new InetAddress[] {InetAddress.getByName("127.0.0.1")}, Duration.ofSeconds(5));
        String url = "https://rebind.example:" + r.port() + "/h";
        http.vet(url);
        assertThatThrownBy(() -> http.post(url, Map.of(), BODY)).isInstanceOf(DestinationRefusedException.class)
                .hasMessageContaining("127.0.0.1");
        assertThat(r.received()).isEmpty();
    }

    @Test
    void resolvesOncePerRequestConnectsToTheVettedAddressAndKeepsTheNameForTls() throws IOException {
        HttpsReceiver r = receiver();
        var lookups = new AtomicInteger();
        OutboundHttp http = client(true, false, host -> {
            lookups.incrementAndGet();
            return resolve(Map.of("hooks.example", new String[] {"127.0.0.1"}), host);
        }, Duration.ofSeconds(5));
        var answer = http.post("https://hooks.example:" + r.port() + "/named", Map.of("X-Test", "1"), BODY);
        assertThat(answer.status()).isEqualTo(200);
        assertThat(answer.remoteAddress().getHostAddress()).isEqualTo("127.0.0.1");
        assertThat(lookups.get()).isEqualTo(1);
        var got = r.received().get(0);
        assertThat(got.sniHost()).isEqualTo("hooks.example");
        assertThat(got.header("Host")).isEqualTo("hooks.example:" + r.port());
        assertThat(got.body()).isEqualTo(BODY);
        assertThat(got.header("X-Test")).isEqualTo("1");
    }

    @Test
    void aCertificateForAnotherNameFailsTheHandshake() {
        HttpsReceiver r = receiver();
        OutboundHttp http = client(true, false, host -> resolve(Map.of("other.example", new String[] {"127.0.0.1"}),
                host), Duration.ofSeconds(5));
        assertThatThrownBy(() -> http.post("https://other.example:" + r.port() + "/h", Map.of(), BODY))
                .isInstanceOf(IOException.class);
        assertThat(r.received()).isEmpty();
    }

    @Test
    void neverFollowsRedirects() throws IOException {
        HttpsReceiver target = receiver();
        HttpsReceiver redirecting = receiver().answer(Answer.status(307).withHeader("Location", target.url("/x")));
        OutboundHttp http = client(true, false, OutboundHttp.AddressResolver.system(), Duration.ofSeconds(5));
        var answer = http.post(redirecting.url("/r"), Map.of(), BODY);
        assertThat(answer.status()).isEqualTo(307);
        assertThat(answer.location()).isEqualTo(target.url("/x"));
        assertThat(target.received()).isEmpty();
    }

    @Test
    void boundsTheWholeExchange() {
        HttpsReceiver slow = receiver().answer(Answer.status(200).after(Duration.ofSeconds(5)));
        OutboundHttp http = client(true, false, OutboundHttp.AddressResolver.system(), Duration.ofMillis(800));
        long t0 = System.nanoTime();
        assertThatThrownBy(() -> http.post(slow.url("/slow"), Map.of(), BODY))
                .isInstanceOf(SocketTimeoutException.class);
        assertThat(Duration.ofNanos(System.nanoTime() - t0)).isLessThan(Duration.ofSeconds(4));
    }

    @Test
    void plainHttpOnlyWithTheOperatorOverride() throws IOException {
        HttpsReceiver plain = HttpsReceiver.plainHttp();
        open.add(plain);
        assertThatThrownBy(() -> client(true, false, OutboundHttp.AddressResolver.system(), Duration.ofSeconds(5))
                .post(plain.url("/p"), Map.of(), BODY)).hasMessage("Only HTTPS URLs are allowed.");
        var answer = client(true, true, OutboundHttp.AddressResolver.system(), Duration.ofSeconds(5))
                .post(plain.url("/p"), Map.of(), BODY);
        assertThat(answer.status()).isEqualTo(200);
        assertThat(plain.received()).hasSize(1);
    }

    private static InetAddress[] resolve(Map<String, String[]> table, String host) throws UnknownHostException {
        String[] ips = table.get(host);
        if (ips == null) {
            throw new UnknownHostException(host);
        }
        var out = new InetAddress[ips.length];
        for (int i = 0; i < ips.length; i++) {
            out[i] = InetAddress.getByName(ips[i]);
        }
        return out;
    }
}
