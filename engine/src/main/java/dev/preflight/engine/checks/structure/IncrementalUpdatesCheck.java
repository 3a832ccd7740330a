package dev.preflight.engine.checks.structure;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.RevisionsFact;

import java.util.List;

/** DOC_INCREMENTAL_UPDATES: the file carries earlier revisions under the latest one. */
public final class IncrementalUpdatesCheck implements Check {

    private static final CheckInfo INFO = new CheckInfo("DOC_INCREMENTAL_UPDATES", "File has incremental updates",
            "The file was saved incrementally: earlier revisions stay in it under the latest one (ISO 32000-1 7.5.6, "
                    + "each update ends with its own startxref and %%EOF). Content replaced or deleted in a later "
                    + "revision is still in the file and can be recovered or reappear when a tool drops the update; "
                    + "save the file anew (not incrementally) before release.",
            "structure", Severity.WARNING, "document",
            List.of(ParamSpec.integer("max_earlier_revisions", 0, 0, 10_000,
                    "earlier revisions accepted under the latest one")), false);

    @Override
    public CheckInfo info() {
        return INFO;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        RevisionsFact r = facts.revisions();
        int max = ctx.integer("max_earlier_revisions");
        if (r.earlierRevisions() > max) {
            ctx.finding("The file carries " + r.earlierRevisions() + " earlier revision"
                            + (r.earlierRevisions() == 1 ? "" : "s") + " under the latest one (incremental updates)")
                    .detail("revisions", r.revisions())
                    .detail("earlier_revisions", r.earlierRevisions())
                    .detail("linearized", r.linearized())
                    .detail("max_earlier_revisions", max)
                    .report();
        }
    }
}
