package dev.preflight.analysis;

import dev.preflight.engine.CheckCatalog;
import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.EngineNotices;
import dev.preflight.engine.ParamSpec;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import dev.preflight.platform.PublicRoute;
import org.jspecify.annotations.Nullable;
import org.springframework.http.CacheControl;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The public check-name registry, generated from the engine's catalogue. */
@RestController
@PublicRoute
@Tag(name = "check-names")
class CheckNamesController {

    @Schema(name = "CheckNameEntry")
    record Entry(String name, String description, String category,
                 @Schema(allowableValues = {"error", "warning", "advisory", "info"}) String defaultSeverity,
                 @Nullable String objectType, List<Param> parameters,
                 @Schema(description = "further facts about the check; a conformance rule's specification (as "
                         + "veraPDF names it, e.g. ISO 19005-2:2011), clause, test number and the built-in profiles "
                         + "holding it (comma-separated); absent for most checks") @Nullable Map<String, String> metadata) {
    }

    @Schema(name = "CheckParameter")
    record Param(String name, @Schema(allowableValues = {"number", "integer", "boolean", "string", "string_list"}) String type,
                 // Any JSON value: its shape follows the sibling "type" (a list of strings for string_list), which
                 // a schema could only say as a oneOf of primitives and arrays that client generators do not handle.
                 @Schema(description = "default value of the parameter's type: a number for number and integer, a "
                         + "boolean, a string, or an array of strings for string_list; null means the parameter is "
                         + "off by default") @Nullable Object defaultValue,
                 String description, @Nullable Double min, @Nullable Double max, @Nullable List<String> allowed) {
    }

    private final Map<String, Entry> registry;

    CheckNamesController() {
        var map = new LinkedHashMap<String, Entry>();
        var infos = new java.util.ArrayList<>(CheckCatalog.builtin().infos());
        infos.addAll(EngineNotices.infos());
        for (CheckInfo i : infos) {
            map.put(i.id(), new Entry(i.name(), i.description(), i.category(), i.defaultSeverity().wire(),
                    i.objectType(), i.parameters().stream().map(CheckNamesController::param).toList(),
                    i.metadata().isEmpty() ? null : i.metadata()));
        }
        this.registry = java.util.Collections.unmodifiableMap(map);
    }

    @GetMapping("/api/v1/check-names")
    @Operation(operationId = "listCheckNames", summary = "The check registry: inspection_id -> {name, description, ...}",
            description = "No authentication. Safe to cache for 24 hours.")
    ResponseEntity<Map<String, Entry>> checkNames() {
        return ResponseEntity.ok().cacheControl(CacheControl.maxAge(Duration.ofHours(24)).cachePublic()).body(registry);
    }

    private static Param param(ParamSpec p) {
        return new Param(p.name(), p.type().name().toLowerCase(java.util.Locale.ROOT), p.defaultValue(),
                p.description(), p.min(), p.max(), p.allowed());
    }
}
