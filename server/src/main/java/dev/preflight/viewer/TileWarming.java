package dev.preflight.viewer;

import com.github.kagkarlsson.scheduler.SchedulerClient;
import dev.preflight.jobs.JobService;
import dev.preflight.jobs.JobView;
import dev.preflight.platform.ApiException;
import dev.preflight.platform.NotFoundException;
import dev.preflight.platform.ServiceUnavailableException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.annotation.Lazy;
import org.springframework.stereotype.Component;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The background pre-render of a completed job's tiles (spec: Tile warming): every page (or the first
 * {@code preflight.viewer.warm-max-pages}) at the config's default dpi with the default layers, stored exactly where
 * the tile route looks, so a viewer opening the job gets stored tiles. Runs as a db-scheduler task scheduled in the
 * transaction that completes the job; a redelivered task skips the tiles already stored. Renders go through the
 * render workers one at a time, so user requests are served between them.
 */
@Component
class TileWarming {

    private static final Logger log = LoggerFactory.getLogger(TileWarming.class);

    private final TileWarmingRepository repository;
    private final TileService tiles;
    private final JobService jobs;
    private final ViewerProperties properties;
    private final SchedulerClient scheduler;

    TileWarming(TileWarmingRepository repository, TileService tiles, JobService jobs, ViewerProperties properties,
                @Lazy SchedulerClient scheduler) {
        this.repository = repository;
        this.tiles = tiles;
        this.jobs = jobs;
        this.properties = properties;
        this.scheduler = scheduler;
    }

    /** Records the warming and queues its task; called in the transaction that completes the job. */
    void start(String tenantId, String jobId, int pageCount) {
        if (!properties.warmTiles()) {
            return;
        }
        int total = properties.warmMaxPages() > 0 ? Math.min(pageCount, properties.warmMaxPages()) : pageCount;
        if (repository.create(tenantId, jobId, total, properties.defaults().defaultDpi())) {
            scheduler.scheduleIfNotExists(ViewerTasks.WARM.instance(jobId).data(tenantId).scheduledTo(Instant.now()));
        }
    }

    /** The warming record of a complete job. */
    ViewerResponses.TileWarming status(JobView job) {
        var w = repository.find(job.tenantId(), job.id()).orElseGet(() -> {
            if (!properties.warmTiles()) {
                throw new NotFoundException("Tile warming is turned off on this server (PREFLIGHT_VIEWER_WARM_TILES);"
                        + " tiles are rendered when they are first asked for.");
            }
            // a job completed before tile warming existed: warm it now
            start(job.tenantId(), job.id(), job.pages().size());
            return repository.find(job.tenantId(), job.id()).orElseThrow();
        });
        int percent = w.total() == 0 ? 100 : (int) Math.floor(w.rendered() * 100.0 / w.total());
        return new ViewerResponses.TileWarming(job.id(), w.status(), w.rendered(), w.total(), w.dpi(), percent,
                w.startedAt(), w.completedAt(), w.error());
    }

    /** Renders the missing tiles (the db-scheduler task). */
    void run(String tenantId, String jobId) {
        var w = repository.find(tenantId, jobId).orElse(null);
        if (w == null || !w.status().equals(TileWarmingRepository.IN_PROGRESS)) {
            return;
        }
        repository.started(tenantId, jobId);
        var failures = new ArrayList<String>();
        int rendered = 0;
        for (int p = 1; p <= w.total(); p++) {
            JobView job = jobs.find(tenantId, jobId).orElse(null);
            if (job == null) {
                return; // deleted meanwhile: its rows and files are gone
            }
            try {
                warm(job, p, w.dpi());
                rendered++;
                repository.progress(tenantId, jobId, rendered);
            } catch (ApiException e) {
                failures.add("page " + p + ": " + e.detail());
            } catch (RuntimeException e) {
                log.warn("tile warming of job {} page {} failed", jobId, p, e);
                failures.add("page " + p + ": " + (e.getMessage() == null ? e.getClass().getSimpleName()
                        : e.getMessage()));
            }
        }
        repository.finish(tenantId, jobId, rendered, failures.isEmpty() ? null : summary(failures));
    }

    private void warm(JobView job, int pageNum, int dpi) {
        TileService.Tile tile = tiles.defaultTile(job, pageNum, dpi);
        if (tiles.stored(tile)) {
            return;
        }
        for (int attempt = 1; ; attempt++) {
            try {
                tiles.bytes(tile);
                return;
            } catch (ServiceUnavailableException busy) {
                if (attempt == 5) {
                    throw busy;
                }
                try {
                    Thread.sleep(1000L * attempt); // user requests fill the workers: let them pass first
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw busy;
                }
            }
        }
    }

    private static String summary(List<String> failures) {
        String first = String.join("; ", failures.subList(0, Math.min(3, failures.size())));
        return failures.size() + (failures.size() == 1 ? " page" : " pages") + " could not be rendered: " + first
                + (failures.size() > 3 ? "; ..." : "");
    }
}
