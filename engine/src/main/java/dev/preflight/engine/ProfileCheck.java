package dev.preflight.engine;

import java.util.Map;

/**
 * A check as a profile runs it.
 *
 * @param checkId   the check's inspection id
 * @param severity  severity of its findings under this profile (null = the check's default)
 * @param params    parameter values (missing ones take the check's defaults)
 * @param isoClause clause every finding of this check carries under this profile (e.g. "GWG2022 R0031"), or null
 */
public record ProfileCheck(String checkId, Severity severity, Map<String, Object> params, String isoClause) {

    public ProfileCheck {
        params = params == null ? Map.of() : java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(params));
    }
}
