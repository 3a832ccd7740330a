package dev.preflight.viewer;

import dev.preflight.analysis.PageBoxes;
import dev.preflight.engine.view.PageComparison;
import dev.preflight.engine.view.PageDiff;
import dev.preflight.engine.view.Png;
import dev.preflight.jobs.JobReader;
import dev.preflight.jobs.JobView;
import dev.preflight.platform.NotFoundException;
import dev.preflight.platform.UnprocessableException;
import dev.preflight.platform.Validator;
import dev.preflight.tenancy.Caller;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Service;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * Two jobs of a tenant compared page by page (see docs/viewer.md, Page comparison): both pages rendered at the same
 * dpi, SSIM on luminance and a count of the pixels the diff picture colours. A page only one job has is compared
 * with a blank page of its size, so it is reported (all its ink green or red), not refused. Comparisons are stored
 * so their diff pictures can be asked for by id.
 */
@Service
class CompareService {

    static final int DEFAULT_DPI = 72;

    private final JobReader jobs;
    private final ViewerPages pages;
    private final ComparisonRepository comparisons;
    private final RenderWorkers workers;
    private final ViewerFiles files;
    private final ViewerProperties properties;
    private final InFlight inFlight = new InFlight();

    private final TileService tiles;

    CompareService(JobReader jobs, ViewerPages pages, ComparisonRepository comparisons,
                   RenderWorkers workers, ViewerFiles files, ViewerProperties properties, TileService tiles) {
        this.tiles = tiles;
        this.jobs = jobs;
        this.pages = pages;
        this.comparisons = comparisons;
        this.workers = workers;
        this.files = files;
        this.properties = properties;
    }

    ViewerResponses.Comparison compare(Caller caller, @Nullable String jobA, @Nullable String jobB,
                                       @Nullable Integer dpi) {
        var v = Validator.body();
        UUID a = v.required("job_a", jobA) ? v.uuid("job_a", jobA) : null;
        UUID b = v.required("job_b", jobB) ? v.uuid("job_b", jobB) : null;
        if (dpi != null && (dpi < ViewerLimits.MIN_DPI || dpi > ViewerLimits.MAX_DPI)) {
            v.add("dpi", "Input should be between 36 and 600", "value_error");
        }
        v.throwIfInvalid();
        int d = dpi == null ? DEFAULT_DPI : dpi;
        JobView first = jobs.require(caller.tenantId(), a.toString());
        JobView second = jobs.require(caller.tenantId(), b.toString());
        pages.requireComplete(first);
        pages.requireComplete(second);
        int count = Math.max(first.pages().size(), second.pages().size());
        long total = 0;
        for (int p = 1; p <= count; p++) {
            total += canvasPixels(first, second, p, d);
        }
        long budget = properties.compareMaxMegapixels() * 1_000_000L;
        if (total > budget) {
            // pixels grow with the square of the resolution
            int fits = (int) Math.floor(d * Math.sqrt((double) budget / total));
            throw new UnprocessableException(String.format(java.util.Locale.ROOT, "Comparing %d pages at %d dpi"
                            + " renders %.0f megapixels, more than the limit of %d megapixels; %s", count, d,
                    total / 1e6, properties.compareMaxMegapixels(), fits >= ViewerLimits.MIN_DPI
                            ? "the largest dpi that fits is " + fits + "." : "these documents are too large to compare."));
        }
        var results = new ArrayList<ViewerResponses.PageComparison>();
        for (int p = 1; p <= count; p++) {
            int pageNum = p;
            BufferedImage ia = render(first, pageNum, d, second);
            BufferedImage ib = render(second, pageNum, d, first);
            PageComparison c = workers.run(() -> PageDiff.compare(ia, ib));
            results.add(new ViewerResponses.PageComparison(pageNum, Math.round(c.ssim() * 1e6) / 1e6,
                    c.diffPixelCount(), c.totalPixels()));
        }
        var body = new ViewerResponses.Comparison(UUID.randomUUID().toString(), first.pages().size(),
                second.pages().size(), results);
        comparisons.insert(new ComparisonRepository.Stored(body.comparisonId(), caller.tenantId(), first.id(),
                second.id(), d, body));
        return body;
    }

    /** A stored comparison of the caller's tenant, checked for a page; 404 otherwise. */
    Diff diff(Caller caller, UUID comparisonId, int pageNum, @Nullable Integer dpi) {
        var stored = comparisons.find(caller.tenantId(), comparisonId.toString())
                .orElseThrow(() -> new NotFoundException("Comparison " + comparisonId + " not found."));
        int count = Math.max(stored.body().pageCountA(), stored.body().pageCountB());
        if (pageNum < 1 || pageNum > count) {
            throw new NotFoundException("Page " + pageNum + " is not in comparison " + comparisonId + ", which has "
                    + count + (count == 1 ? " page." : " pages."));
        }
        int d = ViewerParams.dpi(dpi, stored.dpi());
        JobView a = jobs.require(caller.tenantId(), stored.jobA());
        JobView b = jobs.require(caller.tenantId(), stored.jobB());
        long pixels = canvasPixels(a, b, pageNum, d);
        if (pixels > properties.maxPixels()) {
            throw new UnprocessableException(String.format(java.util.Locale.ROOT, "The diff of page %d at %d dpi"
                    + " needs %.1f megapixels, more than the limit of %.1f megapixels; ask for a lower dpi.", pageNum,
                    d, pixels / 1e6, properties.maxPixels() / 1e6));
        }
        String key = ViewerFiles.prefix(caller.tenantId(), stored.jobA()) + "/compare/" + stored.id() + "/p"
                + pageNum + "-d" + d + ".png";
        return new Diff(a, b, pageNum, d, key);
    }

    /** A diff picture asked for. */
    record Diff(JobView a, JobView b, int pageNum, int dpi, String key) {
        String etag() {
            return ViewerFiles.etag(key);
        }
    }

    /** The RGBA diff picture: green ink only in job_a, red only in job_b, amber a colour change. */
    byte[] png(Diff d) {
        byte[] stored = files.read(d.key());
        if (stored != null) {
            return stored;
        }
        return inFlight.once(d.key(), () -> {
            BufferedImage ia = render(d.a(), d.pageNum(), d.dpi(), d.b());
            BufferedImage ib = render(d.b(), d.pageNum(), d.dpi(), d.a());
            byte[] png = workers.run(() -> Png.encode(PageDiff.image(ia, ib)));
            files.write(d.a(), d.key(), png);
            return png;
        });
    }

    /**
     * A page of a job rendered whole as a soft proof, as the tiles show it; a page the job lacks is blank paper the
     * size of the other job's page.
     */
    private BufferedImage render(JobView job, int pageNum, int dpi, JobView other) {
        if (pageNum <= job.pages().size()) {
            return tiles.proofImage(job, pageNum, dpi);
        }
        PageBoxes page = other.pages().get(pageNum - 1);
        var grid = dev.preflight.engine.view.RasterGrid.of(ViewerPages.geometry(page), dpi);
        var blank = new BufferedImage(grid.width(), grid.height(), BufferedImage.TYPE_INT_RGB);
        Graphics2D g = blank.createGraphics();
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, grid.width(), grid.height());
        g.dispose();
        return blank;
    }

    private static long canvasPixels(JobView a, JobView b, int pageNum, int dpi) {
        long w = 0;
        long h = 0;
        for (JobView j : List.of(a, b)) {
            if (pageNum <= j.pages().size()) {
                var grid = dev.preflight.engine.view.RasterGrid.of(ViewerPages.geometry(j.pages().get(pageNum - 1)),
                        dpi);
                w = Math.max(w, grid.width());
                h = Math.max(h, grid.height());
            }
        }
        return w * h;
    }
}
