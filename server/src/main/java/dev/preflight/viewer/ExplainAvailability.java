package dev.preflight.viewer;

import dev.preflight.jobs.JobView;

/**
 * Says whether findings of a job can be explained by AI right now (the config's {@code ai_explain} capability). The
 * AI module implements it as a bean; without one the capability is false.
 */
public interface ExplainAvailability {

    boolean available(JobView job);
}
