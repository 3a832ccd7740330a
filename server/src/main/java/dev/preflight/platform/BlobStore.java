package dev.preflight.platform;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;

/** Stores immutable binary objects under slash-separated keys ({@code tenants/{tenant}/jobs/{job}/...}). */
public interface BlobStore {

    /** Writes (or replaces) an object and returns its size in bytes. */
    long put(String key, InputStream content) throws IOException;

    /** Opens an object for reading. */
    InputStream open(String key) throws IOException;

    /** A local file holding the object (the filesystem store returns its own file; others a cached copy). */
    Path localFile(String key) throws IOException;

    boolean exists(String key);

    /** Deletes every object whose key starts with the prefix. */
    void deletePrefix(String prefix) throws IOException;

    /** True when the store can be written to (readiness). */
    boolean writable();
}
