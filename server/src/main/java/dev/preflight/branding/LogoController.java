package dev.preflight.branding;

import dev.preflight.platform.NotFoundException;
import dev.preflight.platform.PublicRoute;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.http.CacheControl;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

import java.time.Duration;

/**
 * The public, CDN-style path of uploaded logos ({@code {cdn_url}/cdn/logos/...}). File names are content hashes, so
 * answers are cacheable for a year; a replaced logo gets a new name.
 */
@RestController
@PublicRoute
@Tag(name = "branding")
class LogoController {

    private final BrandingService service;

    LogoController(BrandingService service) {
        this.service = service;
    }

    @GetMapping("/cdn/logos/{tenant_id}/{file_name}")
    @Operation(operationId = "getBrandLogo", summary = "An uploaded brand logo (public)",
            description = "No authentication: logo_url of a brand profile points here. SVG is served sanitised with a "
                    + "Content-Security-Policy that forbids scripts and loads.")
    @ApiResponse(responseCode = "200", description = "The logo", content = {
            @Content(mediaType = "image/png", schema = @Schema(type = "string", format = "binary")),
            @Content(mediaType = "image/jpeg", schema = @Schema(type = "string", format = "binary")),
            @Content(mediaType = "image/svg+xml", schema = @Schema(type = "string", format = "binary"))})
    ResponseEntity<byte[]> logo(@PathVariable("tenant_id") String tenantId,
                                @PathVariable("file_name") String fileName) {
        BrandingService.StoredLogo logo = service.logo(tenantId, fileName)
                .orElseThrow(() -> new NotFoundException("Logo not found."));
        return ResponseEntity.ok()
                .contentType(MediaType.parseMediaType(logo.contentType()))
                .cacheControl(CacheControl.maxAge(Duration.ofDays(365)).cachePublic().immutable())
                .header("X-Content-Type-Options", "nosniff")
                .header("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; sandbox")
                .body(logo.bytes());
    }
}
