package dev.preflight.engine.checks.metadata;

import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentInfoFact;

/** META_TRAPPED_UNDEFINED: Trapped state not declared. */
public final class TrappedUndefinedCheck extends MetadataCheck {

    public TrappedUndefinedCheck() {
        super("META_TRAPPED_UNDEFINED", "Trapped state not declared",
                "Neither the Info /Trapped key nor the XMP pdf:Trapped property says True or False (missing or Unknown). The printer cannot tell whether to trap; PDF/X requires True or False.",
                Severity.WARNING);
    }

    @Override
    void judge(DocumentInfoFact d, DocumentInfoFact.XmpFact x, CheckContext ctx) {
        if (!Text.trueOrFalse(d.infoTrapped()) && !Text.trueOrFalse(x.trapped())) {
            ctx.finding("The trapped state is not declared as True or False")
                    .detail("info_trapped", d.infoTrapped())
                    .detail("xmp_trapped", x.trapped())
                    .report();
        }
    }
}
