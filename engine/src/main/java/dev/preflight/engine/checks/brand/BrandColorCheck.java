package dev.preflight.engine.checks.brand;

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

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Colours that come close to one of a customer's brand colours without matching it: the designer meant the brand
 * colour but the file paints a different build, so the print will not match the brand guide. A paint is compared
 * with the brand colours written in its own colour model only: CMYK paints (and DeviceGray, as black ink) with
 * {@code cmyk()} brand colours by the largest difference of any ink, RGB paints with hex/named/{@code rgb()} brand
 * colours by the CIE 1976 colour difference of the sRGB values. Spot colours and images are not judged. Without
 * brand colours the check reports nothing; the server sets them from the job's BrandSpec.
 */
public final class BrandColorCheck implements Check {

    public static final String ID = "BRAND_COLOR_OFF_SPEC";

    private final CheckInfo info = new CheckInfo(ID, "Colour close to a brand colour but off spec",
            "A painted CMYK, grey or RGB colour lies near one of the customer's brand colours (within the 'near' "
                    + "distance) but outside its tolerance: the file almost certainly means the brand colour and "
                    + "will print visibly different from the brand guide. CMYK is compared ink by ink (percentage "
                    + "points), RGB by the CIE 1976 colour difference (delta E).",
            "color", Severity.ADVISORY, "path", List.of(
                    ParamSpec.strings("color_names", List.of(), "names of the brand colours, in the order of color_values"),
                    ParamSpec.strings("color_values", List.of(),
                            "brand colour values: #RRGGBB, a CSS colour name, rgb(r, g, b) or cmyk(c, m, y, k) in percent"),
                    ParamSpec.number("cmyk_tolerance_percent", 2.0, 0, 100,
                            "largest ink difference (percentage points) that still matches a CMYK brand colour"),
                    ParamSpec.number("cmyk_near_percent", 12.0, 0, 100,
                            "ink difference up to which a CMYK paint is taken to mean the brand colour"),
                    ParamSpec.number("rgb_tolerance_delta_e", 3.0, 0, 100,
                            "largest delta E (CIE 1976) that still matches an RGB brand colour"),
                    ParamSpec.number("rgb_near_delta_e", 12.0, 0, 100,
                            "delta E up to which an RGB paint is taken to mean the brand colour")),
            false);

    @Override
    public CheckInfo info() {
        return info;
    }

    /** A brand colour with its display name. */
    private record Named(String name, String value, BrandColor color) {
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        List<Named> brand = brandColors(ctx);
        if (brand.isEmpty()) {
            return;
        }
        for (PageElements.Placed pl : ctx.content(facts).visible()) {
            PaintedElement e = pl.element();
            for (PageElements.Paint p : ctx.content(facts).paints(e)) {
                if (p.role().equals("image")) {
                    continue;
                }
                Match m = closest(p.color(), brand);
                if (m == null || m.distance() <= m.tolerance(ctx) || m.distance() > m.near(ctx)) {
                    continue;
                }
                String unit = m.brand().color().family() == BrandColor.Family.CMYK ? "%" : "delta E";
                ctx.finding(String.format(Locale.ROOT, "%s %s is close to brand colour \"%s\" (%s) but off by %.1f %s",
                                what(p.role(), e), Colorants.describe(p.color()), m.brand().name(),
                                m.brand().color().describe(), m.distance(), unit))
                        .page(pl.pageNum()).bbox(pl.box())
                        .object(PageElements.objectId(e), e.kind().objectType())
                        .detail("color", Colorants.describe(p.color()))
                        .detail("role", p.role())
                        .detail("brand_color", m.brand().name())
                        .detail("brand_value", m.brand().value())
                        .detail(m.brand().color().family() == BrandColor.Family.CMYK ? "ink_difference_percent"
                                : "delta_e", m.distance())
                        .report();
                break;
            }
        }
    }

    private record Match(Named brand, double distance) {
        double tolerance(CheckContext ctx) {
            return brand.color().family() == BrandColor.Family.CMYK
                    ? ctx.number("cmyk_tolerance_percent") : ctx.number("rgb_tolerance_delta_e");
        }

        double near(CheckContext ctx) {
            return brand.color().family() == BrandColor.Family.CMYK
                    ? ctx.number("cmyk_near_percent") : ctx.number("rgb_near_delta_e");
        }
    }

    private static Match closest(PaintColor c, List<Named> brand) {
        List<Double> cmyk = null;
        List<Double> rgb = null;
        if (c.isCmyk() && c.values().size() == 4) {
            cmyk = c.values();
        } else if (c.isGray() && c.values().size() == 1) {
            cmyk = List.of(0.0, 0.0, 0.0, 1 - c.values().get(0));
        } else if (c.isRgb() && c.values().size() == 3) {
            rgb = c.values();
        } else {
            return null;
        }
        Match best = null;
        for (Named n : brand) {
            double d;
            if (cmyk != null && n.color().family() == BrandColor.Family.CMYK) {
                d = BrandColor.inkDifference(cmyk, n.color().values());
            } else if (rgb != null && n.color().family() == BrandColor.Family.RGB) {
                d = BrandColor.deltaE(rgb, n.color().values());
            } else {
                continue;
            }
            if (best == null || d < best.distance()) {
                best = new Match(n, d);
            }
        }
        return best;
    }

    private static List<Named> brandColors(CheckContext ctx) {
        List<String> values = ctx.strings("color_values");
        List<String> names = ctx.strings("color_names");
        var out = new ArrayList<Named>();
        for (int i = 0; i < values.size(); i++) {
            try {
                BrandColor c = BrandColor.parse(values.get(i));
                out.add(new Named(i < names.size() ? names.get(i) : values.get(i), values.get(i), c));
            } catch (IllegalArgumentException e) {
                // A value the server did not validate: skip it rather than fail the whole analysis.
            }
        }
        return out;
    }

    static String what(String role, PaintedElement e) {
        if (role.equals("stroke")) {
            return e.kind().objectType().equals("text") ? "Text outline" : "Stroke";
        }
        return switch (e.kind()) {
            case TEXT -> "Text";
            case SHADING -> "Shading";
            case IMAGE_MASK -> "Image mask";
            default -> "Fill";
        };
    }
}
