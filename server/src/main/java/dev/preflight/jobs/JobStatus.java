package dev.preflight.jobs;

/** Job states (spec: States and transitions). The wire word depends on the configured wording. */
public enum JobStatus {
    QUEUED, COMPLETED, FAILED;

    /** The word the API shows: self-hosted wording queued/completed/failed, hosted wording pending/complete/failed. */
    public String wire(boolean hosted) {
        return switch (this) {
            case QUEUED -> hosted ? "pending" : "queued";
            case COMPLETED -> hosted ? "complete" : "completed";
            case FAILED -> "failed";
        };
    }

    public boolean terminal() {
        return this != QUEUED;
    }
}
