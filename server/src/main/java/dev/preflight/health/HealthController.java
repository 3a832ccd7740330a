package dev.preflight.health;

import dev.preflight.analysis.AnalysisService;
import dev.preflight.platform.BlobStore;
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

/** GET /health (liveness) and GET /ready (database, storage, Ghostscript). */
@RestController
@Tag(name = "health")
class HealthController {

    @Schema(name = "Health")
    record Health(@Schema(example = "ok") String status) {
    }

    @Schema(name = "Readiness")
    record Readiness(@Schema(description = "ready or not_ready") String status,
                     @Schema(description = "per dependency: ok, or the reason it failed (database, storage, ghostscript)")
                     Map<String, String> checks) {
    }

    private final JdbcClient jdbc;
    private final BlobStore blobs;
    private final AnalysisService analysis;

    HealthController(JdbcClient jdbc, BlobStore blobs, AnalysisService analysis) {
        this.jdbc = jdbc;
        this.blobs = blobs;
        this.analysis = analysis;
    }

    @GetMapping("/health")
    @Operation(summary = "Liveness: the process answers")
    Health health() {
        return new Health("ok");
    }

    @GetMapping("/ready")
    @Operation(summary = "Readiness: database, storage and renderer work")
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
        checks.put("storage", blobs.writable() ? "ok" : "not writable");
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
