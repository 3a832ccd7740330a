package dev.preflight.engine.checks;

import dev.preflight.engine.facts.PaintColor;
import dev.preflight.engine.facts.PaintedElement;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/** How a painted colour separates, in the GWG 2022 sense (D0010 white, D0013 black, multi-channel, spots). */
public final class Colorants {

    /** I00003: colorant names that are never spot colours. */
    public static final Set<String> NOT_SPOTS = Set.of("Cyan", "Magenta", "Yellow", "Black", "All", "None");

    /** The four process colorants. */
    public static final Set<String> PROCESS = Set.of("Cyan", "Magenta", "Yellow", "Black");

    private static final double EPS = 1e-6;

    private Colorants() {
    }

    /** GWG D0010: DeviceCMYK 0,0,0,0; Separation tint 0; DeviceN all 0 (None ignored); DeviceGray 1. */
    public static boolean isWhite(PaintColor c) {
        if (c == null || c.values().isEmpty()) {
            return false;
        }
        List<Double> v = c.values();
        return switch (c.space()) {
            case "DeviceCMYK" -> v.size() == 4 && v.stream().allMatch(Colorants::zero);
            case "DeviceGray" -> one(v.get(0));
            case "Separation" -> !c.colorants().isEmpty() && !"None".equals(c.colorants().get(0)) && zero(v.get(0));
            case "DeviceN" -> {
                boolean any = false;
                for (int i = 0; i < Math.min(v.size(), c.colorants().size()); i++) {
                    if ("None".equals(c.colorants().get(i))) {
                        continue;
                    }
                    any = true;
                    if (!zero(v.get(i))) {
                        yield false;
                    }
                }
                yield any;
            }
            default -> false;
        };
    }

    /**
     * GWG D0013 (colour part): DeviceCMYK 0,0,0,1; Separation "Black" 1; DeviceN Black=1 and every other colorant 0;
     * DeviceGray 0. Alpha and blend mode are judged by {@link #blackFill} and {@link #blackStroke}.
     */
    public static boolean isBlack(PaintColor c) {
        if (c == null || c.values().isEmpty()) {
            return false;
        }
        List<Double> v = c.values();
        return switch (c.space()) {
            case "DeviceCMYK" -> v.size() == 4 && zero(v.get(0)) && zero(v.get(1)) && zero(v.get(2)) && one(v.get(3));
            case "DeviceGray" -> zero(v.get(0));
            case "Separation" -> "Black".equals(c.colorants().isEmpty() ? null : c.colorants().get(0)) && one(v.get(0));
            case "DeviceN" -> {
                boolean black = false;
                for (int i = 0; i < Math.min(v.size(), c.colorants().size()); i++) {
                    String n = c.colorants().get(i);
                    if ("Black".equals(n)) {
                        if (!one(v.get(i))) {
                            yield false;
                        }
                        black = true;
                    } else if (!"None".equals(n) && !zero(v.get(i))) {
                        yield false;
                    }
                }
                yield black;
            }
            default -> false;
        };
    }

    /** GWG D0014: black fill painted opaque (alpha 1, Normal blend, no soft mask). */
    public static boolean blackFill(PaintedElement e) {
        return isBlack(e.fill()) && e.fillAlpha() >= 1.0 && normalBlend(e) && !e.softMask();
    }

    /** GWG D0015: black stroke painted opaque (alpha 1, Normal blend, no soft mask). */
    public static boolean blackStroke(PaintedElement e) {
        return isBlack(e.stroke()) && e.strokeAlpha() >= 1.0 && normalBlend(e) && !e.softMask();
    }

    static boolean normalBlend(PaintedElement e) {
        return e.blendMode() == null || e.blendMode().equals("Normal") || e.blendMode().equals("Compatible");
    }

    /**
     * Number of separations the colour puts ink on: CMYK counts its non-zero components, grey is the black plate,
     * spots count their non-zero colorants ("All" counts four, "None" none). RGB, Lab and their ICC/Cal forms are
     * converted to several process inks, so any non-white value counts three. Returns -1 when unknown (Indexed,
     * Pattern).
     */
    public static int channels(PaintColor c) {
        if (c == null) {
            return 0;
        }
        List<Double> v = c.values();
        String f = c.effectiveFamily();
        if (c.space().equals("Indexed") || c.space().equals("Pattern")) {
            return -1;
        }
        switch (f) {
            case "DeviceCMYK", "ICCCMYK" -> {
                return (int) v.stream().filter(x -> !zero(x)).count();
            }
            case "DeviceGray", "CalGray", "ICCGRAY" -> {
                return v.isEmpty() || one(v.get(0)) ? 0 : 1;
            }
            case "Separation", "DeviceN" -> {
                int n = 0;
                for (int i = 0; i < Math.min(v.size(), c.colorants().size()); i++) {
                    String name = c.colorants().get(i);
                    if (zero(v.get(i)) || "None".equals(name)) {
                        continue;
                    }
                    n += "All".equals(name) ? 4 : 1;
                }
                return n;
            }
            case "DeviceRGB", "CalRGB", "ICCRGB" -> {
                return v.size() == 3 && v.stream().allMatch(Colorants::one) ? 0 : 3;
            }
            case "Lab", "ICCLAB" -> {
                return !v.isEmpty() && v.get(0) >= 100 - EPS ? 0 : 3;
            }
            default -> {
                return -1;
            }
        }
    }

    /**
     * The colour puts ink on the black plate and nowhere else: DeviceGray (and calibrated or ICC grey) darker than
     * white, CMYK with only K, Separation "Black", DeviceN with only Black inked.
     */
    public static boolean isBlackOnly(PaintColor c) {
        if (c == null || c.values().isEmpty()) {
            return false;
        }
        List<Double> v = c.values();
        switch (c.effectiveFamily()) {
            case "DeviceGray", "CalGray", "ICCGRAY" -> {
                return !one(v.get(0));
            }
            case "DeviceCMYK", "ICCCMYK" -> {
                return v.size() == 4 && zero(v.get(0)) && zero(v.get(1)) && zero(v.get(2)) && !zero(v.get(3));
            }
            case "Separation", "DeviceN" -> {
                boolean black = false;
                for (int i = 0; i < Math.min(v.size(), c.colorants().size()); i++) {
                    String n = c.colorants().get(i);
                    if (zero(v.get(i)) || "None".equals(n)) {
                        continue;
                    }
                    if (!"Black".equals(n)) {
                        return false;
                    }
                    black = true;
                }
                return black;
            }
            default -> {
                return false;
            }
        }
    }

    /** The colour puts ink on two or more separations. */
    public static boolean isMultiChannel(PaintColor c) {
        return channels(c) >= 2;
    }

    /** Spot colorant names of a Separation or DeviceN colour (process names, All and None excluded), as written. */
    public static List<String> spotNames(PaintColor c) {
        var out = new ArrayList<String>();
        if (c == null || !c.isSpot()) {
            return out;
        }
        for (String n : c.colorants()) {
            if (!NOT_SPOTS.contains(n) && !out.contains(n)) {
                out.add(n);
            }
        }
        return out;
    }

    /** The colour space family that counts as "intended" for colour binding: the base of Indexed, ICC by its data. */
    public static String intendedFamily(PaintColor c) {
        String s = c.space().equals("Indexed") && c.base() != null ? c.base() : c.space();
        if (s.equals("ICCBased")) {
            return c.iccSpace() == null ? "ICCBased" : "ICCBased" + c.iccSpace();
        }
        return s;
    }

    /** A short description of a colour for finding details, e.g. "DeviceCMYK 0/0/0/1" or "Separation PANTONE 185 C". */
    public static String describe(PaintColor c) {
        if (c == null) {
            return null;
        }
        var sb = new StringBuilder(c.space());
        if (c.space().equals("ICCBased") && c.iccSpace() != null) {
            sb.append('(').append(c.iccSpace()).append(')');
        }
        if (!c.colorants().isEmpty()) {
            sb.append(' ').append(String.join("+", c.colorants()));
        }
        if (!c.values().isEmpty()) {
            sb.append(' ');
            for (int i = 0; i < c.values().size(); i++) {
                if (i > 0) {
                    sb.append('/');
                }
                double d = c.values().get(i);
                sb.append(d == Math.rint(d) ? String.valueOf((long) d) : String.valueOf(Math.round(d * 1000) / 1000.0));
            }
        }
        return sb.toString();
    }

    /** The colour space of a colour without its values, e.g. "ICCBased(RGB)" or "Separation PANTONE 185 C". */
    public static String describeSpace(PaintColor c) {
        if (c == null) {
            return null;
        }
        var sb = new StringBuilder(c.space());
        if (c.space().equals("ICCBased") && c.iccSpace() != null) {
            sb.append('(').append(c.iccSpace()).append(')');
        }
        if (c.space().equals("Indexed") && c.base() != null) {
            sb.append('(').append(c.base()).append(c.iccSpace() == null ? "" : " " + c.iccSpace()).append(')');
        }
        if (!c.colorants().isEmpty()) {
            sb.append(' ').append(String.join("+", c.colorants()));
        }
        return sb.toString();
    }

    static boolean zero(double d) {
        return Math.abs(d) <= EPS;
    }

    static boolean one(double d) {
        return Math.abs(d - 1.0) <= EPS;
    }
}
