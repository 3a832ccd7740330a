package dev.preflight.analysis;

/** The analysis of a job exceeded its time bound; the message is the job's readable error. */
public class AnalysisTimeoutException extends Exception {

    public AnalysisTimeoutException(String message) {
        super(message);
    }
}
