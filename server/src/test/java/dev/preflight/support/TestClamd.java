package dev.preflight.support;

import org.junit.jupiter.api.Assumptions;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;

/**
 * A real clamd (Debian {@code clamav-daemon}) for tests, in the foreground on a temporary local socket (and a
 * loopback TCP port when asked), with signatures written here because none can be downloaded: the EICAR test
 * string as an {@code .ndb} body signature and the MD5 of Debian's {@code clamav-testfiles} {@code clam.exe} as
 * an {@code .hdb} hash signature (made by {@code sigtool --md5}).
 *
 * <p>Tests that need it call {@link #assumeAvailable()}: without clamd they are skipped with a message, unless
 * {@code PREFLIGHT_TEST_REQUIRE_CLAMD} is set (CI), which turns the skip into a failure.
 */
public final class TestClamd implements AutoCloseable {

    /** The EICAR anti-malware test string (not malware; every scanner is meant to flag it). */
    public static final String EICAR = "X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*";
    public static final String EICAR_SIGNATURE = "Preflight-Test-EICAR";
    public static final Path CLAM_EXE = Path.of("/usr/share/clamav-testfiles/clam.exe");

    private static TestClamd shared;

    private final Path dir;
    private final Path socket;
    private final Integer tcpPort;
    private Process process;

    private TestClamd(long streamMaxLength, boolean tcp) throws IOException, InterruptedException {
        // Unix socket paths are limited to ~100 bytes: keep the directory short.
        this.dir = Files.createTempDirectory(Path.of("/tmp"), "clamd-");
        this.socket = dir.resolve("clamd.sock");
        this.tcpPort = tcp ? freePort() : null;
        Path db = Files.createDirectories(dir.resolve("db"));
        Files.writeString(db.resolve("preflight-test.ndb"), EICAR_SIGNATURE + ":0:*:"
                + HexFormat.of().formatHex(EICAR.getBytes(StandardCharsets.US_ASCII)) + "\n");
        Process sigtool = new ProcessBuilder(executable("sigtool"), "--md5", CLAM_EXE.toString())
                .redirectOutput(db.resolve("preflight-test.hdb").toFile())
                .redirectError(dir.resolve("sigtool.err").toFile()).start();
        if (sigtool.waitFor() != 0) {
            throw new IOException("sigtool --md5 failed: " + Files.readString(dir.resolve("sigtool.err")));
        }
        var conf = new StringBuilder()
                .append("Foreground yes\n")
                .append("LocalSocket ").append(socket).append('\n')
                .append("DatabaseDirectory ").append(db).append('\n')
                .append("LogFile ").append(dir.resolve("clamd.log")).append('\n')
                .append("StreamMaxLength ").append(streamMaxLength).append('\n')
                .append("MaxFileSize ").append(streamMaxLength).append('\n')
                .append("MaxScanSize ").append(streamMaxLength).append('\n')
                .append("SelfCheck 0\n");
        if (tcp) {
            conf.append("TCPSocket ").append(tcpPort).append("\nTCPAddr 127.0.0.1\n");
        }
        Files.writeString(dir.resolve("clamd.conf"), conf);
        start();
    }

    /** True when clamd, sigtool and the test files are installed. */
    public static boolean installed() {
        return find("clamd") != null && find("sigtool") != null && Files.isRegularFile(CLAM_EXE);
    }

    /** True when PREFLIGHT_TEST_REQUIRE_CLAMD is set: a missing clamd fails the tests instead of skipping them. */
    public static boolean required() {
        String v = System.getenv("PREFLIGHT_TEST_REQUIRE_CLAMD");
        return v != null && !v.isBlank() && !v.equals("0");
    }

    /** Skips the calling test when clamd is not installed and not required; fails when it is required. */
    public static void assumeAvailable() {
        if (!installed() && required()) {
            throw new AssertionError("PREFLIGHT_TEST_REQUIRE_CLAMD is set but clamd is not installed: "
                    + "apt-get install clamav-daemon clamav-testfiles");
        }
        Assumptions.assumeTrue(installed(), "clamd is not installed (apt-get install clamav-daemon clamav-testfiles); "
                + "malware scanning tests skipped. Set PREFLIGHT_TEST_REQUIRE_CLAMD=1 to fail instead.");
    }

    /** A new clamd; the caller closes it. */
    public static TestClamd start(long streamMaxLength, boolean tcp) {
        try {
            return new TestClamd(streamMaxLength, tcp);
        } catch (IOException e) {
            throw new IllegalStateException("could not start clamd: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** The clamd the server suite scans with (one per JVM, stopped at exit); accepts uploads up to 600 MB. */
    public static synchronized TestClamd shared() {
        if (shared == null) {
            shared = start(600L * 1024 * 1024, false);
            TestClamd started = shared;
            Runtime.getRuntime().addShutdownHook(new Thread(started::close, "clamd-stop"));
        }
        return shared;
    }

    public String unixAddress() {
        return "unix:" + socket;
    }

    public String tcpAddress() {
        return "tcp:127.0.0.1:" + tcpPort;
    }

    /** Stops the daemon (its socket stops answering) until {@link #restart()}. */
    public synchronized void stop() {
        if (process != null) {
            process.destroy();
            try {
                process.waitFor();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            process = null;
        }
        try {
            Files.deleteIfExists(socket);
        } catch (IOException ignored) {
            // a stale socket file only makes connections fail, which is what stopped means
        }
    }

    public synchronized void restart() {
        try {
            start();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    @Override
    public synchronized void close() {
        stop();
        try (Stream<Path> walk = Files.walk(dir)) {
            walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException ignored) {
            // a temp directory left behind is harmless
        }
    }

    private void start() throws IOException, InterruptedException {
        process = new ProcessBuilder(executable("clamd"), "-c", dir.resolve("clamd.conf").toString())
                .redirectErrorStream(true).redirectOutput(dir.resolve("clamd.out").toFile()).start();
        long deadline = System.nanoTime() + 60_000_000_000L;
        while (!pong()) {
            if (!process.isAlive() || System.nanoTime() > deadline) {
                String out = Files.exists(dir.resolve("clamd.out")) ? Files.readString(dir.resolve("clamd.out")) : "";
                process.destroyForcibly();
                throw new IOException("clamd did not come up: " + out);
            }
            Thread.sleep(20);
        }
    }

    private boolean pong() {
        if (!Files.exists(socket)) {
            return false;
        }
        try (SocketChannel ch = SocketChannel.open(StandardProtocolFamily.UNIX)) {
            ch.connect(UnixDomainSocketAddress.of(socket));
            ch.write(ByteBuffer.wrap("zPING\0".getBytes(StandardCharsets.US_ASCII)));
            ByteBuffer b = ByteBuffer.allocate(16);
            ch.read(b);
            return new String(b.array(), 0, b.position(), StandardCharsets.US_ASCII).startsWith("PONG");
        } catch (IOException e) {
            return false;
        }
    }

    private static String executable(String name) throws IOException {
        String path = find(name);
        if (path == null) {
            throw new IOException(name + " is not installed (apt-get install clamav-daemon clamav-testfiles)");
        }
        return path;
    }

    private static String find(String name) {
        var dirs = new java.util.ArrayList<String>(List.of(System.getenv().getOrDefault("PATH", "").split(":")));
        dirs.addAll(List.of("/usr/sbin", "/usr/bin", "/usr/local/sbin", "/usr/local/bin"));
        for (String d : dirs) {
            if (!d.isEmpty() && Files.isExecutable(Path.of(d, name))) {
                return Path.of(d, name).toString();
            }
        }
        return null;
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }
}
