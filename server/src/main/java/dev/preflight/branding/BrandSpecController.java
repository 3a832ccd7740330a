package dev.preflight.branding;

import dev.preflight.platform.ApiError;
import dev.preflight.tenancy.Caller;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.jspecify.annotations.Nullable;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PatchMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.databind.JsonNode;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

/** BrandSpecs: per-customer colour specifications (spec: BrandSpec and its routes). */
@RestController
@Tag(name = "brand-specs")
class BrandSpecController {

    private final BrandSpecService service;

    BrandSpecController(BrandSpecService service) {
        this.service = service;
    }

    @Schema(name = "BrandSpecColor")
    record ColorBody(@Schema(minLength = 1, maxLength = 128) String name,
                     @Schema(description = "#RRGGBB, a CSS colour name, rgb(r, g, b) (0-255 or %) or cmyk(c, m, y, k) in percent",
                             maxLength = 64) String value,
                     @Schema(maxLength = 64) @Nullable String pantone,
                     @Schema(maxLength = 500) @Nullable String notes) {
    }

    @Schema(name = "RichBlackSpec", description = "target rich black, percent per ink")
    record RichBlackBody(@Schema(minimum = "0", maximum = "100") double c, @Schema(minimum = "0", maximum = "100") double m,
                         @Schema(minimum = "0", maximum = "100") double y, @Schema(minimum = "0", maximum = "100") double k) {
    }

    @Schema(name = "BrandSpec")
    record SpecBody(@Schema(format = "uuid") String id, @Nullable String name, @Nullable String customerName,
                    @Nullable String description, List<ColorBody> colors,
                    @Schema(description = "when set, print advisories measure rich blacks against it")
                    @Nullable RichBlackBody richBlackSpec,
                    @Schema(description = "at most one non-archived spec per tenant") boolean isDefault,
                    @Schema(description = "soft-deleted; still resolves for jobs that named it") boolean isArchived,
                    Instant createdAt, Instant updatedAt) {
        static SpecBody of(BrandSpec s) {
            return new SpecBody(s.id(), s.name(), s.customerName(), s.description(),
                    s.colors().stream().map(c -> new ColorBody(c.name(), c.value(), c.pantone(), c.notes())).toList(),
                    s.richBlack() == null ? null : new RichBlackBody(s.richBlack().c(), s.richBlack().m(),
                            s.richBlack().y(), s.richBlack().k()),
                    s.isDefault(), s.isArchived(), s.createdAt(), s.updatedAt());
        }
    }

    @Schema(name = "BrandSpecList")
    record SpecList(List<SpecBody> brandSpecs) {
    }

    @Schema(name = "BrandSpecState")
    record State(@Schema(format = "uuid") String id, boolean isArchived, boolean isDefault) {
    }

    @Schema(name = "BrandSpecRequest", description = "create: every field optional; update: any subset (omitted fields "
            + "keep their value, null clears)")
    record SpecRequest(@Schema(maxLength = 255) @Nullable String name,
                       @Schema(maxLength = 255) @Nullable String customerName,
                       @Schema(maxLength = 2000) @Nullable String description,
                       @Schema(description = "at most 100") @Nullable List<ColorBody> colors,
                       @Nullable RichBlackBody richBlackSpec,
                       @Schema(description = "true makes it the tenant's default; the previous default is demoted atomically")
                       @Nullable Boolean isDefault,
                       @Nullable Boolean isArchived) {
    }

    private static final String WRITE_403 = "The key lacks branding:manage";

    @GetMapping("/api/v1/brand-specs")
    @Operation(operationId = "listBrandSpecs", summary = "List the tenant's BrandSpecs")
    SpecList list(Caller caller, @Parameter(description = "true to include archived specs")
                  @RequestParam(value = "include_archived", required = false) Boolean includeArchived) {
        return new SpecList(service.list(caller, Boolean.TRUE.equals(includeArchived)).stream().map(SpecBody::of)
                .toList());
    }

    @PostMapping("/api/v1/brand-specs")
    @Operation(operationId = "createBrandSpec", summary = "Create a BrandSpec",
            requestBody = @io.swagger.v3.oas.annotations.parameters.RequestBody(required = true,
                    content = @Content(schema = @Schema(implementation = SpecRequest.class))))
    @ApiError(status = 403, when = WRITE_403)
    SpecBody create(Caller caller, @RequestBody JsonNode body) {
        return SpecBody.of(service.create(caller, body));
    }

    @PatchMapping("/api/v1/brand-specs/{id}")
    @Operation(operationId = "updateBrandSpec", summary = "Update a BrandSpec (any subset of fields)",
            requestBody = @io.swagger.v3.oas.annotations.parameters.RequestBody(required = true,
                    content = @Content(schema = @Schema(implementation = SpecRequest.class))))
    @ApiError(status = 403, when = WRITE_403)
    SpecBody patch(Caller caller, @PathVariable("id") UUID id, @RequestBody JsonNode body) {
        return SpecBody.of(service.patch(caller, id.toString(), body));
    }

    @DeleteMapping("/api/v1/brand-specs/{id}")
    @Operation(operationId = "archiveBrandSpec", summary = "Archive a BrandSpec (soft delete; clears is_default)")
    @ApiError(status = 403, when = WRITE_403)
    State archive(Caller caller, @PathVariable("id") UUID id) {
        BrandSpec s = service.archive(caller, id.toString());
        return new State(s.id(), s.isArchived(), s.isDefault());
    }

    @PostMapping("/api/v1/brand-specs/{id}/restore")
    @Operation(operationId = "restoreBrandSpec", summary = "Restore an archived BrandSpec (is_default stays false)")
    @ApiError(status = 403, when = WRITE_403)
    State restore(Caller caller, @PathVariable("id") UUID id) {
        BrandSpec s = service.restore(caller, id.toString());
        return new State(s.id(), s.isArchived(), s.isDefault());
    }
}
