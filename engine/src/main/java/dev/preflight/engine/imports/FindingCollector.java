package dev.preflight.engine.imports;

import dev.preflight.engine.Finding;

import java.util.ArrayList;
import java.util.List;

/** Accumulates imported findings in report order and stops a report that produces too many. */
final class FindingCollector {

    private final List<Finding> findings = new ArrayList<>();
    private final int limit;

    FindingCollector() {
        this(ImportLimits.MAX_FINDINGS);
    }

    FindingCollector(int limit) {
        this.limit = limit;
    }

    void add(Finding finding) throws InvalidReportException {
        if (findings.size() >= limit) {
            throw new InvalidReportException("report has more than " + limit + " findings; the limit is " + limit);
        }
        findings.add(finding);
    }

    int size() {
        return findings.size();
    }

    List<Finding> findings() {
        return findings;
    }
}
