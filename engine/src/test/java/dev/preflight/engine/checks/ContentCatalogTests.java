package dev.preflight.engine.checks;

import dev.preflight.engine.CheckCatalog;
import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.PaintColor;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import static dev.preflight.engine.checks.ContentFacts.cmyk;
import static dev.preflight.engine.checks.ContentFacts.doc;
import static dev.preflight.engine.checks.ContentFacts.fill;
import static dev.preflight.engine.checks.ContentFacts.image;
import static dev.preflight.engine.checks.ContentFacts.img;
import static dev.preflight.engine.checks.ContentFacts.ink;
import static dev.preflight.engine.checks.ContentFacts.lineFill;
import static dev.preflight.engine.checks.ContentFacts.rgb;
import static dev.preflight.engine.checks.ContentFacts.sep;
import static dev.preflight.engine.checks.ContentFacts.stroke;
import static dev.preflight.engine.checks.ContentFacts.text;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

class ContentCatalogTests {

    private static final Set<String> OBJECT_TYPES = Set.of("image", "text", "path", "font", "page", "document");

    /** The GWG 2022 requirement checks CHECK-IDS.md gives to the content helper. */
    private static final List<String> GWG_IDS = List.of("PAGE_EMPTY", "OP_WHITE_TEXT", "OP_WHITE_PATH",
            "OP_BLACK_TEXT_MISSING", "OP_BLACK_LINE_MISSING", "TEXT_BLACK_GRAY_SMALL", "LINE_BLACK_GRAY_THIN",
            "OP_DEVICEGRAY", "TEXT_RICH_BLACK", "TEXT_WHITE_SMALL", "TEXT_MULTICHANNEL_SMALL", "LINE_WHITE_THIN",
            "LINE_MULTICHANNEL_THIN", "SPOT_COUNT_MAX", "SPOT_SUFFIX_VARIANTS", "SPOT_CASE_VARIANTS",
            "SPOT_IDENTICAL_DIFFERENT_NAMES", "SPOT_REGISTRATION_ALL", "INK_TAC_ALL", "INK_TAC_CMYK",
            "COLOR_BINDING_EARLY", "COLOR_BINDING_INTERMEDIATE", "COLOR_BINDING_LATE", "TRANSP_BLEND_CS",
            "IMG_RES_LOW", "IMG_RES_LOW_1BIT", "PAGE_RASTERIZED_LOW_RES", "LARGE_FORMAT_SCALING", "COLOR_RGB_USED");

    private static final List<Check> ALL = ContentChecks.all();

    @Test
    void catalogueHasAtLeastNinetyChecksWithUniqueIds() {
        assertThat(ALL).hasSizeGreaterThanOrEqualTo(90);
        assertThat(new CheckCatalog(ALL).size()).isEqualTo(ALL.size());
    }

    @Test
    void everyGwgRequirementOwnedHereHasItsCheck() {
        Set<String> ids = ALL.stream().map(c -> c.info().id()).collect(Collectors.toSet());
        assertThat(ids).containsAll(GWG_IDS);
    }

    @Test
    void sixteenEpmChecksCarryTheAgreedIdShape() {
        List<String> epm = ALL.stream().map(c -> c.info().id()).filter(id -> id.startsWith("SVC_EPM_")).toList();
        assertThat(epm).hasSize(16).allMatch(id -> id.matches("SVC_EPM_[A-Z0-9_]+_REJECT"));
    }

    @Test
    void everyCheckHasCompleteMetadata() {
        for (Check c : ALL) {
            CheckInfo i = c.info();
            assertThat(i.id()).as("id").matches("[A-Z][A-Z0-9_]+");
            assertThat(i.name()).as(i.id() + " name").isNotBlank();
            assertThat(i.description()).as(i.id() + " description").isNotBlank().hasSizeGreaterThan(40);
            assertThat(i.category()).as(i.id() + " category").isNotBlank();
            assertThat(i.defaultSeverity()).as(i.id() + " severity").isNotNull();
            assertThat(i.objectType()).as(i.id() + " object type").isIn(OBJECT_TYPES);
            for (ParamSpec p : i.parameters()) {
                assertThat(p.name()).as(i.id() + " parameter name").matches("[a-z][a-z0-9_]*");
                assertThat(p.description()).as(i.id() + "." + p.name()).isNotBlank();
                assertThatCode(() -> p.coerce(p.defaultValue())).as(i.id() + "." + p.name() + " default")
                        .doesNotThrowAnyException();
            }
            assertThat(CheckContext.defaults(i).info()).isSameAs(i);
        }
    }

    @Test
    void everyCheckRunsOnEmptyAndBusyFactsWithoutThrowing() {
        DocumentFacts empty = doc().build();
        DocumentFacts busy = doc()
                .page(text(4).fill(rgb(0, 0, 0)), text(6).fill(cmyk(0, 0, 0, 0)).overprint(), stroke(0),
                        lineFill(0.1).fill(sep("All", 1)), fill().fill(sep("PANTONE 185 C", 1)).blend("Hue"),
                        fill().fill(sep("Pantone 185 U", 1)).softMask(), image("5 0 R", 100), image("6 0 R", 50).mask(),
                        image("missing", 10), fill().fill(new PaintColor("Pattern", null, null, null, null, null, null,
                                null)), text(8).renderMode(3))
                .page()
                .images(img("5 0 R").color(PaintColor.device("DeviceGray")), img("6 0 R").imageMask())
                .ink(1, ink(Map.of("Cyan", 50.0, "Black", 100.0, "Gold", 0.0)).tac(400, 350).black(100)
                        .cmyAfterK(300).grey(60).pixel(400).area(50, 40))
                .ink(2, ink(Map.of("Black", 0.0)))
                .group("page", "DeviceRGB", false, true)
                .userUnit(2, 3).build();
        for (Check c : ALL) {
            assertThatCode(() -> ContentFacts.run(c, empty)).as(c.info().id() + " on empty facts")
                    .doesNotThrowAnyException();
            assertThatCode(() -> ContentFacts.run(c, busy)).as(c.info().id() + " on busy facts")
                    .doesNotThrowAnyException();
            ContentFacts.run(c, busy).forEach(f -> {
                assertThat(f.inspectionId()).isEqualTo(c.info().id());
                assertThat(f.message()).isNotBlank();
                assertThat(f.category()).isEqualTo(c.info().category());
                if (f.inspectionId().startsWith("SVC_EPM_")) {
                    assertThat(f.details()).containsKeys("epm_tier", "legacy_code");
                }
            });
        }
    }
}
