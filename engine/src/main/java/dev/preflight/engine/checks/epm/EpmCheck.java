package dev.preflight.engine.checks.epm;

import dev.preflight.engine.Box;
import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;

import java.util.List;

/**
 * Base of the EPM (CMY-only press mode) checks. Every finding carries {@code epm_tier} (A hard reject, B soft
 * reject, C advisory) and {@code legacy_code}; a check may report a milder sub-case under a second legacy code.
 * The rules are derived (no official EPM rule set exists); docs/epm.md explains each one.
 */
abstract class EpmCheck implements Check {

    private final CheckInfo info;
    private final String tier;
    private final String legacyCode;

    EpmCheck(String name, String title, String description, String tier, String legacyCode, boolean needsInk,
             List<ParamSpec> params) {
        this.info = new CheckInfo("SVC_EPM_" + name + "_REJECT", title, description, "epm", severityOf(tier),
                needsInk ? "page" : "path", params, needsInk);
        this.tier = tier;
        this.legacyCode = legacyCode;
    }

    @Override
    public final CheckInfo info() {
        return info;
    }

    String tier() {
        return tier;
    }

    String legacyCode() {
        return legacyCode;
    }

    static Severity severityOf(String tier) {
        return switch (tier) {
            case "A" -> Severity.ERROR;
            case "B" -> Severity.WARNING;
            default -> Severity.ADVISORY;
        };
    }

    /** A finding of this check's main case. */
    CheckContext.Builder finding(CheckContext ctx, String message, int page, Box box) {
        return finding(ctx, message, page, box, tier, legacyCode);
    }

    /** A finding of a given tier and legacy code; a milder tier never raises the profile's severity. */
    CheckContext.Builder finding(CheckContext ctx, String message, int page, Box box, String findingTier,
                                 String code) {
        Severity s = ctx.severity();
        if (!findingTier.equals(tier)) {
            Severity mild = severityOf(findingTier);
            s = mild.ordinal() > s.ordinal() ? mild : s;
        }
        return ctx.finding(message).severity(s).page(page).bbox(box)
                .detail("epm_tier", findingTier).detail("legacy_code", code);
    }
}
