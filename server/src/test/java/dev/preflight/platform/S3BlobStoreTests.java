package dev.preflight.platform;

import dev.preflight.support.DatabaseIndependent;
import dev.preflight.support.EmbeddedS3;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The blob store contract on the S3 store against an embedded s3proxy (real HTTP, real V4 signatures), plus what
 * only the object store does: multipart uploads, the bounded local cache, and readiness failures.
 */
@DatabaseIndependent
class S3BlobStoreTests extends BlobStoreContract {

    private static final HttpClient HTTP = HttpClient.newHttpClient();

    private String bucket;

    @Override
    protected BlobStore newStore(Path dataDir, boolean presign) throws IOException {
        if (bucket == null) {
            bucket = "contract-" + UUID.randomUUID();
            EmbeddedS3.shared().createBucket(bucket);
        }
        return s3Store(dataDir, bucket, EmbeddedS3.SECRET_KEY, EmbeddedS3.shared().endpoint().toString(), presign,
                2048, Duration.ofHours(1));
    }

    private static S3BlobStore s3Store(Path dataDir, String bucket, String secret, String endpoint, boolean presign,
                                       long cacheMb, Duration hold) throws IOException {
        return new S3BlobStore(new PlatformProperties(dataDir, 1L << 30, "s3",
                new PlatformProperties.S3(endpoint, bucket, "us-east-1", EmbeddedS3.ACCESS_KEY, secret, true, null),
                new PlatformProperties.BlobCache(cacheMb, hold),
                new PlatformProperties.Presign(presign, null, null), null), 10);
    }

    @Override
    protected Fetched fetch(URI link) throws Exception {
        HttpResponse<byte[]> r = HTTP.send(HttpRequest.newBuilder(link).GET().build(),
                HttpResponse.BodyHandlers.ofByteArray());
        return new Fetched(r.statusCode(), r.body(), r.headers().firstValue("Content-Type").orElse(null),
                r.headers().firstValue("Content-Disposition").orElse(null));
    }

    @Test
    void largeObjectsGoUpInParts() throws Exception {
        String key = prefix() + "/large";
        store.put(key, new GeneratedStream(3L * S3BlobStore.PART_SIZE - 5, 1));
        try (var s3 = EmbeddedS3.shared().client()) {
            String etag = s3.headObject(b -> b.bucket(bucket).key(key)).eTag();
            assertThat(etag).as("a multipart ETag names its part count").endsWith("-3\"");
        }
        String small = prefix() + "/small";
        store.put(small, new ByteArrayInputStream(new byte[1000]));
        try (var s3 = EmbeddedS3.shared().client()) {
            assertThat(s3.headObject(b -> b.bucket(bucket).key(small)).eTag()).doesNotContain("-");
            assertThat(s3.listMultipartUploads(b -> b.bucket(bucket)).uploads())
                    .as("no upload left open").isEmpty();
        }
    }

    @Test
    void theLocalCacheStaysWithinItsBoundOnceCopiesAreOldEnough() throws Exception {
        Path dir = dataDir.resolve("small-cache");
        try (S3BlobStore small = s3Store(dir, bucket, EmbeddedS3.SECRET_KEY, EmbeddedS3.shared().endpoint().toString(),
                false, 1, Duration.ZERO)) {
            String base = prefix();
            Path first = null;
            for (int i = 0; i < 4; i++) {
                String key = base + "/part" + i;
                small.put(key, new GeneratedStream(600_000, i));
                Path p = small.localFile(key);
                if (i == 0) {
                    first = p;
                }
                assertThat(p).exists();
            }
            assertThat(first).as("the oldest copy was evicted past 1 MB").doesNotExist();
            assertThat(cachedBytes(dir)).isLessThanOrEqualTo(1024 * 1024);
            // An evicted copy is fetched again on demand.
            assertThat(Files.size(small.localFile(base + "/part0"))).isEqualTo(600_000);
        }
        Path held = dataDir.resolve("held-cache");
        try (S3BlobStore holding = s3Store(held, bucket, EmbeddedS3.SECRET_KEY,
                EmbeddedS3.shared().endpoint().toString(), false, 1, Duration.ofHours(1))) {
            String base = prefix();
            var copies = new java.util.ArrayList<Path>();
            for (int i = 0; i < 3; i++) {
                String key = base + "/part" + i;
                holding.put(key, new GeneratedStream(600_000, i));
                copies.add(holding.localFile(key));
            }
            assertThat(copies).as("copies handed out within the hold period survive the bound").allMatch(Files::exists);
        }
    }

    @Test
    void readinessNamesWhatIsWrong() throws Exception {
        String endpoint = EmbeddedS3.shared().endpoint().toString();
        try (S3BlobStore noBucket = s3Store(dataDir.resolve("a"), "no-such-bucket-" + UUID.randomUUID(),
                EmbeddedS3.SECRET_KEY, endpoint, false, 10, Duration.ZERO)) {
            assertThatThrownBy(noBucket::checkReady).isInstanceOf(IOException.class).hasMessageContaining("does not exist");
        }
        try (S3BlobStore wrongSecret = s3Store(dataDir.resolve("b"), bucket, "wrong-secret", endpoint, false, 10,
                Duration.ZERO)) {
            assertThatThrownBy(wrongSecret::checkReady).isInstanceOf(IOException.class)
                    .hasMessageContaining("refuses our credentials");
            assertThatThrownBy(() -> wrongSecret.put(prefix() + "/x", new ByteArrayInputStream(new byte[1])))
                    .isInstanceOf(IOException.class);
        }
        int closedPort;
        try (var s = new java.net.ServerSocket(0)) {
            closedPort = s.getLocalPort();
        }
        try (S3BlobStore unreachable = s3Store(dataDir.resolve("c"), bucket, EmbeddedS3.SECRET_KEY,
                "http://127.0.0.1:" + closedPort, false, 10, Duration.ZERO)) {
            assertThatThrownBy(unreachable::checkReady).isInstanceOf(IOException.class)
                    .hasMessageContaining("not reachable");
        }
    }

    private static long cachedBytes(Path dataDir) throws IOException {
        try (var walk = Files.walk(dataDir.resolve("scratch").resolve("blob-cache"))) {
            return walk.filter(Files::isRegularFile).mapToLong(p -> p.toFile().length()).sum();
        }
    }
}
