package dev.preflight.platform;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * What every {@link BlobStore} promises, run against each implementation (filesystem, and S3 on an embedded
 * s3proxy): round trips, replacement, missing keys, the key alphabet, prefix deletion (paged), large objects
 * streamed through, concurrent local copies, and presigned links with their expiry and tamper checks.
 */
abstract class BlobStoreContract {

    @TempDir
    Path dataDir;

    protected BlobStore store;

    /** A store over a fresh namespace, writing local files under {@code dataDir}. */
    protected abstract BlobStore newStore(Path dataDir, boolean presign) throws IOException;

    /** An HTTP-level answer to a presigned link. */
    protected record Fetched(int status, byte[] body, String contentType, String contentDisposition) {
    }

    /** Follows a presigned link as a browser would. */
    protected abstract Fetched fetch(URI link) throws Exception;

    @BeforeEach
    void open() throws IOException {
        store = newStore(dataDir, true);
    }

    @AfterEach
    void close() throws Exception {
        if (store instanceof AutoCloseable c) {
            c.close();
        }
    }

    protected static String prefix() {
        return "tenants/t-" + UUID.randomUUID() + "/jobs/j";
    }

    @Test
    void putThenOpenRoundTripsTheBytesAndTheSize() throws IOException {
        String key = prefix() + "/input";
        byte[] bytes = "%PDF-1.7 hello".getBytes(StandardCharsets.US_ASCII);
        assertThat(store.exists(key)).isFalse();
        assertThat(store.put(key, new ByteArrayInputStream(bytes))).isEqualTo(bytes.length);
        assertThat(store.exists(key)).isTrue();
        assertThat(store.size(key)).isEqualTo(bytes.length);
        try (InputStream in = store.open(key)) {
            assertThat(in.readAllBytes()).isEqualTo(bytes);
        }
        assertThat(Files.readAllBytes(store.localFile(key))).isEqualTo(bytes);
    }

    @Test
    void emptyObjectsAreObjects() throws IOException {
        String key = prefix() + "/empty";
        assertThat(store.put(key, new ByteArrayInputStream(new byte[0]))).isZero();
        assertThat(store.exists(key)).isTrue();
        assertThat(store.size(key)).isZero();
        assertThat(Files.size(store.localFile(key))).isZero();
    }

    @Test
    void putFromAFileStoresItsContent() throws IOException {
        Path file = Files.writeString(dataDir.resolve("upload.json"), "{\"a\":1}");
        String key = prefix() + "/external-report";
        assertThat(store.put(key, file)).isEqualTo(7);
        try (InputStream in = store.open(key)) {
            assertThat(new String(in.readAllBytes(), StandardCharsets.UTF_8)).isEqualTo("{\"a\":1}");
        }
    }

    @Test
    void replacingAnObjectReplacesItsLocalCopyToo() throws IOException {
        String key = prefix() + "/input";
        store.put(key, new ByteArrayInputStream("first".getBytes(StandardCharsets.US_ASCII)));
        assertThat(Files.readString(store.localFile(key))).isEqualTo("first");
        store.put(key, new ByteArrayInputStream("second, longer".getBytes(StandardCharsets.US_ASCII)));
        assertThat(Files.readString(store.localFile(key))).isEqualTo("second, longer");
        assertThat(store.size(key)).isEqualTo(14);
    }

    @Test
    void aMissingKeyIsNoSuchFileEverywhere() {
        String key = prefix() + "/nothing";
        assertThat(store.exists(key)).isFalse();
        assertThatThrownBy(() -> store.open(key).close()).isInstanceOf(NoSuchFileException.class);
        assertThatThrownBy(() -> store.localFile(key)).isInstanceOf(NoSuchFileException.class);
        assertThatThrownBy(() -> store.size(key)).isInstanceOf(NoSuchFileException.class);
    }

    @Test
    void keysMayUseEveryAllowedCharacterAndNothingElse() throws IOException {
        String alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._-";
        String key = prefix() + "/" + alphabet + "/.hidden/a..b/-_.";
        store.put(key, new ByteArrayInputStream(new byte[] {1, 2, 3}));
        assertThat(store.exists(key)).isTrue();
        assertThat(store.size(key)).isEqualTo(3);
        assertThat(Files.readAllBytes(store.localFile(key))).containsExactly(1, 2, 3);
        for (String bad : List.of("", "/a", "a/", "a//b", "..", "a/../b", "a/./b", "a b", "a%2Fb", "ä", "a\\b",
                "a?b", "a#b", "a+b", "a:b", "x".repeat(1025))) {
            assertThatThrownBy(() -> store.put(bad, new ByteArrayInputStream(new byte[1])))
                    .as("key %s", bad).isInstanceOf(IllegalArgumentException.class);
            assertThatThrownBy(() -> store.exists(bad)).as("key %s", bad).isInstanceOf(IllegalArgumentException.class);
        }
    }

    @Test
    void deletePrefixDeletesTheTreeAndNothingBeside() throws Exception {
        String base = prefix();
        String job = base + "1";
        String sibling = base + "10";
        // More objects than one listing page and one delete batch hold (stores under test use small batches).
        int many = 25;
        for (int i = 0; i < many; i++) {
            store.put(job + "/tiles/" + i, new ByteArrayInputStream(new byte[] {7}));
        }
        store.put(job + "/input", new ByteArrayInputStream(new byte[] {1}));
        store.put(sibling + "/input", new ByteArrayInputStream(new byte[] {2}));
        Path copy = store.localFile(job + "/input");

        store.deletePrefix(job);

        assertThat(store.exists(job + "/input")).isFalse();
        assertThat(store.exists(job + "/tiles/0")).isFalse();
        assertThat(store.exists(job + "/tiles/" + (many - 1))).isFalse();
        assertThat(store.exists(sibling + "/input")).as("a job whose id starts the same is untouched").isTrue();
        assertThatThrownBy(() -> store.localFile(job + "/input")).isInstanceOf(NoSuchFileException.class);
        assertThat(copy).as("this node's copy is gone with the object").doesNotExist();
        store.deletePrefix(job); // deleting nothing is fine
    }

    @Test
    void largeObjectsStreamThroughBothWays() throws Exception {
        long size = 20_000_000L + 123;
        String key = prefix() + "/large";
        var generated = new DigestInputStream(new GeneratedStream(size, 42), MessageDigest.getInstance("SHA-256"));
        assertThat(store.put(key, generated)).isEqualTo(size);
        byte[] expected = generated.getMessageDigest().digest();
        assertThat(store.size(key)).isEqualTo(size);
        try (InputStream in = store.open(key)) {
            assertThat(sha256(in)).isEqualTo(expected);
        }
        Path local = store.localFile(key);
        assertThat(Files.size(local)).isEqualTo(size);
        try (InputStream in = Files.newInputStream(local)) {
            assertThat(sha256(in)).isEqualTo(expected);
        }

        // The same from a file (the upload path of a multipart request spooled to disk).
        String fromFile = prefix() + "/large-from-file";
        assertThat(store.put(fromFile, local)).isEqualTo(size);
        try (InputStream in = store.open(fromFile)) {
            assertThat(sha256(in)).isEqualTo(expected);
        }
    }

    @Test
    void concurrentLocalFileCallsShareOneCompleteCopy() throws Exception {
        String key = prefix() + "/input";
        long size = 3_000_000;
        var generated = new DigestInputStream(new GeneratedStream(size, 7), MessageDigest.getInstance("SHA-256"));
        store.put(key, generated);
        byte[] expected = generated.getMessageDigest().digest();
        int threads = 8;
        var start = new CountDownLatch(1);
        var paths = new ArrayList<Future<Path>>();
        try (ExecutorService pool = Executors.newFixedThreadPool(threads)) {
            for (int i = 0; i < threads; i++) {
                paths.add(pool.submit(() -> {
                    start.await();
                    return store.localFile(key);
                }));
            }
            start.countDown();
            var distinct = new HashSet<Path>();
            for (var f : paths) {
                Path p = f.get();
                distinct.add(p);
                try (InputStream in = Files.newInputStream(p)) {
                    assertThat(sha256(in)).isEqualTo(expected);
                }
            }
            assertThat(distinct).hasSize(1);
            try (var siblings = Files.list(distinct.iterator().next().getParent())) {
                assertThat(siblings.filter(p -> p.getFileName().toString().endsWith(".tmp")).toList())
                        .as("no half-written copies left").isEmpty();
            }
        }
    }

    @Test
    void presignedLinksServeTheObjectWithTheNamedHeaders() throws Exception {
        String key = prefix() + "/report.pdf";
        store.put(key, new ByteArrayInputStream("%PDF report".getBytes(StandardCharsets.US_ASCII)));
        URI link = store.presignedGet(key, Duration.ofMinutes(5), DownloadHeaders.attachment("application/pdf",
                "report.pdf")).orElseThrow();
        Fetched f = fetch(link);
        assertThat(f.status()).isEqualTo(200);
        assertThat(new String(f.body(), StandardCharsets.US_ASCII)).isEqualTo("%PDF report");
        assertThat(f.contentType()).startsWith("application/pdf");
        assertThat(f.contentDisposition()).contains("attachment").contains("report.pdf");

        URI inline = store.presignedGet(key, Duration.ofMinutes(5), DownloadHeaders.inline("text/plain")).orElseThrow();
        Fetched g = fetch(inline);
        assertThat(g.status()).isEqualTo(200);
        assertThat(g.contentType()).startsWith("text/plain");
    }

    @Test
    void anExpiredLinkIsRefused() throws Exception {
        String key = prefix() + "/report.pdf";
        store.put(key, new ByteArrayInputStream(new byte[] {1, 2}));
        URI link = store.presignedGet(key, Duration.ofSeconds(1), DownloadHeaders.inline("application/pdf")).orElseThrow();
        Thread.sleep(2_100);
        assertThat(fetch(link).status()).isEqualTo(403);
    }

    @Test
    void anAlteredLinkIsRefused() throws Exception {
        String key = prefix() + "/a/report.pdf";
        String other = key.replace("/a/", "/b/");
        store.put(key, new ByteArrayInputStream(new byte[] {1}));
        store.put(other, new ByteArrayInputStream(new byte[] {2}));
        String link = store.presignedGet(key, Duration.ofMinutes(5), DownloadHeaders.inline("application/pdf"))
                .orElseThrow().toString();
        assertThat(fetch(URI.create(link)).status()).isEqualTo(200);

        assertThat(fetch(URI.create(link.replace("/a/report.pdf", "/b/report.pdf"))).status())
                .as("another key").isEqualTo(403);
        assertThat(fetch(URI.create(link.replace("application%2Fpdf", "text%2Fhtml"))).status())
                .as("another content type").isEqualTo(403);
        assertThat(fetch(URI.create(bumpExpiry(link))).status()).as("a later expiry").isEqualTo(403);
        assertThat(fetch(URI.create(flipLastSignatureChar(link))).status()).as("another signature").isEqualTo(403);
    }

    @Test
    void aLinkToADeletedObjectIsNotFound() throws Exception {
        String key = prefix() + "/gone.pdf";
        store.put(key, new ByteArrayInputStream(new byte[] {1}));
        URI link = store.presignedGet(key, Duration.ofMinutes(5), DownloadHeaders.inline("application/pdf")).orElseThrow();
        store.deletePrefix(key);
        assertThat(fetch(link).status()).isEqualTo(404);
    }

    @Test
    void linksAreOffUnlessEnabledAndLiveAtMostSevenDays() throws Exception {
        String key = prefix() + "/report.pdf";
        store.put(key, new ByteArrayInputStream(new byte[] {1}));
        assertThatThrownBy(() -> store.presignedGet(key, Duration.ofDays(8), DownloadHeaders.inline("application/pdf")))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> store.presignedGet(key, Duration.ZERO, DownloadHeaders.inline("application/pdf")))
                .isInstanceOf(IllegalArgumentException.class);
        BlobStore off = newStore(dataDir.resolve("off"), false);
        try {
            assertThat(off.presignedGet(key, Duration.ofMinutes(1), DownloadHeaders.inline("application/pdf"))).isEmpty();
        } finally {
            if (off instanceof AutoCloseable c) {
                c.close();
            }
        }
    }

    @Test
    void aWorkingStoreIsReady() throws IOException {
        store.checkReady();
    }

    static byte[] sha256(InputStream in) throws Exception {
        MessageDigest md = MessageDigest.getInstance("SHA-256");
        byte[] buf = new byte[64 * 1024];
        int n;
        while ((n = in.read(buf)) > 0) {
            md.update(buf, 0, n);
        }
        return md.digest();
    }

    private static String bumpExpiry(String link) {
        // Both link kinds carry the expiry as a number after "xpires=" (expires / X-Amz-Expires).
        var m = java.util.regex.Pattern.compile("(?i)(expires=)(\\d+)").matcher(link);
        assertThat(m.find()).isTrue();
        return link.substring(0, m.start(2)) + (Long.parseLong(m.group(2)) + 3600) + link.substring(m.end(2));
    }

    private static String flipLastSignatureChar(String link) {
        var m = java.util.regex.Pattern.compile("(?i)signature=([^&]+)").matcher(link);
        assertThat(m.find()).isTrue();
        int at = m.end(1) - 1;
        char c = link.charAt(at);
        return link.substring(0, at) + (c == 'a' ? 'b' : 'a') + link.substring(at + 1);
    }

    /** Deterministic pseudo-random bytes of a given length, generated as read (never held whole). */
    static final class GeneratedStream extends InputStream {
        private final Random random;
        private long left;

        GeneratedStream(long length, long seed) {
            this.left = length;
            this.random = new Random(seed);
        }

        @Override
        public int read() {
            if (left <= 0) {
                return -1;
            }
            left--;
            return random.nextInt(256);
        }

        @Override
        public int read(byte[] b, int off, int len) {
            if (left <= 0) {
                return -1;
            }
            int n = (int) Math.min(len, left);
            byte[] chunk = new byte[n];
            random.nextBytes(chunk);
            System.arraycopy(chunk, 0, b, off, n);
            left -= n;
            return n;
        }
    }
}
