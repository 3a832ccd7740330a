package dev.preflight.viewer;

/** The spec's limits on viewer parameters (spec: Limits). */
final class ViewerLimits {

    static final int MIN_DPI = 36;
    static final int MAX_DPI = 600;
    static final double MIN_TAC = 100;
    static final double MAX_TAC = 500;

    private ViewerLimits() {
    }
}
