package dev.preflight.engine.checks.compliance;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;

import java.util.ArrayList;
import java.util.List;

/**
 * A PDF/X conformance check: an error of category compliance with a {@code standard} parameter, judged against the
 * edition that parameter resolves to for the document.
 */
abstract class PdfxCheck implements Check {

    private final CheckInfo info;

    PdfxCheck(String id, String name, String description, String objectType, String defaultStandard,
              ParamSpec... moreParameters) {
        List<ParamSpec> parameters = new ArrayList<>();
        parameters.add(PdfxEdition.param(defaultStandard));
        parameters.addAll(List.of(moreParameters));
        this.info = new CheckInfo(id, name, description, "compliance", Severity.ERROR, objectType, parameters, false);
    }

    @Override
    public final CheckInfo info() {
        return info;
    }

    @Override
    public final void run(DocumentFacts facts, CheckContext ctx) {
        judge(facts, PdfxEdition.resolve(ctx.string("standard"), facts), ctx);
    }

    /** Reports what breaks the rule of the given edition. */
    abstract void judge(DocumentFacts facts, PdfxEdition edition, CheckContext ctx);
}
