package dev.preflight.imports;

import dev.preflight.engine.Finding;
import dev.preflight.engine.imports.CustomMappingImporter;
import dev.preflight.engine.imports.ImportResult;
import dev.preflight.engine.imports.InvalidReportException;
import dev.preflight.platform.ErrorBodies;
import dev.preflight.platform.NotFoundException;
import dev.preflight.platform.Times;
import dev.preflight.platform.Validator;
import dev.preflight.tenancy.Caller;
import dev.preflight.tenancy.Permission;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.security.SecurityRequirement;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.http.HttpStatus;
import org.springframework.transaction.annotation.Transactional;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/** Tenant custom import mappings (spec: ImportMapping, Import mappings). */
@RestController
@Tag(name = "import-mappings", description = "Custom import mappings. The config grammar is documented in docs/imports.md: "
        + "item_selector (XPath for xml, JSONPath for json) selects the finding items; fields maps finding fields "
        + "(severity, message, page_num, bbox, inspection_id, object_id, object_type, category, iso_clause) to "
        + "{selector, parse (int|float|string|bool), format (bbox: space_xywh, space_xyxy, comma_xyxy, array_xyxy, array_xywh; "
        + "page: zero_based), unit (pt|mm|in), default}; severity_map maps source codes to error|warning|advisory|info; "
        + "default_severity applies to unmapped codes.")
@SecurityRequirement(name = "bearer")
@ApiResponse(responseCode = "401", description = "Missing or invalid bearer token",
        content = @Content(schema = @Schema(implementation = ErrorBodies.Error.class)))
class ImportMappingController {

    private final ImportMappingRepository repository;

    ImportMappingController(ImportMappingRepository repository) {
        this.repository = repository;
    }

    @Schema(name = "ImportMappingRequest")
    record MappingRequest(@Schema(description = "1-128 characters", requiredMode = Schema.RequiredMode.REQUIRED) String name,
                          String description,
                          @Schema(allowableValues = {"xml", "json"}, defaultValue = "xml") String format,
                          @Schema(description = "keys item_selector, fields, severity_map, default_severity",
                                  requiredMode = Schema.RequiredMode.REQUIRED) Map<String, Object> config,
                          String samplePayload,
                          @Schema(description = "max 64 characters") String sampleMime,
                          @Schema(defaultValue = "true") Boolean isActive) {
    }

    @Schema(name = "ImportMapping")
    record MappingBody(String id, String name, String description, String format, Map<String, Object> config,
                       String samplePayload, String sampleMime, boolean isActive, Instant createdAt, Instant updatedAt) {
        static MappingBody of(ImportMapping m) {
            return new MappingBody(m.id(), m.name(), m.description(), m.format(), m.config(), m.samplePayload(),
                    m.sampleMime(), m.active(), m.createdAt(), m.updatedAt());
        }
    }

    @Schema(name = "ImportMappingList")
    record MappingList(List<MappingBody> mappings) {
    }

    @Schema(name = "ImportMappingPreviewRequest")
    record PreviewRequest(@Schema(description = "defaults to the stored config") Map<String, Object> config,
                          @Schema(description = "defaults to the stored sample_payload") String samplePayload) {
    }

    @Schema(name = "ImportMappingPreview")
    record Preview(boolean ok, int findingsCount,
                   @Schema(description = "at most the first 5 findings") List<Map<String, Object>> sampleFindings,
                   @Schema(description = "readable parser error when ok=false") String error) {
    }

    @PostMapping("/api/v1/tenant/import-mappings")
    @Operation(summary = "Create an import mapping (permission branding:manage)")
    @ApiResponse(responseCode = "403", description = "Key lacks branding:manage",
            content = @Content(schema = @Schema(implementation = ErrorBodies.Error.class)))
    @ApiResponse(responseCode = "422", description = "Invalid fields or config",
            content = @Content(schema = @Schema(implementation = ErrorBodies.Validation.class)))
    MappingBody create(@Parameter(hidden = true) Caller caller, @RequestBody MappingRequest body) {
        caller.require(Permission.BRANDING);
        String format = validate(body);
        Instant now = Times.now();
        var m = new ImportMapping(UUID.randomUUID().toString(), caller.tenantId(), body.name(), body.description(),
                format, body.config(), body.samplePayload(), body.sampleMime(),
                body.isActive() == null || body.isActive(), now, now);
        repository.insert(m);
        return MappingBody.of(m);
    }

    @GetMapping("/api/v1/tenant/import-mappings")
    @Operation(summary = "List the tenant's import mappings, inactive ones included")
    MappingList list(@Parameter(hidden = true) Caller caller) {
        return new MappingList(repository.list(caller.tenantId()).stream().map(MappingBody::of).toList());
    }

    @GetMapping("/api/v1/tenant/import-mappings/{mapping_id}")
    @Operation(summary = "Get an import mapping")
    @ApiResponse(responseCode = "404", description = "Unknown mapping (or another tenant's)",
            content = @Content(schema = @Schema(implementation = ErrorBodies.Error.class)))
    @ApiResponse(responseCode = "422", description = "Malformed UUID",
            content = @Content(schema = @Schema(implementation = ErrorBodies.Validation.class)))
    MappingBody get(@Parameter(hidden = true) Caller caller, @PathVariable("mapping_id") UUID mappingId) {
        return MappingBody.of(find(caller, mappingId));
    }

    @PutMapping("/api/v1/tenant/import-mappings/{mapping_id}")
    @Transactional
    @Operation(summary = "Replace an import mapping (permission branding:manage); is_active=true reactivates")
    @ApiResponse(responseCode = "403", description = "Key lacks branding:manage",
            content = @Content(schema = @Schema(implementation = ErrorBodies.Error.class)))
    @ApiResponse(responseCode = "404", description = "Unknown mapping (or another tenant's)",
            content = @Content(schema = @Schema(implementation = ErrorBodies.Error.class)))
    @ApiResponse(responseCode = "422", description = "Invalid fields or config",
            content = @Content(schema = @Schema(implementation = ErrorBodies.Validation.class)))
    MappingBody replace(@Parameter(hidden = true) Caller caller, @PathVariable("mapping_id") UUID mappingId,
                        @RequestBody MappingRequest body) {
        caller.require(Permission.BRANDING);
        ImportMapping old = find(caller, mappingId);
        String format = validate(body);
        var m = new ImportMapping(old.id(), old.tenantId(), body.name(), body.description(), format, body.config(),
                body.samplePayload(), body.sampleMime(), body.isActive() == null ? old.active() : body.isActive(),
                old.createdAt(), Times.now());
        repository.update(m);
        return MappingBody.of(m);
    }

    @DeleteMapping("/api/v1/tenant/import-mappings/{mapping_id}")
    @ResponseStatus(HttpStatus.NO_CONTENT)
    @Transactional
    @Operation(summary = "Soft-delete an import mapping (is_active=false; still listed, unusable on new jobs)")
    @ApiResponse(responseCode = "204", description = "Deactivated")
    @ApiResponse(responseCode = "403", description = "Key lacks branding:manage",
            content = @Content(schema = @Schema(implementation = ErrorBodies.Error.class)))
    @ApiResponse(responseCode = "404", description = "Unknown mapping (or another tenant's)",
            content = @Content(schema = @Schema(implementation = ErrorBodies.Error.class)))
    void delete(@Parameter(hidden = true) Caller caller, @PathVariable("mapping_id") UUID mappingId) {
        caller.require(Permission.BRANDING);
        ImportMapping old = find(caller, mappingId);
        repository.update(new ImportMapping(old.id(), old.tenantId(), old.name(), old.description(), old.format(),
                old.config(), old.samplePayload(), old.sampleMime(), false, old.createdAt(), Times.now()));
    }

    @PostMapping("/api/v1/tenant/import-mappings/{mapping_id}/preview")
    @Operation(summary = "Run a mapping over a sample report",
            description = "Parser and config errors answer 200 with ok=false and a readable error, never a 4xx.")
    @ApiResponse(responseCode = "404", description = "Unknown mapping (or another tenant's)",
            content = @Content(schema = @Schema(implementation = ErrorBodies.Error.class)))
    Preview preview(@Parameter(hidden = true) Caller caller, @PathVariable("mapping_id") UUID mappingId,
                    @RequestBody(required = false) PreviewRequest body) {
        ImportMapping m = find(caller, mappingId);
        Map<String, Object> config = body != null && body.config() != null ? body.config() : m.config();
        String sample = body != null && body.samplePayload() != null ? body.samplePayload() : m.samplePayload();
        if (sample == null || sample.isEmpty()) {
            return new Preview(false, 0, List.of(), "No sample payload: store sample_payload on the mapping or send one.");
        }
        try {
            ImportResult r = new CustomMappingImporter(m.id(), m.format(), config)
                    .parse(sample.getBytes(java.nio.charset.StandardCharsets.UTF_8));
            var samples = new ArrayList<Map<String, Object>>();
            for (Finding f : r.findings().subList(0, Math.min(5, r.findings().size()))) {
                samples.add(findingMap(f));
            }
            return new Preview(true, r.findings().size(), samples, null);
        } catch (InvalidReportException | IllegalArgumentException e) {
            return new Preview(false, 0, List.of(), e.getMessage());
        }
    }

    private ImportMapping find(Caller caller, UUID mappingId) {
        return repository.find(caller.tenantId(), mappingId.toString())
                .orElseThrow(() -> new NotFoundException("Import mapping " + mappingId + " not found."));
    }

    private static String validate(MappingRequest body) {
        var v = Validator.body();
        if (v.required("name", body.name())) {
            v.length("name", body.name(), 1, 128);
        }
        v.oneOf("format", body.format(), List.of("xml", "json"));
        v.length("sample_mime", body.sampleMime(), 0, 64);
        String format = body.format() == null ? "xml" : body.format();
        if (v.required("config", body.config()) && v.ok()) {
            try {
                CustomMappingImporter.validateConfig(format, body.config());
            } catch (IllegalArgumentException e) {
                v.add("config", e.getMessage(), "value_error");
            }
        }
        v.throwIfInvalid();
        return format;
    }

    static Map<String, Object> findingMap(Finding f) {
        var m = new LinkedHashMap<String, Object>();
        m.put("inspection_id", f.inspectionId());
        m.put("severity", f.severity().wire());
        m.put("message", f.message());
        m.put("page_num", f.pageNum());
        m.put("bbox", f.bbox());
        m.put("object_id", f.objectId());
        m.put("object_type", f.objectType());
        m.put("category", f.category());
        m.put("iso_clause", f.isoClause());
        m.put("details", f.details());
        m.put("source", f.source());
        return m;
    }
}
