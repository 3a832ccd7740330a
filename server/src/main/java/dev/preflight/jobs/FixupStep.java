package dev.preflight.jobs;

import io.swagger.v3.oas.annotations.media.Schema;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One fixup a job is asked to run on its file, as the API writes it: {@code {fixup_id, params}}.
 *
 * @param fixupId a fixup id of GET /api/v1/fixups
 * @param params  parameter values by name; those left out take the fixup's defaults
 */
@Schema(name = "FixupRequest")
public record FixupStep(@Schema(description = "a fixup id listed by GET /api/v1/fixups", example = "SET_PAGE_BOXES")
                        String fixupId,
                        @Schema(description = "parameter values by name, as GET /api/v1/fixups describes them; "
                                + "omitted parameters take their defaults") Map<String, Object> params) {

    public FixupStep {
        params = params == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(params));
    }
}
