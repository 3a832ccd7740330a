package dev.preflight.support;

import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A self-signed certificate for test HTTPS receivers, made once per JVM with the JDK's own {@code keytool}: valid
 * for {@code localhost}, {@code hooks.example}, 127.0.0.1 and ::1. {@link #trustStore()} holds only that
 * certificate; the server trusts it through {@code preflight.webhooks.trust-store}.
 */
public final class TestTls {

    public static final String PASSWORD = "changeit";
    private static final Path DIR = Path.of("target", "test-tls").toAbsolutePath();
    private static volatile boolean made;

    private TestTls() {
    }

    /** The PKCS12 trust store holding the receiver certificate. */
    public static Path trustStore() {
        make();
        return DIR.resolve("trust.p12");
    }

    /** A server-side TLS context presenting the receiver certificate. */
    public static SSLContext serverContext() {
        make();
        try (InputStream in = Files.newInputStream(DIR.resolve("receiver.p12"))) {
            KeyStore ks = KeyStore.getInstance("PKCS12");
            ks.load(in, PASSWORD.toCharArray());
            var kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            kmf.init(ks, PASSWORD.toCharArray());
            SSLContext ctx = SSLContext.getInstance("TLS");
            ctx.init(kmf.getKeyManagers(), null, null);
            return ctx;
        } catch (IOException | GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    private static synchronized void make() {
        if (made) {
            return;
        }
        try {
            Files.createDirectories(DIR);
            Path receiver = DIR.resolve("receiver.p12");
            Path cert = DIR.resolve("receiver.cer");
            Path trust = DIR.resolve("trust.p12");
            Files.deleteIfExists(receiver);
            Files.deleteIfExists(cert);
            Files.deleteIfExists(trust);
            keytool("-genkeypair", "-alias", "receiver", "-keyalg", "EC", "-groupname", "secp256r1",
                    "-sigalg", "SHA256withECDSA", "-validity", "7", "-dname", "CN=localhost",
                    "-ext", "SAN=dns:localhost,dns:hooks.example,ip:127.0.0.1,ip:0:0:0:0:0:0:0:1",
                    "-keystore", receiver.toString(), "-storetype", "PKCS12", "-storepass", PASSWORD,
                    "-keypass", PASSWORD);
            keytool("-exportcert", "-alias", "receiver", "-keystore", receiver.toString(), "-storepass", PASSWORD,
                    "-file", cert.toString());
            keytool("-importcert", "-noprompt", "-alias", "receiver", "-file", cert.toString(),
                    "-keystore", trust.toString(), "-storetype", "PKCS12", "-storepass", PASSWORD);
            made = true;
        } catch (IOException e) {
            throw new IllegalStateException("could not make the test certificate", e);
        }
    }

    private static void keytool(String... args) throws IOException {
        var command = new java.util.ArrayList<String>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "keytool").toString()));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        try {
            String out = new String(p.getInputStream().readAllBytes());
            if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
                throw new IOException("keytool " + args[0] + " failed: " + out);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(e);
        }
    }
}
