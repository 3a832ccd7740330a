package dev.preflight.engine.profiles;

import dev.preflight.engine.Profile;
import dev.preflight.engine.ProfileCheck;
import dev.preflight.engine.Severity;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The Ghent Workgroup variants (GWG 2022 and its 14 GWG 2015 predecessors) as one table, the single source of the
 * gwg*.json built-in profiles. Values and severities are those of the GWG 2022 workbook (section 4.3); GWG 2015
 * keeps them except that Newspaper Ads allowed one spot colour and soft-mask images were not exempt from the
 * resolution rules.
 */
final class GwgVariants {

    /**
     * Parameter table, one variant per line: name | slug | family | R0009 | R0010 | R0015 | R0016 | R0017 | R0018 |
     * R0019 | R0020 | R0025 | R0026 | R0031 | R0032 | R0033 | binding. A cell is "-" (ignore) or a severity
     * letter (E, W) followed by the value(s); the resolution cells are "error/warning" ppi, always at error
     * severity (the warning band is the check's own).
     */
    private static final String VALUES = """
            Magazine Ads CMYK               | magazine-ads-cmyk               | MAG  | W 12 | W 2 | W 0.85 2.8 | W 9  | W 9  | W 0.25 | W 0.25 | E 0 | -     | W 305 | 149/224 | 549/799 | 149/449  | early
            Magazine Ads CMYK + RGB         | magazine-ads-cmyk-plus-rgb      | MAG  | W 12 | W 2 | W 0.85 2.8 | W 9  | W 9  | W 0.25 | W 0.25 | E 0 | -     | W 305 | 149/224 | 549/799 | 149/449  | intermediate
            Newspaper Ads CMYK              | newspaper-ads-cmyk              | NEWS | W 12 | W 2 | W 0.85 2.2 | W 10 | W 10 | W 0.25 | W 0.25 | E 0 | -     | W 245 | 99/149  | 549/799 | 99/449   | early
            Newspaper Ads CMYK + RGB        | newspaper-ads-cmyk-plus-rgb     | NEWS | W 12 | W 2 | W 0.85 2.2 | W 10 | W 10 | W 0.25 | W 0.25 | E 0 | -     | W 245 | 99/149  | 549/799 | 99/449   | intermediate
            SheetCMYK CMYK                  | sheetcmyk-cmyk                  | SC   | W 12 | W 2 | W 0.85 2.8 | W 8  | W 8  | W 0.25 | W 0.25 | E 0 | -     | W 320 | 149/224 | 549/799 | -        | early
            SheetCMYK CMYK + RGB            | sheetcmyk-cmyk-plus-rgb         | SC   | W 12 | W 2 | W 0.85 2.8 | W 8  | W 8  | W 0.25 | W 0.25 | E 0 | -     | W 320 | 149/224 | 549/799 | -        | intermediate
            SheetSpot CMYK                  | sheetspot-cmyk                  | SS   | W 12 | W 2 | W 0.85 2.8 | W 8  | W 8  | W 0.25 | W 0.25 | W 0 | -     | W 320 | 149/224 | 549/799 | -        | early
            SheetSpot CMYK + RGB            | sheetspot-cmyk-plus-rgb         | SS   | W 12 | W 2 | W 0.85 2.8 | W 8  | W 8  | W 0.25 | W 0.25 | W 0 | -     | W 320 | 149/224 | 549/799 | -        | intermediate
            WebCMYK CMYK                    | webcmyk-cmyk                    | WC   | W 12 | W 2 | W 0.85 2.8 | W 9  | W 9  | W 0.25 | W 0.25 | E 0 | -     | W 305 | 149/224 | 549/799 | -        | early
            WebCMYK CMYK + RGB              | webcmyk-cmyk-plus-rgb           | WC   | W 12 | W 2 | W 0.85 2.8 | W 9  | W 9  | W 0.25 | W 0.25 | E 0 | -     | W 305 | 149/224 | 549/799 | -        | intermediate
            WebSpot CMYK                    | webspot-cmyk                    | WS   | W 12 | W 2 | W 0.85 2.8 | W 9  | W 9  | W 0.25 | W 0.25 | W 0 | -     | W 305 | 149/224 | 549/799 | -        | early
            WebSpot CMYK + RGB              | webspot-cmyk-plus-rgb           | WS   | W 12 | W 2 | W 0.85 2.8 | W 9  | W 9  | W 0.25 | W 0.25 | W 0 | -     | W 305 | 149/224 | 549/799 | -        | intermediate
            WebCMYKNews CMYK                | webcmyknews-cmyk                | WN   | W 12 | W 2 | W 0.85 2.2 | W 10 | W 10 | W 0.25 | W 0.25 | E 0 | -     | W 245 | 99/149  | 549/799 | -        | early
            WebCMYKNews CMYK + RGB          | webcmyknews-cmyk-plus-rgb       | WN   | W 12 | W 2 | W 0.85 2.2 | W 10 | W 10 | W 0.25 | W 0.25 | E 0 | -     | W 245 | 99/149  | 549/799 | -        | intermediate
            Packaging Offset                | packaging-offset                | PKG  | W 12 | W 2 | W 0.85 2.8 | W 5  | W 8  | W 0.15 | W 0.3  | -   | W 320 | -     | 239/299 | 549/799 | 449/1199 | early
            Packaging Gravure               | packaging-gravure               | PKG  | W 12 | W 2 | W 0.85 2.8 | W 5  | W 6  | W 0.2  | W 0.3  | -   | W 310 | -     | 239/299 | 549/799 | 449/1199 | early
            Packaging Flexo                 | packaging-flexo                 | PKG  | W 12 | W 2 | W 0.85 2.8 | W 5  | W 14 | W 0.3  | W 1.5  | -   | W 320 | -     | 199/239 | 549/799 | 449/1199 | early
            Label & Leaflet                 | label-leaflet                   | PKG  | W 12 | W 2 | W 0.85 2.8 | W 5  | W 14 | W 0.3  | W 1.5  | -   | W 320 | -     | 199/239 | 549/799 | 449/1199 | early
            Folding Carton & Corrugated Box | folding-carton-corrugated-box   | PKG  | W 12 | W 2 | W 0.85 2.8 | W 5  | W 14 | W 0.3  | W 1.5  | -   | W 320 | -     | 199/239 | 549/799 | 449/1199 | early
            Flexible                        | flexible                        | PKG  | W 12 | W 2 | W 0.85 2.8 | W 5  | W 14 | W 0.3  | W 1.5  | -   | W 320 | -     | 199/239 | 549/799 | 449/1199 | early
            Corrugated Display              | corrugated-display              | PKG  | W 12 | W 2 | W 0.85 2.8 | W 5  | W 14 | W 0.3  | W 1.5  | -   | W 320 | -     | 199/239 | 549/799 | 449/1199 | early
            Digital Print                   | digital-print                   | DIG  | -    | -   | W 0.85 2.8 | W 5  | W 5  | W 0.25 | W 0.25 | W 0 | -     | -     | 95/149  | 349/599 | -        | intermediate
            Large Format Print              | large-format-print              | LF   | W 12 | -   | -          | W 5  | W 5  | W 0.15 | W 0.15 | -   | -     | -     | 239/299 | 549/799 | -        | late
            """;

    /** Family columns of the severity-only table, in order. */
    private static final List<String> FAMILIES = List.of("MAG", "NEWS", "SC", "SS", "WC", "WS", "WN", "PKG", "DIG",
            "LF");

    /**
     * Severity-only requirements: requirement | check id(s) | one letter per family in {@link #FAMILIES} order
     * (E error, W warning, - ignore). R1002 differs inside the packaging family and is set per variant.
     */
    private static final String SEVERITIES = """
            R0002 | PAGE_USERUNIT                        | EEEEEEEEEW
            R0003 | PAGE_CROP_NOT_MEDIA                  | EEEEEEEEEE
            R0004 | PAGE_TRIM_SIZE_MIXED PAGE_ROTATED    | --WWEEEWW-
            R0005 | PAGE_EMPTY                           | EEWWEEEW-W
            R0006 | DOC_PAGE_COUNT                       | EE-----W--
            R0007 | OP_WHITE_TEXT                        | EEEEEEEEEE
            R0008 | OP_WHITE_PATH                        | WWWWWWWEWW
            R0011 | TEXT_BLACK_GRAY_SMALL                | WWWWWWWW-W
            R0012 | LINE_BLACK_GRAY_THIN                 | WWWWWWWW--
            R0013 | OP_DEVICEGRAY                        | WWWWWWWW--
            R0014 | FONT_COURIER                         | WWWWWWWW--
            R0021 | SPOT_SUFFIX_VARIANTS                 | ---W-W-W--
            R0022 | SPOT_CASE_VARIANTS                   | ---E-E-E--
            R0023 | SPOT_IDENTICAL_DIFFERENT_NAMES       | ---E-E-E--
            R0024 | SPOT_REGISTRATION_ALL                | WWWWWWWWW-
            R0030 | TRANSP_BLEND_CS                      | EEEEEEEEEE
            R0034 | OC_CONFIGS_PRESENT                   | EE-----W--
            R0035 | OI_NOT_CMYK                          | EEEEEEEEEE
            R0036 | OC_HIDDEN_LAYERS                     | ---------E
            R1001 | PROC_STEPS_PRODUCT_TYPE              | -------E--
            """;

    /** R1001 parameters and R1002 applicability of the packaging variants (GWG 2022 section 2, R1001/R1002). */
    private static final Map<String, Steps> STEPS = Map.of(
            "packaging-offset", new Steps(List.of(), List.of(), true),
            "packaging-gravure", new Steps(List.of(), List.of(), true),
            "packaging-flexo", new Steps(List.of(), List.of(), true),
            "label-leaflet", new Steps(List.of("Cutting"), List.of("Creasing"), false),
            "folding-carton-corrugated-box", new Steps(List.of("Cutting"), List.of(), true),
            "flexible", new Steps(List.of("Cutting"), List.of("Creasing"), false),
            "corrugated-display", new Steps(List.of("Cutting"), List.of(), false));

    private record Steps(List<String> required, List<String> notAllowed, boolean creasing) {
    }

    private static final String LARGE_FORMAT_SCALING = "LARGE_FORMAT_SCALING";

    private GwgVariants() {
    }

    /** The 23 GWG 2022 variants. */
    static List<Profile> gwg2022() {
        return VALUES.lines().filter(l -> !l.isBlank()).map(l -> profile(l, 2022)).toList();
    }

    /** The 14 GWG 2015 variants (the seven families of commercial print, CMYK and CMYK + RGB). */
    static List<Profile> gwg2015() {
        return VALUES.lines().filter(l -> !l.isBlank()).limit(14).map(l -> profile(l, 2015)).toList();
    }

    private static Profile profile(String line, int year) {
        String[] c = line.split("\\|");
        for (int i = 0; i < c.length; i++) {
            c[i] = c[i].strip();
        }
        String name = c[0];
        String slug = c[1];
        String family = c[2];
        String prefix = "GWG" + year;
        var checks = new ArrayList<ProfileCheck>();
        for (ProfileCheck pc : PdfxProfiles.conformance("PDF/X-4", prefix + " R0001")) {
            checks.add(pc);
        }
        int col = FAMILIES.indexOf(family);
        for (String row : SEVERITIES.lines().filter(l -> !l.isBlank()).toList()) {
            String[] r = row.split("\\|");
            char s = r[2].strip().charAt(col);
            if (s == '-') {
                continue;
            }
            for (String id : r[1].strip().split("\\s+")) {
                var params = new LinkedHashMap<String, Object>();
                if (id.equals("DOC_PAGE_COUNT")) {
                    params.put("expected_pages", 1);
                }
                if (id.equals("PROC_STEPS_PRODUCT_TYPE")) {
                    Steps steps = STEPS.get(slug);
                    params.put("required", steps.required());
                    params.put("not_allowed", steps.notAllowed());
                }
                checks.add(new ProfileCheck(id, severity(s), params, prefix + " " + r[0].strip()));
            }
        }
        if (family.equals("LF")) {
            // R0037 says how limits scale; it is enforced through the scaled limits of the resolution, text-size
            // and line-width checks. The scaling note explains those limits and is not itself a rule result.
            checks.add(new ProfileCheck(LARGE_FORMAT_SCALING, Severity.INFO, Map.of(), null));
        }
        Steps steps = STEPS.get(slug);
        if (year == 2022 && steps != null && steps.creasing()) {
            checks.add(new ProfileCheck("PROC_STEPS_CREASING_REQUIRED", Severity.ERROR, Map.of(), prefix + " R1002"));
        }
        if (year == 2015) {
            checks.removeIf(pc -> pc.checkId().startsWith("PROC_STEPS"));
        }
        valued(checks, c[3], "OP_BLACK_TEXT_MISSING", prefix + " R0009", "max_size_pt");
        valued(checks, c[4], "OP_BLACK_LINE_MISSING", prefix + " R0010", "max_width_pt");
        valued(checks, c[5], "TEXT_RICH_BLACK", prefix + " R0015", "min_k", "max_sum");
        valued(checks, c[6], "TEXT_WHITE_SMALL", prefix + " R0016", "min_size_pt");
        valued(checks, c[7], "TEXT_MULTICHANNEL_SMALL", prefix + " R0017", "min_size_pt");
        valued(checks, c[8], "LINE_WHITE_THIN", prefix + " R0018", "min_width_pt");
        valued(checks, c[9], "LINE_MULTICHANNEL_THIN", prefix + " R0019", "min_width_pt");
        String spots = c[10];
        if (year == 2015 && family.equals("NEWS")) {
            spots = spots.charAt(0) + " 1";
        }
        valued(checks, spots, "SPOT_COUNT_MAX", prefix + " R0020", "max_spots");
        valuedWithWindow(checks, c[11], "INK_TAC_ALL", prefix + " R0025");
        valuedWithWindow(checks, c[12], "INK_TAC_CMYK", prefix + " R0026");
        resolution(checks, c[13], "IMG_RES_LOW", prefix + " R0031", year);
        resolution(checks, c[14], "IMG_RES_LOW_1BIT", prefix + " R0032", year);
        resolution(checks, c[15], "PAGE_RASTERIZED_LOW_RES", prefix + " R0033", year);
        switch (c[16]) {
            case "early" -> checks.add(new ProfileCheck("COLOR_BINDING_EARLY", Severity.ERROR, Map.of(),
                    prefix + " R0027"));
            case "intermediate" -> checks.add(new ProfileCheck("COLOR_BINDING_INTERMEDIATE", Severity.ERROR,
                    Map.of(), prefix + " R0028"));
            case "late" -> checks.add(new ProfileCheck("COLOR_BINDING_LATE", Severity.ERROR, Map.of(),
                    prefix + " R0029"));
            default -> throw new IllegalStateException("unknown colour binding " + c[16]);
        }
        checks.sort(java.util.Comparator.comparing(ProfileCheck::isoClause,
                java.util.Comparator.nullsLast(java.util.Comparator.naturalOrder())));
        String id = "gwg" + year + "-" + slug;
        String title = "GWG " + year + " " + name;
        String description = "Ghent Workgroup " + year + " specification, variant " + name + " (PDF/X-4 based"
                + ", " + c[16] + " colour binding). Every finding carries the GWG requirement id in iso_clause.";
        return new Profile(id, title, description, "GWG" + year, true, checks);
    }

    private static void valued(List<ProfileCheck> checks, String cell, String id, String clause, String... names) {
        if (cell.equals("-")) {
            return;
        }
        String[] parts = cell.split("\\s+");
        var params = new LinkedHashMap<String, Object>();
        for (int i = 0; i < names.length; i++) {
            params.put(names[i], number(parts[i + 1], id.equals("SPOT_COUNT_MAX")));
        }
        checks.add(new ProfileCheck(id, severity(parts[0].charAt(0)), params, clause));
    }

    private static void valuedWithWindow(List<ProfileCheck> checks, String cell, String id, String clause) {
        if (cell.equals("-")) {
            return;
        }
        String[] parts = cell.split("\\s+");
        var params = new LinkedHashMap<String, Object>();
        params.put("max_percent", Double.parseDouble(parts[1]));
        params.put("window_mm", 15.0);
        checks.add(new ProfileCheck(id, severity(parts[0].charAt(0)), params, clause));
    }

    private static void resolution(List<ProfileCheck> checks, String cell, String id, String clause, int year) {
        if (cell.equals("-")) {
            return;
        }
        String[] ppi = cell.split("/");
        var params = new LinkedHashMap<String, Object>();
        params.put("error_ppi", Double.parseDouble(ppi[0]));
        params.put("warning_ppi", Double.parseDouble(ppi[1]));
        if (!id.equals("PAGE_RASTERIZED_LOW_RES")) {
            params.put("min_pixels", 16);
            params.put("exempt_soft_masks", year >= 2022);
        }
        checks.add(new ProfileCheck(id, Severity.ERROR, params, clause));
    }

    private static Object number(String text, boolean integer) {
        return integer ? (Object) Integer.parseInt(text) : (Object) Double.parseDouble(text);
    }

    private static Severity severity(char c) {
        return switch (Character.toUpperCase(c)) {
            case 'E' -> Severity.ERROR;
            case 'W' -> Severity.WARNING;
            default -> throw new IllegalStateException("unknown severity letter " + c);
        };
    }
}
