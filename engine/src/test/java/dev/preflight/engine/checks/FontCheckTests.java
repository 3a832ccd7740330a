package dev.preflight.engine.checks;

import dev.preflight.engine.Box;
import dev.preflight.engine.Finding;
import dev.preflight.engine.facts.FontFact;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The font checks: when a font counts as used or visibly used, its licence bits, and what each finding says. */
class FontCheckTests {

    private static List<Finding> run(String id, DocFacts d, Map<String, Object> params) {
        return DocumentCheckCasesTests.run(id, d, params);
    }

    private static List<Finding> run(String id, DocFacts d) {
        return run(id, d, Map.of());
    }

    /** A font with everything given; the fixture's clean document already has one embedded subset font. */
    private static FontFact font(String name, String type, boolean embedded, boolean subset, boolean standard14,
                                 Integer fsType, List<Integer> pages, int glyphs, int missing) {
        return new FontFact("12 0 R", name, type, null, embedded ? "FontFile2" : null, embedded, subset, standard14,
                fsType, pages, glyphs, missing, false, null);
    }

    private static DocFacts with(FontFact f) {
        DocFacts d = DocFacts.clean();
        d.fonts.add(f);
        return d;
    }

    @Test
    void aFindingNamesTheFontItsTypeAndPages() {
        Finding f = run("FONT_TYPE3", with(font("T3Font", "Type3", true, false, false, null, List.of(2, 3), 5, 0)))
                .getFirst();
        assertThat(f.message()).isEqualTo("Font T3Font is a Type 3 font");
        assertThat(f.pageNum()).isEqualTo(2);
        assertThat(f.objectId()).isEqualTo("12 0 R");
        assertThat(f.details()).containsEntry("font", "T3Font").containsEntry("font_type", "Type3")
                .containsEntry("pages", List.of(2, 3));
    }

    @Test
    void aFontCountsAsUsedByGlyphsOrByPages() {
        assertThat(run("FONT_TYPE3", with(font("T3", "Type3", true, false, false, null, List.of(), 1, 0))))
                .singleElement().satisfies(f -> assertThat(f.pageNum()).isZero());
        assertThat(run("FONT_TYPE3", with(font("T3", "Type3", true, false, false, null, List.of(1), 0, 0))))
                .hasSize(1);
        assertThat(run("FONT_TYPE3", with(font("T3", "Type3", true, false, false, null, List.of(), 0, 0))))
                .isEmpty();
    }

    @Test
    void licenceBitsAreReadExactly() {
        assertThat(run("FONT_LICENSE_RESTRICTED", with(font("A", "TrueType", true, true, false, 0x0002, List.of(1),
                5, 0)))).singleElement().satisfies(f -> assertThat(f.details()).containsEntry("fs_type", 2));
        assertThat(run("FONT_LICENSE_RESTRICTED", with(font("A", "TrueType", true, true, false, 0x0006, List.of(1),
                5, 0)))).as("preview and print").isEmpty();
        assertThat(run("FONT_LICENSE_RESTRICTED", with(font("A", "TrueType", false, false, false, 0x0002,
                List.of(1), 5, 0)))).as("not embedded").isEmpty();
        assertThat(run("FONT_BITMAP_ONLY", with(font("A", "TrueType", true, true, false, 0x0200, List.of(1), 5, 0))))
                .singleElement().satisfies(f -> assertThat(f.message())
                        .isEqualTo("Font A may only be embedded as bitmaps"));
        assertThat(run("FONT_BITMAP_ONLY", with(font("A", "TrueType", false, false, false, 0x0200, List.of(1), 5,
                0)))).isEmpty();
        assertThat(run("FONT_BITMAP_ONLY", with(font("A", "TrueType", true, true, false, null, List.of(1), 5, 0))))
                .isEmpty();
    }

    @Test
    void propertyChecksNeedTheirPropertyAndAUse() {
        assertThat(run("FONT_COURIER", with(font("ABCDEF+Courier", "Type1", true, true, false, null, List.of(1), 5,
                0)))).singleElement().satisfies(f -> assertThat(f.message())
                        .isEqualTo("Font ABCDEF+Courier is named exactly Courier"));
        assertThat(run("FONT_COURIER", with(font("Courier", "Type1", true, true, false, null, List.of(), 0, 0))))
                .isEmpty();
        assertThat(run("FONT_MULTIPLE_MASTER", with(font("MM", "MMType1", true, true, false, null, List.of(1), 5,
                0)))).hasSize(1);
        assertThat(run("FONT_MULTIPLE_MASTER", with(font("MM", "MMType1", true, true, false, null, List.of(), 0,
                0)))).isEmpty();
        assertThat(run("FONT_NOT_SUBSET", with(font("Full", "TrueType", true, false, false, null, List.of(1), 5,
                0)))).singleElement().satisfies(f -> assertThat(f.message())
                        .isEqualTo("Font Full is embedded in full, not as a subset"));
        assertThat(run("FONT_NOT_SUBSET", with(font("Full", "Type3", true, false, false, null, List.of(1), 5, 0))))
                .isEmpty();
        assertThat(run("FONT_NOT_SUBSET", with(font("Full", "TrueType", true, false, false, null, List.of(), 0, 0))))
                .isEmpty();
        assertThat(run("FONT_STANDARD14_NOT_EMBEDDED", with(font("Helvetica", "Type1", false, false, true, null,
                List.of(1), 5, 0)))).hasSize(1);
        assertThat(run("FONT_STANDARD14_NOT_EMBEDDED", with(font("Helvetica", "Type1", false, false, true, null,
                List.of(), 0, 0)))).isEmpty();
        assertThat(run("FONT_STANDARD14_NOT_EMBEDDED", with(font("Helvetica", "Type1", true, true, true, null,
                List.of(1), 5, 0)))).isEmpty();
    }

    @Test
    void missingGlyphsAreCounted() {
        assertThat(run("FONT_GLYPHS_MISSING", with(font("G", "TrueType", true, true, false, null, List.of(1), 7,
                2)))).singleElement().satisfies(f -> {
                    assertThat(f.message()).isEqualTo("Font G shows glyphs it does not contain");
                    assertThat(f.details()).containsEntry("glyphs_missing", 2).containsEntry("glyphs_used", 7);
                });
        assertThat(run("FONT_GLYPHS_MISSING", with(font("G", "TrueType", true, true, false, null, List.of(1), 7,
                0)))).isEmpty();
    }

    @Test
    void aFontIsVisiblyUsedByAnInkedElementOnItsPages() {
        DocFacts onOtherPage = with(font("Arial", "TrueType", false, false, false, null, List.of(2), 5, 0));
        onOtherPage.addPage().elements.add(DocFacts.text(new Box(0, 0, 10, 10), "12 0 R", 3));
        onOtherPage.page().elements.add(DocFacts.text(new Box(0, 0, 10, 10), "12 0 R", 0));
        assertThat(run("FONT_NOT_EMBEDDED", onOtherPage)).as("only invisible text on its page").isEmpty();
        DocFacts visible = with(font("Arial", "TrueType", false, false, false, null, List.of(1), 5, 0));
        visible.page().elements.add(DocFacts.text(new Box(0, 0, 10, 10), "12 0 R", 0));
        assertThat(run("FONT_NOT_EMBEDDED", visible)).singleElement().satisfies(f -> {
            assertThat(f.message()).isEqualTo("Font Arial is not embedded");
            assertThat(f.details()).containsEntry("standard_14", false);
        });
        DocFacts clipOnly = with(font("Arial", "TrueType", false, false, false, null, List.of(1), 5, 0));
        clipOnly.page().elements.add(DocFacts.text(new Box(0, 0, 10, 10), "12 0 R", 7));
        assertThat(run("FONT_NOT_EMBEDDED", clipOnly)).isEmpty();
        DocFacts otherFont = with(font("Arial", "TrueType", false, false, false, null, List.of(1), 5, 0));
        otherFont.page().elements.add(DocFacts.text(new Box(0, 0, 10, 10), "10 0 R", 0));
        assertThat(run("FONT_NOT_EMBEDDED", otherFont)).isEmpty();
        DocFacts noPages = with(font("Arial", "TrueType", false, false, false, null, List.of(), 5, 0));
        noPages.page().elements.add(DocFacts.text(new Box(0, 0, 10, 10), "12 0 R", 0));
        assertThat(run("FONT_NOT_EMBEDDED", noPages)).as("any page may show it").hasSize(1);
    }

    @Test
    void theFontCountCountsDistinctUsedBaseNames() {
        DocFacts d = DocFacts.clean();
        d.fonts.add(font("ABCDEF+Minion", "Type1", true, true, false, null, List.of(1), 5, 0));
        d.fonts.add(font("GHIJKL+Minion", "Type1", true, true, false, null, List.of(1), 5, 0));
        d.fonts.add(font("Unused", "Type1", true, true, false, null, List.of(), 0, 0));
        assertThat(run("FONT_COUNT_MAX", d, Map.of("max_fonts", 2))).isEmpty();
        assertThat(run("FONT_COUNT_MAX", d, Map.of("max_fonts", 1))).singleElement().satisfies(f -> {
            assertThat(f.message()).isEqualTo("The document uses 2 fonts, more than 1");
            assertThat(f.details()).containsEntry("font_count", 2).containsEntry("max_fonts", 1)
                    .containsEntry("fonts", List.of("Helvetica", "Minion"));
        });
    }
}
