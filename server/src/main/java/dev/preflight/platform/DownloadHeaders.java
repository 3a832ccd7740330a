package dev.preflight.platform;

import org.springframework.http.ContentDisposition;

import java.nio.charset.StandardCharsets;

/**
 * How a presigned download presents itself to the browser: the {@code Content-Type} and
 * {@code Content-Disposition} the store answers with (both are part of the signature).
 */
public record DownloadHeaders(String contentType, String contentDisposition) {

    public DownloadHeaders {
        if (contentType == null || contentType.isBlank()) {
            throw new IllegalArgumentException("a content type is required");
        }
    }

    /** Shown in the browser when it can ({@code inline}). */
    public static DownloadHeaders inline(String contentType) {
        return new DownloadHeaders(contentType, null);
    }

    /** Saved as a file named {@code fileName} ({@code attachment}). */
    public static DownloadHeaders attachment(String contentType, String fileName) {
        return new DownloadHeaders(contentType,
                ContentDisposition.attachment().filename(fileName, StandardCharsets.UTF_8).build().toString());
    }
}
