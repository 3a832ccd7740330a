package dev.preflight.engine.facts;

import java.util.List;

/**
 * A colour as painted: its colour space and component values at the time of the paint operation.
 *
 * @param space          family: DeviceGray, DeviceRGB, DeviceCMYK, CalGray, CalRGB, Lab, ICCBased, Indexed,
 *                       Separation, DeviceN, Pattern
 * @param iccSpace       for ICCBased (or Indexed over ICCBased): GRAY, RGB, CMYK or LAB from the profile; else null
 * @param base           for Indexed: the base family; for Pattern: the underlying family when uncoloured; else null
 * @param alternate      for Separation/DeviceN (and Indexed over them): the alternate space family; else null
 * @param colorants      Separation name or DeviceN component names (as written, before normalisation); for
 *                       Indexed over Separation/DeviceN the base's colorants that some lookup entry inks; else
 *                       empty
 * @param values         component values (tints for Separation/DeviceN), 0..1 except Lab
 * @param tintKey        for Separation/DeviceN: a stable hash of the alternate space and tint transform, so that
 *                       differently named but visually identical spots can be found (GWG R0023); else null
 * @param objectId       colour space object reference when it is an indirect object, else null
 */
public record PaintColor(String space, String iccSpace, String base, String alternate, List<String> colorants,
                         List<Double> values, String tintKey, String objectId) {

    public PaintColor {
        colorants = colorants == null ? List.of() : List.copyOf(colorants);
        values = values == null ? List.of() : List.copyOf(values);
    }

    public static PaintColor device(String space, double... values) {
        var v = new java.util.ArrayList<Double>();
        for (double d : values) {
            v.add(d);
        }
        return new PaintColor(space, null, null, null, List.of(), v, null, null);
    }

    public static PaintColor separation(String name, double tint, String alternate) {
        return new PaintColor("Separation", null, null, alternate, List.of(name), List.of(tint), null, null);
    }

    /** The colour family that decides how it separates: the ICC space for ICCBased, the base for Indexed. */
    public String effectiveFamily() {
        return switch (space) {
            case "ICCBased" -> iccSpace == null ? "ICCBased" : "ICC" + iccSpace;
            case "Indexed" -> base == null ? "Indexed" : base;
            default -> space;
        };
    }

    public boolean isRgb() {
        String f = effectiveFamily();
        return f.equals("DeviceRGB") || f.equals("CalRGB") || f.equals("ICCRGB");
    }

    public boolean isCmyk() {
        String f = effectiveFamily();
        return f.equals("DeviceCMYK") || f.equals("ICCCMYK");
    }

    public boolean isGray() {
        String f = effectiveFamily();
        return f.equals("DeviceGray") || f.equals("CalGray") || f.equals("ICCGRAY");
    }

    /** Prints on spot (or named process) plates: Separation, DeviceN, or Indexed over them with inked entries. */
    public boolean isSpot() {
        return space.equals("Separation") || space.equals("DeviceN") || indexedSpot();
    }

    /** Indexed over Separation or DeviceN whose lookup table inks at least one colorant. */
    public boolean indexedSpot() {
        return space.equals("Indexed") && ("Separation".equals(base) || "DeviceN".equals(base))
                && !colorants.isEmpty();
    }
}
