package dev.preflight.viewer;

import dev.preflight.jobs.JobCompleted;
import dev.preflight.jobs.JobDeleted;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

/**
 * What the viewer does when a job completes or is deleted. Both listeners run synchronously inside the transaction
 * that publishes the event (the scheduler's writes join it too), so the warming record and its task exist exactly
 * when the job is stored as completed, and the viewer's rows go exactly when the job goes.
 */
@Component
class ViewerJobEvents {

    private final TileWarming warming;
    private final DocumentDataRepository data;
    private final FillRepository fills;
    private final TileWarmingRepository warmingRows;
    private final VerdictRepository verdicts;
    private final ComparisonRepository comparisons;
    private final ViewerFiles files;
    private final OpenDocuments documents;
    private final SeparationService separations;
    private final TileService tiles;

    ViewerJobEvents(TileWarming warming, DocumentDataRepository data, FillRepository fills,
                    TileWarmingRepository warmingRows, VerdictRepository verdicts, ComparisonRepository comparisons,
                    ViewerFiles files, OpenDocuments documents, SeparationService separations, TileService tiles) {
        this.warming = warming;
        this.data = data;
        this.fills = fills;
        this.warmingRows = warmingRows;
        this.verdicts = verdicts;
        this.comparisons = comparisons;
        this.files = files;
        this.documents = documents;
        this.separations = separations;
        this.tiles = tiles;
    }

    @EventListener
    void completed(JobCompleted e) {
        warming.start(e.tenantId(), e.jobId(), e.summary().pageCount());
    }

    @EventListener
    void deleted(JobDeleted e) {
        data.deleteJob(e.tenantId(), e.jobId());
        fills.deleteJob(e.tenantId(), e.jobId());
        warmingRows.deleteJob(e.tenantId(), e.jobId());
        verdicts.deleteJob(e.tenantId(), e.jobId());
        for (ComparisonRepository.Stored c : comparisons.deleteJob(e.tenantId(), e.jobId())) {
            // a comparison's pictures live under job_a's prefix, which stays when job_b is the one deleted
            files.deleteQuietly(ViewerFiles.prefix(c.tenantId(), c.jobA()) + "/compare/" + c.id());
        }
        documents.forget(e.jobId());
        separations.forget(e.tenantId(), e.jobId());
        tiles.forget(e.jobId());
    }
}
