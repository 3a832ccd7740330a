package dev.preflight.engine.checks.font;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.FontFact;

import java.util.List;

/** FONT_LICENSE_RESTRICTED: Font licence forbids embedding. */
public final class FontLicenseRestrictedCheck implements Check {

    private static final CheckInfo INFO = new CheckInfo("FONT_LICENSE_RESTRICTED", "Font licence forbids embedding",
            "The embedded font program's OS/2 fsType has the restricted-licence bit (0x0002) without a more permissive bit (0x0004 preview & print, 0x0008 editable): the licence does not allow embedding, and some tools refuse to process it.",
            "font", Severity.WARNING, "font", List.of(), false);

    @Override
    public CheckInfo info() {
        return INFO;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        for (FontFact f : facts.fonts()) {
            if (f.fsType() != null && (f.fsType() & 0x000E) == 0x0002 && f.embedded()) {
                ctx.finding("Font " + f.name() + " is embedded although its licence forbids embedding")
                        .page(FontUse.firstPage(f))
                        .object(f.objectId(), null)
                        .detail("font", f.name())
                        .detail("font_type", f.type())
                        .detail("pages", f.pages())
                        .detail("fs_type", f.fsType())
                        .report();
            }
        }
    }
}
