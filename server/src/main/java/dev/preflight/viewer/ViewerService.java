package dev.preflight.viewer;

import dev.preflight.analysis.PageBoxes;
import dev.preflight.engine.view.DensitometerReading;
import dev.preflight.engine.view.PixelSample;
import dev.preflight.engine.view.TacRuns;
import dev.preflight.jobs.BrandReferences;
import dev.preflight.jobs.JobView;
import dev.preflight.platform.RequestValidationException;
import dev.preflight.tenancy.Caller;
import dev.preflight.tenancy.Plan;
import dev.preflight.tenancy.TenancyService;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.stereotype.Service;

import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import java.util.function.Supplier;

/**
 * Every viewer operation, on a job already resolved by {@link ViewerJobs} (bearer key or share token), so a route
 * and its public twin are one handler ({@link ViewerRoutes}). Routes that need the processed document answer 409
 * until the job completed; document-level lists that a capability stands for (channels, TAC summary, fonts, images,
 * text regions) answer 409 until the job has that capability; page renders work for every completed job.
 */
@Service
class ViewerService {

    private final ViewerPages pages;
    private final TileService tiles;
    private final SeparationService separations;
    private final InkService ink;
    private final InspectionService inspections;
    private final TextRegionService textRegions;
    private final CapabilityService capabilities;
    private final TileWarming warming;
    private final VerdictService verdicts;
    private final ObjectProvider<BrandReferences> brandReferences;
    private final TenancyService tenancy;
    private final ObjectProvider<ViewerBranding> branding;
    private final ViewerProperties properties;

    ViewerService(ViewerPages pages, TileService tiles, SeparationService separations, InkService ink,
                  InspectionService inspections, TextRegionService textRegions, CapabilityService capabilities,
                  TileWarming warming, VerdictService verdicts, ObjectProvider<BrandReferences> brandReferences,
                  TenancyService tenancy,
                  ObjectProvider<ViewerBranding> branding, ViewerProperties properties) {
        this.pages = pages;
        this.tiles = tiles;
        this.separations = separations;
        this.ink = ink;
        this.inspections = inspections;
        this.textRegions = textRegions;
        this.capabilities = capabilities;
        this.warming = warming;
        this.verdicts = verdicts;
        this.brandReferences = brandReferences;
        this.tenancy = tenancy;
        this.branding = branding;
        this.properties = properties;
    }

    /** A PNG answer: its ETag is known before it is rendered, so a matching If-None-Match costs no render. */
    record Png(String etag, Supplier<byte[]> body) {
    }

    ViewerResponses.PageList pages(ViewedJob v) {
        JobView job = v.job();
        pages.requireComplete(job);
        var list = job.pages().stream().map(p -> new ViewerResponses.Page(p.pageNum(), p.widthPts(), p.heightPts(),
                p.mediaBox(), p.cropBox(), p.trimBox() == null ? p.cropBox() : p.trimBox(), p.bleedBox(),
                p.rotation())).toList();
        return new ViewerResponses.PageList(job.id(), list.size(), list);
    }

    ViewerResponses.DocumentInfo info(ViewedJob v) {
        pages.requireComplete(v.job());
        return inspections.ensure(v.job(), properties.documentWait()).info();
    }

    ViewerResponses.FontList fonts(ViewedJob v) {
        capabilities.require(v, "fonts", "The font list");
        return inspections.ensure(v.job(), properties.documentWait()).fonts();
    }

    ViewerResponses.ImageList images(ViewedJob v) {
        capabilities.require(v, "images", "The image list");
        return inspections.ensure(v.job(), properties.documentWait()).images();
    }

    ViewerResponses.LayerList layers(ViewedJob v) {
        JobView job = v.job();
        pages.requireComplete(job);
        var list = job.capabilities() == null ? List.<ViewerResponses.Layer>of()
                : job.capabilities().optionalContentGroups().stream()
                .map(l -> new ViewerResponses.Layer(l.name(), l.ocgIndex(), l.defaultOn())).toList();
        return new ViewerResponses.LayerList(job.id(), list);
    }

    ViewerResponses.ChannelList separations(ViewedJob v) {
        capabilities.require(v, "separations", "The separations");
        return ink.channels(v.job(), properties.documentWait());
    }

    ViewerResponses.TacSummary tac(ViewedJob v) {
        capabilities.require(v, "tac", "The TAC summary");
        return ink.ensure(v.job(), properties.documentWait()).tac();
    }

    ViewerResponses.TextRegions textRegions(ViewedJob v, int pageNum) {
        pages.page(v.job(), pageNum);
        capabilities.require(v, "text_regions", "The text regions");
        return textRegions.page(v.job(), pageNum);
    }

    Png tilePng(ViewedJob v, int pageNum, @Nullable Integer dpi, @Nullable String ocgOn, @Nullable String ocgOff,
                @Nullable Double x, @Nullable Double y, @Nullable Double w, @Nullable Double h,
                @Nullable String proof) {
        TileService.Tile t = tiles.tile(v, pageNum, dpi, ocgOn, ocgOff, x, y, w, h, proof);
        return new Png(t.etag(), () -> tiles.bytes(t));
    }

    /** A channel plate; {@code name} as decoded from the path (spaces given as '+' already turned into spaces). */
    Png channel(ViewedJob v, int pageNum, String name, @Nullable Integer dpi) {
        JobView job = v.job();
        PageBoxes page = pages.page(job, pageNum);
        int d = dpi(dpi);
        return new Png(ViewerFiles.etag(SeparationService.channelKey(job, pageNum, d, name)),
                () -> separations.channelPng(job, page, d, name));
    }

    /**
     * The page's plates without the hidden inks, through the job's output condition; names as decoded from the
     * query (each {@code hide} one ink, exactly as the separations list spells it).
     */
    Png plates(ViewedJob v, int pageNum, @Nullable Integer dpi, java.util.@Nullable List<String> hide) {
        JobView job = v.job();
        PageBoxes page = pages.page(job, pageNum);
        int d = dpi(dpi);
        var hidden = new java.util.TreeSet<String>();
        if (hide != null) {
            for (String name : hide) {
                if (name == null || name.isBlank() || name.length() > 255) {
                    throw RequestValidationException.of("query", "hide", "Each hide names one ink, 1 to 255 "
                            + "characters, as GET .../separations lists it", "value_error");
                }
                hidden.add(name);
            }
        }
        var condition = tiles.condition(job);
        return new Png(ViewerFiles.etag(SeparationService.platesKey(job, pageNum, d, hidden, condition)),
                () -> separations.platesPng(job, page, d, hidden, condition));
    }

    Png heatmap(ViewedJob v, int pageNum, @Nullable Integer dpi, @Nullable Double tacLimit) {
        JobView job = v.job();
        PageBoxes page = pages.page(job, pageNum);
        int d = dpi(dpi);
        double limit = limit(tacLimit);
        var condition = tiles.condition(job);
        return new Png(ViewerFiles.etag(SeparationService.heatmapKey(job, pageNum, d, limit, condition)),
                () -> separations.heatmapPng(job, page, d, limit, condition));
    }

    ViewerResponses.TacRunList runs(ViewedJob v, int pageNum, @Nullable Integer dpi, @Nullable Double tacLimit) {
        JobView job = v.job();
        PageBoxes page = pages.page(job, pageNum);
        TacRuns runs = separations.runs(job, page, dpi(dpi), limit(tacLimit));
        return new ViewerResponses.TacRunList(job.id(), pageNum, runs.dpi(), runs.tacLimit(), runs.totalCount(),
                runs.runs().stream().map(r -> new ViewerResponses.TacRun(r.x0(), r.y0(), r.x1(), r.y1(),
                        r.meanTac(), r.limit(), r.exceeds())).toList());
    }

    ViewerResponses.ColorSample sample(ViewedJob v, int pageNum, double x, double y, @Nullable Integer dpi) {
        JobView job = v.job();
        PageBoxes page = pages.page(job, pageNum);
        int d = dpi(dpi);
        ViewerParams.point(x, y);
        PixelSample s = separations.sample(job, page, d, x, y, tiles.condition(job));
        return new ViewerResponses.ColorSample(s.x(), s.y(), s.rgb(), s.hex(), s.tac());
    }

    ViewerResponses.DensitometerReading densitometer(ViewedJob v, int pageNum, double x, double y,
                                                     @Nullable Integer dpi, @Nullable Double tacLimit) {
        JobView job = v.job();
        PageBoxes page = pages.page(job, pageNum);
        int d = dpi(dpi);
        double limit = limit(tacLimit);
        ViewerParams.point(x, y);
        DensitometerReading r = separations.densitometer(job, page, d, x, y, limit);
        return new ViewerResponses.DensitometerReading(r.x(), r.y(), r.dpi(), r.channels().stream()
                .map(c -> new ViewerResponses.ChannelReading(c.name(), c.percent())).toList(), r.tac(),
                r.tacLimit(), r.limitExceeded());
    }

    ViewerResponses.TileWarming tileWarming(ViewedJob v) {
        pages.requireComplete(v.job());
        return warming.status(v.job());
    }

    /**
     * The viewer config; {@code brand} as on submit: anonymous, service or a brand profile UUID. Through a share link
     * the branding is the one frozen when the link was minted ({@code brand} is not taken: a visitor cannot pick
     * another of the tenant's profiles), and the two gates that describe what the caller may do say what the visitor
     * may do: {@code capability_fillin_enabled} is false (fill-in needs an API key) and {@code annotations_enabled}
     * also needs the link's {@code allow_annotations}.
     */
    ViewerResponses.ViewerConfig config(ViewedJob v, @Nullable String brand) {
        JobView job = v.job();
        ViewerBrand brandFields;
        SharedJob share = v.share();
        if (share != null) {
            brandFields = share.branding();
        } else {
            String b = brand == null || brand.isBlank() ? null : brand.trim();
            if (b != null && !b.equals("anonymous") && !b.equals("service")) {
                BrandReferences.requireBrandProfile(brandReferences.getIfAvailable(), v.tenantId(), brandProfile(b));
            }
            ViewerBranding resolver = branding.getIfAvailable();
            brandFields = resolver == null ? ViewerBrand.ANONYMOUS : resolver.resolve(job, b);
        }
        Plan plan = tenancy.tenant(v.tenantId()).plan();
        boolean fillIn = share == null && tenancy.allows(plan, "capability_fillin");
        boolean annotations = tenancy.allows(plan, "annotations") && (share == null || share.allowAnnotations());
        String formats = tenancy.entitlements(plan).getOrDefault("report_formats", "");
        List<String> allowed = Arrays.stream(formats.split(",")).map(String::trim).filter(s -> !s.isEmpty()).toList();
        ViewerProperties.Defaults d = properties.defaults();
        return new ViewerResponses.ViewerConfig(d.enableSeparations(), d.enableTacHeatmap(), d.enableAnnotations(),
                d.enableMeasurement(), d.enableComparison(), d.enableLayers(), d.enableFindingsPanel(),
                d.enablePageThumbnails(), d.enableZoom(), d.enableDownload(), d.enableHtmlReportLink(),
                d.verdictMode(), d.defaultZoom(), d.defaultDpi(), d.defaultTacLimit(), d.viewerLogoUrl(),
                d.viewerAccentColor(), d.toolbarPosition(), d.darkMode(), brandFields.brandName(),
                brandFields.brandLogoUrl(), brandFields.brandPrimaryColor(), brandFields.brandAccentColor(),
                brandFields.tenantName(), brandFields.supportEmail(), brandFields.anonymous(),
                job.preflightSource(), capabilities.capabilities(job),
                fillIn, annotations, allowed, d.simulateOverprint());
    }

    ViewerResponses.Verdict verdict(ViewedJob v) {
        return verdicts.verdict(v);
    }

    ViewerResponses.Verdict recordVerdict(ViewedJob v, Caller caller, @Nullable String verdict,
                                          @Nullable String notes) {
        return verdicts.record(v, caller, verdict, notes);
    }

    ViewerResponses.CapabilityFill fill(ViewedJob v, Caller caller, String capability) {
        return capabilities.fill(v, caller, capability);
    }

    private static UUID brandProfile(String brand) {
        try {
            UUID id = UUID.fromString(brand);
            if (id.toString().equalsIgnoreCase(brand)) {
                return id;
            }
        } catch (IllegalArgumentException ignored) {
            // reported below
        }
        throw RequestValidationException.of("query", "brand",
                "Input should be 'anonymous', 'service' or a brand profile UUID", "value_error");
    }

    private int dpi(@Nullable Integer dpi) {
        return ViewerParams.dpi(dpi, properties.defaults().defaultDpi());
    }

    private double limit(@Nullable Double limit) {
        return ViewerParams.tacLimit(limit, properties.defaults().defaultTacLimit());
    }
}
