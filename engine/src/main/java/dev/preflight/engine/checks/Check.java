package dev.preflight.engine.checks;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.facts.DocumentFacts;

/** A check: metadata plus a judgement over immutable facts. Checks never reopen the PDF. */
public interface Check {

    /** The check's stable metadata. */
    CheckInfo info();

    /** Looks at the facts and reports findings through the context. */
    void run(DocumentFacts facts, CheckContext ctx);
}
