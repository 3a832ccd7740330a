package dev.preflight.engine.fixups;

import dev.preflight.engine.checks.Colorants;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** WHITE_KNOCKOUT: overprint switched off for the paint operations that paint white, and only for those. */
final class WhiteKnockoutFixup implements Fixup {

    static final String ID = "WHITE_KNOCKOUT";

    private static final FixupInfo INFO = new FixupInfo(ID, "Knock out white objects",
            "Switches overprint off for every paint of white (DeviceCMYK 0/0/0/0, DeviceGray 1, Separation or "
                    + "DeviceN at tint 0) text, fills and strokes that is set to overprint, so the white stays white "
                    + "on press. It rewrites only the operators that paint them: an ExtGState with /op or /OP false "
                    + "before the paint and the previous flags right after. Form XObjects are changed as their first "
                    + "use sees them. It does not touch annotations' appearances, Type 3 glyphs, images or shadings, "
                    + "and it does not ask whether a white object that overprints was meant as a deliberate effect "
                    + "(a white that should vanish is better deleted).",
            "overprint", List.of(), List.of("OP_WHITE_TEXT", "OP_WHITE_PATH"), "pdfbox");

    @Override
    public FixupInfo info() {
        return INFO;
    }

    @Override
    public AppliedFixup apply(Path in, Path out, Map<String, Object> params, FixupSettings settings)
            throws FixupException {
        ContentRewriter.Rule rule = p -> {
            boolean fill = p.fills() && p.opFill() && Colorants.isWhite(p.fill());
            boolean stroke = p.strokes() && p.opStroke() && Colorants.isWhite(p.stroke());
            return fill || stroke ? new ContentRewriter.Change(fill ? false : null, stroke ? false : null, null, null)
                    : null;
        };
        return PdfEdit.run(ID, in, out, settings, doc -> {
            ContentRewriter.Outcome done = ContentRewriter.rewriteAll(doc, rule);
            return new AppliedFixup(ID, params, done.pages(), done.changed(), List.of());
        });
    }
}
