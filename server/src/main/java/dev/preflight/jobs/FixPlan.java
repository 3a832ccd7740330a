package dev.preflight.jobs;

import java.util.List;

/**
 * What a job was asked to fix before its analysis (stored as the job's {@code fix_plan}).
 *
 * @param auto    choose the fixups from the findings of a first analysis of the file (auto_fix=true at submit)
 * @param fixups  the fixups to run, validated; empty when {@code auto}
 */
record FixPlan(boolean auto, List<FixupStep> fixups) {

    FixPlan {
        fixups = fixups == null ? List.of() : List.copyOf(fixups);
    }
}
