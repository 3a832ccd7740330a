package dev.preflight.engine.checks.barcode;

import dev.preflight.engine.Box;
import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.Severity;
import dev.preflight.engine.barcodes.BarcodeFact;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.ElementKind;
import dev.preflight.engine.facts.ImageFact;
import dev.preflight.engine.facts.PageFacts;
import dev.preflight.engine.facts.PaintColor;
import dev.preflight.engine.facts.PaintedElement;

import java.util.List;
import java.util.Locale;
import java.util.TreeSet;

/** BARCODE_COLOR: bars not in one dark ink, or a background a red-light scanner does not see as light. */
public final class BarcodeColorCheck extends BarcodeCheck {

    public static final String ID = "BARCODE_COLOR";

    public BarcodeColorCheck() {
        super(ID, "Barcode colours",
                "The bars must be one dark ink on a light background as a red-light scanner sees them (ISO/IEC "
                        + "15416 measures reflectance at 660 nm; GS1 General Specifications 5.2 on colour). "
                        + "Reported: bars painted in RGB, in rich or four-colour black or another mix of process "
                        + "inks (registration on press widens or splits the bars), in several inks, and a symbol "
                        + "contrast (space reflectance minus bar reflectance in the red channel, measured on the "
                        + "rendered page) below the limit: red, yellow or light bars, or a dark background. ISO/IEC "
                        + "15416 grades a symbol contrast under 40 % C or worse; GS1 asks retail codes for grade C "
                        + "(1.5) at least.",
                Severity.ERROR, List.of(ParamSpec.number("min_symbol_contrast_percent", 40.0, 0, 100,
                        "lowest symbol contrast in red light, percent (ISO/IEC 15416: 70 A, 55 B, 40 C, 20 D)")));
    }

    @Override
    void inspect(DocumentFacts facts, BarcodeFact code, CheckContext ctx) {
        String inkProblem = inkProblem(facts, code);
        if (inkProblem != null) {
            finding(ctx, code, code.symbologyName() + " bars are " + switch (inkProblem) {
                case "rgb" -> "painted in RGB";
                case "rich_black" -> "rich or four-colour black";
                case "process_mix" -> "a mix of process inks";
                default -> "painted in several inks";
            }).detail("reason", inkProblem).report();
            return;
        }
        double contrast = code.symbolContrastPercent();
        double min = ctx.number("min_symbol_contrast_percent");
        if (tenth(contrast) < min) {
            boolean darkBackground = code.spaceReflectance() < 0.5;
            finding(ctx, code, String.format(Locale.ROOT,
                    "%s symbol contrast in red light is %.1f %% (minimum %.0f %%): %s", code.symbologyName(),
                    contrast, min, darkBackground ? "the background is not light"
                            : "the bars are too light for a red-light scanner"))
                    .detail("reason", darkBackground ? "dark_background" : "light_bars")
                    .detail("symbol_contrast_percent", contrast)
                    .detail("bar_reflectance_percent", 100 * code.barReflectance())
                    .detail("space_reflectance_percent", 100 * code.spaceReflectance())
                    .report();
        }
    }

    /** What is wrong with the inks of the marks that make the bars, or null. */
    private static String inkProblem(DocumentFacts facts, BarcodeFact code) {
        PageFacts page = facts.pages().get(code.pageNum() - 1);
        Box area = grow(code.bbox(), 1);
        var inks = new TreeSet<String>();
        for (PaintedElement e : page.elements()) {
            Box b = e.visibleBox();
            if (b == null || e.kind() == ElementKind.TEXT || !area.contains(b)) {
                continue;
            }
            PaintColor c = e.fill();
            if (e.kind() == ElementKind.IMAGE) {
                ImageFact img = e.objectId() == null ? null : facts.image(e.objectId());
                c = img == null ? null : img.color();
            }
            if (c == null || isWhite(c)) {
                continue;
            }
            if (c.isRgb()) {
                return "rgb";
            }
            if (c.isCmyk() && c.values().size() == 4 && e.kind() != ElementKind.IMAGE) {
                int inked = 0;
                for (double v : c.values()) {
                    inked += v > 0.005 ? 1 : 0;
                }
                if (inked > 1) {
                    return c.values().get(3) > 0.005 ? "rich_black" : "process_mix";
                }
            }
            inks.add(inkName(c));
        }
        return inks.size() > 1 ? "several_inks" : null;
    }

    private static String inkName(PaintColor c) {
        if (c.isSpot()) {
            return String.join("+", c.colorants());
        }
        if (c.isCmyk() && c.values().size() == 4) {
            String[] names = {"Cyan", "Magenta", "Yellow", "Black"};
            for (int i = 0; i < 4; i++) {
                if (c.values().get(i) > 0.005) {
                    return names[i];
                }
            }
        }
        return c.isGray() ? "Black" : c.effectiveFamily();
    }

    /** Paper-coloured marks (a white background box) are not bars. */
    private static boolean isWhite(PaintColor c) {
        if (c.isCmyk() || c.isSpot()) {
            return c.values().stream().allMatch(v -> v <= 0.005);
        }
        if (c.isGray() || c.isRgb()) {
            return c.values().stream().allMatch(v -> v >= 0.995);
        }
        return false;
    }

    private static Box grow(Box b, double d) {
        return new Box(b.x0() - d, b.y0() - d, b.x1() + d, b.y1() + d);
    }
}
