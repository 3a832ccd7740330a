package dev.preflight.engine.conformance;

import dev.preflight.engine.Box;
import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.AnnotationFact;
import dev.preflight.engine.facts.ConformanceFact;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.PageFacts;
import dev.preflight.engine.facts.PaintedElement;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One veraPDF rule as a check: reads the validation result of a flavour that holds the rule and reports one finding
 * when the rule failed, with how often and the first places.
 */
public final class ConformanceRuleCheck implements Check {

    /** Category of every conformance rule. */
    public static final String CATEGORY = "conformance";

    private final ConformanceRule rule;
    private final CheckInfo info;

    ConformanceRuleCheck(ConformanceRule rule) {
        this.rule = rule;
        var metadata = new LinkedHashMap<String, String>();
        metadata.put("specification", rule.specification());
        metadata.put("clause", rule.clause());
        metadata.put("test", String.valueOf(rule.test()));
        metadata.put("profiles", String.join(", ",
                rule.flavours().stream().map(ConformanceRules::profileOf).toList()));
        this.info = new CheckInfo(rule.id(), rule.standard() + " " + rule.clause() + " test " + rule.test(),
                rule.description(), CATEGORY, Severity.ERROR, "document",
                List.of(ParamSpec.string("flavour", null, rule.flavours(),
                        "the veraPDF flavour to judge the rule under; by default the smallest profile holding it "
                                + "and the profile's other rules of the same standard")),
                false, metadata);
    }

    public ConformanceRule rule() {
        return rule;
    }

    @Override
    public CheckInfo info() {
        return info;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        ConformanceFact fact = judgedBy(facts, ctx.string("flavour"));
        // a validation that did not complete is reported once for its flavour (ConformanceNotices), not per rule
        if (fact == null || fact.status() != ConformanceFact.Status.COMPLETED) {
            return;
        }
        ConformanceFact.RuleFailures failures = fact.failures().get(rule.id());
        if (failures == null || failures.count() == 0) {
            return;
        }
        ConformanceFact.Location first = failures.locations().isEmpty() ? null : failures.locations().get(0);
        int page = first == null ? 0 : first.page();
        var locations = new ArrayList<Map<String, Object>>();
        for (ConformanceFact.Location l : failures.locations()) {
            var m = new LinkedHashMap<String, Object>();
            m.put("page", l.page());
            if (l.objectId() != null) {
                m.put("object_id", l.objectId());
            }
            if (l.context() != null) {
                m.put("context", l.context());
            }
            locations.add(m);
        }
        ctx.finding(rule.standard() + " " + rule.clause() + " test " + rule.test() + " failed "
                        + (failures.count() == 1 ? "once" : failures.count() + " times") + ": " + rule.description())
                .page(page)
                .bbox(first == null ? null : where(facts, page, first.objectId()))
                .object(first == null ? null : first.objectId(), page > 0 ? "page" : "document")
                .clause(rule.specification() + " " + rule.clause())
                .detail("specification", rule.specification())
                .detail("clause", rule.clause())
                .detail("test", rule.test())
                .detail("flavour", fact.flavour())
                .detail("occurrences", failures.count())
                .detail("locations", locations)
                .detail("locations_shown", locations.size())
                .report();
    }

    /**
     * Where on its page the object a rule's context names lies, when the facts know it: an annotation's rectangle,
     * the placement of an image or form XObject, or the first text painted with a font; null otherwise (a rule about
     * the document, the page dictionary, metadata or a stream's syntax has no place to show).
     */
    static Box where(DocumentFacts facts, int page, String objectId) {
        if (page < 1 || page > facts.pages().size() || objectId == null) {
            return null;
        }
        PageFacts p = facts.pages().get(page - 1);
        for (AnnotationFact a : p.annotations()) {
            if (objectId.equals(a.objectId()) && a.rect() != null) {
                return a.rect();
            }
        }
        for (PaintedElement e : p.elements()) {
            if (objectId.equals(e.objectId()) || (e.image() != null && objectId.equals(e.image().imageObjectId()))
                    || (e.text() != null && objectId.equals(e.text().fontObjectId()))) {
                return e.bbox();
            }
        }
        return null;
    }

    /** The result this rule is judged by: of the pinned flavour, else of the first flavour holding it that ran. */
    ConformanceFact judgedBy(DocumentFacts facts, String pinned) {
        if (pinned != null) {
            return facts.conformance().result(pinned);
        }
        for (String f : rule.flavours()) {
            ConformanceFact fact = facts.conformance().result(f);
            if (fact != null) {
                return fact;
            }
        }
        return null;
    }
}
