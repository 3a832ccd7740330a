package dev.preflight.ai;

import dev.preflight.analysis.CheckNames;
import dev.preflight.findings.Finding;
import dev.preflight.platform.Digests;
import dev.preflight.platform.Json;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.List;
import java.util.Optional;

/**
 * What the model is told about a finding: the finding as the API shows it, its check's catalogue entry and the
 * measured details. Never the customer's file, nor anything read from it beyond what the finding already carries.
 */
final class FindingPrompts {

    /** Details beyond this many characters are cut: measurements, not documents. */
    static final int MAX_DETAILS_CHARS = 4000;

    private static final String EXPLAIN_SYSTEM = """
            You are a prepress expert at a print shop. A preflight check reported the finding below about a \
            customer's PDF. Explain in plain language, for the person who made the file, what it means, why it \
            matters for the printed result, and how to fix it in the layout or export settings. Use the measured \
            details. Be concrete and brief: at most 150 words, no headings, no preamble.""";

    private static final String AUDIT_SYSTEM = """
            You are a prepress expert auditing the result of an automated preflight check on a customer's PDF. \
            Judge from the finding, the check's description and the measured details whether the finding is a real \
            problem for print. Answer with one JSON object and nothing else: \
            {"status": "confirmed" | "disputed" | "uncertain", "rationale": "<one or two sentences>"}. \
            confirmed: the details show a real problem; disputed: the details suggest it is harmless or a false \
            alarm; uncertain: the details do not allow a judgement.""";

    private FindingPrompts() {
    }

    static List<AiProvider.Message> explain(Finding f, Optional<CheckNames.Description> check) {
        return List.of(new AiProvider.Message("system", EXPLAIN_SYSTEM),
                new AiProvider.Message("user", describe(f, check)));
    }

    static List<AiProvider.Message> audit(Finding f, Optional<CheckNames.Description> check) {
        return List.of(new AiProvider.Message("system", AUDIT_SYSTEM),
                new AiProvider.Message("user", describe(f, check)));
    }

    /** The finding as the model reads it. */
    static String describe(Finding f, Optional<CheckNames.Description> check) {
        var s = new StringBuilder();
        s.append("Finding\n");
        line(s, "inspection_id", f.inspectionId());
        line(s, "severity", f.severity());
        line(s, "message", f.message());
        line(s, "page", f.pageNum() == 0 ? "document-level" : Integer.toString(f.pageNum()));
        line(s, "object_type", f.objectType());
        line(s, "category", f.category());
        line(s, "clause", f.isoClause());
        line(s, "source", f.source());
        if (f.details() != null && !f.details().isEmpty()) {
            String details = Json.write(f.details());
            line(s, "measured_details", details.length() > MAX_DETAILS_CHARS
                    ? details.substring(0, MAX_DETAILS_CHARS) + " (cut)" : details);
        }
        check.ifPresent(c -> {
            s.append("\nCheck\n");
            line(s, "name", c.name());
            line(s, "description", c.description());
            line(s, "category", c.category());
        });
        return s.toString();
    }

    /** SHA-256 (hex) of what was asked: the cache key of an explanation. */
    static String fingerprint(String model, List<AiProvider.Message> messages) {
        MessageDigest d = Digests.sha256();
        d.update(model.getBytes(StandardCharsets.UTF_8));
        for (AiProvider.Message m : messages) {
            d.update((byte) 0);
            d.update(m.role().getBytes(StandardCharsets.UTF_8));
            d.update((byte) 0);
            d.update(m.content().getBytes(StandardCharsets.UTF_8));
        }
        return Digests.hex(d.digest());
    }

    private static void line(StringBuilder s, String key, Object value) {
        if (value != null) {
            s.append(key).append(": ").append(value).append('\n');
        }
    }
}
