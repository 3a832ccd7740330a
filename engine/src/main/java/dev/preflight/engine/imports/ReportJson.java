package dev.preflight.engine.imports;

import tools.jackson.core.JacksonException;
import tools.jackson.core.StreamReadConstraints;
import tools.jackson.core.exc.StreamConstraintsException;
import tools.jackson.core.json.JsonFactory;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** Parses untrusted JSON with bounded nesting depth and document length. */
final class ReportJson {

    static final JsonMapper MAPPER = JsonMapper.builder(JsonFactory.builder()
                    .streamReadConstraints(StreamReadConstraints.builder()
                            .maxNestingDepth(ImportLimits.MAX_JSON_DEPTH)
                            .maxDocumentLength(ImportLimits.MAX_REPORT_BYTES)
                            .build())
                    .build())
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .build();

    private ReportJson() {
    }

    static JsonNode parse(byte[] bytes, String what) throws InvalidReportException {
        ImportLimits.checkSize(bytes, what);
        try {
            return MAPPER.readTree(bytes);
        } catch (StreamConstraintsException e) {
            throw new InvalidReportException(what + " exceeds a JSON limit (nesting deeper than "
                    + ImportLimits.MAX_JSON_DEPTH + " levels or too long): " + e.getOriginalMessage(), e);
        } catch (JacksonException e) {
            throw new InvalidReportException(what + " is not valid JSON: " + e.getOriginalMessage()
                    + location(e), e);
        }
    }

    private static String location(JacksonException e) {
        var loc = e.getLocation();
        return loc == null ? "" : " (line " + loc.getLineNr() + ", column " + loc.getColumnNr() + ")";
    }
}
