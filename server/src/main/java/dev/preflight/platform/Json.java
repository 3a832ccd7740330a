package dev.preflight.platform;

import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.json.JsonMapper;

import java.util.List;
import java.util.Map;

/**
 * Reads and writes the JSON we keep in text columns, with the API's naming rule. Reading is lenient (unknown keys
 * ignored, missing primitives default) so that rows written by an older version of a record still read.
 */
public final class Json {

    private static final JsonMapper MAPPER = JsonMapper.builder().propertyNamingStrategy(JsonNaming.WIRE)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .disable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES).build();

    private Json() {
    }

    public static String write(Object value) {
        return value == null ? null : MAPPER.writeValueAsString(value);
    }

    public static Map<String, Object> readMap(String json) {
        return json == null ? null : MAPPER.readValue(json, new TypeReference<Map<String, Object>>() { });
    }

    public static List<Object> readList(String json) {
        return json == null ? null : MAPPER.readValue(json, new TypeReference<List<Object>>() { });
    }

    public static <T> T read(String json, Class<T> type) {
        return json == null ? null : MAPPER.readValue(json, type);
    }

    public static JsonMapper mapper() {
        return MAPPER;
    }
}
