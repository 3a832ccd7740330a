package dev.preflight.imports;

import dev.preflight.findings.Finding;
import dev.preflight.platform.ApiError;
import dev.preflight.tenancy.Caller;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

import java.time.Instant;
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
class ImportMappingController {

    private final ImportMappingService mappings;

    ImportMappingController(ImportMappingService mappings) {
        this.mappings = mappings;
    }

    @Schema(name = "ImportMappingRequest")
    record MappingRequest(@Schema(description = "1-128 characters", requiredMode = Schema.RequiredMode.REQUIRED,
                                  minLength = 1, maxLength = 128) String name,
                          @Nullable String description,
                          @Schema(allowableValues = {"xml", "json"}, defaultValue = "xml") @Nullable String format,
                          @Schema(description = "keys item_selector, fields, severity_map, default_severity",
                                  requiredMode = Schema.RequiredMode.REQUIRED) Map<String, Object> config,
                          @Nullable String samplePayload,
                          @Schema(maxLength = 64) @Nullable String sampleMime,
                          @Schema(defaultValue = "true") @Nullable Boolean isActive) {

        ImportMappingService.Fields fields() {
            return new ImportMappingService.Fields(name, description, format, config, samplePayload, sampleMime,
                    isActive);
        }
    }

    @Schema(name = "ImportMapping")
    record MappingBody(@Schema(format = "uuid") String id, String name, @Nullable String description,
                       @Schema(allowableValues = {"xml", "json"}) String format, Map<String, Object> config,
                       @Nullable String samplePayload, @Nullable String sampleMime, boolean isActive,
                       Instant createdAt, Instant updatedAt) {
        static MappingBody of(ImportMapping m) {
            return new MappingBody(m.id(), m.name(), m.description(), m.format(), m.config(), m.samplePayload(),
                    m.sampleMime(), m.active(), m.createdAt(), m.updatedAt());
        }
    }

    @Schema(name = "ImportMappingList")
    record MappingList(List<MappingBody> mappings) {
    }

    @Schema(name = "ImportMappingPreviewRequest")
    record PreviewRequest(@Schema(description = "defaults to the stored config") @Nullable Map<String, Object> config,
                          @Schema(description = "defaults to the stored sample_payload") @Nullable String samplePayload) {
    }

    @Schema(name = "ImportMappingPreview")
    record Preview(boolean ok, @Schema(minimum = "0") int findingsCount,
                   @Schema(description = "at most the first 5 findings (not stored: finding_id is null)")
                   List<Finding> sampleFindings,
                   @Schema(description = "readable parser error when ok=false") @Nullable String error) {
    }

    @PostMapping("/api/v1/tenant/import-mappings")
    @Operation(operationId = "createImportMapping", summary = "Create an import mapping (permission branding:manage)")
    @ApiError(status = 403, when = "Key lacks branding:manage")
    MappingBody create(Caller caller, @RequestBody MappingRequest body) {
        return MappingBody.of(mappings.create(caller, body.fields()));
    }

    @GetMapping("/api/v1/tenant/import-mappings")
    @Operation(operationId = "listImportMappings", summary = "List the tenant's import mappings, inactive ones included")
    MappingList list(Caller caller) {
        return new MappingList(mappings.list(caller).stream().map(MappingBody::of).toList());
    }

    @GetMapping("/api/v1/tenant/import-mappings/{mapping_id}")
    @Operation(operationId = "getImportMapping", summary = "Get an import mapping")
    MappingBody get(Caller caller, @PathVariable("mapping_id") UUID mappingId) {
        return MappingBody.of(mappings.get(caller, mappingId.toString()));
    }

    @PutMapping("/api/v1/tenant/import-mappings/{mapping_id}")
    @Operation(operationId = "replaceImportMapping", summary = "Replace an import mapping (permission branding:manage); is_active=true reactivates")
    @ApiError(status = 403, when = "Key lacks branding:manage")
    MappingBody replace(Caller caller, @PathVariable("mapping_id") UUID mappingId, @RequestBody MappingRequest body) {
        return MappingBody.of(mappings.replace(caller, mappingId.toString(), body.fields()));
    }

    @DeleteMapping("/api/v1/tenant/import-mappings/{mapping_id}")
    @ResponseStatus(HttpStatus.NO_CONTENT)
    @Operation(operationId = "deleteImportMapping", summary = "Soft-delete an import mapping (is_active=false; still listed, unusable on new jobs)")
    @ApiResponse(responseCode = "204", description = "Deactivated")
    @ApiError(status = 403, when = "Key lacks branding:manage")
    void delete(Caller caller, @PathVariable("mapping_id") UUID mappingId) {
        mappings.deactivate(caller, mappingId.toString());
    }

    @PostMapping("/api/v1/tenant/import-mappings/{mapping_id}/preview")
    @Operation(operationId = "previewImportMapping", summary = "Run a mapping over a sample report",
            description = "Parser and config errors answer 200 with ok=false and a readable error, never a 4xx.")
    Preview preview(Caller caller, @PathVariable("mapping_id") UUID mappingId,
                    @RequestBody(required = false) PreviewRequest body) {
        var p = mappings.preview(caller, mappingId.toString(), body == null ? null : body.config(),
                body == null ? null : body.samplePayload());
        return new Preview(p.ok(), p.findingsCount(), p.sampleFindings(), p.error());
    }
}
