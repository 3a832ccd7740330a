package dev.preflight.analysis;

import dev.preflight.engine.AnalysisResult;
import dev.preflight.engine.BrandColorChecks;
import dev.preflight.engine.DocumentGeometry;
import dev.preflight.engine.Profile;
import dev.preflight.engine.ProfileCheck;
import dev.preflight.engine.UnreadablePdfException;
import dev.preflight.engine.imports.ImportResult;
import dev.preflight.engine.imports.InvalidReportException;
import dev.preflight.findings.Finding;
import dev.preflight.imports.EngineFindings;
import dev.preflight.imports.ImportService;
import org.springframework.stereotype.Service;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Preflights one job: converts the input to PDF when needed, then runs the profile's checks (engine), imports the
 * external report (external) or only reads the page geometry (minimal), and adds the JDF sidecar's context and
 * contradictions. Returns server-owned types; the jobs module stores them and never touches the engine.
 */
@Service
public class PreflightPipeline {

    private final AnalysisService analysis;
    private final ImportService imports;

    PreflightPipeline(AnalysisService analysis, ImportService imports) {
        this.analysis = analysis;
        this.imports = imports;
    }

    /**
     * Runs the pipeline.
     *
     * @throws PreflightFailedException when the file or report cannot be preflighted (the job fails with the reason)
     */
    public PreflightOutcome run(PreflightRequest request) throws PreflightFailedException {
        try {
            PreparedInput prepared = analysis.prepare(request.input(), request.scratch());
            return switch (request.source()) {
                case "minimal" -> minimal(request, prepared);
                case "external" -> external(request, prepared);
                default -> engine(request, prepared);
            };
        } catch (UnreadablePdfException | AnalysisTimeoutException e) {
            throw new PreflightFailedException(e.getMessage(), e);
        } catch (InvalidReportException e) {
            throw new PreflightFailedException("The external report could not be imported: " + e.getMessage(), e);
        }
    }

    private PreflightOutcome minimal(PreflightRequest r, PreparedInput prepared)
            throws UnreadablePdfException, AnalysisTimeoutException, InvalidReportException {
        AnalysisService.Outline outline = analysis.outline(prepared.pdf());
        DocumentGeometry g = outline.geometry();
        var findings = new ArrayList<>(EngineFindings.toWire(prepared.findings()));
        findings.addAll(jdfContradictions(r, g.pageCount(), g.pages()));
        return new PreflightOutcome(prepared.inputType(), prepared.pdf(), prepared.converted(), g.pageCount(),
                g.pdfVersion(), pages(g.pages()), findings, null, IngestCapabilities.minimal(outline.layers()),
                jdfContext(r), null);
    }

    private PreflightOutcome engine(PreflightRequest r, PreparedInput prepared)
            throws UnreadablePdfException, AnalysisTimeoutException, InvalidReportException {
        Profile profile = withBrandSpec(analysis.profile(r.tenantId(), r.profileId()), r.brandSpec());
        AnalysisService.Analysed analysed = analysis.analyze(prepared.pdf(), profile, r.scratch());
        AnalysisResult result = analysed.result();
        var engineFindings = new ArrayList<dev.preflight.engine.Finding>(prepared.findings());
        engineFindings.addAll(result.findings());
        EpmVerdict epm = analysis.epmVerdict(r.jobId(), profile, engineFindings);
        var findings = new ArrayList<>(EngineFindings.toWire(engineFindings));
        findings.addAll(jdfContradictions(r, result.pageCount(), result.pages()));
        return new PreflightOutcome(prepared.inputType(), prepared.pdf(), prepared.converted(), result.pageCount(),
                result.pdfVersion(), pages(result.pages()), findings, null,
                IngestCapabilities.engine(result.inkRendered(), result.separations(), analysed.layers()),
                jdfContext(r), epm);
    }

    /**
     * The profile plus the brand colour checks fed with the BrandSpec's values (replacing any entry the profile has
     * for them); the profile unchanged when no BrandSpec resolved, so strict colour advisories stay off.
     */
    static Profile withBrandSpec(Profile profile, BrandSpecTargets spec) {
        if (spec == null) {
            return profile;
        }
        var checks = new ArrayList<ProfileCheck>();
        for (ProfileCheck c : profile.checks()) {
            if (!c.checkId().equals(BrandColorChecks.COLOR_CHECK_ID)
                    && !c.checkId().equals(BrandColorChecks.RICH_BLACK_CHECK_ID)) {
                checks.add(c);
            }
        }
        if (!spec.colors().isEmpty()) {
            var names = new ArrayList<String>();
            var values = new ArrayList<String>();
            for (BrandSpecTargets.Color c : spec.colors()) {
                names.add(c.name());
                values.add(c.value());
            }
            checks.add(new ProfileCheck(BrandColorChecks.COLOR_CHECK_ID, null,
                    Map.of("color_names", names, "color_values", values), null));
        }
        if (spec.richBlack() != null) {
            BrandSpecTargets.RichBlack rb = spec.richBlack();
            checks.add(new ProfileCheck(BrandColorChecks.RICH_BLACK_CHECK_ID, null, Map.of("target_c", rb.c(),
                    "target_m", rb.m(), "target_y", rb.y(), "target_k", rb.k()), null));
        }
        return new Profile(profile.id(), profile.name(), profile.description(), profile.standard(), profile.builtin(),
                checks);
    }

    private PreflightOutcome external(PreflightRequest r, PreparedInput prepared)
            throws UnreadablePdfException, AnalysisTimeoutException, InvalidReportException {
        AnalysisService.Outline outline = analysis.outline(prepared.pdf());
        DocumentGeometry g = outline.geometry();
        if (r.report() == null) {
            throw new InvalidReportException("the job has no external report");
        }
        ImportResult imported = imports.importReport(r.tenantId(), r.report().format(), r.report().mappingId(),
                r.report().content());
        var findings = new ArrayList<>(EngineFindings.toWire(prepared.findings()));
        findings.addAll(EngineFindings.toWire(imported.findings()));
        findings.addAll(jdfContradictions(r, g.pageCount(), g.pages()));
        return new PreflightOutcome(prepared.inputType(), prepared.pdf(), prepared.converted(), g.pageCount(),
                g.pdfVersion(), pages(g.pages()), findings, imported.sourceInfo(),
                IngestCapabilities.declared(imported.capabilities(), outline.layers()), jdfContext(r), null);
    }

    private List<Finding> jdfContradictions(PreflightRequest r, int pageCount,
                                            List<dev.preflight.engine.PageGeometry> pages) throws InvalidReportException {
        return r.jdf() == null ? List.of()
                : EngineFindings.toWire(imports.jdfContradictions(r.jdf(), pageCount, pages));
    }

    private Map<String, Object> jdfContext(PreflightRequest r) throws InvalidReportException {
        return r.jdf() == null ? null : imports.jdfContext(r.jdf());
    }

    private static List<PageBoxes> pages(List<dev.preflight.engine.PageGeometry> pages) {
        return pages.stream().map(PageBoxes::of).toList();
    }
}
