package dev.preflight.viewer;

import dev.preflight.engine.view.OcrOptions;
import dev.preflight.engine.view.OcrPage;
import dev.preflight.engine.view.TextRecognition;
import dev.preflight.jobs.JobReader;
import dev.preflight.jobs.JobView;
import dev.preflight.platform.NotFoundException;
import dev.preflight.platform.PlatformProperties;
import org.springframework.stereotype.Service;

import java.nio.file.Path;
import java.util.Optional;

/**
 * Text regions: every page read by tesseract (the {@code text_regions} capability), word boxes in PDF points,
 * stored per page. A fill that was interrupted resumes at the first page without stored words.
 */
@Service
class TextRegionService {

    private final DocumentDataRepository data;
    private final OpenDocuments documents;
    private final RenderWorkers workers;
    private final JobReader jobs;
    private final TextRecognition ocr;
    private final ViewerProperties properties;

    TextRegionService(DocumentDataRepository data, OpenDocuments documents, RenderWorkers workers, JobReader jobs,
                      ViewerProperties properties, PlatformProperties platform) {
        this.data = data;
        this.documents = documents;
        this.workers = workers;
        this.jobs = jobs;
        this.properties = properties;
        Path scratch = platform.scratchDir().resolve("viewer");
        ViewerProperties.Ocr ocr = properties.ocr();
        this.ocr = new TextRecognition(new OcrOptions(ocr.executable(), ocr.language(), ocr.dpi(), ocr.pageTimeout(),
                scratch, Math.min(40_000_000L, properties.maxPixels())));
    }

    /** Reads every page that has no stored words yet; stops when the job is deleted meanwhile. */
    void fill(JobView job) {
        for (int p = 1; p <= job.pages().size(); p++) {
            if (data.hasTextRegions(job.tenantId(), job.id(), p)) {
                continue;
            }
            if (jobs.find(job.tenantId(), job.id()).isEmpty()) {
                return;
            }
            int pageNum = p;
            OcrPage page = workers.run(() -> documents.with(job, r -> ocr.recognize(r, pageNum)),
                    properties.ocr().pageTimeout().plus(properties.renderTimeout()));
            data.saveTextRegions(job.tenantId(), new ViewerResponses.TextRegions(job.id(), pageNum, page.dpi(),
                    page.words().stream().map(w -> new ViewerResponses.Word(w.text(), w.confidence(),
                            ViewerPages.box(w.bbox()), w.block(), w.paragraph(), w.line())).toList()));
        }
    }

    /** The stored words of a page; 404 when the page has none stored (the fill has not reached it). */
    ViewerResponses.TextRegions page(JobView job, int pageNum) {
        Optional<ViewerResponses.TextRegions> page = data.textRegions(job.tenantId(), job.id(), pageNum);
        return page.orElseThrow(() -> new NotFoundException("No text regions are stored for page " + pageNum
                + " of job " + job.id() + "."));
    }
}
