package dev.preflight.engine.checks.brand;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A colour of a customer's brand specification, parsed from the notations a brand guide uses: hex ({@code #E30613},
 * {@code #e31}), a CSS colour name ({@code navy}), {@code rgb(227, 6, 19)} (0-255 or percentages) or
 * {@code cmyk(0, 100, 100, 0)} (percentages, the {@code %} sign optional). RGB notations are sRGB.
 *
 * @param family {@link Family#RGB} or {@link Family#CMYK}
 * @param values fractions 0..1: r, g, b or c, m, y, k
 */
public record BrandColor(Family family, List<Double> values) {

    /** The colour model a brand colour is written in; it is compared only with paints of the same model. */
    public enum Family { RGB, CMYK }

    public BrandColor {
        values = List.copyOf(values);
    }

    private static final Pattern HEX = Pattern.compile("#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})");
    private static final Pattern FUNCTION = Pattern.compile("(rgb|cmyk)\\s*\\(([^)]*)\\)", Pattern.CASE_INSENSITIVE);
    private static final Pattern NUMBER = Pattern.compile("[0-9]+(\\.[0-9]+)?%?|\\.[0-9]+%?");

    /**
     * Parses a colour value.
     *
     * @throws IllegalArgumentException with a message a person can act on when the value is not one of the notations
     */
    public static BrandColor parse(String value) {
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException("a colour value is required");
        }
        String v = value.trim();
        if (v.length() > 64) {
            throw new IllegalArgumentException("a colour value has at most 64 characters");
        }
        if (HEX.matcher(v).matches()) {
            return hex(v.substring(1));
        }
        Matcher f = FUNCTION.matcher(v);
        if (f.matches()) {
            boolean cmyk = f.group(1).equalsIgnoreCase("cmyk");
            String[] parts = f.group(2).trim().split("\\s*[,\\s]\\s*");
            int expected = cmyk ? 4 : 3;
            if (parts.length != expected) {
                throw new IllegalArgumentException("'" + v + "': " + f.group(1).toLowerCase(Locale.ROOT) + "() takes "
                        + expected + " components");
            }
            var out = new double[expected];
            for (int i = 0; i < expected; i++) {
                String p = parts[i];
                if (!NUMBER.matcher(p).matches()) {
                    throw new IllegalArgumentException("'" + v + "': '" + p + "' is not a non-negative number");
                }
                boolean percent = p.endsWith("%");
                double d = Double.parseDouble(percent ? p.substring(0, p.length() - 1) : p);
                double max = cmyk || percent ? 100 : 255;
                if (d > max) {
                    throw new IllegalArgumentException("'" + v + "': '" + p + "' is above " + (long) max);
                }
                out[i] = d / max;
            }
            return new BrandColor(cmyk ? Family.CMYK : Family.RGB, toList(out));
        }
        String hex = CssColorNames.NAMES.get(v.toLowerCase(Locale.ROOT));
        if (hex != null) {
            return hex(hex);
        }
        throw new IllegalArgumentException("'" + v + "' is not a colour: use #RRGGBB, a CSS colour name, "
                + "rgb(r, g, b) or cmyk(c, m, y, k) with percentages");
    }

    private static BrandColor hex(String h) {
        String six = h.length() == 3
                ? "" + h.charAt(0) + h.charAt(0) + h.charAt(1) + h.charAt(1) + h.charAt(2) + h.charAt(2) : h;
        int rgb = Integer.parseInt(six, 16);
        return new BrandColor(Family.RGB, List.of(((rgb >> 16) & 0xff) / 255.0, ((rgb >> 8) & 0xff) / 255.0,
                (rgb & 0xff) / 255.0));
    }

    private static List<Double> toList(double[] a) {
        var l = new java.util.ArrayList<Double>(a.length);
        for (double d : a) {
            l.add(d);
        }
        return l;
    }

    /** How a person reads it back: "CMYK 0/100/100/0" (percent) or "RGB 227/6/19" (0-255). */
    public String describe() {
        var sb = new StringBuilder(family.name()).append(' ');
        for (int i = 0; i < values.size(); i++) {
            if (i > 0) {
                sb.append('/');
            }
            double d = values.get(i) * (family == Family.CMYK ? 100 : 255);
            sb.append(Math.round(d));
        }
        return sb.toString();
    }

    /** CIE L*a*b* (D65) of an RGB colour, read as sRGB. */
    static double[] lab(List<Double> rgb) {
        double r = linear(rgb.get(0));
        double g = linear(rgb.get(1));
        double b = linear(rgb.get(2));
        double x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047;
        double y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b;
        double z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883;
        double fx = f(x);
        double fy = f(y);
        double fz = f(z);
        return new double[] {116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)};
    }

    /** CIE 1976 colour difference of two sRGB colours. */
    static double deltaE(List<Double> rgbA, List<Double> rgbB) {
        double[] a = lab(rgbA);
        double[] b = lab(rgbB);
        return Math.sqrt(sq(a[0] - b[0]) + sq(a[1] - b[1]) + sq(a[2] - b[2]));
    }

    /** The largest difference of any ink, in percentage points. */
    static double inkDifference(List<Double> cmykA, List<Double> cmykB) {
        double max = 0;
        for (int i = 0; i < 4; i++) {
            max = Math.max(max, Math.abs(cmykA.get(i) - cmykB.get(i)));
        }
        return max * 100;
    }

    private static double linear(double c) {
        return c <= 0.04045 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4);
    }

    private static double f(double t) {
        return t > 216.0 / 24389 ? Math.cbrt(t) : (24389.0 / 27 * t + 16) / 116;
    }

    private static double sq(double d) {
        return d * d;
    }

    static Map<String, String> names() {
        return CssColorNames.NAMES;
    }
}
