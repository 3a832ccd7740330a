package dev.preflight.platform;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.core.io.FileSystemResource;
import org.springframework.core.io.Resource;
import org.springframework.http.CacheControl;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.time.Duration;
import java.time.Instant;

/**
 * GET /blob-links/{key}: the presigned links of the filesystem store (the object store's links point at the
 * object store itself, and this route answers 404 there). Unauthenticated: the signature is the permission.
 */
@RestController
@PublicRoute
@Tag(name = "platform")
class BlobLinkController {

    private final BlobStore blobs;

    BlobLinkController(BlobStore blobs) {
        this.blobs = blobs;
    }

    @GetMapping("/blob-links/{*key}")
    @Operation(operationId = "downloadBlobLink", summary = "Download a stored file through a presigned link",
            description = "Links are handed out by the server (e.g. for report downloads) when "
                    + "PREFLIGHT_PRESIGNED_URLS=true and the filesystem blob store is used; they expire and are "
                    + "signed over the key, the expiry and the response headers.")
    @ApiResponse(responseCode = "200", description = "The file, with the content type and disposition the link names",
            content = @Content(mediaType = "*/*", schema = @Schema(type = "string", format = "binary")))
    @ApiError(status = 403, when = "The link expired, or was altered, or was signed with another secret")
    @ApiError(status = 404, when = "Presigned links are off here, or the file is gone")
    ResponseEntity<Resource> download(
            @Parameter(description = "the stored object's key") @PathVariable("key") String key,
            @Parameter(description = "expiry, Unix seconds") @RequestParam(value = "expires", required = false) String expires,
            @Parameter(description = "Content-Type to answer with") @RequestParam(value = "type", required = false) String type,
            @Parameter(description = "Content-Disposition to answer with") @RequestParam(value = "disposition", required = false) String disposition,
            @Parameter(description = "HMAC-SHA256 signature, base64url") @RequestParam(value = "signature", required = false) String signature)
            throws IOException {
        if (!(blobs instanceof FileSystemBlobStore store)) {
            throw new NotFoundException("Not Found");
        }
        long expiry;
        try {
            expiry = Long.parseLong(expires);
        } catch (NumberFormatException e) {
            throw new ForbiddenException("This download link is not valid (it has no expiry).");
        }
        String stripped = key.startsWith("/") ? key.substring(1) : key;
        java.nio.file.Path file;
        try {
            file = store.linkedFile(stripped, expiry, type, disposition, signature);
        } catch (NoSuchFileException e) {
            throw new NotFoundException("The file this link names no longer exists.");
        }
        MediaType mediaType;
        try {
            mediaType = MediaType.parseMediaType(type);
        } catch (RuntimeException e) {
            mediaType = MediaType.APPLICATION_OCTET_STREAM;
        }
        var response = ResponseEntity.ok().contentType(mediaType)
                .cacheControl(CacheControl.maxAge(Duration.ofSeconds(Math.max(0,
                        expiry - Instant.now().getEpochSecond()))).cachePrivate());
        if (disposition != null && !disposition.isBlank()) {
            response.header(HttpHeaders.CONTENT_DISPOSITION, disposition);
        }
        return response.body(new FileSystemResource(file));
    }
}
