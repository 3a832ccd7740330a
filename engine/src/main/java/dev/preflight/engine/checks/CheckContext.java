package dev.preflight.engine.checks;

import dev.preflight.engine.Box;
import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.Finding;
import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.ProfileCheck;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.Severity;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a running check sees of its profile (severity, parameters) and where it reports findings. Locations are
 * capped: past {@code maxLocations} findings are counted but not kept, and the kept ones say so in their details.
 */
public final class CheckContext {

    private final CheckInfo info;
    private final Severity severity;
    private final Map<String, Object> params;
    private final String isoClause;
    private final int maxLocations;
    private final List<Finding> findings = new ArrayList<>();
    /** Info notes about the run (skipped objects), outside the location cap. */
    private final List<Finding> notes = new ArrayList<>();
    private int total;
    /** The analysis's content view, shared by its checks; built here on first use when none was given. */
    private ContentView content;

    /** A context that shares an analysis's content view (null: built on first use). */
    public CheckContext(CheckInfo info, ProfileCheck profileCheck, int maxLocations, ContentView content) {
        this(info, profileCheck, maxLocations);
        this.content = content;
    }

    public CheckContext(CheckInfo info, ProfileCheck profileCheck, int maxLocations) {
        this.info = info;
        this.severity = profileCheck != null && profileCheck.severity() != null
                ? profileCheck.severity() : info.defaultSeverity();
        this.isoClause = profileCheck == null ? null : profileCheck.isoClause();
        this.maxLocations = maxLocations;
        var merged = new LinkedHashMap<String, Object>();
        for (ParamSpec p : info.parameters()) {
            Object v = profileCheck != null && profileCheck.params().containsKey(p.name())
                    ? profileCheck.params().get(p.name()) : p.defaultValue();
            merged.put(p.name(), p.coerce(v));
        }
        this.params = merged;
    }

    /** A context with the check's defaults (for tests and the default profile). */
    public static CheckContext defaults(CheckInfo info) {
        return new CheckContext(info, null, 100);
    }

    /** The content view of the facts being checked: the analysis's shared one, or one built for these facts. */
    public ContentView content(DocumentFacts facts) {
        if (content == null || content.facts() != facts) {
            content = ContentView.of(facts);
        }
        return content;
    }

    /** The content view built or shared so far (null when no check asked), to hand to the next check. */
    public ContentView sharedContent() {
        return content;
    }

    public CheckInfo info() {
        return info;
    }

    /** Severity configured for this check. */
    public Severity severity() {
        return severity;
    }

    public Object param(String name) {
        if (!params.containsKey(name)) {
            throw new IllegalArgumentException(info.id() + " has no parameter " + name);
        }
        return params.get(name);
    }

    /** A number parameter, or null when set to null (off). */
    public Double number(String name) {
        Object v = param(name);
        return v == null ? null : ((Number) v).doubleValue();
    }

    public Integer integer(String name) {
        Object v = param(name);
        return v == null ? null : ((Number) v).intValue();
    }

    public boolean bool(String name) {
        Object v = param(name);
        return v != null && (Boolean) v;
    }

    public String string(String name) {
        return (String) param(name);
    }

    @SuppressWarnings("unchecked")
    public List<String> strings(String name) {
        Object v = param(name);
        return v == null ? List.of() : (List<String>) v;
    }

    /** Starts a finding with this check's id, severity, category and object type. */
    public Builder finding(String message) {
        return new Builder(message);
    }

    /** Findings kept so far (at most maxLocations, plus document-level summaries). */
    public List<Finding> findings() {
        if (total <= findings.size()) {
            if (notes.isEmpty()) {
                return List.copyOf(findings);
            }
            var all = new ArrayList<Finding>(findings);
            all.addAll(notes);
            return all;
        }
        var capped = new ArrayList<Finding>();
        for (Finding f : findings) {
            capped.add(f.withDetails(Map.of("total_occurrences", total, "locations_shown", findings.size())));
        }
        capped.addAll(notes);
        return capped;
    }

    /** All occurrences reported, including those beyond the cap. */
    public int totalReported() {
        return total;
    }

    /** Builds one finding. */
    public final class Builder {
        private final String message;
        private Severity sev = severity;
        private int page;
        private List<Double> bbox;
        private String objectId;
        private String objectType = info.objectType();
        private final Map<String, Object> details = new LinkedHashMap<>();
        private String clause = isoClause;

        private Builder(String message) {
            this.message = message;
        }

        public Builder severity(Severity s) {
            this.sev = s;
            return this;
        }

        public Builder page(int pageNum) {
            this.page = pageNum;
            return this;
        }

        public Builder bbox(Box box) {
            this.bbox = box == null ? null : box.toList();
            return this;
        }

        public Builder object(String id, String type) {
            this.objectId = id;
            if (type != null) {
                this.objectType = type;
            }
            return this;
        }

        /** The clause the finding carries when the profile sets none for this check. */
        public Builder clause(String ownClause) {
            if (isoClause == null) {
                this.clause = ownClause;
            }
            return this;
        }

        public Builder detail(String key, Object value) {
            if (value != null) {
                details.put(key, value instanceof Double d ? round(d) : value);
            }
            return this;
        }

        /**
         * Records an info note about the check's run (what it skipped, say): never capped, never counted as an
         * occurrence.
         */
        public void note() {
            // a note explains how the rule was applied; it is not a result of the rule, so it carries no clause
            notes.add(new Finding(info.id(), Severity.INFO, message, page, bbox, objectId, objectType,
                    info.category(), null, details, Finding.SOURCE_ENGINE));
        }

        /** Records the finding (or only counts it when the location cap is reached). */
        public void report() {
            total++;
            if (findings.size() < maxLocations) {
                findings.add(new Finding(info.id(), sev, message, page, bbox, objectId, objectType,
                        info.category(), clause, details, Finding.SOURCE_ENGINE));
            }
        }
    }

    /** GWG I00005: full precision while computing; values are rounded only when shown. */
    static double round(double d) {
        if (Double.isNaN(d) || Double.isInfinite(d)) {
            return d;
        }
        return Math.round(d * 1000.0) / 1000.0;
    }
}
