package dev.preflight.engine.checks.page;

import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/** A named or explicit paper format in millimetres: "A4", "Letter", "210x297". */
record PaperSize(String name, double widthMm, double heightMm) {

    private static final Map<String, double[]> NAMED = Map.ofEntries(
            Map.entry("A0", new double[] {841, 1189}), Map.entry("A1", new double[] {594, 841}),
            Map.entry("A2", new double[] {420, 594}), Map.entry("A3", new double[] {297, 420}),
            Map.entry("A4", new double[] {210, 297}), Map.entry("A5", new double[] {148, 210}),
            Map.entry("A6", new double[] {105, 148}), Map.entry("B4", new double[] {250, 353}),
            Map.entry("B5", new double[] {176, 250}), Map.entry("DL", new double[] {99, 210}),
            Map.entry("LETTER", new double[] {215.9, 279.4}), Map.entry("LEGAL", new double[] {215.9, 355.6}),
            Map.entry("TABLOID", new double[] {279.4, 431.8}));

    private static final Pattern EXPLICIT = Pattern.compile("\\s*(\\d+(?:\\.\\d+)?)\\s*[xX×]\\s*(\\d+(?:\\.\\d+)?)\\s*(mm)?\\s*");

    /**
     * Parses a size name.
     *
     * @throws IllegalArgumentException when the text is neither a known name nor "WIDTHxHEIGHT" in mm
     */
    static PaperSize parse(String text) {
        double[] named = NAMED.get(text.trim().toUpperCase(Locale.ROOT));
        if (named != null) {
            return new PaperSize(text.trim(), named[0], named[1]);
        }
        var m = EXPLICIT.matcher(text);
        if (m.matches()) {
            return new PaperSize(text.trim(), Double.parseDouble(m.group(1)), Double.parseDouble(m.group(2)));
        }
        throw new IllegalArgumentException("unknown page size '" + text + "': use a name (" 
                + String.join(", ", new java.util.TreeSet<>(NAMED.keySet())) + ") or WIDTHxHEIGHT in mm");
    }

    /** Same format in either orientation, within the tolerance. */
    boolean matches(double wMm, double hMm, double toleranceMm) {
        return (Math.abs(wMm - widthMm) <= toleranceMm && Math.abs(hMm - heightMm) <= toleranceMm)
                || (Math.abs(wMm - heightMm) <= toleranceMm && Math.abs(hMm - widthMm) <= toleranceMm);
    }
}
