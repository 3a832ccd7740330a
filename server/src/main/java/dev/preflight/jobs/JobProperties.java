package dev.preflight.jobs;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Job settings ({@code preflight.jobs.*}).
 *
 * @param statusWording          {@code self-hosted} (queued/completed/failed) or {@code hosted} (pending/complete/failed)
 * @param syncMaxWaitSeconds     ceiling for {@code ?wait=} (SVC_SYNC_MAX_WAIT_S)
 * @param analysisTimeoutSeconds time bound of one analysis; past it the job fails
 * @param maxAttempts            processing attempts before a job whose worker keeps dying is marked failed
 * @param workerThreads          concurrent job executions per node
 * @param pollingStrategy        {@code auto} (lock-and-fetch on PostgreSQL, fetch on H2), {@code fetch} or
 *                               {@code lock-and-fetch}; read by {@link JobSchedulerSettings}
 */
@ConfigurationProperties("preflight.jobs")
record JobProperties(String statusWording, double syncMaxWaitSeconds, int analysisTimeoutSeconds, int maxAttempts,
                     int workerThreads, String pollingStrategy) {

    JobProperties {
        if (statusWording == null || statusWording.isBlank()) {
            statusWording = "self-hosted";
        }
        if (!statusWording.equals("self-hosted") && !statusWording.equals("hosted")) {
            throw new IllegalArgumentException("PREFLIGHT_STATUS_WORDING must be 'self-hosted' or 'hosted'");
        }
        JobSchedulerSettings.pollingStrategy(pollingStrategy, "");
    }

    boolean hostedWording() {
        return statusWording.equals("hosted");
    }
}
