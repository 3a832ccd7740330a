package dev.preflight.engine.checks.metadata;

import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentInfoFact;

/** META_TITLE_MISMATCH: Info and XMP titles differ. */
public final class TitleMismatchCheck extends MetadataCheck {

    public TitleMismatchCheck() {
        super("META_TITLE_MISMATCH", "Info and XMP titles differ",
                "The Info dictionary /Title and the XMP dc:title are both set but differ, so tools show different titles depending on which they read.",
                Severity.WARNING);
    }

    @Override
    void judge(DocumentInfoFact d, DocumentInfoFact.XmpFact x, CheckContext ctx) {
        if (!Text.blank(d.infoTitle()) && !Text.blank(x.title()) && !d.infoTitle().strip().equals(x.title().strip())) {
            ctx.finding("Info title \"" + d.infoTitle() + "\" differs from XMP title \"" + x.title() + "\"")
                    .detail("info_title", d.infoTitle())
                    .detail("xmp_title", x.title())
                    .report();
        }
    }
}
