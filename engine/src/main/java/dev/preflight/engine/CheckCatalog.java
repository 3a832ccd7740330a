package dev.preflight.engine;

import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckRegistry;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Every check the engine knows, by inspection id. */
public final class CheckCatalog {

    private static final CheckCatalog DEFAULT = new CheckCatalog(CheckRegistry.all());

    private final Map<String, Check> checks;

    public CheckCatalog(List<Check> all) {
        var map = new LinkedHashMap<String, Check>();
        for (Check c : all) {
            if (map.put(c.info().id(), c) != null) {
                throw new IllegalStateException("duplicate inspection id " + c.info().id());
            }
        }
        this.checks = Collections.unmodifiableMap(map);
    }

    /** The built-in catalogue. */
    public static CheckCatalog builtin() {
        return DEFAULT;
    }

    public Check check(String id) {
        return checks.get(id);
    }

    public CheckInfo info(String id) {
        Check c = checks.get(id);
        return c == null ? null : c.info();
    }

    public List<CheckInfo> infos() {
        return checks.values().stream().map(Check::info).toList();
    }

    public int size() {
        return checks.size();
    }
}
