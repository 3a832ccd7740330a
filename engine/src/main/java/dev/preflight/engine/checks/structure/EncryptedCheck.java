package dev.preflight.engine.checks.structure;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.DocumentInfoFact;

import java.util.List;

/** DOC_ENCRYPTED: the document carries an /Encrypt dictionary. */
public final class EncryptedCheck implements Check {

    private static final CheckInfo INFO = new CheckInfo("DOC_ENCRYPTED", "Document is encrypted",
            "The document has an /Encrypt dictionary. Encrypted files cannot be imposed, trapped or edited by "
                    + "prepress tools and may forbid printing; PDF/X forbids encryption.",
            "structure", Severity.ERROR, "document", List.of(), false);

    @Override
    public CheckInfo info() {
        return INFO;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        DocumentInfoFact d = facts.document();
        if (d.encrypted()) {
            ctx.finding("The document is encrypted (filter " + d.encryptionFilter() + ")")
                    .detail("filter", d.encryptionFilter())
                    .detail("can_print", d.canPrint())
                    .detail("can_print_high_res", d.canPrintHighRes())
                    .detail("can_modify", d.canModify())
                    .report();
        }
    }
}
