package dev.preflight.viewer;

import dev.preflight.engine.EngineSettings;
import dev.preflight.engine.UnreadablePdfException;
import dev.preflight.engine.view.DocumentInfo;
import dev.preflight.engine.view.DocumentInspection;
import dev.preflight.engine.view.FontInfo;
import dev.preflight.engine.view.ImageInfo;
import dev.preflight.engine.view.InspectedDocument;
import dev.preflight.engine.view.PlacedImage;
import dev.preflight.jobs.JobReader;
import dev.preflight.jobs.JobView;
import dev.preflight.platform.PlatformProperties;
import dev.preflight.platform.UnprocessableException;
import org.springframework.stereotype.Service;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One facts pass over a job's PDF (the engine's collector, as the analysis runs it) giving the document info, the
 * font list with glyph problems and the image list with every placement. Run once per job, on demand, and stored.
 */
@Service
class InspectionService {

    /** Placements kept per document; a PDF tiling one image thousands of times would otherwise fill the row. */
    static final int MAX_PLACEMENTS = 10_000;

    private final DocumentDataRepository data;
    private final DocumentWork work;
    private final JobReader jobs;
    private final ViewerProperties properties;
    private final Path scratch;

    InspectionService(DocumentDataRepository data, DocumentWork work, JobReader jobs, ViewerProperties properties,
                      PlatformProperties platform) {
        this.data = data;
        this.work = work;
        this.jobs = jobs;
        this.properties = properties;
        this.scratch = platform.scratchDir().resolve("viewer");
    }

    /** The stored inspection of the job, running it first when needed (waiting at most {@code wait}). */
    DocumentDataRepository.Inspection ensure(JobView job, Duration wait) {
        var stored = data.inspection(job.tenantId(), job.id());
        if (stored.isPresent()) {
            return complete(stored.get());
        }
        return complete(work.await("inspection:" + job.id(), () -> {
            var again = data.inspection(job.tenantId(), job.id());
            if (again.isPresent()) {
                return again.get();
            }
            DocumentDataRepository.Inspection inspection = compute(job);
            data.saveInspection(job.tenantId(), job.id(), inspection);
            return inspection;
        }, wait, "The document inspection of job " + job.id()));
    }

    /** Forgets a failed inspection so that a fill request runs it again. */
    void retryAfterFailure(JobView job) {
        data.forgetFailedInspection(job.tenantId(), job.id());
    }

    private static DocumentDataRepository.Inspection complete(DocumentDataRepository.Inspection i) {
        if (!i.status().equals(DocumentDataRepository.COMPLETE)) {
            throw new UnprocessableException("The document could not be inspected: " + i.error());
        }
        return i;
    }

    private DocumentDataRepository.Inspection compute(JobView job) throws Exception {
        Path pdf = jobs.documentFile(job);
        var settings = new EngineSettings(100, properties.maxMainMemoryMb() * 1024L * 1024L,
                EngineSettings.defaults().maxElementsPerPage(), properties.inkDpi(), properties.ghostscript(),
                properties.documentTimeout(), scratch);
        try {
            InspectedDocument read = InspectedDocument.read(pdf, settings);
            DocumentInspection inspection = read.inspection();
            return new DocumentDataRepository.Inspection(DocumentDataRepository.COMPLETE, null,
                    info(job.id(), inspection.info()), fonts(job.id(), inspection.fonts()), images(job.id(), read));
        } catch (UnreadablePdfException e) {
            return new DocumentDataRepository.Inspection(DocumentDataRepository.FAILED, e.getMessage(), null, null,
                    null);
        } catch (RuntimeException | StackOverflowError e) {
            return new DocumentDataRepository.Inspection(DocumentDataRepository.FAILED,
                    "its structure could not be read (" + e.getClass().getSimpleName()
                            + (e.getMessage() == null ? "" : ": " + e.getMessage()) + ")", null, null, null);
        }
    }

    private static ViewerResponses.DocumentInfo info(String jobId, DocumentInfo d) {
        var intents = d.outputIntents().stream().map(o -> new ViewerResponses.OutputIntent(o.subtype(),
                o.outputConditionIdentifier(), o.outputCondition(), o.registryName(), o.info(),
                o.profileColorSpace(), o.profileDescription(), o.pageNum())).toList();
        return new ViewerResponses.DocumentInfo(jobId, d.pdfVersion(), d.title(), d.author(), d.creator(),
                d.producer(), d.creationDate(), d.modificationDate(), d.trapped(), d.pageCount(),
                d.pdfx() == null ? null : new ViewerResponses.Pdfx(d.pdfx().version(), d.pdfx().conformance()),
                d.pdfa() == null ? null : new ViewerResponses.Pdfa(d.pdfa().part(), d.pdfa().conformance(),
                        d.pdfa().label()),
                intents, d.encrypted(), d.layerCount(), d.fileSize(), d.tagged(), d.repaired());
    }

    private static ViewerResponses.FontList fonts(String jobId, List<FontInfo> fonts) {
        return new ViewerResponses.FontList(jobId, fonts.stream().map(f -> new ViewerResponses.Font(f.name(),
                f.baseName(), f.type(), f.descendantType(), f.fontFileType(), f.embedded(), f.subset(),
                f.standard14(), f.pages(), f.glyphsUsed(),
                f.problems().stream().map(p -> new ViewerResponses.GlyphProblem(p.kind(), p.count(), p.message()))
                        .toList(), f.objectId())).toList());
    }

    private static ViewerResponses.ImageList images(String jobId, InspectedDocument document) {
        Map<String, List<ViewerResponses.ImagePlacement>> placements = new LinkedHashMap<>();
        int kept = 0;
        for (PlacedImage p : document.placements()) {
            if (kept >= MAX_PLACEMENTS) {
                break;
            }
            kept++;
            placements.computeIfAbsent(p.imageObjectId(), k -> new ArrayList<>())
                    .add(new ViewerResponses.ImagePlacement(p.pageNum(), ViewerPages.box(p.bbox()),
                            round1(p.ppiX()), round1(p.ppiY()), round1(p.effectivePpi())));
        }
        var images = new ArrayList<ViewerResponses.Image>();
        for (ImageInfo i : document.images()) {
            images.add(new ViewerResponses.Image(i.objectId(), i.width(), i.height(), i.bitsPerComponent(),
                    i.colorSpace(), i.iccSpace(), i.filters(), i.imageMask(), i.hasSoftMask(),
                    placements.getOrDefault(i.objectId(), List.of())));
        }
        return new ViewerResponses.ImageList(jobId, images);
    }

    private static double round1(double v) {
        return Double.isFinite(v) ? Math.round(v * 10) / 10.0 : 0;
    }
}
