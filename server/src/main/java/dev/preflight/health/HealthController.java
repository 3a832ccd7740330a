package dev.preflight.health;

import dev.preflight.analysis.AnalysisService;
import dev.preflight.platform.BlobStore;
import dev.preflight.platform.MalwareScanner;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

import java.util.LinkedHashMap;
import java.util.Map;

/** GET /health (liveness) and GET /ready (database, blob store, Ghostscript, and clamd when configured). */
@RestController
@Tag(name = "health")
class HealthController {

    @Schema(name = "Health")
    record Health(@Schema(example = "ok") String status) {
    }

    @Schema(name = "Readiness")
    record Readiness(@Schema(allowableValues = {"ready", "not_ready"}) String status,
                     @Schema(description = "per dependency: ok, or the reason it failed (database, storage, ghostscript, "
                             + "and malware_scanner when PREFLIGHT_CLAMD is set)")
                     Map<String, String> checks) {
    }

    private final JdbcClient jdbc;
    private final BlobStore blobs;
    private final AnalysisService analysis;
    private final MalwareScanner scanner;

    HealthController(JdbcClient jdbc, BlobStore blobs, AnalysisService analysis, MalwareScanner scanner) {
        this.jdbc = jdbc;
        this.blobs = blobs;
        this.analysis = analysis;
        this.scanner = scanner;
    }

    @GetMapping("/health")
    @Operation(operationId = "health", summary = "Liveness: the process answers")
    Health health() {
        return new Health("ok");
    }

    @GetMapping("/ready")
    @Operation(operationId = "ready",
            summary = "Readiness: database, blob store (directory or object store), renderer and malware scanner work")
    @ApiResponse(responseCode = "200", description = "Every dependency works",
            content = @Content(schema = @Schema(implementation = Readiness.class)))
    @ApiResponse(responseCode = "503", description = "A dependency is not ready",
            content = @Content(schema = @Schema(implementation = Readiness.class)))
    ResponseEntity<Readiness> ready() {
        var checks = new LinkedHashMap<String, String>();
        try {
            Integer one = jdbc.sql("SELECT 1").query(Integer.class).single();
            checks.put("database", one != null && one == 1 ? "ok" : "unexpected answer");
        } catch (RuntimeException e) {
            checks.put("database", "unavailable: " + e.getMessage());
        }
        try {
            blobs.checkReady();
            checks.put("storage", "ok");
        } catch (java.io.IOException | RuntimeException e) {
            checks.put("storage", "unavailable: " + e.getMessage());
        }
        if (scanner.enabled()) {
            try {
                scanner.ping();
                checks.put("malware_scanner", "ok");
            } catch (java.io.IOException e) {
                checks.put("malware_scanner", "unavailable: " + e.getMessage());
            }
        }
        try {
            String version = analysis.rendererVersion();
            checks.put("ghostscript", "ok (" + version + ")");
        } catch (Exception e) {
            checks.put("ghostscript", "unavailable: " + e.getMessage());
        }
        boolean ready = checks.values().stream().allMatch(v -> v.startsWith("ok"));
        return ResponseEntity.status(ready ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE)
                .body(new Readiness(ready ? "ready" : "not_ready", checks));
    }
}
