package dev.preflight.intake;

import dev.preflight.platform.Validator;

/** The {@code ?wait=<seconds>} query parameter of the routes that may answer synchronously (as on job submit). */
final class WaitParameter {

    private WaitParameter() {
    }

    /** Null when absent or blank; 422 unless a finite non-negative number. */
    static Double parse(String wait) {
        if (wait == null || wait.isBlank()) {
            return null;
        }
        try {
            double d = Double.parseDouble(wait.trim());
            if (!Double.isNaN(d) && !Double.isInfinite(d) && d >= 0) {
                return d;
            }
        } catch (NumberFormatException ignored) {
            // reported below
        }
        Validator.query().add("wait", "Input should be a non-negative number of seconds", "float_parsing")
                .throwIfInvalid();
        return null;
    }
}
