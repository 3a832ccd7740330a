package dev.preflight.engine.fixups;

import dev.preflight.engine.ParamSpec;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** MIN_LINE_WIDTH: strokes thinner than a width (hairlines included) widened to it, one stroke at a time. */
final class MinLineWidthFixup implements Fixup {

    static final String ID = "MIN_LINE_WIDTH";

    private static final FixupInfo INFO = new FixupInfo(ID, "Widen thin lines",
            "Widens every stroked path whose printed width (line width through the CTM, the narrower direction) is "
                    + "below min_width_pt, hairlines (width 0) included, to exactly min_width_pt. It rewrites only "
                    + "the stroking operators concerned: a line width before the path, the previous width right "
                    + "after. Form XObjects are changed as their first use sees them. A wider line grows into what "
                    + "surrounds it (by half the added width on each side). It cannot widen thin filled shapes (a "
                    + "rule drawn as a narrow rectangle) or outlined text, and leaves annotations' appearances and "
                    + "Type 3 glyphs alone.",
            "lines",
            List.of(ParamSpec.number("min_width_pt", 0.25, 0.01, 100, "thinnest line after the fix (pt)")),
            List.of("LINE_HAIRLINE", "LINE_THIN", "LINE_WHITE_THIN", "LINE_MULTICHANNEL_THIN"), "pdfbox");

    @Override
    public FixupInfo info() {
        return INFO;
    }

    @Override
    public AppliedFixup apply(Path in, Path out, Map<String, Object> params, FixupSettings settings)
            throws FixupException {
        double min = ((Number) params.get("min_width_pt")).doubleValue();
        List<String> notes = new ArrayList<>();
        int[] degenerate = {0};
        ContentRewriter.Rule rule = p -> {
            if (p.text() || !p.strokes() || p.effectiveLineWidth() >= min) {
                return null;
            }
            if (p.scale() <= 1e-9) {
                degenerate[0]++;
                return null;
            }
            // a hair wider than the minimum, so that rounding in a reader never puts it back under
            return new ContentRewriter.Change(null, null, null, min / p.scale() * 1.0001);
        };
        return PdfEdit.run(ID, in, out, settings, doc -> {
            ContentRewriter.Outcome done = ContentRewriter.rewriteAll(doc, rule);
            if (degenerate[0] > 0) {
                notes.add(String.format(Locale.ROOT, "%d strokes drawn through a flattened (singular) matrix were "
                        + "left as they are: no line width makes them visible", degenerate[0]));
            }
            return new AppliedFixup(ID, params, done.pages(), done.changed(), notes);
        });
    }
}
