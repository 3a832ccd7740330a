package dev.preflight.viewer;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.preflight.analysis.PageBoxes;
import dev.preflight.engine.view.ChannelPlates;
import dev.preflight.engine.view.Densitometer;
import dev.preflight.engine.view.PixelSample;
import dev.preflight.engine.view.PlateComposite;
import dev.preflight.engine.view.ProofLut;
import dev.preflight.engine.view.Png;
import dev.preflight.engine.view.SeparationFile;
import dev.preflight.engine.view.SeparationPage;
import dev.preflight.engine.view.SoftProof;
import dev.preflight.engine.view.Separations;
import dev.preflight.engine.view.TacHeatmap;
import dev.preflight.engine.view.TacRuns;
import dev.preflight.jobs.JobReader;
import dev.preflight.jobs.JobView;
import dev.preflight.platform.NotFoundException;
import dev.preflight.platform.PlatformProperties;
import dev.preflight.platform.RequestValidationException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.stereotype.Service;

import java.awt.color.ICC_ColorSpace;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * Everything read from a page's separations: channel plates, the TAC heatmap and runs, the densitometer and the
 * colour picker's TAC. A page's separations are rendered by Ghostscript (overprint simulated; the CMYK device for a
 * page without spot inks, {@code tiffsep} otherwise) once per (page, dpi), stored as one {@link SeparationFile} with
 * the job's files, and every reading of that page and dpi comes from that one render. Recently used renders are also
 * kept decoded in memory, up to a bound.
 */
@Service
class SeparationService implements DisposableBean {

    private static final Logger log = LoggerFactory.getLogger(SeparationService.class);

    private final ViewerFiles files;
    private final JobReader jobs;
    private final OpenDocuments documents;
    private final RenderWorkers workers;
    private final InkService ink;
    private final ProofTables tables;
    private final Separations renderer;
    private final Path scratch;
    private final long cacheBytes;
    private final InFlight inFlight = new InFlight();
    /** Renders answered already but not stored yet, by file key. */
    private final ConcurrentHashMap<String, SeparationPage> pending = new ConcurrentHashMap<>();
    /** Writes new renders to the blob store, off the request's path. */
    private final ExecutorService storing = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "viewer-store");
        t.setDaemon(true);
        return t;
    });
    /** Spot inks' CMYK equivalents by job, page and condition. */
    private final Cache<String, Map<String, float[]>> spotInks = Caffeine.newBuilder().maximumSize(2000).build();
    /** Decoded renders by file key, up to the configured size. */
    private final DecodedRenders<SeparationPage> decoded;

    SeparationService(ViewerFiles files, JobReader jobs, OpenDocuments documents, RenderWorkers workers,
                      InkService ink, ViewerProperties properties, PlatformProperties platform,
                      ProofTables tables) {
        this.files = files;
        this.tables = tables;
        this.jobs = jobs;
        this.documents = documents;
        this.workers = workers;
        this.ink = ink;
        this.scratch = platform.scratchDir().resolve("viewer");
        this.renderer = new Separations(properties.ghostscript(), scratch, properties.renderTimeout());
        this.cacheBytes = properties.separationCacheMb() * 1024L * 1024L;
        this.decoded = new DecodedRenders<>(cacheBytes, SeparationService::bytes);
    }

    /** The greyscale plate of one channel: dark is ink. A channel of the document absent from this page is white. */
    byte[] channelPng(JobView job, PageBoxes page, int dpi, String name) {
        String key = key(job, "channel", page.pageNum(), dpi, ViewerFiles.digest(name)) + ".png";
        return cached(job, key, () -> {
            SeparationPage sp = page(job, page, dpi);
            if (sp.channel(name) != null) {
                return workers.run(() -> ChannelPlates.png(sp, name));
            }
            if (ink.knownChannels(job).stream().anyMatch(c -> c.name().equals(name))) {
                byte[] white = new byte[sp.width() * sp.height()];
                Arrays.fill(white, (byte) 0xff);
                return workers.run(() -> Png.gray(white, sp.width(), sp.height()));
            }
            throw new NotFoundException("Page " + page.pageNum() + " has no separation named '" + name + "'; it has "
                    + String.join(", ", sp.channels().stream().map(c -> c.name()).toList()) + ".");
        });
    }

    /** The ETag of a channel plate. */
    static String channelKey(JobView job, int pageNum, int dpi, String name) {
        return key(job, "channel", pageNum, dpi, ViewerFiles.digest(name)) + ".png";
    }

    /**
     * What the page's plates print with some inks left out, shown through the output condition (see {@link
     * PlateComposite}); every name in {@code hidden} must be one of the job's inks or this page's.
     */
    byte[] platesPng(JobView job, PageBoxes page, int dpi, SortedSet<String> hidden, SoftProof.Condition condition) {
        return cached(job, platesKey(job, page.pageNum(), dpi, hidden, condition), () -> {
            SeparationPage sp = page(job, page, dpi);
            Set<String> known = new java.util.HashSet<>();
            sp.channels().forEach(c -> known.add(c.name()));
            ink.knownChannels(job).forEach(c -> known.add(c.name()));
            List<String> unknown = hidden.stream().filter(n -> !known.contains(n)).toList();
            if (!unknown.isEmpty()) {
                throw RequestValidationException.of("query", "hide", "No ink of this job is named "
                        + String.join(", ", unknown.stream().map(n -> "'" + n + "'").toList()) + "; its inks are "
                        + String.join(", ", known.stream().sorted().toList()) + ".", "value_error");
            }
            Map<String, float[]> spots = spotInks(job, page.pageNum(), condition);
            ProofLut lut = tables.lut(condition);
            return workers.run(() -> Png.encode(PlateComposite.compose(sp, hidden, spots, lut)));
        });
    }

    static String platesKey(JobView job, int pageNum, int dpi, SortedSet<String> hidden,
                            SoftProof.Condition condition) {
        return key(job, "plates", pageNum, dpi, ViewerFiles.digest(String.join("\u0000", hidden)) + "-"
                + condition.digest().substring(0, 16)) + ".png";
    }

    /** Each spot ink of a page with its equivalent in a condition's CMYK, read once per page and condition. */
    private Map<String, float[]> spotInks(JobView job, int pageNum, SoftProof.Condition condition) {
        return spotInks.get(job.id() + "/" + pageNum + "/" + condition.digest(), k -> {
            ICC_ColorSpace cmyk = tables.cmyk(condition);
            return workers.run(() -> documents.with(job, r -> r.spotInks(pageNum, cmyk)));
        });
    }

    /**
     * The heatmap: the page in grey, pixels whose total ink is above the limit tinted red. The grey page is the
     * composite of the same plates through the output condition, so it shows what prints (white set to overprint
     * is gone, as on the tile) and needs no render of its own.
     */
    byte[] heatmapPng(JobView job, PageBoxes page, int dpi, double tacLimit, SoftProof.Condition condition) {
        return cached(job, heatmapKey(job, page.pageNum(), dpi, tacLimit, condition), () -> {
            SeparationPage sp = page(job, page, dpi);
            Map<String, float[]> spots = spotInks(job, page.pageNum(), condition);
            ProofLut lut = tables.lut(condition);
            return workers.run(() -> Png.encode(TacHeatmap.render(
                    PlateComposite.compose(sp, Set.of(), spots, lut), sp, tacLimit)));
        });
    }

    static String heatmapKey(JobView job, int pageNum, int dpi, double tacLimit, SoftProof.Condition condition) {
        return key(job, "tac", pageNum, dpi, "l" + ViewerParams.keyNumber(tacLimit) + "-c"
                + condition.digest().substring(0, 16)) + ".png";
    }

    /** The runs above a limit (see {@link TacRuns}); at most the 200 largest, with the true count. */
    TacRuns runs(JobView job, PageBoxes page, int dpi, double tacLimit) {
        SeparationPage sp = page(job, page, dpi);
        return workers.run(() -> TacRuns.of(sp, tacLimit, TacRuns.DEFAULT_MAX_RUNS));
    }

    /**
     * The 3 x 3 densitometer at a point (PDF points, origin lower-left): from the render in memory when it is
     * there, else from the stored file (only the rows under the patch are read), else from a new render.
     */
    dev.preflight.engine.view.DensitometerReading densitometer(JobView job, PageBoxes page, int dpi, double x,
                                                               double y, double tacLimit) {
        try {
            SeparationPage memory = inMemory(separationKey(job, page.pageNum(), dpi));
            if (memory != null) {
                return Densitometer.read(memory, x, y, tacLimit);
            }
            SeparationFile file = storedFile(job, page, dpi);
            return file != null ? Densitometer.read(file, x, y, tacLimit)
                    : Densitometer.read(page(job, page, dpi), x, y, tacLimit);
        } catch (IOException | RuntimeException e) {
            throw ViewerErrors.translate(e);
        }
    }

    /**
     * The colour picker: total ink of the separations' pixel at a point and its RGB as the soft proof shows it (the
     * composite of the same plates through the output condition).
     */
    PixelSample sample(JobView job, PageBoxes page, int dpi, double x, double y, SoftProof.Condition condition) {
        SeparationPage sp = page(job, page, dpi);
        Map<String, float[]> spots = spotInks(job, page.pageNum(), condition);
        ProofLut lut = tables.lut(condition);
        try {
            return PixelSample.of(x, y, PlateComposite.rgbAt(sp, spots, lut, x, y), Densitometer.pixelTac(sp, x, y));
        } catch (RuntimeException e) {
            throw ViewerErrors.translate(e);
        }
    }

    /**
     * The render of a page decoded in memory: from memory, the stored file, or a new Ghostscript render. A new
     * render is answered from memory at once and written to the blob store on a background thread; until it is
     * stored it stays in memory, so it is never rendered twice on this node.
     */
    SeparationPage page(JobView job, PageBoxes page, int dpi) {
        String key = separationKey(job, page.pageNum(), dpi);
        SeparationPage hit = inMemory(key);
        if (hit != null) {
            return hit;
        }
        return inFlight.once(key, () -> {
            SeparationPage again = inMemory(key);
            if (again != null) {
                return again;
            }
            Path stored = files.local(key);
            if (stored != null) {
                try {
                    SeparationPage loaded = SeparationFile.read(stored);
                    decoded.put(key, loaded);
                    return loaded;
                } catch (IOException e) {
                    throw new UncheckedIOException("the stored separations of page " + page.pageNum()
                            + " are unreadable", e);
                }
            }
            SeparationPage rendered = workers.run(() -> processOnly(job)
                    ? renderer.render(jobs.documentFile(job), ViewerPages.geometry(page), dpi, false)
                    : renderer.render(jobs.documentFile(job), ViewerPages.geometry(page), dpi));
            pending.put(key, rendered);
            decoded.put(key, rendered);
            storing.execute(() -> store(job, key, rendered));
            return rendered;
        });
    }

    /**
     * True when the job's channels are known and all process inks: every page then goes to the CMYK device at
     * once. Otherwise the engine scans the page while the CMYK render starts, and uses tiffsep if the page may
     * carry spot inks.
     */
    private boolean processOnly(JobView job) {
        List<ViewerResponses.Channel> channels = ink.knownChannels(job);
        return !channels.isEmpty() && channels.stream().allMatch(c -> c.type().equals("process"));
    }

    /** The stored file of a render opened for reading a few rows, or null when it is not stored (yet). */
    private SeparationFile storedFile(JobView job, PageBoxes page, int dpi) throws IOException {
        Path stored = files.local(separationKey(job, page.pageNum(), dpi));
        return stored == null ? null : SeparationFile.open(stored);
    }

    private void store(JobView job, String key, SeparationPage page) {
        Path tmp = null;
        try {
            Files.createDirectories(scratch);
            tmp = Files.createTempFile(scratch, "sep-", ".tmp");
            SeparationFile.write(page, tmp);
            files.write(job, key, tmp);
        } catch (IOException | RuntimeException e) {
            log.warn("could not store the separations {}: {}", key, e.toString());
        } finally {
            pending.remove(key, page);
            if (tmp != null) {
                try {
                    Files.deleteIfExists(tmp);
                } catch (IOException ignored) {
                    // scratch space; cleaned with the data directory
                }
            }
        }
    }

    private SeparationPage inMemory(String key) {
        SeparationPage p = pending.get(key);
        return p != null ? p : decoded.get(key);
    }

    static String separationKey(JobView job, int pageNum, int dpi) {
        return key(job, "sep", pageNum, dpi, null) + ".sep";
    }

    private static String key(JobView job, String kind, int pageNum, int dpi, String extra) {
        return ViewerFiles.prefix(job.tenantId(), job.id()) + "/" + kind + "/p" + pageNum + "-d" + dpi
                + (extra == null ? "" : "-" + extra);
    }

    private byte[] cached(JobView job, String key, java.util.function.Supplier<byte[]> render) {
        byte[] stored = files.read(key);
        if (stored != null) {
            return stored;
        }
        return inFlight.once(key, () -> {
            byte[] again = files.read(key);
            if (again != null) {
                return again;
            }
            byte[] png = render.get();
            files.write(job, key, png);
            return png;
        });
    }

    /** Drops the job's decoded renders (the job was deleted). */
    void forget(String tenantId, String jobId) {
        String prefix = ViewerFiles.prefix(tenantId, jobId) + "/";
        pending.keySet().removeIf(k -> k.startsWith(prefix));
        decoded.forget(prefix);
    }

    private static long bytes(SeparationPage page) {
        return (long) page.width() * page.height() * Math.max(1, page.channels().size());
    }

    /** Lets the pending stores finish (a few seconds at most) so a restart does not render them again. */
    @Override
    public void destroy() throws InterruptedException {
        storing.shutdown();
        storing.awaitTermination(10, java.util.concurrent.TimeUnit.SECONDS);
    }
}
