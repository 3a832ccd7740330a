package dev.preflight.intake;

import org.jspecify.annotations.Nullable;

import java.nio.file.Path;

/**
 * One file of a batch once ZIP parts are expanded: a file to submit, or the reason it is refused.
 *
 * @param part      0-based index of the multipart {@code files} part it came from
 * @param name      the part's file name, or the member's path inside the archive
 * @param archive   the archive's file name for a member; null for a part sent as is
 * @param file      the file to submit (in the batch's scratch directory); null when refused
 * @param errorCode why it is refused (see {@link BatchArchive}); null when accepted
 */
record BatchInput(int part, String name, @Nullable String archive, @Nullable Path file, @Nullable String errorCode,
                  @Nullable String error) {

    static BatchInput accepted(int part, String name, @Nullable String archive, Path file) {
        return new BatchInput(part, name, archive, file, null, null);
    }

    static BatchInput refused(int part, String name, @Nullable String archive, String code, String error) {
        return new BatchInput(part, name, archive, null, code, error);
    }

    /** The file name the job records: the last segment of a member's path. */
    String jobFileName() {
        String base = name.substring(Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\')) + 1);
        return base.isBlank() ? "upload.pdf" : base;
    }
}
