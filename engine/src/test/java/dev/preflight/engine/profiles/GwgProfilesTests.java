package dev.preflight.engine.profiles;

import dev.preflight.engine.Profile;
import dev.preflight.engine.ProfileCheck;
import dev.preflight.engine.Profiles;
import dev.preflight.engine.Severity;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The GWG built-in profiles carry exactly the numbers and severities of the GWG 2022 workbook (GWG2022.md). */
class GwgProfilesTests {

    private static final List<String> VARIANTS_2022 = List.of("magazine-ads-cmyk", "magazine-ads-cmyk-plus-rgb",
            "newspaper-ads-cmyk", "newspaper-ads-cmyk-plus-rgb", "sheetcmyk-cmyk", "sheetcmyk-cmyk-plus-rgb",
            "sheetspot-cmyk", "sheetspot-cmyk-plus-rgb", "webcmyk-cmyk", "webcmyk-cmyk-plus-rgb", "webspot-cmyk",
            "webspot-cmyk-plus-rgb", "webcmyknews-cmyk", "webcmyknews-cmyk-plus-rgb", "packaging-offset",
            "packaging-gravure", "packaging-flexo", "label-leaflet", "folding-carton-corrugated-box", "flexible",
            "corrugated-display", "digital-print", "large-format-print");

    private static ProfileCheck check(String profile, String id) {
        Profile p = Profiles.builtin(profile);
        assertThat(p).as(profile).isNotNull();
        return p.check(id);
    }

    private static Severity severity(String profile, String id) {
        ProfileCheck pc = check(profile, id);
        return pc == null ? null : pc.severity();
    }

    private static double number(String profile, String id, String param) {
        return ((Number) check(profile, id).params().get(param)).doubleValue();
    }

    private static void assertValue(String profile, String id, Severity severity, String param, double value) {
        assertThat(severity(profile, id)).as(profile + " " + id).isEqualTo(severity);
        assertThat(number(profile, id, param)).as(profile + " " + id + " " + param).isEqualTo(value);
    }

    private static void assertResolution(String profile, String id, double error, double warning) {
        assertThat(severity(profile, id)).as(profile + " " + id).isEqualTo(Severity.ERROR);
        assertThat(number(profile, id, "error_ppi")).isEqualTo(error);
        assertThat(number(profile, id, "warning_ppi")).isEqualTo(warning);
    }

    @Test
    void allTwentyThreeVariantsExistWithTheirStandard() {
        for (String v : VARIANTS_2022) {
            assertThat(Profiles.builtin("gwg2022-" + v).standard()).isEqualTo("GWG2022");
        }
        assertThat(Profiles.builtin().keySet().stream().filter(k -> k.startsWith("gwg2022-"))).hasSize(23);
        assertThat(Profiles.builtin().keySet().stream().filter(k -> k.startsWith("gwg2015-")))
                .containsExactlyInAnyOrderElementsOf(VARIANTS_2022.subList(0, 14).stream().map(v -> "gwg2015-" + v)
                        .toList());
    }

    @Test
    void magazineAdsCmykEveryColumn() {
        String p = "gwg2022-magazine-ads-cmyk";
        assertValue(p, "OP_BLACK_TEXT_MISSING", Severity.WARNING, "max_size_pt", 12);
        assertValue(p, "OP_BLACK_LINE_MISSING", Severity.WARNING, "max_width_pt", 2);
        assertValue(p, "TEXT_RICH_BLACK", Severity.WARNING, "min_k", 0.85);
        assertThat(number(p, "TEXT_RICH_BLACK", "max_sum")).isEqualTo(2.8);
        assertValue(p, "TEXT_WHITE_SMALL", Severity.WARNING, "min_size_pt", 9);
        assertValue(p, "TEXT_MULTICHANNEL_SMALL", Severity.WARNING, "min_size_pt", 9);
        assertValue(p, "LINE_WHITE_THIN", Severity.WARNING, "min_width_pt", 0.25);
        assertValue(p, "LINE_MULTICHANNEL_THIN", Severity.WARNING, "min_width_pt", 0.25);
        assertValue(p, "SPOT_COUNT_MAX", Severity.ERROR, "max_spots", 0);
        assertThat(check(p, "INK_TAC_ALL")).isNull();
        assertValue(p, "INK_TAC_CMYK", Severity.WARNING, "max_percent", 305);
        assertThat(number(p, "INK_TAC_CMYK", "window_mm")).isEqualTo(15);
        assertResolution(p, "IMG_RES_LOW", 149, 224);
        assertResolution(p, "IMG_RES_LOW_1BIT", 549, 799);
        assertResolution(p, "PAGE_RASTERIZED_LOW_RES", 149, 449);
        assertThat(check(p, "IMG_RES_LOW").params()).containsEntry("min_pixels", 16)
                .containsEntry("exempt_soft_masks", true);
        assertThat(severity(p, "COLOR_BINDING_EARLY")).isEqualTo(Severity.ERROR);
        assertThat(check(p, "COLOR_BINDING_INTERMEDIATE")).isNull();
        assertThat(check(p, "COLOR_BINDING_LATE")).isNull();
    }

    @Test
    void newspaperAdsPlusRgbEveryColumn() {
        String p = "gwg2022-newspaper-ads-cmyk-plus-rgb";
        assertValue(p, "OP_BLACK_TEXT_MISSING", Severity.WARNING, "max_size_pt", 12);
        assertValue(p, "OP_BLACK_LINE_MISSING", Severity.WARNING, "max_width_pt", 2);
        assertValue(p, "TEXT_RICH_BLACK", Severity.WARNING, "max_sum", 2.2);
        assertValue(p, "TEXT_WHITE_SMALL", Severity.WARNING, "min_size_pt", 10);
        assertValue(p, "TEXT_MULTICHANNEL_SMALL", Severity.WARNING, "min_size_pt", 10);
        assertValue(p, "LINE_WHITE_THIN", Severity.WARNING, "min_width_pt", 0.25);
        assertValue(p, "LINE_MULTICHANNEL_THIN", Severity.WARNING, "min_width_pt", 0.25);
        assertValue(p, "SPOT_COUNT_MAX", Severity.ERROR, "max_spots", 0);
        assertThat(check(p, "INK_TAC_ALL")).isNull();
        assertValue(p, "INK_TAC_CMYK", Severity.WARNING, "max_percent", 245);
        assertResolution(p, "IMG_RES_LOW", 99, 149);
        assertResolution(p, "IMG_RES_LOW_1BIT", 549, 799);
        assertResolution(p, "PAGE_RASTERIZED_LOW_RES", 99, 449);
        assertThat(severity(p, "COLOR_BINDING_INTERMEDIATE")).isEqualTo(Severity.ERROR);
        assertThat(check(p, "COLOR_BINDING_EARLY")).isNull();
    }

    @Test
    void sheetSpotAndWebCmykNewsColumns() {
        assertValue("gwg2022-sheetspot-cmyk", "SPOT_COUNT_MAX", Severity.WARNING, "max_spots", 0);
        assertValue("gwg2022-sheetspot-cmyk", "TEXT_WHITE_SMALL", Severity.WARNING, "min_size_pt", 8);
        assertValue("gwg2022-sheetspot-cmyk", "INK_TAC_CMYK", Severity.WARNING, "max_percent", 320);
        assertThat(check("gwg2022-sheetspot-cmyk", "PAGE_RASTERIZED_LOW_RES")).isNull();
        assertValue("gwg2022-webcmyknews-cmyk", "TEXT_RICH_BLACK", Severity.WARNING, "max_sum", 2.2);
        assertValue("gwg2022-webcmyknews-cmyk", "INK_TAC_CMYK", Severity.WARNING, "max_percent", 245);
        assertResolution("gwg2022-webcmyknews-cmyk", "IMG_RES_LOW", 99, 149);
        assertValue("gwg2022-webspot-cmyk-plus-rgb", "SPOT_COUNT_MAX", Severity.WARNING, "max_spots", 0);
        assertValue("gwg2022-webcmyk-cmyk", "TEXT_MULTICHANNEL_SMALL", Severity.WARNING, "min_size_pt", 9);
    }

    @Test
    void packagingGravureAndFlexoEveryColumn() {
        String g = "gwg2022-packaging-gravure";
        assertValue(g, "TEXT_WHITE_SMALL", Severity.WARNING, "min_size_pt", 5);
        assertValue(g, "TEXT_MULTICHANNEL_SMALL", Severity.WARNING, "min_size_pt", 6);
        assertValue(g, "LINE_WHITE_THIN", Severity.WARNING, "min_width_pt", 0.2);
        assertValue(g, "LINE_MULTICHANNEL_THIN", Severity.WARNING, "min_width_pt", 0.3);
        assertThat(check(g, "SPOT_COUNT_MAX")).isNull();
        assertValue(g, "INK_TAC_ALL", Severity.WARNING, "max_percent", 310);
        assertThat(check(g, "INK_TAC_CMYK")).isNull();
        assertResolution(g, "IMG_RES_LOW", 239, 299);
        assertResolution(g, "PAGE_RASTERIZED_LOW_RES", 449, 1199);
        String f = "gwg2022-packaging-flexo";
        assertValue(f, "TEXT_MULTICHANNEL_SMALL", Severity.WARNING, "min_size_pt", 14);
        assertValue(f, "LINE_WHITE_THIN", Severity.WARNING, "min_width_pt", 0.3);
        assertValue(f, "LINE_MULTICHANNEL_THIN", Severity.WARNING, "min_width_pt", 1.5);
        assertValue(f, "INK_TAC_ALL", Severity.WARNING, "max_percent", 320);
        assertResolution(f, "IMG_RES_LOW", 199, 239);
        assertResolution(f, "IMG_RES_LOW_1BIT", 549, 799);
        assertValue("gwg2022-packaging-offset", "TEXT_MULTICHANNEL_SMALL", Severity.WARNING, "min_size_pt", 8);
        assertValue("gwg2022-packaging-offset", "LINE_WHITE_THIN", Severity.WARNING, "min_width_pt", 0.15);
    }

    @Test
    void digitalPrintAndLargeFormatEveryColumn() {
        String d = "gwg2022-digital-print";
        assertThat(check(d, "OP_BLACK_TEXT_MISSING")).isNull();
        assertThat(check(d, "OP_BLACK_LINE_MISSING")).isNull();
        assertValue(d, "TEXT_RICH_BLACK", Severity.WARNING, "max_sum", 2.8);
        assertValue(d, "TEXT_WHITE_SMALL", Severity.WARNING, "min_size_pt", 5);
        assertValue(d, "LINE_MULTICHANNEL_THIN", Severity.WARNING, "min_width_pt", 0.25);
        assertValue(d, "SPOT_COUNT_MAX", Severity.WARNING, "max_spots", 0);
        assertThat(check(d, "INK_TAC_ALL")).isNull();
        assertThat(check(d, "INK_TAC_CMYK")).isNull();
        assertResolution(d, "IMG_RES_LOW", 95, 149);
        assertResolution(d, "IMG_RES_LOW_1BIT", 349, 599);
        assertThat(check(d, "PAGE_RASTERIZED_LOW_RES")).isNull();
        assertThat(severity(d, "COLOR_BINDING_INTERMEDIATE")).isEqualTo(Severity.ERROR);
        String l = "gwg2022-large-format-print";
        assertValue(l, "OP_BLACK_TEXT_MISSING", Severity.WARNING, "max_size_pt", 12);
        assertThat(check(l, "OP_BLACK_LINE_MISSING")).isNull();
        assertThat(check(l, "TEXT_RICH_BLACK")).isNull();
        assertValue(l, "TEXT_MULTICHANNEL_SMALL", Severity.WARNING, "min_size_pt", 5);
        assertValue(l, "LINE_WHITE_THIN", Severity.WARNING, "min_width_pt", 0.15);
        assertValue(l, "LINE_MULTICHANNEL_THIN", Severity.WARNING, "min_width_pt", 0.15);
        assertThat(check(l, "SPOT_COUNT_MAX")).isNull();
        assertResolution(l, "IMG_RES_LOW", 239, 299);
        assertThat(severity(l, "COLOR_BINDING_LATE")).isEqualTo(Severity.ERROR);
    }

    /** R0037 is enforced through the scaled limits; the scaling note stays an info note bound to no requirement. */
    @Test
    void largeFormatScalingIsAnInfoNoteOutsideTheRuleResults() {
        ProfileCheck note = check("gwg2022-large-format-print", "LARGE_FORMAT_SCALING");
        assertThat(note.severity()).isEqualTo(Severity.INFO);
        assertThat(note.isoClause()).isNull();
        for (String v : VARIANTS_2022) {
            if (!v.equals("large-format-print")) {
                assertThat(check("gwg2022-" + v, "LARGE_FORMAT_SCALING")).as(v).isNull();
            }
        }
    }

    /** Severity-only table: one letter per family (E error, W warning, - not checked), typed from the workbook. */
    @Test
    void severityOnlyRequirementsForEveryVariant() {
        Map<String, String> table = Map.ofEntries(
                Map.entry("PAGE_USERUNIT", "EEEEEEEEEW"),
                Map.entry("PAGE_CROP_NOT_MEDIA", "EEEEEEEEEE"),
                Map.entry("PAGE_TRIM_SIZE_MIXED", "--WWEEEWW-"),
                Map.entry("PAGE_ROTATED", "--WWEEEWW-"),
                Map.entry("PAGE_EMPTY", "EEWWEEEW-W"),
                Map.entry("DOC_PAGE_COUNT", "EE-----W--"),
                Map.entry("OP_WHITE_TEXT", "EEEEEEEEEE"),
                Map.entry("OP_WHITE_PATH", "WWWWWWWEWW"),
                Map.entry("TEXT_BLACK_GRAY_SMALL", "WWWWWWWW-W"),
                Map.entry("LINE_BLACK_GRAY_THIN", "WWWWWWWW--"),
                Map.entry("OP_DEVICEGRAY", "WWWWWWWW--"),
                Map.entry("FONT_COURIER", "WWWWWWWW--"),
                Map.entry("SPOT_SUFFIX_VARIANTS", "---W-W-W--"),
                Map.entry("SPOT_CASE_VARIANTS", "---E-E-E--"),
                Map.entry("SPOT_IDENTICAL_DIFFERENT_NAMES", "---E-E-E--"),
                Map.entry("SPOT_REGISTRATION_ALL", "WWWWWWWWW-"),
                Map.entry("TRANSP_BLEND_CS", "EEEEEEEEEE"),
                Map.entry("OC_CONFIGS_PRESENT", "EE-----W--"),
                Map.entry("OI_NOT_CMYK", "EEEEEEEEEE"),
                Map.entry("OC_HIDDEN_LAYERS", "---------E"),
                Map.entry("PROC_STEPS_PRODUCT_TYPE", "-------E--"));
        for (String v : VARIANTS_2022) {
            int family = family(v);
            for (var e : table.entrySet()) {
                char letter = e.getValue().charAt(family);
                Severity expected = letter == 'E' ? Severity.ERROR : letter == 'W' ? Severity.WARNING : null;
                assertThat(severity("gwg2022-" + v, e.getKey())).as(v + " " + e.getKey()).isEqualTo(expected);
            }
        }
    }

    @Test
    void processingStepsOfThePackagingVariants() {
        assertThat(check("gwg2022-label-leaflet", "PROC_STEPS_PRODUCT_TYPE").params())
                .containsEntry("required", List.of("Cutting")).containsEntry("not_allowed", List.of("Creasing"));
        assertThat(check("gwg2022-flexible", "PROC_STEPS_PRODUCT_TYPE").params())
                .containsEntry("required", List.of("Cutting")).containsEntry("not_allowed", List.of("Creasing"));
        assertThat(check("gwg2022-folding-carton-corrugated-box", "PROC_STEPS_PRODUCT_TYPE").params())
                .containsEntry("required", List.of("Cutting")).containsEntry("not_allowed", List.of());
        assertThat(check("gwg2022-corrugated-display", "PROC_STEPS_PRODUCT_TYPE").params())
                .containsEntry("required", List.of("Cutting"));
        assertThat(check("gwg2022-packaging-offset", "PROC_STEPS_PRODUCT_TYPE").params())
                .containsEntry("required", List.of());
        for (String v : List.of("packaging-offset", "packaging-gravure", "packaging-flexo",
                "folding-carton-corrugated-box")) {
            assertThat(severity("gwg2022-" + v, "PROC_STEPS_CREASING_REQUIRED")).as(v).isEqualTo(Severity.ERROR);
        }
        for (String v : List.of("label-leaflet", "flexible", "corrugated-display", "sheetcmyk-cmyk", "digital-print")) {
            assertThat(check("gwg2022-" + v, "PROC_STEPS_CREASING_REQUIRED")).as(v).isNull();
        }
    }

    @Test
    void everyCheckCarriesItsRequirementId() {
        for (Profile p : Profiles.builtin().values()) {
            if (!p.id().startsWith("gwg")) {
                continue;
            }
            String prefix = p.id().startsWith("gwg2022-") ? "GWG2022 R" : "GWG2015 R";
            assertThat(p.checks()).filteredOn(c -> !c.checkId().equals("LARGE_FORMAT_SCALING"))
                    .allSatisfy(c -> assertThat(c.isoClause()).as(p.id() + " " + c.checkId())
                    .matches(java.util.regex.Pattern.quote(prefix) + "[01]0\\d\\d"));
        }
        assertThat(check("gwg2022-webcmyk-cmyk", "IMG_RES_LOW").isoClause()).isEqualTo("GWG2022 R0031");
        assertThat(check("gwg2022-webcmyk-cmyk", "PDFX_OI_MISSING").isoClause()).isEqualTo("GWG2022 R0001");
        assertThat(check("gwg2022-webcmyk-cmyk", "PDFX_OI_MISSING").params()).containsEntry("standard", "PDF/X-4");
        assertThat(check("gwg2022-large-format-print", "PAGE_USERUNIT").isoClause()).isEqualTo("GWG2022 R0002");
    }

    @Test
    void gwg2015KeepsTheNumbersExceptNewspaperSpotsAndSoftMasks() {
        assertValue("gwg2015-newspaper-ads-cmyk", "SPOT_COUNT_MAX", Severity.ERROR, "max_spots", 1);
        assertValue("gwg2015-newspaper-ads-cmyk-plus-rgb", "SPOT_COUNT_MAX", Severity.ERROR, "max_spots", 1);
        assertValue("gwg2015-magazine-ads-cmyk", "SPOT_COUNT_MAX", Severity.ERROR, "max_spots", 0);
        assertValue("gwg2015-webspot-cmyk", "SPOT_COUNT_MAX", Severity.WARNING, "max_spots", 0);
        assertResolution("gwg2015-magazine-ads-cmyk", "IMG_RES_LOW", 149, 224);
        assertThat(check("gwg2015-magazine-ads-cmyk", "IMG_RES_LOW").params())
                .containsEntry("exempt_soft_masks", false);
        assertValue("gwg2015-sheetcmyk-cmyk-plus-rgb", "INK_TAC_CMYK", Severity.WARNING, "max_percent", 320);
        assertThat(severity("gwg2015-webcmyk-cmyk", "PAGE_TRIM_SIZE_MIXED")).isEqualTo(Severity.ERROR);
        assertThat(check("gwg2015-sheetspot-cmyk", "SPOT_CASE_VARIANTS").isoClause()).isEqualTo("GWG2015 R0022");
        assertThat(Profiles.builtin("gwg2015-sheetspot-cmyk").standard()).isEqualTo("GWG2015");
    }

    private static int family(String variant) {
        if (variant.startsWith("magazine")) {
            return 0;
        }
        if (variant.startsWith("newspaper")) {
            return 1;
        }
        if (variant.startsWith("sheetcmyk")) {
            return 2;
        }
        if (variant.startsWith("sheetspot")) {
            return 3;
        }
        if (variant.startsWith("webcmyknews")) {
            return 6;
        }
        if (variant.startsWith("webcmyk")) {
            return 4;
        }
        if (variant.startsWith("webspot")) {
            return 5;
        }
        if (variant.equals("digital-print")) {
            return 8;
        }
        if (variant.equals("large-format-print")) {
            return 9;
        }
        return 7;
    }
}
