package dev.preflight.engine.checks.structure;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DamagedStreamFact;
import dev.preflight.engine.facts.DocumentFacts;

import java.util.ArrayList;
import java.util.List;

/**
 * DOC_DAMAGED: the cross-reference information had to be rebuilt or the structure repaired while reading, or a
 * content, form or image stream that a page draws does not decode completely (one finding per damaged stream, on
 * the first page that draws it).
 */
public final class DamagedCheck implements Check {

    private static final CheckInfo INFO = new CheckInfo("DOC_DAMAGED", "Document structure is damaged",
            "The file's cross-reference table was broken and had to be rebuilt, or objects could not be read, or a "
                    + "content, form or image stream that a page draws does not decode completely (truncated or "
                    + "corrupt Flate or LZW data, a JPEG that ends early, a wrong /Length, an embedded ICC profile "
                    + "whose header cannot be read). Different RIPs repair damaged "
                    + "files differently, so the printed result is unpredictable.",
            "structure", Severity.ERROR, "document", List.of(), false);

    @Override
    public CheckInfo info() {
        return INFO;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        var problems = new ArrayList<String>(facts.document().repairNotes());
        problems.addAll(facts.problems());
        if (facts.document().repaired() || !facts.problems().isEmpty()) {
            ctx.finding(problems.isEmpty() ? "The document structure had to be repaired"
                            : "The document structure is damaged: " + problems.getFirst())
                    .detail("repaired", facts.document().repaired())
                    .detail("problems", problems)
                    .report();
        }
        for (DamagedStreamFact s : facts.damagedStreams()) {
            String what = s.kind().equals("icc_profile") ? "ICC profile" : s.kind() + " stream";
            ctx.finding("The " + what + " " + s.objectId() + " on page " + s.pageNum() + " is damaged: "
                            + s.problem())
                    .page(s.pageNum())
                    .object(s.objectId(), s.kind())
                    .detail("stream_kind", s.kind())
                    .detail("filter", s.filter())
                    .detail("problem", s.problem())
                    .report();
        }
    }
}
