package dev.preflight.engine;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * The EPM (CMY-only press mode) candidacy verdict of a job, computed from its {@code SVC_EPM_*_REJECT} findings.
 *
 * @param tier                       pass, pass_with_advisory, marginal or reject
 * @param rejectionDrivers           inspection ids of the tier A and tier B findings, first seen first
 * @param advisories                 inspection ids of the tier C findings, first seen first
 * @param recommendsSpecialSubstrate ink-load or grey-balance findings (heavy black, CMY total, neutral greys) fired:
 *                                   a high-holdout substrate is recommended if the job runs CMY-only
 * @param legacyCodesFired           legacy codes "001".."018" of the findings, sorted
 * @param epmFindingsCount           number of EPM findings
 */
public record EpmVerdict(String tier, List<String> rejectionDrivers, List<String> advisories,
                         boolean recommendsSpecialSubstrate, List<String> legacyCodesFired, int epmFindingsCount) {

    public static final String PASS = "pass";
    public static final String PASS_WITH_ADVISORY = "pass_with_advisory";
    public static final String MARGINAL = "marginal";
    public static final String REJECT = "reject";

    private static final String PREFIX = "SVC_EPM_";
    private static final String SUFFIX = "_REJECT";
    private static final Set<String> SUBSTRATE_DRIVERS = Set.of("SVC_EPM_HEAVY_BLACK_REJECT",
            "SVC_EPM_CMY_TAC_REJECT", "SVC_EPM_NEUTRAL_GREY_REJECT");

    public EpmVerdict {
        rejectionDrivers = List.copyOf(rejectionDrivers);
        advisories = List.copyOf(advisories);
        legacyCodesFired = List.copyOf(legacyCodesFired);
    }

    /** True for the findings that take part in the verdict. */
    public static boolean isEpmFinding(Finding f) {
        return f.inspectionId().startsWith(PREFIX) && f.inspectionId().endsWith(SUFFIX);
    }

    /**
     * Scores a job's findings: pass = no EPM findings; pass_with_advisory = only tier C; marginal = exactly one
     * tier B check fired and no tier A; reject = any tier A, or two or more different tier B checks. Tier B is
     * counted per inspection id, so one problem found in many places is one soft rejection. A finding without an
     * {@code epm_tier} detail counts as tier B.
     */
    public static EpmVerdict from(List<Finding> findings) {
        var drivers = new LinkedHashSet<String>();
        var advisories = new LinkedHashSet<String>();
        var tierB = new LinkedHashSet<String>();
        var codes = new TreeSet<String>();
        boolean tierA = false;
        boolean substrate = false;
        int count = 0;
        for (Finding f : findings) {
            if (!isEpmFinding(f)) {
                continue;
            }
            count++;
            String tier = tierOf(f);
            Object code = f.details().get("legacy_code");
            if (code != null) {
                codes.add(String.valueOf(code));
            }
            if (tier.equals("C")) {
                advisories.add(f.inspectionId());
                continue;
            }
            drivers.add(f.inspectionId());
            if (tier.equals("A")) {
                tierA = true;
            } else {
                tierB.add(f.inspectionId());
            }
            substrate |= SUBSTRATE_DRIVERS.contains(f.inspectionId());
        }
        String verdict;
        if (count == 0) {
            verdict = PASS;
        } else if (tierA || tierB.size() >= 2) {
            verdict = REJECT;
        } else if (tierB.size() == 1) {
            verdict = MARGINAL;
        } else {
            verdict = PASS_WITH_ADVISORY;
        }
        return new EpmVerdict(verdict, new ArrayList<>(drivers), new ArrayList<>(advisories), substrate,
                new ArrayList<>(codes), count);
    }

    private static String tierOf(Finding f) {
        Object t = f.details().get("epm_tier");
        String s = t == null ? "B" : String.valueOf(t).trim().toUpperCase(java.util.Locale.ROOT);
        return s.equals("A") || s.equals("C") ? s : "B";
    }
}
