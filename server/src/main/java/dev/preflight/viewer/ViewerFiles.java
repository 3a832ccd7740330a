package dev.preflight.viewer;

import dev.preflight.jobs.JobReader;
import dev.preflight.jobs.JobView;
import dev.preflight.platform.BlobStore;
import dev.preflight.platform.Digests;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * The viewer's rendered files (tiles, separations, channel plates, heatmaps, diff pictures) in the blob store, under
 * the job's storage prefix ({@code tenants/{tenant}/jobs/{job}/viewer/...}) so that deleting the job deletes them.
 * A key names its content completely (job, page, dpi, layers, region, ...) and a job's PDF never changes, so a stored
 * file never goes stale and a key's hash is its ETag.
 */
@Component
class ViewerFiles {

    private static final Logger log = LoggerFactory.getLogger(ViewerFiles.class);

    /** Changes every ETag when the renderer's output changes between versions. */
    private static final String RENDER_VERSION = "v1";

    private final BlobStore blobs;
    private final JobReader jobs;

    ViewerFiles(BlobStore blobs, JobReader jobs) {
        this.blobs = blobs;
        this.jobs = jobs;
    }

    /** The prefix of a job's viewer files. */
    static String prefix(String tenantId, String jobId) {
        return "tenants/" + tenantId + "/jobs/" + jobId + "/viewer";
    }

    /** A short stable digest of a key's parts, usable in keys and as an ETag. */
    static String digest(String text) {
        return Digests.hex(Digests.sha256(text), 16);
    }

    /** The strong ETag of the file stored under a key. */
    static String etag(String key) {
        return "\"" + digest(RENDER_VERSION + ":" + key) + "\"";
    }

    /** The file's bytes, or null when it is not stored yet. */
    byte[] read(String key) {
        try (InputStream in = blobs.open(key)) {
            return in.readAllBytes();
        } catch (NoSuchFileException | java.io.FileNotFoundException e) {
            return null;
        } catch (IOException e) {
            throw new UncheckedIOException("could not read " + key, e);
        }
    }

    /** A local copy of the stored file (for random access), or null when it is not stored yet. */
    Path local(String key) {
        try {
            return blobs.localFile(key);
        } catch (NoSuchFileException | java.io.FileNotFoundException e) {
            return null;
        } catch (IOException e) {
            throw new UncheckedIOException("could not read " + key, e);
        }
    }

    /** True when a file is stored under the key (one HEAD on an object store; nothing is downloaded). */
    boolean exists(String key) {
        return blobs.exists(key);
    }

    void write(JobView job, String key, byte[] bytes) {
        try {
            blobs.put(key, new ByteArrayInputStream(bytes));
        } catch (IOException e) {
            throw new UncheckedIOException("could not store " + key, e);
        }
        dropIfJobGone(job);
    }

    void write(JobView job, String key, Path file) {
        try {
            blobs.put(key, file);
        } catch (IOException e) {
            throw new UncheckedIOException("could not store " + key, e);
        }
        dropIfJobGone(job);
    }

    /**
     * A render that finished after its job was deleted would leave files nobody deletes: the job's prefix is
     * already gone. Checked after every write, so such files are removed at once.
     */
    private void dropIfJobGone(JobView job) {
        if (jobs.find(job.tenantId(), job.id()).isEmpty()) {
            deleteQuietly(prefix(job.tenantId(), job.id()));
        }
    }

    void deleteQuietly(String prefix) {
        try {
            blobs.deletePrefix(prefix);
        } catch (IOException e) {
            log.warn("could not delete viewer files under {}: {}", prefix, e.getMessage());
        }
    }
}
