package dev.preflight.platform;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.security.MessageDigest;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;

/**
 * Blob store on the local filesystem under {@code <data-dir>/blobs}. Its presigned links point at our own
 * {@code GET /blob-links/{key}} route and carry an HMAC-SHA256 signature over the key, the expiry and the response
 * headers, so that a link works on every node sharing the directory and the secret.
 */
class FileSystemBlobStore implements BlobStore {

    static final String LINK_PATH = "/blob-links/";

    private final Path root;
    private final PlatformProperties.Presign presign;

    FileSystemBlobStore(PlatformProperties properties) throws IOException {
        this.root = properties.blobDir().toAbsolutePath().normalize();
        this.presign = properties.presign();
        if (presign.enabled() && (presign.secret() == null || presign.publicBaseUrl() == null)) {
            throw new IllegalStateException("Presigned links on the filesystem store need PREFLIGHT_PUBLIC_BASE_URL "
                    + "(the server's external address) and PREFLIGHT_PRESIGN_SECRET (the same on every node).");
        }
        Files.createDirectories(root);
    }

    @Override
    public long put(String key, InputStream content) throws IOException {
        Path target = resolve(key);
        Files.createDirectories(target.getParent());
        Path tmp = target.resolveSibling(target.getFileName() + "." + UUID.randomUUID() + ".tmp");
        try {
            long n = Files.copy(content, tmp);
            Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            return n;
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    @Override
    public long put(String key, Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            return put(key, in);
        }
    }

    @Override
    public InputStream open(String key) throws IOException {
        return Files.newInputStream(resolve(key));
    }

    @Override
    public Path localFile(String key) throws IOException {
        Path p = resolve(key);
        if (!Files.isRegularFile(p)) {
            throw new NoSuchFileException(key);
        }
        return p;
    }

    @Override
    public boolean exists(String key) {
        return Files.isRegularFile(resolve(key));
    }

    @Override
    public long size(String key) throws IOException {
        Path p = resolve(key);
        if (!Files.isRegularFile(p)) {
            throw new NoSuchFileException(key);
        }
        return Files.size(p);
    }

    @Override
    public void deletePrefix(String prefix) throws IOException {
        Path dir = resolve(prefix);
        if (!Files.exists(dir)) {
            return;
        }
        Files.walkFileTree(dir, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                Files.deleteIfExists(file);
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult postVisitDirectory(Path d, IOException exc) throws IOException {
                Files.deleteIfExists(d);
                return FileVisitResult.CONTINUE;
            }
        });
    }

    @Override
    public Optional<URI> presignedGet(String key, Duration ttl, DownloadHeaders headers) {
        BlobRules.checkKey(key);
        BlobRules.checkTtl(ttl);
        if (!presign.enabled()) {
            return Optional.empty();
        }
        long expires = Instant.now().plus(ttl).getEpochSecond();
        String disposition = headers.contentDisposition() == null ? "" : headers.contentDisposition();
        String signature = sign(key, expires, headers.contentType(), disposition);
        String base = presign.publicBaseUrl().replaceAll("/+$", "");
        return Optional.of(URI.create(base + LINK_PATH + key + "?expires=" + expires
                + "&type=" + encode(headers.contentType())
                + (disposition.isEmpty() ? "" : "&disposition=" + encode(disposition))
                + "&signature=" + signature));
    }

    /**
     * The file a presigned link names, after checking its signature and expiry: a link whose key, expiry or
     * headers were altered, or that was signed with another secret, is refused; so is one past its expiry.
     */
    Path linkedFile(String key, long expires, String contentType, String disposition, String signature)
            throws IOException {
        if (!presign.enabled()) {
            throw new NotFoundException("Not Found");
        }
        try {
            BlobRules.checkKey(key);
        } catch (IllegalArgumentException e) {
            throw new ForbiddenException("This download link is not valid.");
        }
        String expected = sign(key, expires, contentType == null ? "" : contentType, disposition == null ? "" : disposition);
        if (signature == null || !MessageDigest.isEqual(expected.getBytes(StandardCharsets.US_ASCII),
                signature.getBytes(StandardCharsets.US_ASCII))) {
            throw new ForbiddenException("This download link is not valid (its signature does not match).");
        }
        if (Instant.now().getEpochSecond() > expires) {
            throw new ForbiddenException("This download link has expired.");
        }
        return localFile(key);
    }

    @Override
    public void checkReady() throws IOException {
        if (!Files.isDirectory(root) || !Files.isWritable(root)) {
            throw new IOException("the blob directory " + root + " is not writable");
        }
    }

    private String sign(String key, long expires, String contentType, String disposition) {
        String canonical = "GET\n" + key + "\n" + expires + "\n" + contentType + "\n" + disposition;
        return Digests.base64Url(Digests.hmacSha256(presign.secret(), canonical));
    }

    private static String encode(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8).replace("+", "%20");
    }

    @Override
    public String toString() {
        return "FileSystemBlobStore(" + root + ")";
    }

    private Path resolve(String key) {
        BlobRules.checkKey(key);
        Path p = root.resolve(key).normalize();
        if (!p.startsWith(root)) {
            throw new IllegalArgumentException("invalid blob key: " + key);
        }
        return p;
    }
}
