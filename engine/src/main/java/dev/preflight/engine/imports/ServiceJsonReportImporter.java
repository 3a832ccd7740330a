package dev.preflight.engine.imports;

import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SchemaRegistryConfig;
import com.networknt.schema.SpecificationVersion;
import com.networknt.schema.path.PathType;
import dev.preflight.engine.Finding;
import dev.preflight.engine.Severity;
import tools.jackson.databind.JsonNode;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Imports the native import document (external_format {@code service_json}), validated by its JSON Schema. */
final class ServiceJsonReportImporter {

    static final String FORMAT = "service_json";
    static final String SOURCE = "external:service_json";
    static final String SCHEMA_RESOURCE = "/schemas/service-import-v1.schema.json";

    /** The capability keys the spec knows; others are ignored. */
    static final Set<String> CAPABILITIES = Set.of("findings", "separations", "tac", "layers", "fonts", "images",
            "thumbnails", "metadata");

    private static final int MAX_ERRORS_SHOWN = 5;

    private static final Schema SCHEMA = loadSchema();

    private ServiceJsonReportImporter() {
    }

    private static Schema loadSchema() {
        SchemaRegistry registry = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12,
                builder -> builder.schemaRegistryConfig(SchemaRegistryConfig.builder()
                        .pathType(PathType.JSON_POINTER).build()));
        try (InputStream in = ServiceJsonReportImporter.class.getResourceAsStream(SCHEMA_RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(SCHEMA_RESOURCE + " is missing from the classpath");
            }
            return registry.getSchema(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static ImportResult importReport(JsonNode root) throws InvalidReportException {
        if (root == null || !root.isObject()) {
            throw new InvalidReportException("service_json report must be a JSON object with a \"findings\" array");
        }
        JsonNode findingsNode = root.get("findings");
        if (findingsNode != null && findingsNode.isArray() && findingsNode.size() > ImportLimits.MAX_FINDINGS) {
            throw new InvalidReportException("report has " + findingsNode.size() + " findings; the limit is "
                    + ImportLimits.MAX_FINDINGS);
        }
        List<Error> errors = SCHEMA.validate(root);
        if (!errors.isEmpty()) {
            throw new InvalidReportException(describe(errors));
        }

        FindingCollector out = new FindingCollector();
        for (JsonNode f : findingsNode) {
            out.add(finding(f));
        }

        Map<String, Object> source = new LinkedHashMap<>();
        JsonNode sourceNode = root.get("source");
        if (sourceNode != null) {
            for (var e : sourceNode.properties()) {
                source.put(e.getKey(), scalar(e.getValue()));
            }
        }
        Map<String, Boolean> capabilities = new LinkedHashMap<>();
        JsonNode capsNode = root.get("capabilities");
        if (capsNode != null) {
            for (var e : capsNode.properties()) {
                if (CAPABILITIES.contains(e.getKey())) {
                    capabilities.put(e.getKey(), e.getValue().booleanValue());
                }
            }
        }
        return new ImportResult(FORMAT, out.findings(), source, capabilities);
    }

    private static Finding finding(JsonNode f) {
        String message = f.get("message").stringValue();
        // Rule 1: unknown severities are kept as warnings, never dropped.
        Severity severity = Severity.parse(f.get("severity").stringValue());
        if (severity == null) {
            severity = Severity.WARNING;
        }
        // Rules 2 and 3: tool id or message hash, always under EXT-SVC-.
        String id = ImportedIds.of(ImportedIds.SERVICE_JSON, text(f, "inspection_id"), message);
        // Rule 4: 0 or absent is document level; page is an alias of page_num (page_num wins when both are given).
        JsonNode pageNode = f.has("page_num") ? f.get("page_num") : f.get("page");
        int page = pageNode == null ? 0 : pageNode.intValue();
        List<Double> bbox = null;
        JsonNode b = f.get("bbox");
        if (b != null) {
            bbox = Finding.box(b.get(0).doubleValue(), b.get(1).doubleValue(), b.get(2).doubleValue(),
                    b.get(3).doubleValue());
        }
        Map<String, Object> details = null;
        JsonNode d = f.get("details");
        if (d != null) {
            @SuppressWarnings("unchecked")
            Map<String, Object> converted = ReportJson.MAPPER.convertValue(d, LinkedHashMap.class);
            details = converted;
        }
        return new Finding(id, severity, message, page, bbox, text(f, "object_id"), text(f, "object_type"),
                text(f, "category"), text(f, "iso_clause"), details, SOURCE);
    }

    private static String text(JsonNode node, String field) {
        JsonNode v = node.get(field);
        return v == null || v.isNull() ? null : v.stringValue();
    }

    private static Object scalar(JsonNode v) {
        if (v.isBoolean()) {
            return v.booleanValue();
        }
        if (v.isIntegralNumber()) {
            return v.canConvertToInt() ? (Object) v.intValue() : (Object) v.longValue();
        }
        if (v.isNumber()) {
            return v.doubleValue();
        }
        return v.stringValue();
    }

    private static String describe(List<Error> errors) {
        List<String> lines = new ArrayList<>();
        for (Error e : errors.subList(0, Math.min(MAX_ERRORS_SHOWN, errors.size()))) {
            String line = e.toString();
            // The document root has an empty JSON pointer; show it as "/" so the message still names a location.
            lines.add(line.startsWith(": ") ? "/" + line : line);
        }
        String more = errors.size() > MAX_ERRORS_SHOWN ? " (and " + (errors.size() - MAX_ERRORS_SHOWN) + " more)" : "";
        return "service_json report does not match the import schema: " + String.join("; ", lines) + more;
    }
}
