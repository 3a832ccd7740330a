package dev.preflight.engine.checks.structure;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.AnnotationFact;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.PageFacts;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** ANNOT_PRESENT: summarises the annotations of each page (information). */
public final class AnnotationsPresentCheck implements Check {

    private static final CheckInfo INFO = new CheckInfo("ANNOT_PRESENT", "Annotations present",
            "Lists the annotations (comments, links, form fields, marks) found on each page, by subtype.",
            "structure", Severity.INFO, "page", List.of(), false);

    @Override
    public CheckInfo info() {
        return INFO;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        for (PageFacts p : facts.pages()) {
            if (p.annotations().isEmpty()) {
                continue;
            }
            Map<String, Integer> bySubtype = new TreeMap<>();
            for (AnnotationFact a : p.annotations()) {
                bySubtype.merge(String.valueOf(a.subtype()), 1, Integer::sum);
            }
            ctx.finding("Page " + p.pageNum() + " has " + p.annotations().size() + " annotation(s): " + bySubtype)
                    .page(p.pageNum())
                    .detail("count", p.annotations().size())
                    .detail("subtypes", bySubtype)
                    .report();
        }
    }
}
