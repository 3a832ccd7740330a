package dev.preflight.platform;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;

/**
 * Stores binary objects under slash-separated keys ({@code tenants/{tenant}/jobs/{job}/...}). Keys are made of
 * {@code A-Z a-z 0-9 . _ -} segments joined by {@code /} (no empty, {@code .} or {@code ..} segments). Every
 * operation streams: no implementation holds a whole object in memory. A missing object makes {@link #open},
 * {@link #localFile} and {@link #size} throw {@link java.nio.file.NoSuchFileException}. A key is never also the
 * prefix of other keys (a filesystem cannot hold a file and a directory under one name).
 *
 * <p>Two implementations: the filesystem under the data directory (one node, or a shared mount) and an
 * S3-compatible object store ({@code PREFLIGHT_BLOB_STORE=s3}) that any number of nodes share.
 */
public interface BlobStore {

    /** Writes (or replaces) an object from a stream of unknown length and returns its size in bytes. */
    long put(String key, InputStream content) throws IOException;

    /** Writes (or replaces) an object from a file and returns its size in bytes. */
    long put(String key, Path file) throws IOException;

    /** Opens an object for reading; the caller closes the stream. */
    InputStream open(String key) throws IOException;

    /**
     * A file on this node holding the object, for tools that need a path (PDFBox random access, Ghostscript). The
     * filesystem store returns its own file; the object store a cached copy under the scratch space, which stays at
     * least {@code preflight.platform.blob-cache.hold} after the call and is fetched again when it was evicted or
     * the object changed. Never write to the returned file.
     */
    Path localFile(String key) throws IOException;

    boolean exists(String key);

    /** The object's size in bytes. */
    long size(String key) throws IOException;

    /**
     * Deletes the object named {@code prefix} and every object under {@code prefix + "/"} (a job's prefix deletes
     * the job's files, never those of a job whose id merely starts the same way).
     */
    void deletePrefix(String prefix) throws IOException;

    /**
     * A link that lets anyone holding it download the object, without our server streaming it, until {@code ttl}
     * has passed (at most 7 days). Empty when presigned links are off ({@code PREFLIGHT_PRESIGNED_URLS}, the
     * default): the caller then streams the object itself. A link to a missing object answers 404; an expired or
     * altered link answers 403.
     */
    Optional<URI> presignedGet(String key, Duration ttl, DownloadHeaders headers);

    /**
     * Throws with a readable reason unless the store answers right now (readiness): the filesystem store's directory
     * is writable, the object store's bucket answers to our credentials.
     */
    void checkReady() throws IOException;
}
