package dev.preflight.engine.checks.color;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.checks.Colorants;
import dev.preflight.engine.checks.PageElements;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.PaintColor;
import dev.preflight.engine.facts.PaintedElement;

import java.util.List;

/** Reports every visible page element that paints with a colour of a given kind, once per element. */
abstract class ColorUseCheck implements Check {

    private final CheckInfo info;

    ColorUseCheck(String id, String name, String description, Severity severity, String objectType,
                  List<ParamSpec> params) {
        this.info = new CheckInfo(id, name, description, "color", severity, objectType, params, false);
    }

    ColorUseCheck(String id, String name, String description, Severity severity) {
        this(id, name, description, severity, "path", List.of());
    }

    @Override
    public final CheckInfo info() {
        return info;
    }

    /** Whether this element kind is judged at all. */
    boolean appliesTo(PaintedElement e) {
        return true;
    }

    /** Why the colour is a problem for this element, or null when it is not. */
    abstract String problem(PaintColor color, String role, PaintedElement e, CheckContext ctx);

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        for (PageElements.Placed pl : ctx.content(facts).visible()) {
            PaintedElement e = pl.element();
            if (!appliesTo(e)) {
                continue;
            }
            for (PageElements.Paint p : ctx.content(facts).paints(e)) {
                String why = problem(p.color(), p.role(), e, ctx);
                if (why == null) {
                    continue;
                }
                ctx.finding(why).page(pl.pageNum()).bbox(pl.box())
                        .object(PageElements.objectId(e) != null ? PageElements.objectId(e) : p.color().objectId(),
                                e.kind().objectType())
                        .detail("color_space", Colorants.describeSpace(p.color()))
                        .detail("color", Colorants.describe(p.color()))
                        .detail("role", p.role())
                        .detail("element", e.kind().name().toLowerCase(java.util.Locale.ROOT))
                        .detail("alternate", p.color().alternate())
                        .detail("context", e.context())
                        .report();
                break;
            }
        }
    }

    static String what(String role, PaintedElement e) {
        return switch (role) {
            case "image" -> "Image";
            case "stroke" -> e.kind().objectType().equals("text") ? "Text outline" : "Stroke";
            default -> switch (e.kind()) {
                case TEXT -> "Text";
                case SHADING -> "Shading";
                case IMAGE_MASK -> "Image mask";
                default -> "Fill";
            };
        };
    }
}
