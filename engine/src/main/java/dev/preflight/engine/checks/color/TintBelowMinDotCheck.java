package dev.preflight.engine.checks.color;

import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.ElementKind;
import dev.preflight.engine.facts.PaintColor;
import dev.preflight.engine.facts.PaintedElement;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** COLOR_TINT_BELOW_MIN_DOT: a process or spot tint above 0 but below the smallest dot the press holds. */
public final class TintBelowMinDotCheck extends ColorUseCheck {

    public static final String ID = "COLOR_TINT_BELOW_MIN_DOT";

    private static final List<String> CMYK = List.of("Cyan", "Magenta", "Yellow", "Black");

    public TintBelowMinDotCheck() {
        super(ID, "Tint below the minimum dot",
                "A fill or stroke puts down an ink at a tint above 0 but below min_dot_percent: the plate cannot "
                        + "hold so small a dot, so the tint either vanishes or jumps to the minimum dot and prints "
                        + "far darker (a hard edge in vignettes). The minimum dot is the printer's: about 3 % for "
                        + "offset, 2 % or more for flexo (FTA FIRST, the flexo printers' guideline). Gray is read "
                        + "as black ink (1 - gray); images and smooth shadings are not judged.",
                Severity.WARNING, "path", List.of(ParamSpec.number("min_dot_percent", 3.0, 0.1, 50,
                        "smallest tint the press holds, % (tints above 0 and below it are reported)")));
    }

    @Override
    boolean appliesTo(PaintedElement e) {
        return e.kind() != ElementKind.IMAGE && e.kind() != ElementKind.SHADING;
    }

    @Override
    String problem(PaintColor c, String role, PaintedElement e, CheckContext ctx) {
        double min = ctx.number("min_dot_percent") / 100.0;
        var small = new ArrayList<String>();
        List<Double> v = c.values();
        if (c.isCmyk() && v.size() == 4) {
            for (int i = 0; i < 4; i++) {
                below(CMYK.get(i), v.get(i), min, small);
            }
        } else if (c.isGray() && v.size() == 1) {
            below("Black", 1 - v.get(0), min, small);
        } else if (("Separation".equals(c.space()) || "DeviceN".equals(c.space()))
                && c.colorants().size() == v.size()) {
            for (int i = 0; i < v.size(); i++) {
                if (!"None".equals(c.colorants().get(i))) {
                    below(c.colorants().get(i), v.get(i), min, small);
                }
            }
        }
        if (small.isEmpty()) {
            return null;
        }
        return String.format(Locale.ROOT, "%s uses %s, below the %.1f %% minimum dot", what(role, e),
                String.join(", ", small), min * 100);
    }

    private static void below(String ink, double tint, double min, List<String> out) {
        // tints are read as floats: 1e-5 keeps a tint written as 0 from counting and one written as the minimum
        // (0.03 is 0.0299999993 as a float) from falling below it
        if (tint > 1e-5 && tint < min - 1e-5) {
            out.add(String.format(Locale.ROOT, "%s at %.1f %%", ink, tint * 100));
        }
    }
}
