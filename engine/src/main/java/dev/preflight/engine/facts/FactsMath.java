package dev.preflight.engine.facts;

/** Small numeric helpers shared by the collector. */
final class FactsMath {

    private FactsMath() {
    }

    static double round3(double v) {
        return Math.round(v * 1000.0) / 1000.0;
    }

    /** Singular values {max, min} of the 2x2 linear part [a b; c d] of a PDF matrix. */
    static double[] singularValues(double a, double b, double c, double d) {
        double s = a * a + b * b + c * c + d * d;
        double det = a * d - b * c;
        double disc = Math.sqrt(Math.max(0, s * s - 4 * det * det));
        double max = Math.sqrt(Math.max(0, (s + disc) / 2));
        double min = Math.sqrt(Math.max(0, (s - disc) / 2));
        return new double[] {max, min};
    }
}
