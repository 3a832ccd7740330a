package dev.preflight.engine.checks.processing;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.checks.Colorants;
import dev.preflight.engine.checks.PageElements;
import dev.preflight.engine.checks.SkippedObjects;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.OptionalContentFact;
import dev.preflight.engine.facts.PageFacts;
import dev.preflight.engine.facts.PaintColor;
import dev.preflight.engine.facts.PaintedElement;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A special ink printed over the artwork (white on film or foil, varnish on top) that knocks out: the artwork below
 * it is cut away. One class, one id per ink: WHITE_INK_NOT_OVERPRINT and VARNISH_NOT_OVERPRINT.
 */
public final class SpecialInkKnockoutCheck implements Check {

    /** Names white inks are given. */
    static final List<String> WHITE_NAMES = List.of("White", "Opaque White", "Weiss", "Deckweiss", "Blanc",
            "Bianco", "Blanco", "Underprint");
    /** Names varnishes and coatings are given. */
    static final List<String> VARNISH_NAMES = List.of("Varnish", "Spot Varnish", "Spot UV", "UV Varnish",
            "Lack", "Drucklack", "Lackierung", "Vernis", "Barniz", "Vernice", "Coating");

    private final CheckInfo info;
    /** The ISO 19593-1 processing-step group whose objects are this ink whatever their colour's name. */
    private final String group;
    private final String ink;

    private SpecialInkKnockoutCheck(String id, String name, String ink, String group, List<String> names) {
        this.ink = ink;
        this.group = group;
        this.info = new CheckInfo(id, name,
                "An object in " + ink + " (a spot colour whose name is in names, or any spot object of an ISO "
                        + "19593-1 processing-step layer of group " + group + ") that does not overprint knocks out "
                        + "the artwork below it: where the " + ink + " is, the other inks are cut away. The " + ink
                        + " must be set to overprint (ISO 19593-1 6.3; printers' packaging guidelines). Objects on "
                        + "layers that are off count too, since the " + ink + " plate is made from them anyway; "
                        + "with only_overlapping, objects in front of nothing (GWG D0031) are skipped. Names "
                        + "compare without case, spaces, hyphens, underscores or a trailing number, as a whole "
                        + "name or one of its words.",
                "processing_steps", Severity.WARNING, "path", List.of(
                        ParamSpec.strings("names", names, "ink names taken for " + ink),
                        ParamSpec.bool("only_overlapping", true,
                                "skip objects in front of nothing, where a knockout cuts nothing away (GWG D0031)")),
                false);
    }

    /** WHITE_INK_NOT_OVERPRINT. */
    public static SpecialInkKnockoutCheck white() {
        return new SpecialInkKnockoutCheck("WHITE_INK_NOT_OVERPRINT", "White ink knocks out", "white ink", "White",
                WHITE_NAMES);
    }

    /** VARNISH_NOT_OVERPRINT. */
    public static SpecialInkKnockoutCheck varnish() {
        return new SpecialInkKnockoutCheck("VARNISH_NOT_OVERPRINT", "Varnish knocks out", "varnish", "Varnish",
                VARNISH_NAMES);
    }

    @Override
    public CheckInfo info() {
        return info;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        List<String> names = ctx.strings("names");
        boolean onlyOverlapping = ctx.bool("only_overlapping");
        Map<String, OptionalContentFact.Group> steps = ProcessingSteps.byName(facts);
        var skips = new SkippedObjects();
        for (PageFacts p : facts.pages()) {
            for (PaintedElement e : p.elements()) {
                if (PageElements.paintsNothing(e) || "outside_page".equals(e.notVisibleReason())
                        || !PageElements.paintsText(e)) {
                    continue;
                }
                OptionalContentFact.Group layer = e.ocgName() == null ? null : steps.get(e.ocgName());
                boolean inGroup = layer != null && group.equals(layer.procStepGroup());
                for (PageElements.Paint paint : ctx.content(facts).paints(e)) {
                    String special = special(paint.color(), names, inGroup);
                    boolean overprint = paint.role().equals("stroke") ? e.overprintStroke() : e.overprintFill();
                    if (special == null || overprint) {
                        continue;
                    }
                    if (onlyOverlapping && !e.overlapping()) {
                        skips.count(p.pageNum(), SkippedObjects.NOT_OVERLAPPING);
                        break;
                    }
                    ctx.finding(Character.toUpperCase(ink.charAt(0)) + ink.substring(1) + " \"" + special
                                    + "\" knocks out: its " + paint.role() + " does not overprint")
                            .page(p.pageNum())
                            .bbox(e.visibleBox() != null ? e.visibleBox() : e.bbox())
                            .object(PageElements.objectId(e), e.kind().objectType())
                            .detail("ink", special)
                            .detail("color", Colorants.describe(paint.color()))
                            .detail("role", paint.role())
                            .detail("layer", e.ocgName())
                            .detail("element", e.kind().name().toLowerCase(Locale.ROOT))
                            .report();
                    break;
                }
            }
        }
        skips.report(ctx);
    }

    /**
     * The colorant that makes this colour the special ink, put down at a tint above 0: one whose name matches, or
     * (in a layer of the group) any spot colorant; null when there is none.
     */
    private static String special(PaintColor c, List<String> names, boolean inGroup) {
        if (!c.isSpot()) {
            return null;
        }
        for (int i = 0; i < c.colorants().size(); i++) {
            String colorant = c.colorants().get(i);
            boolean inked = c.space().equals("Indexed") || i >= c.values().size() || c.values().get(i) > 0;
            if (!inked || Colorants.NOT_SPOTS.contains(colorant)) {
                continue;
            }
            if (inGroup || InkNames.matches(colorant, names)) {
                return colorant;
            }
        }
        return null;
    }
}
