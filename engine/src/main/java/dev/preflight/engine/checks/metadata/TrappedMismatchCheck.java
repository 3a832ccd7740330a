package dev.preflight.engine.checks.metadata;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.DocumentInfoFact;

import java.util.List;

/** META_TRAPPED_MISMATCH: Info and XMP trapped state differ. */
public final class TrappedMismatchCheck implements Check {

    private static final CheckInfo INFO = new CheckInfo("META_TRAPPED_MISMATCH", "Info and XMP trapped state differ",
            "The Info /Trapped key and the XMP pdf:Trapped property are both set but disagree.",
            "metadata", Severity.WARNING, "document", List.of(), false);

    @Override
    public CheckInfo info() {
        return INFO;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        DocumentInfoFact d = facts.document();
        DocumentInfoFact.XmpFact x = d.xmp();
        if (!Text.blank(d.infoTrapped()) && !Text.blank(x.trapped())
                && !Text.normalTrapped(d.infoTrapped()).equals(Text.normalTrapped(x.trapped()))) {
            ctx.finding("Info /Trapped " + d.infoTrapped() + " differs from XMP pdf:Trapped " + x.trapped())
                    .detail("info_trapped", d.infoTrapped())
                    .detail("xmp_trapped", x.trapped())
                    .report();
        }
    }
}
