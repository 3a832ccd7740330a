package dev.preflight.engine.checks.metadata;

import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentInfoFact;

/** META_TRAPPED_MISMATCH: Info and XMP trapped state differ. */
public final class TrappedMismatchCheck extends MetadataCheck {

    public TrappedMismatchCheck() {
        super("META_TRAPPED_MISMATCH", "Info and XMP trapped state differ",
                "The Info /Trapped key and the XMP pdf:Trapped property are both set but disagree.",
                Severity.WARNING);
    }

    @Override
    void judge(DocumentInfoFact d, DocumentInfoFact.XmpFact x, CheckContext ctx) {
        if (!Text.blank(d.infoTrapped()) && !Text.blank(x.trapped())
                && !Text.normalTrapped(d.infoTrapped()).equals(Text.normalTrapped(x.trapped()))) {
            ctx.finding("Info /Trapped " + d.infoTrapped() + " differs from XMP pdf:Trapped " + x.trapped())
                    .detail("info_trapped", d.infoTrapped())
                    .detail("xmp_trapped", x.trapped())
                    .report();
        }
    }
}
