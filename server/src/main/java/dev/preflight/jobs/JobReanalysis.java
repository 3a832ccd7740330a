package dev.preflight.jobs;

import dev.preflight.analysis.EpmVerdict;
import dev.preflight.findings.Finding;
import org.jspecify.annotations.Nullable;

import java.util.List;

/**
 * A completed job analysed again (an audit rerun): the profile it ran under and the findings that replace the job's.
 * A finding whose {@code finding_id} is the id of one of the job's current findings keeps that id (decisions and
 * explanations made on it stay attached); every other finding gets a fresh id.
 *
 * @param findings in report order
 */
public record JobReanalysis(String profileId, List<Finding> findings, @Nullable EpmVerdict epmVerdict) {

    public JobReanalysis {
        findings = List.copyOf(findings);
    }
}
