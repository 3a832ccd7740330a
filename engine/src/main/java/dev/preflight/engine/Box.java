package dev.preflight.engine;

/** A rectangle in PDF points, origin bottom-left; x0 <= x1 and y0 <= y1. */
public record Box(double x0, double y0, double x1, double y1) {

    public Box {
        if (x0 > x1) { double t = x0; x0 = x1; x1 = t; }
        if (y0 > y1) { double t = y0; y0 = y1; y1 = t; }
    }

    public double width() { return x1 - x0; }

    public double height() { return y1 - y0; }

    public double area() { return width() * height(); }

    public boolean intersects(Box o) {
        return o != null && x0 < o.x1 && o.x0 < x1 && y0 < o.y1 && o.y0 < y1;
    }

    public boolean contains(Box o) {
        return o != null && o.x0 >= x0 - 1e-6 && o.y0 >= y0 - 1e-6 && o.x1 <= x1 + 1e-6 && o.y1 <= y1 + 1e-6;
    }

    public Box intersection(Box o) {
        if (!intersects(o)) {
            return null;
        }
        return new Box(Math.max(x0, o.x0), Math.max(y0, o.y0), Math.min(x1, o.x1), Math.min(y1, o.y1));
    }

    public Box union(Box o) {
        if (o == null) {
            return this;
        }
        return new Box(Math.min(x0, o.x0), Math.min(y0, o.y0), Math.max(x1, o.x1), Math.max(y1, o.y1));
    }

    /** True when both boxes are equal within the tolerance (points). */
    public boolean sameAs(Box o, double tolerance) {
        return o != null && Math.abs(x0 - o.x0) <= tolerance && Math.abs(y0 - o.y0) <= tolerance
                && Math.abs(x1 - o.x1) <= tolerance && Math.abs(y1 - o.y1) <= tolerance;
    }

    public java.util.List<Double> toList() {
        return java.util.List.of(x0, y0, x1, y1);
    }
}
