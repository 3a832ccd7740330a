package dev.preflight.engine.imports;

import dev.preflight.engine.Finding;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

import java.util.List;
import java.util.Map;

/** Writes findings as a native import document (service_json), the format {@link ReportImporters} reads back. */
public final class ServiceJsonExporter {

    private ServiceJsonExporter() {
    }

    /**
     * The findings as a schema-valid service_json document (UTF-8). Source values that are not strings, numbers or
     * booleans (lists, maps) are written as their JSON text, because the import schema accepts only scalars there;
     * null values are left out.
     */
    public static byte[] export(List<Finding> findings, Map<String, Object> source) {
        ObjectNode root = ReportJson.MAPPER.createObjectNode();
        root.put("schema_version", "1");
        if (source != null && !source.isEmpty()) {
            ObjectNode s = root.putObject("source");
            for (var e : source.entrySet()) {
                Object v = e.getValue();
                switch (v) {
                    case null -> { }
                    case String str -> s.put(e.getKey(), str);
                    case Boolean b -> s.put(e.getKey(), b);
                    case Integer i -> s.put(e.getKey(), i);
                    case Long l -> s.put(e.getKey(), l);
                    case Number n -> s.put(e.getKey(), n.doubleValue());
                    default -> s.put(e.getKey(), ReportJson.MAPPER.writeValueAsString(v));
                }
            }
        }
        ArrayNode array = root.putArray("findings");
        for (Finding f : findings) {
            ObjectNode o = array.addObject();
            o.put("inspection_id", f.inspectionId());
            o.put("severity", f.severity().wire());
            o.put("message", f.message());
            o.put("page_num", f.pageNum());
            if (f.bbox() != null) {
                ArrayNode b = o.putArray("bbox");
                f.bbox().forEach(b::add);
            }
            if (f.objectId() != null) {
                o.put("object_id", f.objectId());
            }
            if (f.objectType() != null) {
                o.put("object_type", f.objectType());
            }
            if (f.category() != null) {
                o.put("category", f.category());
            }
            if (f.isoClause() != null) {
                o.put("iso_clause", f.isoClause());
            }
            if (!f.details().isEmpty()) {
                o.set("details", ReportJson.MAPPER.valueToTree(f.details()));
            }
        }
        return ReportJson.MAPPER.writeValueAsBytes(root);
    }
}
