package dev.preflight.engine.checks.spot;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;

import java.util.List;

/** Base of the spot colour checks: category "spot", findings on colorants. */
abstract class SpotCheck implements Check {

    private final CheckInfo info;

    SpotCheck(String id, String name, String description, Severity severity, String objectType,
              List<ParamSpec> params) {
        this.info = new CheckInfo(id, name, description, "spot", severity, objectType, params, false);
    }

    @Override
    public final CheckInfo info() {
        return info;
    }
}
