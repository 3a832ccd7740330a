package dev.preflight.intake;

import dev.preflight.platform.ApiError;
import dev.preflight.tenancy.Caller;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.jspecify.annotations.Nullable;
import org.springframework.http.ContentDisposition;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestPart;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.multipart.MultipartFile;

import java.time.Instant;
import java.util.List;

/** The substrate ICC catalogue: known output conditions, bundled free profiles, and the tenant's own uploads. */
@RestController
@Tag(name = "icc-profiles")
class IccProfileController {

    static final String ICC = "application/vnd.iccprofile";

    private final IccProfileService service;

    IccProfileController(IccProfileService service) {
        this.service = service;
    }

    @Schema(name = "CharacterizationData", description = "The measurement data set that defines the condition")
    record DataBody(@Schema(description = "e.g. FOGRA39L, CGATS21_CRPC6, TR003") String name, String publisher,
                    @Schema(description = "where the data set is published and registered") String reference) {
    }

    @Schema(name = "IccProfile", description = "An ICC catalogue entry: a built-in output condition (id a slug such "
            + "as fogra39) or a profile the tenant uploaded (id a UUID)")
    record IccProfileBody(
            @Schema(description = "slug for built-in entries (fogra39, cgats-tr003, ...), UUID for uploads") String id,
            String name,
            @Schema(description = "true for the service's catalogue, false for the tenant's uploads") boolean isBuiltin,
            @Schema(description = "other names the condition or its usual profile goes by") List<String> alsoKnownAs,
            @Schema(description = "the tenant's description of an upload") @Nullable String description,
            @Schema(description = "OutputConditionIdentifier for a PDF/X output intent, e.g. FOGRA39, CGATS TR 001")
            @Nullable String outputConditionIdentifier,
            @Schema(description = "the printing condition in words") @Nullable String outputCondition,
            @Schema(description = "RegistryName of the output intent (the ICC characterization data registry)")
            @Nullable String registryName,
            @Schema(description = "the standard or technical report defining the condition") @Nullable String standard,
            @Schema(description = "data colour space: CMYK, RGB, GRAY, Lab, XYZ, ...") String colorSpace,
            @Schema(description = "from the profile header: input, display, output, device_link, color_space, "
                    + "abstract or named_color; null when no profile bytes exist") @Nullable String deviceClass,
            @Schema(description = "profile connection space from the header (XYZ or Lab)") @Nullable String pcs,
            @Schema(description = "ICC version from the header, e.g. 2.2") @Nullable String iccVersion,
            @Nullable DataBody characterizationData,
            @Schema(description = "true when GET .../{id}/profile serves the bytes") boolean profileAvailable,
            @Schema(description = "path of the profile bytes; null when none") @Nullable String profileUrl,
            @Schema(minimum = "0") @Nullable Long profileSizeBytes,
            @Schema(description = "hex SHA-256 of the profile bytes") @Nullable String profileSha256,
            @Schema(description = "how the bundled profile was made, or why none is bundled; null for uploads")
            @Nullable String profileNote,
            @Schema(description = "when the tenant uploaded it; null for built-in entries") @Nullable Instant createdAt) {

        static IccProfileBody of(IccProfileService.Item item) {
            if (item.builtin() != null) {
                IccCatalogue.Entry e = item.builtin();
                IccCatalogue.Declared d = e.declared();
                IccHeader h = e.header();
                var data = new DataBody(d.characterizationData().name(), d.characterizationData().publisher(),
                        d.characterizationData().reference());
                return new IccProfileBody(d.id(), d.name(), true, d.alsoKnownAs(), null,
                        d.outputConditionIdentifier(), d.outputCondition(), d.registryName(), d.standard(),
                        d.colorSpace(), h == null ? null : h.deviceClass(), h == null ? null : h.pcs(),
                        h == null ? null : h.version(), data, h != null,
                        h == null ? null : "/api/v1/icc-profiles/" + d.id() + "/profile", h == null ? null : h.size(),
                        e.sha256(), e.note(), null);
            }
            IccProfileRepository.Row r = item.uploaded();
            IccHeader h = r.header();
            return new IccProfileBody(r.id(), r.name(), false, List.of(), r.description(),
                    r.outputConditionIdentifier(), null, null, null, h.colorSpace(), h.deviceClass(), h.pcs(),
                    h.version(), null, true, "/api/v1/icc-profiles/" + r.id() + "/profile", h.size(), r.sha256(),
                    null, r.createdAt());
        }
    }

    @Schema(name = "IccProfileList")
    record IccProfileList(@Schema(description = "built-in entries in catalogue order, then the tenant's uploads, "
            + "oldest first") List<IccProfileBody> iccProfiles) {
    }

    @GetMapping("/api/v1/icc-profiles")
    @Operation(operationId = "listIccProfiles", summary = "The ICC catalogue: known output conditions and the tenant's profiles",
            description = "Built-in entries name the output condition (registry name, OutputConditionIdentifier, "
                    + "colour space, characterization data); profile_available says whether the service bundles a "
                    + "freely redistributable profile for it (built from free characterization data).")
    IccProfileList list(Caller caller) {
        return new IccProfileList(service.list(caller).stream().map(IccProfileBody::of).toList());
    }

    @GetMapping("/api/v1/icc-profiles/{id}")
    @Operation(operationId = "getIccProfile", summary = "One ICC catalogue entry")
    IccProfileBody get(Caller caller, @PathVariable("id") String id) {
        return IccProfileBody.of(service.get(caller, id));
    }

    @GetMapping("/api/v1/icc-profiles/{id}/profile")
    @Operation(operationId = "downloadIccProfile", summary = "The ICC profile bytes of an entry",
            description = "Served as application/vnd.iccprofile with a file name; 404 for an entry without bytes.")
    @ApiResponse(responseCode = "200", description = "The profile",
            content = @Content(mediaType = ICC, schema = @Schema(type = "string", format = "binary")))
    ResponseEntity<byte[]> profile(Caller caller, @PathVariable("id") String id) {
        IccProfileService.Profile p = service.profile(caller, id);
        return ResponseEntity.ok().contentType(MediaType.parseMediaType(ICC))
                .header(HttpHeaders.CONTENT_DISPOSITION, ContentDisposition.attachment().filename(p.fileName()).build()
                        .toString())
                .body(p.bytes());
    }

    @PostMapping(value = "/api/v1/icc-profiles", consumes = MediaType.MULTIPART_FORM_DATA_VALUE)
    @Operation(operationId = "uploadIccProfile", summary = "Upload a tenant ICC profile",
            description = "The header is checked: size field equal to the file size, 'acsp' signature, a known device "
                    + "class and data colour space, a fitting connection space, version 2 to 5, and a tag table inside "
                    + "the file; otherwise 422 at body.file (type icc_header). Answers 200 with the new entry. Needs "
                    + "permission profiles:manage.")
    @ApiError(status = 403, when = "The key lacks profiles:manage")
    @ApiError(status = 413, when = "The profile exceeds PREFLIGHT_ICC_MAX_UPLOAD_BYTES (default 16 MiB)")
    IccProfileBody upload(Caller caller,
                          @RequestPart(value = "file", required = false) @Schema(description = "the ICC profile (.icc/.icm)", requiredMode = Schema.RequiredMode.REQUIRED) MultipartFile file,
                          @RequestPart(value = "name", required = false) @Schema(requiredMode = Schema.RequiredMode.REQUIRED, minLength = 1, maxLength = 255) String name,
                          @RequestPart(value = "description", required = false) @Schema(maxLength = 1024) String description,
                          @RequestPart(value = "output_condition_identifier", required = false) @Schema(maxLength = 255, description = "e.g. FOGRA51 when the profile is for a registered condition") String outputConditionIdentifier) {
        var row = service.upload(caller, file, name, description, outputConditionIdentifier);
        return IccProfileBody.of(new IccProfileService.Item(null, row));
    }

    @DeleteMapping("/api/v1/icc-profiles/{id}")
    @ResponseStatus(HttpStatus.NO_CONTENT)
    @Operation(operationId = "deleteIccProfile", summary = "Delete an uploaded ICC profile",
            description = "Built-in entries cannot be deleted (403). Needs permission profiles:manage.")
    @ApiResponse(responseCode = "204", description = "Deleted")
    @ApiError(status = 403, when = "A built-in entry, or the key lacks profiles:manage")
    void delete(Caller caller, @PathVariable("id") String id) {
        service.delete(caller, id);
    }
}
