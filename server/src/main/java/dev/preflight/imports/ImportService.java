package dev.preflight.imports;

import dev.preflight.engine.Finding;
import dev.preflight.engine.PageGeometry;
import dev.preflight.engine.imports.CustomMappingImporter;
import dev.preflight.engine.imports.ImportResult;
import dev.preflight.engine.imports.InvalidMappingConfigException;
import dev.preflight.engine.imports.InvalidReportException;
import dev.preflight.engine.imports.JdfSidecar;
import dev.preflight.engine.imports.ReportImporters;
import dev.preflight.platform.ForbiddenException;
import dev.preflight.platform.NotFoundException;
import dev.preflight.platform.UnprocessableException;
import dev.preflight.tenancy.Caller;
import org.springframework.stereotype.Service;

import java.util.List;
import java.util.Map;

/** Validates external reports at submit and imports them when the job is processed. */
@Service
public class ImportService {

    /** Stored external_format of a job submitted with a mapping_id. */
    public static final String CUSTOM = "custom";

    private final ImportMappingRepository mappings;

    ImportService(ImportMappingRepository mappings) {
        this.mappings = mappings;
    }

    /**
     * Checks a submission's report: the mapping must be the tenant's and active (403 foreign, 404 unknown or
     * inactive) and the report must parse (422 otherwise).
     *
     * @return the format to store on the job (detected when omitted; {@code custom} with a mapping)
     */
    public String validateSubmission(Caller caller, String format, String mappingId, byte[] report) {
        try {
            if (mappingId != null) {
                ImportMapping m = usableMapping(caller.tenantId(), mappingId);
                importer(m).parse(report);
                return CUSTOM;
            }
            String fmt = format != null ? format : ReportImporters.detect(report);
            ReportImporters.importReport(fmt, report);
            return fmt;
        } catch (InvalidReportException e) {
            throw new UnprocessableException("The external report could not be parsed: " + e.getMessage());
        }
    }

    /** Imports the report of a job. */
    public ImportResult importReport(String tenantId, String format, String mappingId, byte[] report)
            throws InvalidReportException {
        if (mappingId != null) {
            ImportMapping m = mappings.find(tenantId, mappingId)
                    .orElseThrow(() -> new InvalidReportException("the import mapping " + mappingId + " no longer exists"));
            return importer(m).parse(report);
        }
        return ReportImporters.importReport(format, report);
    }

    /** 422 unless the JDF/XJDF sidecar parses. */
    public void validateJdf(byte[] jdf) {
        try {
            JdfSidecar.parse(jdf);
        } catch (InvalidReportException e) {
            throw new UnprocessableException("The JDF/XJDF sidecar could not be parsed: " + e.getMessage());
        }
    }

    /** What every finding of a job with this sidecar carries as {@code jdf_context}. */
    public Map<String, Object> jdfContext(byte[] jdf) throws InvalidReportException {
        return JdfSidecar.parse(jdf).asContext();
    }

    /** Findings for contradictions between the ticket and the PDF (page count, trim size). */
    public List<Finding> jdfContradictions(byte[] jdf, int pageCount, List<PageGeometry> pages)
            throws InvalidReportException {
        return JdfSidecar.parse(jdf).contradictions(pageCount, pages);
    }

    ImportMapping usableMapping(String tenantId, String mappingId) {
        var owner = mappings.ownerOf(mappingId);
        if (owner.isEmpty()) {
            throw new NotFoundException("Import mapping " + mappingId + " not found.");
        }
        if (!owner.get().equals(tenantId)) {
            throw new ForbiddenException("Import mapping " + mappingId + " belongs to another tenant.");
        }
        ImportMapping m = mappings.find(tenantId, mappingId).orElseThrow(
                () -> new NotFoundException("Import mapping " + mappingId + " not found."));
        if (!m.active()) {
            throw new NotFoundException("Import mapping " + mappingId + " is inactive; reactivate it with PUT is_active=true.");
        }
        return m;
    }

    static CustomMappingImporter importer(ImportMapping m) {
        try {
            return new CustomMappingImporter(m.id(), m.format(), m.config());
        } catch (InvalidMappingConfigException e) {
            throw new UnprocessableException("The import mapping's config is invalid: " + e.getMessage());
        }
    }
}
