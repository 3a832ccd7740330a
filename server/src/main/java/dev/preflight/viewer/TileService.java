package dev.preflight.viewer;

import dev.preflight.analysis.PageBoxes;
import dev.preflight.engine.Box;
import dev.preflight.engine.view.LayerToggles;
import dev.preflight.engine.view.PixelBudgetExceededException;
import dev.preflight.jobs.JobView;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Service;

import java.util.stream.Collectors;

/**
 * Page tiles: PNGs drawn by PDFBox on the page's pixel grid (see docs/viewer.md), with layers forced on or off and
 * optionally only a region of the page. A tile is rendered once per (job, page, dpi, layer state, region) and stored
 * with the job's files; the same key gives its ETag.
 */
@Service
class TileService {

    private final ViewerPages pages;
    private final ViewerFiles files;
    private final OpenDocuments documents;
    private final RenderWorkers workers;
    private final ViewerProperties properties;
    private final InFlight inFlight = new InFlight();

    TileService(ViewerPages pages, ViewerFiles files, OpenDocuments documents, RenderWorkers workers,
                ViewerProperties properties) {
        this.pages = pages;
        this.files = files;
        this.documents = documents;
        this.workers = workers;
        this.properties = properties;
    }

    /** One tile asked for, checked and named; {@link #bytes} renders it when it is not stored yet. */
    record Tile(JobView job, int pageNum, int dpi, LayerToggles toggles, @Nullable Box region, String key) {

        String etag() {
            return ViewerFiles.etag(key);
        }
    }

    /**
     * Checks a tile request: the page exists (404), dpi, layer toggles and region are valid and the render fits the
     * pixel budget (422, naming the largest dpi that fits).
     */
    Tile tile(ViewedJob v, int pageNum, @Nullable Integer dpi, @Nullable String ocgOn, @Nullable String ocgOff,
              @Nullable Double x, @Nullable Double y, @Nullable Double w, @Nullable Double h) {
        JobView job = v.job();
        PageBoxes page = pages.page(job, pageNum);
        int d = ViewerParams.dpi(dpi, properties.defaults().defaultDpi());
        LayerToggles toggles = ViewerParams.toggles(ocgOn, ocgOff, layerCount(job));
        Box region = ViewerParams.region(x, y, w, h);
        try {
            documents.budget().require(ViewerPages.geometry(page), d, region);
        } catch (PixelBudgetExceededException e) {
            throw ViewerErrors.translate(e);
        }
        return new Tile(job, pageNum, d, toggles, region, key(job, pageNum, d, toggles, region));
    }

    /** The tile of a whole page with the default layers, as tile warming renders it. */
    Tile defaultTile(JobView job, int pageNum, int dpi) {
        return new Tile(job, pageNum, dpi, LayerToggles.NONE, null, key(job, pageNum, dpi, LayerToggles.NONE, null));
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
            byte[] png = workers.run(() -> documents.with(t.job(),
                    r -> r.render(t.pageNum(), t.dpi(), t.toggles(), t.region()).png()));
            files.write(t.job(), t.key(), png);
            return png;
        });
    }

    /** True when the tile is stored already. */
    boolean stored(Tile t) {
        return files.exists(t.key());
    }

    /**
     * The colour of the pixel holding a point (PDF points, origin lower-left) on the tile grid at a resolution, as
     * {@code 0xRRGGBB}; only that pixel is rasterised.
     */
    int rgbAt(JobView job, int pageNum, int dpi, double x, double y) {
        return workers.run(() -> documents.with(job, r -> r.rgbAt(pageNum, dpi, x, y)));
    }

    static int layerCount(JobView job) {
        return job.capabilities() == null ? 0 : job.capabilities().optionalContentGroups().size();
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
