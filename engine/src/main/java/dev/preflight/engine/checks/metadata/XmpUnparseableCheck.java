package dev.preflight.engine.checks.metadata;

import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentInfoFact;

/** META_XMP_UNPARSEABLE: XMP metadata unreadable. */
public final class XmpUnparseableCheck extends MetadataCheck {

    public XmpUnparseableCheck() {
        super("META_XMP_UNPARSEABLE", "XMP metadata unreadable",
                "The document-level XMP metadata stream exists but cannot be parsed as XMP, so every claim it makes (PDF/X version, trapping, title) is lost.",
                Severity.ERROR);
    }

    @Override
    void judge(DocumentInfoFact d, DocumentInfoFact.XmpFact x, CheckContext ctx) {
        if (x.present() && x.parseProblem() != null) {
            ctx.finding("The XMP metadata cannot be parsed: " + x.parseProblem())
                    .detail("problem", x.parseProblem())
                    .report();
        }
    }
}
