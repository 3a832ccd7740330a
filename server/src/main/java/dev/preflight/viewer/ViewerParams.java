package dev.preflight.viewer;

import dev.preflight.engine.Box;
import dev.preflight.engine.view.LayerToggleProblem;
import dev.preflight.engine.view.LayerToggles;
import dev.preflight.platform.Validator;
import org.jspecify.annotations.Nullable;

import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;

/** Parses and checks the viewer's query parameters; every problem is a 422 naming the parameter (spec: Errors). */
final class ViewerParams {

    private ViewerParams() {
    }

    /** {@code dpi}: 36 to 600, the default when absent. */
    static int dpi(@Nullable Integer dpi, int defaultDpi) {
        if (dpi == null) {
            return defaultDpi;
        }
        if (dpi < ViewerLimits.MIN_DPI || dpi > ViewerLimits.MAX_DPI) {
            Validator.query().add("dpi", "Input should be between " + ViewerLimits.MIN_DPI + " and "
                    + ViewerLimits.MAX_DPI, "value_error").throwIfInvalid();
        }
        return dpi;
    }

    /** {@code tac_limit}: 100 to 500 percent, the default when absent. */
    static double tacLimit(@Nullable Double limit, double defaultLimit) {
        if (limit == null) {
            return defaultLimit;
        }
        if (!(limit >= ViewerLimits.MIN_TAC && limit <= ViewerLimits.MAX_TAC)) {
            Validator.query().add("tac_limit", "Input should be between 100 and 500 (percent)", "value_error")
                    .throwIfInvalid();
        }
        return limit;
    }

    /** A point in PDF points: both coordinates finite. */
    static void point(double x, double y) {
        var v = Validator.query();
        if (!Double.isFinite(x)) {
            v.add("x", "Input should be a finite number", "float_parsing");
        }
        if (!Double.isFinite(y)) {
            v.add("y", "Input should be a finite number", "float_parsing");
        }
        v.throwIfInvalid();
    }

    /** The tile's {@code proof} parameter: on (the default, a soft proof) or off (the plain screen render). */
    static boolean proof(@Nullable String proof) {
        if (proof == null || proof.isBlank() || proof.trim().equals("on")) {
            return true;
        }
        if (proof.trim().equals("off")) {
            return false;
        }
        Validator.query().add("proof", "Input should be 'on' or 'off'", "enum").throwIfInvalid();
        return true;
    }

    /**
     * {@code ocg_on} and {@code ocg_off}: comma-separated layer indices, checked against the document's layers (an
     * index out of range, an index in both, or any toggle on a PDF without layers).
     */
    static LayerToggles toggles(@Nullable String on, @Nullable String off, int layerCount) {
        var v = Validator.query();
        Set<Integer> onSet = indices("ocg_on", on, v);
        Set<Integer> offSet = indices("ocg_off", off, v);
        v.throwIfInvalid();
        LayerToggles toggles = LayerToggles.of(onSet, offSet);
        List<LayerToggleProblem> problems = toggles.problems(layerCount);
        for (LayerToggleProblem p : problems) {
            v.add(p.parameter(), p.message(), "value_error");
        }
        v.throwIfInvalid();
        return toggles;
    }

    private static Set<Integer> indices(String name, @Nullable String csv, Validator v) {
        var out = new TreeSet<Integer>();
        if (csv == null || csv.isBlank()) {
            return out;
        }
        for (String part : csv.split(",")) {
            String s = part.trim();
            if (s.isEmpty()) {
                continue;
            }
            try {
                out.add(Integer.parseInt(s));
            } catch (NumberFormatException e) {
                v.add(name, "Input should be comma-separated layer indices (integers); '" + s + "' is not one",
                        "int_parsing");
            }
        }
        return out;
    }

    /**
     * The tile region (our extension): {@code x}, {@code y}, {@code w}, {@code h} in PDF points, origin lower-left,
     * all four or none; null for the whole page.
     */
    static @Nullable Box region(@Nullable Double x, @Nullable Double y, @Nullable Double w, @Nullable Double h) {
        if (x == null && y == null && w == null && h == null) {
            return null;
        }
        var v = Validator.query();
        Double[] values = {x, y, w, h};
        String[] names = {"x", "y", "w", "h"};
        for (int i = 0; i < 4; i++) {
            if (values[i] == null) {
                v.add(names[i], "Field required: a region needs x, y, w and h", "missing");
            } else if (!Double.isFinite(values[i])) {
                v.add(names[i], "Input should be a finite number", "float_parsing");
            } else if (i >= 2 && values[i] <= 0) {
                v.add(names[i], "Input should be greater than 0 (points)", "value_error");
            }
        }
        v.throwIfInvalid();
        return new Box(x, y, x + w, y + h);
    }

    /** A number as it appears in a file key: digits, '.' and '-' only. */
    static String keyNumber(double d) {
        return String.format(Locale.ROOT, "%.4f", d).replace('-', 'm');
    }
}
