package dev.preflight.imports;

import dev.preflight.engine.imports.CustomMappingImporter;
import dev.preflight.engine.imports.ImportResult;
import dev.preflight.engine.imports.InvalidReportException;
import dev.preflight.findings.Finding;
import dev.preflight.platform.NotFoundException;
import dev.preflight.platform.Times;
import dev.preflight.platform.Validator;
import dev.preflight.tenancy.Caller;
import dev.preflight.tenancy.Permission;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/** Tenant custom import mappings: validated create and replace, soft delete, and preview over a sample report. */
@Service
class ImportMappingService {

    /** Preview shows at most this many findings (spec: Limits, mapping preview). */
    static final int PREVIEW_FINDINGS = 5;

    private final ImportMappingRepository repository;

    ImportMappingService(ImportMappingRepository repository) {
        this.repository = repository;
    }

    /** The fields of a create or replace request. */
    record Fields(String name, @Nullable String description, @Nullable String format,
                  @Nullable Map<String, Object> config, @Nullable String samplePayload, @Nullable String sampleMime,
                  @Nullable Boolean isActive) {
    }

    /** A preview result (spec: preview never answers 4xx for a parser failure). */
    record Preview(boolean ok, int findingsCount, List<Finding> sampleFindings, @Nullable String error) {
    }

    @Transactional
    ImportMapping create(Caller caller, Fields f) {
        caller.require(Permission.BRANDING);
        String format = validate(f);
        Instant now = Times.now();
        var m = new ImportMapping(UUID.randomUUID().toString(), caller.tenantId(), f.name(), f.description(), format,
                f.config(), f.samplePayload(), f.sampleMime(), f.isActive() == null || f.isActive(), now, now);
        repository.insert(m);
        return m;
    }

    List<ImportMapping> list(Caller caller) {
        return repository.list(caller.tenantId());
    }

    ImportMapping get(Caller caller, String mappingId) {
        return repository.find(caller.tenantId(), mappingId)
                .orElseThrow(() -> new NotFoundException("Import mapping " + mappingId + " not found."));
    }

    /** Replaces every field; is_active=true reactivates a soft-deleted mapping, omitting it keeps the state. */
    @Transactional
    ImportMapping replace(Caller caller, String mappingId, Fields f) {
        caller.require(Permission.BRANDING);
        ImportMapping old = get(caller, mappingId);
        String format = validate(f);
        var m = new ImportMapping(old.id(), old.tenantId(), f.name(), f.description(), format, f.config(),
                f.samplePayload(), f.sampleMime(), f.isActive() == null ? old.active() : f.isActive(),
                old.createdAt(), Times.now());
        repository.update(m);
        return m;
    }

    /** Soft delete: still listed, unusable on new jobs. */
    @Transactional
    void deactivate(Caller caller, String mappingId) {
        caller.require(Permission.BRANDING);
        ImportMapping old = get(caller, mappingId);
        repository.update(new ImportMapping(old.id(), old.tenantId(), old.name(), old.description(), old.format(),
                old.config(), old.samplePayload(), old.sampleMime(), false, old.createdAt(), Times.now()));
    }

    /** Runs the mapping (or a candidate config) over a sample; parser and config errors come back as ok=false. */
    Preview preview(Caller caller, String mappingId, @Nullable Map<String, Object> config,
                    @Nullable String samplePayload) {
        ImportMapping m = get(caller, mappingId);
        Map<String, Object> effective = config != null ? config : m.config();
        String sample = samplePayload != null ? samplePayload : m.samplePayload();
        if (sample == null || sample.isEmpty()) {
            return new Preview(false, 0, List.of(),
                    "No sample payload: store sample_payload on the mapping or send one.");
        }
        try {
            ImportResult r = new CustomMappingImporter(m.id(), m.format(), effective)
                    .parse(sample.getBytes(StandardCharsets.UTF_8));
            var shown = r.findings().subList(0, Math.min(PREVIEW_FINDINGS, r.findings().size()));
            return new Preview(true, r.findings().size(), EngineFindings.toWire(shown), null);
        } catch (InvalidReportException | IllegalArgumentException e) {
            return new Preview(false, 0, List.of(), e.getMessage());
        }
    }

    private static String validate(Fields f) {
        var v = Validator.body();
        if (v.required("name", f.name())) {
            v.length("name", f.name(), 1, 128);
        }
        v.oneOf("format", f.format(), List.of("xml", "json"));
        v.length("sample_mime", f.sampleMime(), 0, 64);
        String format = f.format() == null ? "xml" : f.format();
        if (v.required("config", f.config()) && v.ok()) {
            try {
                CustomMappingImporter.validateConfig(format, f.config());
            } catch (IllegalArgumentException e) {
                v.add("config", e.getMessage(), "value_error");
            }
        }
        v.throwIfInvalid();
        return format;
    }
}
