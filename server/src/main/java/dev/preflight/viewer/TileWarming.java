package dev.preflight.viewer;

import com.github.kagkarlsson.scheduler.SchedulerClient;
import dev.preflight.jobs.JobActivity;
import dev.preflight.jobs.JobReader;
import dev.preflight.jobs.JobView;
import dev.preflight.platform.ApiException;
import dev.preflight.platform.NotFoundException;
import dev.preflight.platform.ServiceUnavailableException;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.annotation.Lazy;
import org.springframework.stereotype.Component;

import java.time.Duration;
import java.time.Instant;

/**
 * The background pre-render of a completed job's tiles (spec: Tile warming): every page (or the first
 * {@code preflight.viewer.warm-max-pages}) at the config's default dpi with the default layers, stored exactly where
 * the tile route looks, so a viewer opening the job gets stored tiles. Runs as a db-scheduler task scheduled in the
 * transaction that completes the job; a redelivered task skips the tiles already stored.
 *
 * <p>Warming only makes later requests faster, so it yields to the work users wait for: each run renders pages for
 * about {@link #SLICE} and then hands its worker back, due again at once (jobs queued meanwhile go first, being due
 * earlier), and a run that finds the node busy with submissions or analyses ({@link JobActivity}) renders nothing and
 * is due again after {@link #QUIET}. A warming deferred for longer than {@link #MAX_DEFERRAL} since it was queued
 * renders one page per run even on a busy node, so it is slowed down, never starved. Renders go through the render
 * workers one at a time, so user requests are served between them.
 */
@Component
class TileWarming {

    private static final Logger log = LoggerFactory.getLogger(TileWarming.class);

    /** How long the node must have been free of submissions and analyses before a run renders. */
    static final Duration QUIET = Duration.ofMillis(500);

    /** How long one run keeps rendering before it hands its worker back. */
    static final Duration SLICE = Duration.ofMillis(250);

    /** After this long since it was queued, a warming renders one page per run even while the node is busy. */
    static final Duration MAX_DEFERRAL = Duration.ofSeconds(10);

    private final TileWarmingRepository repository;
    private final TileService tiles;
    private final JobReader jobs;
    private final ViewerProperties properties;
    private final SchedulerClient scheduler;
    private final JobActivity activity;

    TileWarming(TileWarmingRepository repository, TileService tiles, JobReader jobs, ViewerProperties properties,
                @Lazy SchedulerClient scheduler, JobActivity activity) {
        this.repository = repository;
        this.tiles = tiles;
        this.jobs = jobs;
        this.properties = properties;
        this.scheduler = scheduler;
        this.activity = activity;
    }

    /**
     * Records the warming and queues its task; called in the transaction that completes the job. The task is due
     * after {@link #QUIET}: the job's own answer is being written then, and an earlier run would only find the node
     * busy.
     */
    void start(String tenantId, String jobId, int pageCount) {
        if (!properties.warmTiles()) {
            return;
        }
        int total = properties.warmMaxPages() > 0 ? Math.min(pageCount, properties.warmMaxPages()) : pageCount;
        if (repository.create(tenantId, jobId, total, properties.defaults().defaultDpi())) {
            scheduler.scheduleIfNotExists(ViewerTasks.WARM.instance(jobId).data(tenantId)
                    .scheduledTo(Instant.now().plus(QUIET)));
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

    /**
     * One run of the db-scheduler task: renders missing tiles for about {@link #SLICE}, or nothing while the node is
     * busy. Returns when the task is due again, or null when the warming is over (complete, failed, or its job gone).
     */
    @Nullable Instant run(String tenantId, String jobId) {
        var w = repository.find(tenantId, jobId).orElse(null);
        if (w == null || !w.status().equals(TileWarmingRepository.IN_PROGRESS)) {
            return null;
        }
        Instant now = Instant.now();
        boolean overdue = overdue(now, w.queuedAt());
        if (!overdue && !activity.quietFor(QUIET)) {
            return now.plus(QUIET);
        }
        repository.started(tenantId, jobId);
        long sliceEnd = System.nanoTime() + SLICE.toNanos();
        for (int p = w.nextPage(); p <= w.total(); p = w.nextPage()) {
            JobView job = jobs.find(tenantId, jobId).orElse(null);
            if (job == null) {
                return null; // deleted meanwhile: its rows and files are gone
            }
            try {
                warm(job, p, w.dpi());
                repository.progress(tenantId, jobId, w.rendered() + 1);
            } catch (ApiException e) {
                repository.failed(tenantId, jobId, w, "page " + p + ": " + e.detail());
            } catch (RuntimeException e) {
                log.warn("tile warming of job {} page {} failed", jobId, p, e);
                repository.failed(tenantId, jobId, w, "page " + p + ": " + (e.getMessage() == null
                        ? e.getClass().getSimpleName() : e.getMessage()));
            }
            w = repository.find(tenantId, jobId).orElse(null);
            if (w == null || !w.status().equals(TileWarmingRepository.IN_PROGRESS)) {
                return null;
            }
            if (w.nextPage() <= w.total()
                    && handBack(overdue, System.nanoTime() - sliceEnd >= 0, activity.quietFor(Duration.ZERO))) {
                return Instant.now(); // give the worker back; jobs that became due meanwhile go first
            }
        }
        repository.finish(tenantId, jobId, w.rendered(), w.failed() == 0 ? null : summary(w));
        return null;
    }

    /** A warming queued {@link #MAX_DEFERRAL} ago or longer (or before that was recorded) renders even when busy. */
    static boolean overdue(Instant now, @Nullable Instant queuedAt) {
        return queuedAt == null || !now.isBefore(queuedAt.plus(MAX_DEFERRAL));
    }

    /**
     * Whether a run gives its worker back after a page while pages remain: always when it renders only because it is
     * overdue (one page per run), when its slice is used up, or when work users wait for started meanwhile.
     */
    static boolean handBack(boolean overdue, boolean sliceUsed, boolean quietNow) {
        return overdue || sliceUsed || !quietNow;
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

    private static String summary(TileWarmingRepository.Warming w) {
        return w.failed() + (w.failed() == 1 ? " page" : " pages") + " could not be rendered: " + w.failures()
                + (w.failed() > TileWarmingRepository.KEPT_FAILURES ? "; ..." : "");
    }
}
