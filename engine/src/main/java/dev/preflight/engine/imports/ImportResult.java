package dev.preflight.engine.imports;

import dev.preflight.engine.Finding;

import java.util.List;
import java.util.Map;

/**
 * Findings imported from a third-party or native report.
 *
 * @param format       the external_format that parsed it (service_json, preflight_a_xml, ..., custom)
 * @param findings     normalised findings, in report order
 * @param sourceInfo   the report's source block (tool, version, profile, extra keys), stored verbatim; may be empty
 * @param capabilities capabilities the report declares (separations, tac, fonts, images, layers, ...); may be empty
 */
public record ImportResult(String format, List<Finding> findings, Map<String, Object> sourceInfo,
                           Map<String, Boolean> capabilities) {

    public ImportResult {
        findings = findings == null ? List.of() : List.copyOf(findings);
        sourceInfo = sourceInfo == null ? Map.of()
                : java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(sourceInfo));
        capabilities = capabilities == null ? Map.of()
                : java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(capabilities));
    }
}
