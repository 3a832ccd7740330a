package dev.preflight.engine.checks.page;

import dev.preflight.engine.Box;
import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.PageFacts;

import java.util.List;
import java.util.function.BiConsumer;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * Reports each page whose geometry breaks one rule (box missing, rotated, UserUnit, boxes not nested, ...), located
 * at the page; one instance per inspection id.
 */
public final class PageRuleCheck implements Check {

    private final CheckInfo info;
    /** Reads the check's parameters once per run and gives the test a page must pass to be reported. */
    private final Function<CheckContext, Predicate<PageFacts>> rule;
    private final Function<PageFacts, String> message;
    private final BiConsumer<PageFacts, CheckContext.Builder> details;

    private PageRuleCheck(String id, String name, String description, Severity severity, List<ParamSpec> parameters,
                          Function<CheckContext, Predicate<PageFacts>> rule, Function<PageFacts, String> message,
                          BiConsumer<PageFacts, CheckContext.Builder> details) {
        this.info = new CheckInfo(id, name, description, "page", severity, "page", parameters, false);
        this.rule = rule;
        this.message = message;
        this.details = details;
    }

    private PageRuleCheck(String id, String name, String description, Severity severity, Predicate<PageFacts> breaks,
                          Function<PageFacts, String> message, BiConsumer<PageFacts, CheckContext.Builder> details) {
        this(id, name, description, severity, List.of(), ctx -> breaks, message, details);
    }

    /** PAGE_BLEEDBOX_MISSING: a page has no explicit BleedBox. */
    public static PageRuleCheck bleedBoxMissing() {
        return new PageRuleCheck("PAGE_BLEEDBOX_MISSING", "BleedBox missing",
                "The page has no explicit BleedBox; the bleed area then defaults to the CropBox, which may include "
                        + "marks or slug information that should be cut away.",
                Severity.INFO, p -> p.geometry().bleedBox() == null,
                p -> "Page " + p.pageNum() + " has no BleedBox",
                (p, b) -> { });
    }

    /** PAGE_BLEED_OUTSIDE_MEDIA: the explicit BleedBox extends beyond the MediaBox. */
    public static PageRuleCheck bleedOutsideMedia() {
        return new PageRuleCheck("PAGE_BLEED_OUTSIDE_MEDIA", "BleedBox outside MediaBox",
                "The BleedBox is not inside the MediaBox. Readers clip it to the MediaBox, so the real bleed is "
                        + "smaller than declared.",
                Severity.WARNING,
                p -> p.geometry().bleedBox() != null && !p.geometry().mediaBox().contains(p.geometry().bleedBox()),
                p -> "Page " + p.pageNum() + ": BleedBox extends beyond the MediaBox",
                (p, b) -> b.bbox(p.geometry().bleedBox())
                        .detail("bleed_box", p.geometry().bleedBox().toList())
                        .detail("media_box", p.geometry().mediaBox().toList()));
    }

    /** PAGE_CROP_NOT_MEDIA: the visible area (CropBox) differs from the MediaBox (GWG R0003). */
    public static PageRuleCheck cropNotMedia() {
        return new PageRuleCheck("PAGE_CROP_NOT_MEDIA", "CropBox differs from MediaBox",
                "The CropBox (clipped to the MediaBox) does not coincide with the MediaBox (GWG R0003): part of the "
                        + "page is hidden in viewers but may still be processed or imposed.",
                Severity.ERROR,
                List.of(ParamSpec.number("tolerance_pt", 0.0, 0, 72, "allowed difference of each edge, points")),
                ctx -> {
                    double tol = ctx.number("tolerance_pt");
                    return p -> !p.geometry().cropBox().sameAs(p.geometry().mediaBox(), tol + 1e-3);
                },
                p -> "Page " + p.pageNum() + ": CropBox differs from MediaBox",
                (p, b) -> b.bbox(p.geometry().cropBox())
                        .detail("crop_box", p.geometry().cropBox().toList())
                        .detail("media_box", p.geometry().mediaBox().toList()));
    }

    /** PAGE_ROTATED: a page is rotated with /Rotate (GWG R0004). */
    public static PageRuleCheck rotated() {
        return new PageRuleCheck("PAGE_ROTATED", "Page rotated",
                "The page dictionary rotates the page with /Rotate (GWG R0004). Imposition software and RIPs "
                        + "disagree on whether to honour it, so pages can end up turned on the sheet.",
                Severity.WARNING, p -> p.geometry().rotation() != 0,
                p -> "Page " + p.pageNum() + " is rotated by " + p.geometry().rotation() + " degrees",
                (p, b) -> b.detail("rotation", p.geometry().rotation()));
    }

    /** PAGE_TRIMBOX_MISSING: a page defines neither a TrimBox nor an ArtBox. */
    public static PageRuleCheck trimBoxMissing() {
        return new PageRuleCheck("PAGE_TRIMBOX_MISSING", "TrimBox missing",
                "The page has no explicit TrimBox (and no ArtBox), so the finished size is unknown: imposition falls "
                        + "back to the CropBox, which usually includes bleed or marks.",
                Severity.ERROR, p -> p.geometry().trimBox() == null && p.geometry().artBox() == null,
                p -> "Page " + p.pageNum() + " has no TrimBox",
                (p, b) -> b.bbox(p.geometry().cropBox()));
    }

    /** PAGE_USERUNIT: a page scales its user space with /UserUnit (GWG R0002). */
    public static PageRuleCheck userUnit() {
        return new PageRuleCheck("PAGE_USERUNIT", "UserUnit used",
                "The page dictionary contains /UserUnit (GWG R0002): one unit is larger than 1/72 inch. Many tools "
                        + "ignore it, so the page prints at a fraction of its intended size.",
                Severity.ERROR, p -> p.geometry().userUnit() != 1.0,
                p -> "Page " + p.pageNum() + " has /UserUnit " + p.geometry().userUnit(),
                (p, b) -> b.detail("user_unit", p.geometry().userUnit()));
    }

    /** PAGE_TRIM_OUTSIDE_BLEED: the TrimBox (or ArtBox) extends beyond the explicit BleedBox. */
    public static PageRuleCheck trimOutsideBleed() {
        return new PageRuleCheck("PAGE_TRIM_OUTSIDE_BLEED", "TrimBox outside BleedBox",
                "The TrimBox (or ArtBox) is not inside the BleedBox: the finished page would be cut outside the area "
                        + "the designer prepared, leaving missing content at the edge.",
                Severity.ERROR,
                p -> declaredTrim(p) != null && p.geometry().bleedBox() != null
                        && !p.geometry().bleedBox().contains(declaredTrim(p)),
                p -> "Page " + p.pageNum() + ": TrimBox extends beyond the BleedBox",
                (p, b) -> b.bbox(declaredTrim(p))
                        .detail("trim_box", declaredTrim(p).toList())
                        .detail("bleed_box", p.geometry().bleedBox().toList()));
    }

    /** PAGE_TRIM_OUTSIDE_MEDIA: the TrimBox (or ArtBox) extends beyond the MediaBox. */
    public static PageRuleCheck trimOutsideMedia() {
        return new PageRuleCheck("PAGE_TRIM_OUTSIDE_MEDIA", "TrimBox outside MediaBox",
                "The TrimBox (or ArtBox) is not inside the MediaBox: part of the finished page has no content at all.",
                Severity.ERROR,
                p -> declaredTrim(p) != null && !p.geometry().mediaBox().contains(declaredTrim(p)),
                p -> "Page " + p.pageNum() + ": TrimBox extends beyond the MediaBox",
                (p, b) -> b.bbox(declaredTrim(p))
                        .detail("trim_box", declaredTrim(p).toList())
                        .detail("media_box", p.geometry().mediaBox().toList()));
    }

    /** The explicit TrimBox, else the explicit ArtBox, else null (no CropBox fallback, unlike effectiveTrim). */
    private static Box declaredTrim(PageFacts p) {
        return p.geometry().trimBox() != null ? p.geometry().trimBox() : p.geometry().artBox();
    }

    @Override
    public CheckInfo info() {
        return info;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        Predicate<PageFacts> breaks = rule.apply(ctx);
        for (PageFacts p : facts.pages()) {
            if (breaks.test(p)) {
                CheckContext.Builder b = ctx.finding(message.apply(p)).page(p.pageNum());
                details.accept(p, b);
                b.report();
            }
        }
    }
}
