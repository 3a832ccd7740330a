package dev.preflight.engine.checks.page;

/** Conversion of page-space points to real millimetres (UserUnit scales the point). */
final class Millimetres {

    static final double PER_POINT = 25.4 / 72.0;

    private Millimetres() {
    }

    static double of(double points, double userUnit) {
        return points * userUnit * PER_POINT;
    }

    static double toPoints(double mm, double userUnit) {
        return mm / PER_POINT / userUnit;
    }
}
