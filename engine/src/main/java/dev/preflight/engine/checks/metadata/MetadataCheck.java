package dev.preflight.engine.checks.metadata;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.DocumentInfoFact;

import java.util.List;

/** A document metadata check without parameters, judged on the Info dictionary and the XMP metadata. */
abstract class MetadataCheck implements Check {

    private final CheckInfo info;

    MetadataCheck(String id, String name, String description, Severity severity) {
        this.info = new CheckInfo(id, name, description, "metadata", severity, "document", List.of(), false);
    }

    @Override
    public final CheckInfo info() {
        return info;
    }

    @Override
    public final void run(DocumentFacts facts, CheckContext ctx) {
        DocumentInfoFact d = facts.document();
        judge(d, d.xmp(), ctx);
    }

    /** Reports what the Info dictionary {@code d} and the XMP metadata {@code x} break. */
    abstract void judge(DocumentInfoFact d, DocumentInfoFact.XmpFact x, CheckContext ctx);
}
