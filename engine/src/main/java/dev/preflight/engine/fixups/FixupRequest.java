package dev.preflight.engine.fixups;

import java.util.Map;

/**
 * One fixup asked for, with the parameters the caller set (defaults fill the rest when it runs).
 *
 * @param fixupId the fixup's id
 * @param params  parameter values by name; never null
 */
public record FixupRequest(String fixupId, Map<String, Object> params) {

    public FixupRequest {
        params = params == null ? Map.of() : java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(params));
    }
}
