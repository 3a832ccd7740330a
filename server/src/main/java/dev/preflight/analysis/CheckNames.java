package dev.preflight.analysis;

import dev.preflight.engine.CheckCatalog;
import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.EngineNotices;
import org.springframework.stereotype.Service;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/** The check catalogue's names and plain-language descriptions, for modules that explain findings (reports). */
@Service
public class CheckNames {

    /** A check's display name, what it looks for and why it matters, and its category. */
    public record Description(String name, String description, String category) {
    }

    private final Map<String, Description> byId;

    CheckNames() {
        var map = new LinkedHashMap<String, Description>();
        var infos = new java.util.ArrayList<>(CheckCatalog.builtin().infos());
        infos.addAll(EngineNotices.infos());
        for (CheckInfo i : infos) {
            map.put(i.id(), new Description(i.name(), i.description(), i.category()));
        }
        this.byId = Map.copyOf(map);
    }

    /** The catalogue entry of an inspection id; empty for imported rules and unknown ids. */
    public Optional<Description> describe(String inspectionId) {
        return Optional.ofNullable(byId.get(inspectionId));
    }
}
