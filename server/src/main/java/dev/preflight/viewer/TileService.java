package dev.preflight.viewer;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.preflight.analysis.PageBoxes;
import dev.preflight.analysis.ProofConditions;
import dev.preflight.engine.Box;
import dev.preflight.engine.PageGeometry;
import dev.preflight.engine.RenderException;
import dev.preflight.engine.view.Layer;
import dev.preflight.engine.view.LayerToggles;
import dev.preflight.engine.view.PixelBudgetExceededException;
import dev.preflight.engine.view.SoftProof;
import dev.preflight.jobs.JobReader;
import dev.preflight.jobs.JobView;
import dev.preflight.platform.PlatformProperties;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Service;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Page tiles on the page's pixel grid (see docs/viewer.md), with layers forced on or off and optionally only a region
 * of the page: soft proofs by default (Ghostscript's overprint simulation through the output condition, {@link
 * SoftProof}), or the plain PDFBox screen render with {@code proof=off}. A tile is rendered once per (job, page, dpi,
 * layer state, region, proof and output condition) and stored with the job's files; the same key gives its ETag.
 */
@Service
class TileService {

    private final ViewerPages pages;
    private final ViewerFiles files;
    private final OpenDocuments documents;
    private final RenderWorkers workers;
    private final ViewerProperties properties;
    private final JobReader jobs;
    private final SoftProof softProof;
    private final Path scratch;
    private final InFlight inFlight = new InFlight();
    /** The output condition of each job's file, read once (its output intent needs the file opened). */
    private final Cache<String, SoftProof.Condition> conditions = Caffeine.newBuilder().maximumSize(1000).build();
    private final ProofConditions proofConditions;

    TileService(ViewerPages pages, ViewerFiles files, OpenDocuments documents, RenderWorkers workers,
                ViewerProperties properties, JobReader jobs, PlatformProperties platform,
                ProofConditions proofConditions) {
        this.pages = pages;
        this.proofConditions = proofConditions;
        this.files = files;
        this.documents = documents;
        this.workers = workers;
        this.properties = properties;
        this.jobs = jobs;
        this.scratch = platform.scratchDir().resolve("viewer").resolve("proof");
        this.softProof = new SoftProof(properties.ghostscript(), scratch, properties.renderTimeout());
    }

    /**
     * One tile asked for, checked and named; {@link #bytes} renders it when it is not stored yet.
     *
     * @param condition the output condition of a soft proof; null for the plain screen render (proof=off)
     */
    record Tile(JobView job, int pageNum, int dpi, LayerToggles toggles, @Nullable Box region,
                SoftProof.@Nullable Condition condition, String key) {

        String etag() {
            return ViewerFiles.etag(key);
        }
    }

    /**
     * Checks a tile request: the page exists (404), dpi, layer toggles and region are valid and the render fits the
     * pixel budget (422, naming the largest dpi that fits).
     */
    Tile tile(ViewedJob v, int pageNum, @Nullable Integer dpi, @Nullable String ocgOn, @Nullable String ocgOff,
              @Nullable Double x, @Nullable Double y, @Nullable Double w, @Nullable Double h,
              @Nullable String proof) {
        JobView job = v.job();
        PageBoxes page = pages.page(job, pageNum);
        int d = ViewerParams.dpi(dpi, properties.defaults().defaultDpi());
        LayerToggles toggles = ViewerParams.toggles(ocgOn, ocgOff, layerCount(job));
        Box region = ViewerParams.region(x, y, w, h);
        boolean soft = ViewerParams.proof(proof);
        try {
            documents.budget().require(ViewerPages.geometry(page), d, region);
        } catch (PixelBudgetExceededException e) {
            throw ViewerErrors.translate(e);
        }
        SoftProof.Condition condition = soft ? condition(job) : null;
        return new Tile(job, pageNum, d, toggles, region, condition,
                key(job, pageNum, d, toggles, region, condition));
    }

    /** The tile of a whole page with the default layers, as tile warming renders it: a soft proof. */
    Tile defaultTile(JobView job, int pageNum, int dpi) {
        SoftProof.Condition condition = condition(job);
        return new Tile(job, pageNum, dpi, LayerToggles.NONE, null, condition,
                key(job, pageNum, dpi, LayerToggles.NONE, null, condition));
    }

    /**
     * The output condition a job's pages are proofed for: the file's CMYK output intent, else the condition the job's
     * profile expects, else the service default, FOGRA39 ({@link ProofConditions}). Read once per job, on a render
     * worker (it opens the file).
     */
    SoftProof.Condition condition(JobView job) {
        SoftProof.Condition known = conditions.getIfPresent(job.id());
        if (known != null) {
            return known;
        }
        RenderWorkers.Work<SoftProof.Condition> read = () -> softProof.condition(jobs.documentFile(job),
                proofConditions.fallbackFor(job.tenantId(), job.profileId()));
        SoftProof.Condition c;
        if (RenderWorkers.onWorker()) {
            try {
                c = read.call();
            } catch (Exception e) {
                throw ViewerErrors.translate(e);
            }
        } else {
            c = workers.run(read);
        }
        conditions.put(job.id(), c);
        return c;
    }

    /** Forgets a deleted job's output condition. */
    void forget(String jobId) {
        conditions.invalidate(jobId);
    }

    /** The tile's PNG: the stored file, or a render on a worker that is then stored. */
    byte[] bytes(Tile t) {
        byte[] stored = files.read(t.key());
        if (stored != null) {
            return stored;
        }
        return inFlight.once(t.key(), () -> {
            byte[] again = files.read(t.key());
            if (again != null) {
                return again;
            }
            byte[] png = t.condition() == null
                    ? workers.run(() -> documents.with(t.job(),
                            r -> r.render(t.pageNum(), t.dpi(), t.toggles(), t.region()).png()))
                    : workers.run(() -> proof(t));
            files.write(t.job(), t.key(), png);
            return png;
        });
    }

    /** True when the tile is stored already. */
    boolean stored(Tile t) {
        return files.exists(t.key());
    }

    /**
     * A whole page as a soft proof with the default layers, as an image (the comparison's pictures): rendered on a
     * worker, not stored.
     */
    java.awt.image.BufferedImage proofImage(JobView job, int pageNum, int dpi) {
        SoftProof.Condition c = condition(job);
        return workers.run(() -> {
            PageGeometry page = documents.with(job, r -> r.page(pageNum));
            return softProof.renderImage(jobs.documentFile(job), page, dpi, null, LayerToggles.NONE, List.of(), c,
                    documents.budget());
        });
    }

    private byte[] proof(Tile t) throws Exception {
        record Page(PageGeometry geometry, List<Layer> layers) {
        }
        Page page = documents.with(t.job(), r -> new Page(r.page(t.pageNum()), r.layers()));
        try {
            return softProof.render(jobs.documentFile(t.job()), page.geometry(), t.dpi(), t.region(), t.toggles(),
                    page.layers(), t.condition(), documents.budget()).png();
        } catch (RenderException e) {
            throw e.timedOut() ? e : new RenderException(e.getMessage() + "; proof=off gives the screen render",
                    e.output(), false);
        }
    }

    static int layerCount(JobView job) {
        return job.capabilities() == null ? 0 : job.capabilities().optionalContentGroups().size();
    }

    /**
     * A screen render keeps the key it always had; a soft proof's names the output condition's profile (its
     * digest) and whether the proof profile is used, so another condition never answers from the same file.
     */
    private static String key(JobView job, int pageNum, int dpi, LayerToggles toggles, @Nullable Box region,
                              SoftProof.@Nullable Condition condition) {
        String plain = key(job, pageNum, dpi, toggles, region);
        if (condition == null) {
            return plain;
        }
        return plain.substring(0, plain.length() - ".png".length()) + "-proof-"
                + condition.digest().substring(0, 16) + (condition.viaProof() ? "p" : "") + ".png";
    }

    private static String key(JobView job, int pageNum, int dpi, LayerToggles toggles, @Nullable Box region) {
        String state = toggles.isEmpty() && region == null ? "default" : ViewerFiles.digest("on="
                + toggles.on().stream().map(String::valueOf).collect(Collectors.joining(",")) + ";off="
                + toggles.off().stream().map(String::valueOf).collect(Collectors.joining(",")) + ";region="
                + (region == null ? "" : ViewerParams.keyNumber(region.x0()) + "," + ViewerParams.keyNumber(region.y0())
                + "," + ViewerParams.keyNumber(region.x1()) + "," + ViewerParams.keyNumber(region.y1())));
        return ViewerFiles.prefix(job.tenantId(), job.id()) + "/tiles/p" + pageNum + "-d" + dpi + "-" + state + ".png";
    }
}
