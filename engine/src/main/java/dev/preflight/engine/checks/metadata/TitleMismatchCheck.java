package dev.preflight.engine.checks.metadata;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.DocumentInfoFact;

import java.util.List;

/** META_TITLE_MISMATCH: Info and XMP titles differ. */
public final class TitleMismatchCheck implements Check {

    private static final CheckInfo INFO = new CheckInfo("META_TITLE_MISMATCH", "Info and XMP titles differ",
            "The Info dictionary /Title and the XMP dc:title are both set but differ, so tools show different titles depending on which they read.",
            "metadata", Severity.WARNING, "document", List.of(), false);

    @Override
    public CheckInfo info() {
        return INFO;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        DocumentInfoFact d = facts.document();
        DocumentInfoFact.XmpFact x = d.xmp();
        if (!Text.blank(d.infoTitle()) && !Text.blank(x.title()) && !d.infoTitle().strip().equals(x.title().strip())) {
            ctx.finding("Info title \"" + d.infoTitle() + "\" differs from XMP title \"" + x.title() + "\"")
                    .detail("info_title", d.infoTitle())
                    .detail("xmp_title", x.title())
                    .report();
        }
    }
}
