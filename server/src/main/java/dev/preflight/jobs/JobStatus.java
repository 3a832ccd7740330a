package dev.preflight.jobs;

/** Job states (spec: States and transitions). The wire word depends on the configured wording. */
enum JobStatus {
    QUEUED, COMPLETED, FAILED;

    String wire(boolean hosted) {
        return switch (this) {
            case QUEUED -> hosted ? "pending" : "queued";
            case COMPLETED -> hosted ? "complete" : "completed";
            case FAILED -> "failed";
        };
    }

    boolean terminal() {
        return this != QUEUED;
    }
}
