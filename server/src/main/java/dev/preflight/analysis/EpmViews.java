package dev.preflight.analysis;

import dev.preflight.engine.epm.EpmVerdict;

import java.util.LinkedHashMap;
import java.util.Map;

/** The EPM verdict in the API's shape (spec: EPM verdict). */
final class EpmViews {

    private EpmViews() {
    }

    static Map<String, Object> verdict(String jobId, EpmVerdict v) {
        var m = new LinkedHashMap<String, Object>();
        m.put("job_id", jobId);
        m.put("tier", v.tier());
        m.put("rejection_drivers", v.rejectionDrivers());
        m.put("advisories", v.advisories());
        m.put("recommends_special_substrate", v.recommendsSpecialSubstrate());
        m.put("legacy_codes_fired", v.legacyCodesFired());
        m.put("epm_findings_count", v.epmFindingsCount());
        return m;
    }
}
