package dev.preflight.engine.checks;

import dev.preflight.engine.Finding;
import dev.preflight.engine.Profile;
import dev.preflight.engine.ProfileCheck;
import dev.preflight.engine.Profiles;
import dev.preflight.engine.checks.color.ColorBindingEarlyCheck;
import dev.preflight.engine.checks.color.ColorBindingIntermediateCheck;
import dev.preflight.engine.checks.color.ColorBindingLateCheck;
import dev.preflight.engine.checks.image.ImageResolutionLowCheck;
import dev.preflight.engine.checks.image.ImageResolutionLowOneBitCheck;
import dev.preflight.engine.checks.image.RasterizedPageCheck;
import dev.preflight.engine.checks.ink.TacAllCheck;
import dev.preflight.engine.checks.ink.TacCmykCheck;
import dev.preflight.engine.checks.lines.MultichannelThinLineCheck;
import dev.preflight.engine.checks.lines.WhiteThinLineCheck;
import dev.preflight.engine.checks.overprint.BlackLineOverprintMissingCheck;
import dev.preflight.engine.checks.overprint.BlackTextOverprintMissingCheck;
import dev.preflight.engine.checks.spot.SpotCountCheck;
import dev.preflight.engine.checks.text.MultichannelSmallTextCheck;
import dev.preflight.engine.checks.text.RichBlackTextCheck;
import dev.preflight.engine.checks.text.WhiteSmallTextCheck;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.PaintColor;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static dev.preflight.engine.checks.ContentFacts.cmyk;
import static dev.preflight.engine.checks.ContentFacts.doc;
import static dev.preflight.engine.checks.ContentFacts.fill;
import static dev.preflight.engine.checks.ContentFacts.image;
import static dev.preflight.engine.checks.ContentFacts.img;
import static dev.preflight.engine.checks.ContentFacts.ink;
import static dev.preflight.engine.checks.ContentFacts.page;
import static dev.preflight.engine.checks.ContentFacts.sep;
import static dev.preflight.engine.checks.ContentFacts.stroke;
import static dev.preflight.engine.checks.ContentFacts.text;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The GWG 2022 variant table (thresholds and severities of the content requirements) against the built-in GWG
 * profiles and the content checks: for every variant and requirement, facts exactly at the limit, just beyond it
 * and, for dual thresholds, in the warning band give the severity the variant asks for; "ign" requirements are not
 * in the profile.
 */
class GwgVariantThresholdTests {

    /** Variant | R0009 | R0010 | R0015 | R0016 | R0017 | R0018 | R0019 | R0020 | R0025 | R0026 | R0031 | R0032 | R0033 | binding. */
    private static final String TABLE = """
            gwg2022-magazine-ads-cmyk | W 12 | W 2 | W 0.85, 2.8 | W 9.0 | W 9.0 | W 0.25 | W 0.25 | E 0 | ign | W 305% | E/W 149/224 | E/W 549/799 | E/W 149/449 | early
            gwg2022-magazine-ads-cmyk-plus-rgb | W 12 | W 2 | W 0.85, 2.8 | W 9.0 | W 9.0 | W 0.25 | W 0.25 | E 0 | ign | W 305% | E/W 149/224 | E/W 549/799 | E/W 149/449 | intermediate
            gwg2022-newspaper-ads-cmyk | W 12 | W 2 | W 0.85, 2.2 | W 10.0 | W 10.0 | W 0.25 | W 0.25 | E 0 | ign | W 245% | E/W 99/149 | E/W 549/799 | E/W 99/449 | early
            gwg2022-newspaper-ads-cmyk-plus-rgb | W 12 | W 2 | W 0.85, 2.2 | W 10.0 | W 10.0 | W 0.25 | W 0.25 | E 0 | ign | W 245% | E/W 99/149 | E/W 549/799 | E/W 99/449 | intermediate
            gwg2022-sheetcmyk-cmyk | W 12 | W 2 | W 0.85, 2.8 | W 8.0 | W 8.0 | W 0.25 | W 0.25 | E 0 | ign | W 320% | E/W 149/224 | E/W 549/799 | ign | early
            gwg2022-sheetcmyk-cmyk-plus-rgb | W 12 | W 2 | W 0.85, 2.8 | W 8.0 | W 8.0 | W 0.25 | W 0.25 | E 0 | ign | W 320% | E/W 149/224 | E/W 549/799 | ign | intermediate
            gwg2022-sheetspot-cmyk | W 12 | W 2 | W 0.85, 2.8 | W 8.0 | W 8.0 | W 0.25 | W 0.25 | W 0 | ign | W 320% | E/W 149/224 | E/W 549/799 | ign | early
            gwg2022-sheetspot-cmyk-plus-rgb | W 12 | W 2 | W 0.85, 2.8 | W 8.0 | W 8.0 | W 0.25 | W 0.25 | W 0 | ign | W 320% | E/W 149/224 | E/W 549/799 | ign | intermediate
            gwg2022-webcmyk-cmyk | W 12 | W 2 | W 0.85, 2.8 | W 9.0 | W 9.0 | W 0.25 | W 0.25 | E 0 | ign | W 305% | E/W 149/224 | E/W 549/799 | ign | early
            gwg2022-webcmyk-cmyk-plus-rgb | W 12 | W 2 | W 0.85, 2.8 | W 9.0 | W 9.0 | W 0.25 | W 0.25 | E 0 | ign | W 305% | E/W 149/224 | E/W 549/799 | ign | intermediate
            gwg2022-webspot-cmyk | W 12 | W 2 | W 0.85, 2.8 | W 9.0 | W 9.0 | W 0.25 | W 0.25 | W 0 | ign | W 305% | E/W 149/224 | E/W 549/799 | ign | early
            gwg2022-webspot-cmyk-plus-rgb | W 12 | W 2 | W 0.85, 2.8 | W 9.0 | W 9.0 | W 0.25 | W 0.25 | W 0 | ign | W 305% | E/W 149/224 | E/W 549/799 | ign | intermediate
            gwg2022-webcmyknews-cmyk | W 12 | W 2 | W 0.85, 2.2 | W 10.0 | W 10.0 | W 0.25 | W 0.25 | E 0 | ign | W 245% | E/W 99/149 | E/W 549/799 | ign | early
            gwg2022-webcmyknews-cmyk-plus-rgb | W 12 | W 2 | W 0.85, 2.2 | W 10.0 | W 10.0 | W 0.25 | W 0.25 | E 0 | ign | W 245% | E/W 99/149 | E/W 549/799 | ign | intermediate
            gwg2022-packaging-offset | W 12 | W 2 | W 0.85, 2.8 | W 5.0 | W 8.0 | W 0.15 | W 0.3 | ign | W 320% | ign | E/W 239/299 | E/W 549/799 | E/W 449/1199 | early
            gwg2022-packaging-gravure | W 12 | W 2 | W 0.85, 2.8 | W 5.0 | W 6.0 | W 0.2 | W 0.3 | ign | W 310% | ign | E/W 239/299 | E/W 549/799 | E/W 449/1199 | early
            gwg2022-packaging-flexo | W 12 | W 2 | W 0.85, 2.8 | W 5.0 | W 14.0 | W 0.3 | W 1.5 | ign | W 320% | ign | E/W 199/239 | E/W 549/799 | E/W 449/1199 | early
            gwg2022-label-leaflet | W 12 | W 2 | W 0.85, 2.8 | W 5.0 | W 14.0 | W 0.3 | W 1.5 | ign | W 320% | ign | E/W 199/239 | E/W 549/799 | E/W 449/1199 | early
            gwg2022-folding-carton-corrugated-box | W 12 | W 2 | W 0.85, 2.8 | W 5.0 | W 14.0 | W 0.3 | W 1.5 | ign | W 320% | ign | E/W 199/239 | E/W 549/799 | E/W 449/1199 | early
            gwg2022-flexible | W 12 | W 2 | W 0.85, 2.8 | W 5.0 | W 14.0 | W 0.3 | W 1.5 | ign | W 320% | ign | E/W 199/239 | E/W 549/799 | E/W 449/1199 | early
            gwg2022-corrugated-display | W 12 | W 2 | W 0.85, 2.8 | W 5.0 | W 14.0 | W 0.3 | W 1.5 | ign | W 320% | ign | E/W 199/239 | E/W 549/799 | E/W 449/1199 | early
            gwg2022-digital-print | ign | ign | W 0.85, 2.8 | W 5.0 | W 5.0 | W 0.25 | W 0.25 | W 0 | ign | ign | E/W 95/149 | E/W 349/599 | ign | intermediate
            gwg2022-large-format-print | W 12 | ign | ign | W 5.0 | W 5.0 | W 0.15 | W 0.15 | ign | ign | ign | E/W 239/299 | E/W 549/799 | ign | late
            """;

    @TestFactory
    Stream<DynamicTest> variantThresholdsHoldAtTheirLimits() {
        var tests = new ArrayList<DynamicTest>();
        for (String line : TABLE.strip().split("\\n")) {
            String[] c = line.split("\\|");
            String id = c[0].strip();
            tests.add(DynamicTest.dynamicTest(id, () -> checkVariant(id, c)));
        }
        return tests.stream();
    }

    private static void checkVariant(String profileId, String[] c) {
        Profile p = Profiles.builtin(profileId);
        assertThat(p).as(profileId).isNotNull();
        below(p, new BlackTextOverprintMissingCheck(), c[1], v -> page(cyanBelow(), text(v - 0.01)),
                v -> page(cyanBelow(), text(v)));
        below(p, new BlackLineOverprintMissingCheck(), c[2], v -> page(cyanBelow(), stroke(v - 0.001)),
                v -> page(cyanBelow(), stroke(v)));
        richBlack(p, c[3]);
        below(p, new WhiteSmallTextCheck(), c[4], v -> page(text(v - 0.01).fill(cmyk(0, 0, 0, 0))),
                v -> page(text(v).fill(cmyk(0, 0, 0, 0))));
        below(p, new MultichannelSmallTextCheck(), c[5], v -> page(text(v - 0.01).fill(cmyk(0.5, 0.5, 0, 0))),
                v -> page(text(v).fill(cmyk(0.5, 0.5, 0, 0))));
        below(p, new WhiteThinLineCheck(), c[6], v -> page(stroke(v - 0.001).stroke(cmyk(0, 0, 0, 0))),
                v -> page(stroke(v).stroke(cmyk(0, 0, 0, 0))));
        below(p, new MultichannelThinLineCheck(), c[7], v -> page(stroke(v - 0.001).stroke(cmyk(0.5, 0.5, 0, 0))),
                v -> page(stroke(v).stroke(cmyk(0.5, 0.5, 0, 0))));
        below(p, new SpotCountCheck(), c[8], v -> page(spots((int) Math.round(v) + 1)),
                v -> page(spots((int) Math.round(v))));
        below(p, new TacAllCheck(), c[9], v -> tac(v + 0.01), v -> tac(v));
        below(p, new TacCmykCheck(), c[10], v -> tac(v + 0.01), v -> tac(v));
        dual(p, new ImageResolutionLowCheck(), c[11], false);
        dual(p, new ImageResolutionLowOneBitCheck(), c[12], true);
        dual(p, new RasterizedPageCheck(), c[13], false);
        String binding = c[14].strip();
        assertThat(p.check(ColorBindingEarlyCheck.ID) != null).as(profileId + " early").isEqualTo(binding.equals("early"));
        assertThat(p.check(ColorBindingIntermediateCheck.ID) != null).as(profileId + " intermediate")
                .isEqualTo(binding.equals("intermediate"));
        assertThat(p.check(ColorBindingLateCheck.ID) != null).as(profileId + " late").isEqualTo(binding.equals("late"));
    }

    private interface Facts {
        DocumentFacts at(double v);
    }

    /** A single-threshold cell such as "W 9.0" or "E 0" or "W 305%": hit just beyond the limit, none at it. */
    private static void below(Profile p, Check check, String cell, Facts beyond, Facts at) {
        String id = check.info().id();
        ProfileCheck pc = p.check(id);
        String s = cell.strip();
        if (s.equals("ign")) {
            assertThat(pc).as(p.id() + " " + id + " is ignored").isNull();
            return;
        }
        assertThat(pc).as(p.id() + " runs " + id).isNotNull();
        String sev = s.startsWith("E") ? "error" : "warning";
        double v = Double.parseDouble(s.substring(1).replace("%", "").strip());
        List<Finding> hit = run(check, beyond.at(v), pc);
        assertThat(hit).as(p.id() + " " + id + " beyond " + v).isNotEmpty();
        assertThat(hit.get(0).severity().wire()).as(p.id() + " " + id + " severity").isEqualTo(sev);
        assertThat(run(check, at.at(v), pc)).as(p.id() + " " + id + " at " + v).isEmpty();
    }

    private static void richBlack(Profile p, String cell) {
        ProfileCheck pc = p.check(RichBlackTextCheck.ID);
        if (cell.strip().equals("ign")) {
            assertThat(pc).isNull();
            return;
        }
        double sum = Double.parseDouble(cell.strip().substring(1).split(",")[1].strip());
        double each = (sum - 0.85) / 3;
        var check = new RichBlackTextCheck();
        assertThat(run(check, page(text(10).fill(cmyk(each + 0.01, each, each, 0.85))), pc))
                .as(p.id() + " rich black above " + sum).hasSize(1);
        assertThat(run(check, page(text(10).fill(cmyk(each, each, each, 0.85))), pc))
                .as(p.id() + " rich black at " + sum).isEmpty();
        assertThat(run(check, page(text(10).fill(cmyk(1, 1, 1, 0.84))), pc))
                .as(p.id() + " K below 0.85").isEmpty();
    }

    /** An "E/W 149/224" cell: error at the error limit, warning just above it and at the warning limit, none above. */
    private static void dual(Profile p, Check check, String cell, boolean oneBit) {
        String id = check.info().id();
        ProfileCheck pc = p.check(id);
        if (cell.strip().equals("ign")) {
            assertThat(pc).as(p.id() + " " + id + " is ignored").isNull();
            return;
        }
        String[] v = cell.strip().substring(4).split("/");
        double e = Double.parseDouble(v[0]);
        double w = Double.parseDouble(v[1]);
        assertThat(level(check, e, pc, oneBit)).as(p.id() + " " + id + " at " + e).isEqualTo("error");
        assertThat(level(check, e + 0.01, pc, oneBit)).as(p.id() + " " + id + " above " + e).isEqualTo("warning");
        assertThat(level(check, w, pc, oneBit)).as(p.id() + " " + id + " at " + w).isEqualTo("warning");
        assertThat(level(check, w + 0.01, pc, oneBit)).as(p.id() + " " + id + " above " + w).isEqualTo("none");
    }

    private static String level(Check check, double ppi, ProfileCheck pc, boolean oneBit) {
        var image = image("5 0 R", ppi).at(0, 0, 615, 862);
        var res = img("5 0 R");
        if (oneBit) {
            res.bpc(1).color(PaintColor.device("DeviceGray"));
        }
        List<Finding> f = run(check, doc().page(image).images(res).build(), pc);
        return f.isEmpty() ? "none" : f.get(0).severity().wire();
    }

    /** A cyan area painted first, so that black marks lie over ink. */
    private static ContentFacts.El cyanBelow() {
        return fill().fill(cmyk(1, 0, 0, 0)).at(0, 0, 400, 400);
    }

    private static ContentFacts.El[] spots(int n) {
        var out = new ContentFacts.El[n];
        for (int i = 0; i < n; i++) {
            out[i] = fill().fill(sep("Spot " + i, 1));
        }
        return out;
    }

    private static DocumentFacts tac(double v) {
        return doc().page(fill()).ink(1, ink(Map.of("Cyan", 50.0)).tac(v, v)).build();
    }

    private static List<Finding> run(Check check, DocumentFacts facts, ProfileCheck pc) {
        var ctx = new CheckContext(check.info(), pc, 100);
        check.run(facts, ctx);
        return ctx.findings();
    }
}
