package dev.preflight.engine.imports;

import java.time.Duration;

/** Resource ceilings for every import: a report must never exhaust memory or hang a worker. */
final class ImportLimits {

    /** Largest report (or JDF sidecar) accepted, in bytes. */
    static final int MAX_REPORT_BYTES = 50 * 1024 * 1024;

    /** Most findings one report may produce. */
    static final int MAX_FINDINGS = 100_000;

    /** Deepest JSON nesting accepted (arrays and objects). */
    static final int MAX_JSON_DEPTH = 200;

    /** Processing time (thread CPU time) a custom mapping's selectors may use on one report; the caller waits 4×. */
    static final Duration SELECTOR_TIMEOUT = Duration.ofSeconds(5);

    private ImportLimits() {
    }

    static void checkSize(byte[] report, String what) throws InvalidReportException {
        if (report == null || report.length == 0) {
            throw new InvalidReportException(what + " is empty");
        }
        if (report.length > MAX_REPORT_BYTES) {
            throw new InvalidReportException(what + " is " + report.length + " bytes; the limit is "
                    + MAX_REPORT_BYTES + " bytes (50 MB)");
        }
    }
}
