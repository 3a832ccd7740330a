package dev.preflight.engine.fixups;

import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.checks.Colorants;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * BLACK_OVERPRINT: fill overprint on small pure-black text and stroke overprint on thin pure-black strokes, set for
 * those paint operations only (a new ExtGState before, the previous flags right after).
 */
final class BlackOverprintFixup implements Fixup {

    static final String ID = "BLACK_OVERPRINT";

    private static final FixupInfo INFO = new FixupInfo(ID, "Overprint small black text and thin black lines",
            "Sets overprint on pure black (DeviceCMYK 0/0/0/100, DeviceGray 0, Separation Black 100 %) opaque text "
                    + "smaller than max_text_size_pt and on pure black strokes thinner than max_line_width_pt, "
                    + "sizes as printed (text matrix and CTM applied). It rewrites only the operators that paint "
                    + "them: an ExtGState with /op or /OP true and /OPM 1 before the paint, the previous flags right "
                    + "after, so every other object keeps its own overprint. Form XObjects are changed as their "
                    + "first use sees them. It cannot make thin filled shapes (a line drawn as a narrow rectangle) "
                    + "overprint, leaves text and lines in annotations' appearances and Type 3 glyphs alone, and "
                    + "DeviceGray black still knocks out on devices that convert grey to all four inks.",
            "overprint",
            List.of(ParamSpec.number("max_text_size_pt", 12.0, 0, 10000,
                            "text smaller than this gets fill overprint (pt)"),
                    ParamSpec.number("max_line_width_pt", 2.0, 0, 10000,
                            "strokes thinner than this get stroke overprint (pt)"),
                    ParamSpec.bool("text", true, "set overprint on black text"),
                    ParamSpec.bool("lines", true, "set overprint on black strokes")),
            List.of("OP_BLACK_TEXT_MISSING", "OP_BLACK_LINE_MISSING"), "pdfbox");

    @Override
    public FixupInfo info() {
        return INFO;
    }

    @Override
    public AppliedFixup apply(Path in, Path out, Map<String, Object> params, FixupSettings settings)
            throws FixupException {
        double maxText = ((Number) params.get("max_text_size_pt")).doubleValue();
        double maxLine = ((Number) params.get("max_line_width_pt")).doubleValue();
        boolean text = (Boolean) params.get("text");
        boolean lines = (Boolean) params.get("lines");
        ContentRewriter.Rule rule = p -> {
            if (!p.opaque()) {
                return null;
            }
            if (p.text()) {
                if (!text || p.fontSize() >= maxText) {
                    return null;
                }
                boolean fill = p.fills() && !p.opFill() && Colorants.isBlack(p.fill());
                boolean stroke = p.strokes() && !p.opStroke() && Colorants.isBlack(p.stroke());
                return fill || stroke ? new ContentRewriter.Change(fill ? true : null, stroke ? true : null, 1, null)
                        : null;
            }
            if (lines && p.strokes() && !p.opStroke() && p.effectiveLineWidth() < maxLine
                    && Colorants.isBlack(p.stroke())) {
                return new ContentRewriter.Change(null, true, 1, null);
            }
            return null;
        };
        return PdfEdit.run(ID, in, out, settings, doc -> {
            ContentRewriter.Outcome done = ContentRewriter.rewriteAll(doc, rule);
            return new AppliedFixup(ID, params, done.pages(), done.changed(), List.of());
        });
    }
}
