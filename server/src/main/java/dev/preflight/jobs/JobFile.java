package dev.preflight.jobs;

import java.nio.file.Path;

/**
 * A job's file ready to be sent: a local copy (read it, never write it), its media type and the name to save it as.
 *
 * @param contentType application/pdf for the job's PDF; for the file as submitted, the type of the upload
 */
public record JobFile(Path path, String contentType, String fileName) {
}
