package dev.preflight.platform;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.checksums.RequestChecksumCalculation;
import software.amazon.awssdk.core.checksums.ResponseChecksumValidation;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.core.sync.ResponseTransformer;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.S3Configuration;
import software.amazon.awssdk.services.s3.model.CompletedPart;
import software.amazon.awssdk.services.s3.model.Delete;
import software.amazon.awssdk.services.s3.model.DeleteObjectsResponse;
import software.amazon.awssdk.services.s3.model.GetObjectRequest;
import software.amazon.awssdk.services.s3.model.HeadObjectResponse;
import software.amazon.awssdk.services.s3.model.ObjectIdentifier;
import software.amazon.awssdk.services.s3.model.S3Exception;
import software.amazon.awssdk.services.s3.model.S3Object;
import software.amazon.awssdk.services.s3.presigner.S3Presigner;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.locks.ReentrantLock;
import java.util.stream.Stream;

/**
 * Blob store on an S3-compatible object store (AWS SDK v2, synchronous client). Writes stream: objects up to one
 * part go up in one request, larger ones as a multipart upload of {@value #PART_SIZE}-byte parts, so at most one
 * part per running upload is in memory. {@link #localFile} keeps node-local copies under the scratch space (see
 * {@link PlatformProperties.BlobCache}).
 */
class S3BlobStore implements BlobStore, AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(S3BlobStore.class);

    /** Multipart part size: above S3's 5 MiB minimum, small enough to buffer one per concurrent upload. */
    static final int PART_SIZE = 8 * 1024 * 1024;

    /** S3 deletes at most this many keys per DeleteObjects request (and lists at most this many per page). */
    static final int MAX_BATCH = 1000;

    private final S3Client s3;
    private final S3Presigner presigner;
    private final String bucket;
    private final String description;
    private final boolean presignEnabled;
    private final Path cacheDir;
    private final long cacheMaxBytes;
    private final Duration cacheHold;
    private final int batch;
    private final ReentrantLock[] stripes = new ReentrantLock[64];
    private final Object evictionLock = new Object();
    private long cachedBytes;

    S3BlobStore(PlatformProperties properties) throws IOException {
        this(properties, MAX_BATCH);
    }

    /** {@code batch}: keys per listing page and per delete request (smaller only to exercise paging in tests). */
    S3BlobStore(PlatformProperties properties, int batch) throws IOException {
        this.batch = Math.max(1, Math.min(batch, MAX_BATCH));
        PlatformProperties.S3 c = properties.s3();
        if (c.bucket() == null) {
            throw new IllegalStateException("PREFLIGHT_BLOB_STORE=s3 needs PREFLIGHT_S3_BUCKET (and PREFLIGHT_S3_ENDPOINT "
                    + "unless the store is AWS itself).");
        }
        if ((c.accessKey() == null) != (c.secretKey() == null)) {
            throw new IllegalStateException("Set both PREFLIGHT_S3_ACCESS_KEY and PREFLIGHT_S3_SECRET_KEY, or neither "
                    + "(to use the SDK's default credential chain).");
        }
        this.bucket = c.bucket();
        this.description = "bucket " + bucket + (c.endpoint() == null ? "" : " at " + c.endpoint());
        AwsCredentialsProvider credentials = c.accessKey() == null ? DefaultCredentialsProvider.builder().build()
                : StaticCredentialsProvider.create(AwsBasicCredentials.create(c.accessKey(), c.secretKey()));
        var builder = S3Client.builder()
                .region(Region.of(c.region()))
                .credentialsProvider(credentials)
                .forcePathStyle(c.pathStyle())
                // Checksums only where S3 requires them: many S3-compatible stores reject the trailing checksums
                // that newer SDKs send by default.
                .requestChecksumCalculation(RequestChecksumCalculation.WHEN_REQUIRED)
                .responseChecksumValidation(ResponseChecksumValidation.WHEN_REQUIRED);
        if (c.endpoint() != null) {
            builder.endpointOverride(URI.create(c.endpoint()));
        }
        this.s3 = builder.build();
        this.presignEnabled = properties.presign().enabled();
        var presign = S3Presigner.builder()
                .region(Region.of(c.region()))
                .credentialsProvider(credentials)
                .serviceConfiguration(S3Configuration.builder().pathStyleAccessEnabled(c.pathStyle()).build());
        String publicEndpoint = c.publicEndpoint() != null ? c.publicEndpoint() : c.endpoint();
        if (publicEndpoint != null) {
            presign.endpointOverride(URI.create(publicEndpoint));
        }
        this.presigner = presign.build();
        this.cacheDir = properties.blobCacheDir().toAbsolutePath().normalize();
        this.cacheMaxBytes = properties.blobCache().maxMb() * 1024 * 1024;
        this.cacheHold = properties.blobCache().hold();
        for (int i = 0; i < stripes.length; i++) {
            stripes[i] = new ReentrantLock();
        }
        Files.createDirectories(cacheDir);
        evictIfNeeded(true);
    }

    @Override
    public long put(String key, InputStream content) throws IOException {
        BlobRules.checkKey(key);
        byte[] part = new byte[PART_SIZE];
        int n = content.readNBytes(part, 0, PART_SIZE);
        if (n < PART_SIZE) {
            putSingle(key, bytesBody(part, n), n);
            return n;
        }
        return multipart(key, new PartSource() {
            private boolean first = true;

            @Override
            public RequestBody next(int[] length) throws IOException {
                int read = first ? n : content.readNBytes(part, 0, PART_SIZE);
                first = false;
                length[0] = read;
                return read == 0 ? null : bytesBody(part, read);
            }
        });
    }

    @Override
    public long put(String key, Path file) throws IOException {
        BlobRules.checkKey(key);
        long size = Files.size(file);
        if (size <= PART_SIZE) {
            putSingle(key, RequestBody.fromFile(file), size);
            return size;
        }
        return multipart(key, new PartSource() {
            private long offset;

            @Override
            public RequestBody next(int[] length) {
                long left = size - offset;
                if (left <= 0) {
                    return null;
                }
                int len = (int) Math.min(PART_SIZE, left);
                long from = offset;
                offset += len;
                length[0] = len;
                return RequestBody.fromContentProvider(() -> fileSlice(file, from, len), len, "application/octet-stream");
            }
        });
    }

    @Override
    public InputStream open(String key) throws IOException {
        BlobRules.checkKey(key);
        try {
            return s3.getObject(b -> b.bucket(bucket).key(key));
        } catch (SdkException e) {
            throw failure("read", key, e);
        }
    }

    @Override
    public Path localFile(String key) throws IOException {
        BlobRules.checkKey(key);
        ReentrantLock lock = stripes[Math.floorMod(key.hashCode(), stripes.length)];
        lock.lock();
        try {
            for (int attempt = 1; ; attempt++) {
                HeadObjectResponse head = head(key);
                Path dir = cacheDir.resolve(key);
                Path cached = dir.resolve("@" + version(head));
                if (Files.isRegularFile(cached)) {
                    Files.setLastModifiedTime(cached, FileTime.from(Instant.now()));
                    return cached;
                }
                Files.createDirectories(dir);
                Path tmp = dir.resolve(cached.getFileName() + "." + UUID.randomUUID() + ".tmp");
                try {
                    // If-Match: a copy is only ever the version the HEAD described, even if the key is being replaced.
                    s3.getObject(GetObjectRequest.builder().bucket(bucket).key(key).ifMatch(head.eTag()).build(),
                            ResponseTransformer.toFile(tmp));
                    Files.move(tmp, cached, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
                } catch (S3Exception e) {
                    if (e.statusCode() == 412 && attempt < 3) {
                        continue; // replaced between HEAD and GET: copy the new version
                    }
                    throw failure("read", key, e);
                } catch (SdkException | IOException e) {
                    if (!Files.isDirectory(dir) && attempt < 3) {
                        continue; // eviction removed the emptied directory meanwhile
                    }
                    throw e instanceof SdkException s ? failure("read", key, s) : (IOException) e;
                } finally {
                    Files.deleteIfExists(tmp);
                }
                synchronized (evictionLock) {
                    cachedBytes += head.contentLength();
                }
                evictIfNeeded(false);
                return cached;
            }
        } finally {
            lock.unlock();
        }
    }

    @Override
    public boolean exists(String key) {
        try {
            head(key);
            return true;
        } catch (NoSuchFileException e) {
            return false;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public long size(String key) throws IOException {
        return head(key).contentLength();
    }

    @Override
    public void deletePrefix(String prefix) throws IOException {
        BlobRules.checkKey(prefix);
        try {
            var keys = new ArrayList<ObjectIdentifier>();
            keys.add(ObjectIdentifier.builder().key(prefix).build());
            for (var page : s3.listObjectsV2Paginator(b -> b.bucket(bucket).prefix(prefix + "/").maxKeys(batch))) {
                for (S3Object o : page.contents()) {
                    keys.add(ObjectIdentifier.builder().key(o.key()).build());
                    if (keys.size() == batch) {
                        deleteBatch(keys);
                        keys.clear();
                    }
                }
            }
            if (!keys.isEmpty()) {
                deleteBatch(keys);
            }
        } catch (SdkException e) {
            throw failure("delete", prefix, e);
        }
        deleteLocalCopies(prefix);
    }

    @Override
    public Optional<URI> presignedGet(String key, Duration ttl, DownloadHeaders headers) {
        BlobRules.checkKey(key);
        BlobRules.checkTtl(ttl);
        if (!presignEnabled) {
            return Optional.empty();
        }
        var get = GetObjectRequest.builder().bucket(bucket).key(key).responseContentType(headers.contentType());
        if (headers.contentDisposition() != null) {
            get.responseContentDisposition(headers.contentDisposition());
        }
        var signed = presigner.presignGetObject(b -> b.signatureDuration(ttl).getObjectRequest(get.build()));
        try {
            return Optional.of(signed.url().toURI());
        } catch (java.net.URISyntaxException e) {
            throw new IllegalStateException("the SDK presigned an invalid URL", e);
        }
    }

    @Override
    public void checkReady() throws IOException {
        try {
            s3.headBucket(b -> b.bucket(bucket).overrideConfiguration(o -> o.apiCallTimeout(Duration.ofSeconds(5))));
        } catch (S3Exception e) {
            throw new IOException(switch (e.statusCode()) {
                case 404 -> description + " does not exist";
                case 401, 403 -> description + " refuses our credentials (HTTP " + e.statusCode() + ")";
                default -> description + " answered HTTP " + e.statusCode();
            }, e);
        } catch (SdkException e) {
            throw new IOException(description + " is not reachable: " + e.getMessage(), e);
        }
    }

    @Override
    public void close() {
        presigner.close();
        s3.close();
    }

    /** Supplies the parts of a multipart upload in order; {@code null} when there are no more. */
    private interface PartSource {
        RequestBody next(int[] length) throws IOException;
    }

    private void putSingle(String key, RequestBody body, long length) throws IOException {
        try {
            s3.putObject(b -> b.bucket(bucket).key(key).contentLength(length), body);
        } catch (SdkException e) {
            throw failure("write", key, e);
        }
    }

    private long multipart(String key, PartSource parts) throws IOException {
        String uploadId;
        try {
            uploadId = s3.createMultipartUpload(b -> b.bucket(bucket).key(key)).uploadId();
        } catch (SdkException e) {
            throw failure("write", key, e);
        }
        boolean done = false;
        try {
            var completed = new ArrayList<CompletedPart>();
            long total = 0;
            int[] length = new int[1];
            for (int number = 1; ; number++) {
                RequestBody body = parts.next(length);
                if (body == null) {
                    break;
                }
                int partNumber = number;
                String etag = s3.uploadPart(b -> b.bucket(bucket).key(key).uploadId(uploadId).partNumber(partNumber)
                        .contentLength((long) length[0]), body).eTag();
                completed.add(CompletedPart.builder().partNumber(partNumber).eTag(etag).build());
                total += length[0];
            }
            s3.completeMultipartUpload(b -> b.bucket(bucket).key(key).uploadId(uploadId)
                    .multipartUpload(m -> m.parts(completed)));
            done = true;
            return total;
        } catch (SdkException e) {
            throw failure("write", key, e);
        } finally {
            if (!done) {
                try {
                    s3.abortMultipartUpload(b -> b.bucket(bucket).key(key).uploadId(uploadId));
                } catch (SdkException e) {
                    // The bucket's lifecycle rule for incomplete uploads cleans up what this could not.
                    log.warn("could not abort multipart upload {} of {}: {}", uploadId, key, e.getMessage());
                }
            }
        }
    }

    private void deleteBatch(List<ObjectIdentifier> keys) throws IOException {
        DeleteObjectsResponse r = s3.deleteObjects(b -> b.bucket(bucket)
                .delete(Delete.builder().objects(keys).quiet(true).build()));
        var errors = r.errors().stream().filter(e -> !"NoSuchKey".equals(e.code())).toList();
        if (!errors.isEmpty()) {
            var first = errors.get(0);
            throw new IOException(errors.size() + " object(s) could not be deleted from " + description + ", e.g. "
                    + first.key() + ": " + first.code() + " " + first.message());
        }
    }

    private HeadObjectResponse head(String key) throws IOException {
        BlobRules.checkKey(key);
        try {
            return s3.headObject(b -> b.bucket(bucket).key(key));
        } catch (SdkException e) {
            throw failure("read", key, e);
        }
    }

    private IOException failure(String action, String key, SdkException e) {
        if (e instanceof S3Exception s && s.statusCode() == 404) {
            var missing = new NoSuchFileException(key);
            missing.initCause(e);
            return missing;
        }
        return new IOException("could not " + action + " " + key + " in " + description + ": " + e.getMessage(), e);
    }

    private static RequestBody bytesBody(byte[] buffer, int length) {
        return RequestBody.fromContentProvider(() -> new java.io.ByteArrayInputStream(buffer, 0, length), length,
                "application/octet-stream");
    }

    private static InputStream fileSlice(Path file, long from, int length) {
        try {
            FileChannel ch = FileChannel.open(file, StandardOpenOption.READ).position(from);
            return new FilterInputStream(Channels.newInputStream(ch)) {
                private long left = length;

                @Override
                public int read() throws IOException {
                    if (left <= 0) {
                        return -1;
                    }
                    int b = super.read();
                    if (b >= 0) {
                        left--;
                    }
                    return b;
                }

                @Override
                public int read(byte[] buf, int off, int len) throws IOException {
                    if (left <= 0) {
                        return -1;
                    }
                    int n = super.read(buf, off, (int) Math.min(len, left));
                    if (n > 0) {
                        left -= n;
                    }
                    return n;
                }
            };
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A name for one version of an object: a replaced object gets a new local copy, never a stale one. */
    private static String version(HeadObjectResponse head) {
        return Digests.hex(Digests.sha256(head.eTag() + ":" + head.contentLength()), 16);
    }

    /** Deletes this node's copies under a deleted prefix (other nodes' copies are evicted in time, never served). */
    private void deleteLocalCopies(String prefix) {
        Path dir = cacheDir.resolve(prefix);
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(dir)) {
            walk.sorted(java.util.Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException e) {
                    // A concurrent download into the same tree; eviction deletes it later.
                    log.debug("could not delete cached {}: {}", p, e.getMessage());
                }
            });
        } catch (IOException | UncheckedIOException e) {
            log.debug("could not walk cached {}: {}", dir, e.getMessage());
        }
        synchronized (evictionLock) {
            cachedBytes = Long.MAX_VALUE / 2; // recount at the next eviction check
        }
    }

    /**
     * Deletes the least recently handed-out copies while the cache is above its bound, sparing copies handed out
     * within the hold period, and temporary files that a crashed download left behind. Another process sharing the
     * directory is safe: copies are only ever replaced by atomic moves and their times are the file times.
     */
    private void evictIfNeeded(boolean force) {
        synchronized (evictionLock) {
            if (!force && cachedBytes <= cacheMaxBytes) {
                return;
            }
            record Entry(Path path, long size, long touched) {
            }
            var entries = new ArrayList<Entry>();
            long total = 0;
            long holdFrom = Instant.now().minus(cacheHold).toEpochMilli();
            try (Stream<Path> walk = Files.walk(cacheDir)) {
                for (Path p : (Iterable<Path>) walk::iterator) {
                    String name = p.getFileName().toString();
                    if (!name.startsWith("@") || !Files.isRegularFile(p)) {
                        continue;
                    }
                    long touched = Files.getLastModifiedTime(p).toMillis();
                    if (name.endsWith(".tmp")) {
                        if (touched < holdFrom) {
                            Files.deleteIfExists(p);
                        }
                        continue;
                    }
                    long size = Files.size(p);
                    entries.add(new Entry(p, size, touched));
                    total += size;
                }
            } catch (IOException | UncheckedIOException e) {
                log.debug("blob cache scan interrupted: {}", e.getMessage());
            }
            entries.sort(java.util.Comparator.comparingLong(Entry::touched));
            for (Entry e : entries) {
                if (total <= cacheMaxBytes || e.touched() >= holdFrom) {
                    break;
                }
                try {
                    Files.deleteIfExists(e.path());
                    total -= e.size();
                    deleteEmptyParents(e.path().getParent());
                } catch (IOException ex) {
                    log.debug("could not evict {}: {}", e.path(), ex.getMessage());
                }
            }
            cachedBytes = total;
        }
    }

    private void deleteEmptyParents(Path dir) {
        while (dir != null && dir.startsWith(cacheDir) && !dir.equals(cacheDir)) {
            try {
                Files.delete(dir);
            } catch (IOException e) {
                return; // not empty (or already gone): stop climbing
            }
            dir = dir.getParent();
        }
    }

    @Override
    public String toString() {
        return "S3BlobStore(" + description + ")";
    }
}
