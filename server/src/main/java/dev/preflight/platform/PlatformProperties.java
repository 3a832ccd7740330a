package dev.preflight.platform;

import org.springframework.boot.context.properties.ConfigurationProperties;

import java.nio.file.Path;
import java.time.Duration;

/**
 * Platform settings ({@code preflight.platform.*}).
 *
 * @param dataDir        where the embedded database, blobs and scratch files live
 * @param maxUploadBytes the largest upload the server accepts at all (plans may allow less)
 * @param blobStore      {@code filesystem} (blobs under the data dir) or {@code s3} (an S3-compatible object store)
 * @param s3             the object store, when {@code blobStore} is {@code s3}
 * @param blobCache      the node-local copies {@link BlobStore#localFile} hands out for an object store
 * @param presign        short-lived download links straight from the store ({@link BlobStore#presignedGet})
 * @param clamd          the malware scanner ({@link MalwareScanner}); off when its address is blank
 */
@ConfigurationProperties("preflight.platform")
public record PlatformProperties(Path dataDir, long maxUploadBytes, String blobStore, S3 s3, BlobCache blobCache,
                                 Presign presign, Clamd clamd) {

    public PlatformProperties {
        blobStore = blobStore == null || blobStore.isBlank() ? "filesystem" : blobStore.trim();
        if (!blobStore.equals("filesystem") && !blobStore.equals("s3")) {
            throw new IllegalArgumentException("PREFLIGHT_BLOB_STORE must be 'filesystem' or 's3', not '" + blobStore + "'");
        }
        s3 = s3 == null ? new S3(null, null, null, null, null, false, null) : s3;
        blobCache = blobCache == null ? new BlobCache(0, null) : blobCache;
        presign = presign == null ? new Presign(false, null, null) : presign;
        clamd = clamd == null ? new Clamd(null, null) : clamd;
    }

    public Path blobDir() {
        return dataDir.resolve("blobs");
    }

    public Path scratchDir() {
        return dataDir.resolve("scratch");
    }

    /** Node-local copies of objects, under the scratch space. */
    public Path blobCacheDir() {
        return scratchDir().resolve("blob-cache");
    }

    /**
     * An S3-compatible object store ({@code PREFLIGHT_S3_*}).
     *
     * @param endpoint       e.g. {@code http://minio:9000}; blank for AWS itself (the region picks the endpoint)
     * @param bucket         the bucket, which must exist
     * @param region         signing region ({@code us-east-1} for most S3-compatible stores)
     * @param accessKey      blank: the SDK's default credential chain (environment, profile, instance role)
     * @param secretKey      the secret of {@code accessKey}
     * @param pathStyle      {@code http://host/bucket/key} instead of {@code http://bucket.host/key} (MinIO, s3proxy)
     * @param publicEndpoint the endpoint browsers reach presigned links on, when it differs from {@code endpoint}
     */
    public record S3(String endpoint, String bucket, String region, String accessKey, String secretKey,
                     boolean pathStyle, String publicEndpoint) {

        public S3 {
            endpoint = blankToNull(endpoint);
            bucket = blankToNull(bucket);
            region = blankToNull(region) == null ? "us-east-1" : region.trim();
            accessKey = blankToNull(accessKey);
            secretKey = blankToNull(secretKey);
            publicEndpoint = blankToNull(publicEndpoint);
        }
    }

    /**
     * Node-local copies of stored objects ({@link BlobStore#localFile}).
     *
     * @param maxMb the soft bound of the cache: past it the least recently handed out copies are deleted
     * @param hold  how long a handed-out copy is kept at least, even past the bound (longer than any analysis)
     */
    public record BlobCache(long maxMb, Duration hold) {

        public BlobCache {
            maxMb = maxMb <= 0 ? 2048 : maxMb;
            hold = hold == null ? Duration.ofHours(1) : hold;
        }
    }

    /**
     * Presigned download links ({@link BlobStore#presignedGet}); off by default, so downloads stream through the
     * server.
     *
     * @param enabled       hand out links at all
     * @param publicBaseUrl filesystem store: the server's external address the links start with
     * @param secret        filesystem store: the HMAC key links are signed with (the same on every node)
     */
    public record Presign(boolean enabled, String publicBaseUrl, String secret) {

        public Presign {
            publicBaseUrl = blankToNull(publicBaseUrl);
            secret = blankToNull(secret);
        }
    }

    /**
     * The clamd daemon uploads are streamed to before they are stored.
     *
     * @param address {@code unix:/path/to/clamd.ctl} or {@code tcp:host:port}; blank: no scanning
     * @param timeout bound of one scan, connection included
     */
    public record Clamd(String address, Duration timeout) {

        public Clamd {
            address = blankToNull(address);
            timeout = timeout == null ? Duration.ofSeconds(120) : timeout;
        }
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s.trim();
    }
}
