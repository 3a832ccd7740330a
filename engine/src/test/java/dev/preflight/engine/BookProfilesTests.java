package dev.preflight.engine;

import dev.preflight.engine.testpdf.Pdfs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The built-in book-cover, book-interior and saddle-stitch profiles: their defaults and a clean and a bad job. */
class BookProfilesTests {

    private static final double MM = 72 / 25.4;
    private static final double BLEED = 9;
    private static final double TRIM_W = 432;
    private static final double TRIM_H = 648;
    private static final Pdfs.Colour BLACK = Pdfs.cmyk(0, 0, 0, 1);

    @TempDir
    Path tmp;

    private List<Finding> analyze(Profile profile, byte[] pdf) throws Exception {
        Path file = tmp.resolve("book-" + System.nanoTime() + ".pdf");
        java.nio.file.Files.write(file, pdf);
        return new Engine(EngineSettings.defaults()).analyze(file, new AnalysisRequest(profile, false)).findings();
    }

    /** A 6 x 9 in cover with 0.125 in bleed, the given spine, {@code narrowerMm} off its width. */
    private static byte[] cover(double spineMm, double narrowerMm) {
        double spine = spineMm * MM;
        double w = 2 * TRIM_W + spine + 2 * BLEED - narrowerMm * MM;
        double h = TRIM_H + 2 * BLEED;
        double centre = w / 2;
        return Pdfs.document().page(w, h).trimBox(BLEED, BLEED, w - BLEED, h - BLEED).bleedBox(0, 0, w, h)
                .fill(Pdfs.cmyk(0.2, 0.6, 0, 0)).rect(0, 0, w, h)
                .font(Pdfs.Font.EMBEDDED_SANS).fill(Pdfs.cmyk(0, 0, 0, 0))
                .textMatrix(0, -1, 1, 0, centre - 3.5, 450, 10, "Title  Author")
                .fill(BLACK).text(centre + spine / 2 + 60, 500, 24, "Front Title")
                .text(60, 500, 10, "Back cover blurb")
                .done().bytes();
    }

    /** {@code n} 6 x 9 in interior pages with bleed and a line of text well inside each. */
    private static byte[] interior(int n) {
        Pdfs.Doc d = Pdfs.document();
        for (int i = 1; i <= n; i++) {
            d.page(TRIM_W + 2 * BLEED, TRIM_H + 2 * BLEED).trimBox(BLEED, BLEED, TRIM_W + BLEED, TRIM_H + BLEED)
                    .bleedBox(0, 0, TRIM_W + 2 * BLEED, TRIM_H + 2 * BLEED).font(Pdfs.Font.EMBEDDED_SANS).fill(BLACK)
                    .text(120, 300, 10, "Page " + i).done();
        }
        return d.bytes();
    }

    /** The profile with one check's parameter changed, as a tenant profile built from it would. */
    private static Profile with(Profile p, String checkId, String param, Object value) {
        var checks = p.checks().stream().map(c -> {
            if (!c.checkId().equals(checkId)) {
                return c;
            }
            var params = new LinkedHashMap<>(c.params());
            params.put(param, value);
            return new ProfileCheck(c.checkId(), c.severity(), params, c.isoClause());
        }).toList();
        return new Profile(p.id() + "-tenant", p.name(), p.description(), p.standard(), false, checks);
    }

    @Test
    void theThreeProfilesLoadWithTheDocumentedDefaults() {
        for (String id : List.of("book-cover", "book-interior", "saddle-stitch")) {
            assertThat(Profiles.validate(Profiles.builtin(id), CheckCatalog.builtin())).as(id).isNotNull();
        }
        Profile cover = Profiles.builtin("book-cover");
        assertThat(cover.check("COVER_SIZE").params()).containsEntry("trim_width_mm", 152.4)
                .containsEntry("trim_height_mm", 228.6).containsEntry("bleed_mm", 3.175)
                .doesNotContainKey("spine_mm");
        assertThat(cover.check("COVER_SPINE_WIDTH").params()).doesNotContainKeys("page_count", "caliper_mm");
        assertThat(cover.check("COVER_SPINE_TEXT_DIRECTION").params()).containsEntry("direction", "top_to_bottom");
        assertThat(cover.check("COVER_PAGE_COUNT").params()).containsEntry("allowed_page_counts", List.of("1"));
        assertThat(cover.check("COVER_BARCODE_AREA").params()).containsEntry("area_width_mm", 50.8)
                .containsEntry("barcode_required", false);
        assertThat(cover.checks()).extracting(ProfileCheck::checkId).contains("COVER_SPINE_TEXT_MARGIN",
                "COVER_SPINE_CONTENT_CROSSES_FOLD", "FONT_TYPE1", "DOC_LZW_COMPRESSION", "DOC_PAGE_THUMBNAILS");
        Profile interior = Profiles.builtin("book-interior");
        assertThat(interior.check("BINDING_PAGE_COUNT").params()).containsEntry("multiple_of", 2)
                .containsEntry("min_pages", 24);
        assertThat(interior.check("BINDING_GUTTER_MARGIN").params()).containsEntry("gutter_mm", 9.5);
        assertThat(interior.check("BINDING_PAGE_SIZE_MISMATCH").params()).containsEntry("trim_width_mm", 152.4);
        assertThat(interior.check("BINDING_BLANK_PAGES").severity()).isEqualTo(Severity.WARNING);
        Profile saddle = Profiles.builtin("saddle-stitch");
        assertThat(saddle.check("BINDING_PAGE_COUNT").params()).containsEntry("multiple_of", 4)
                .containsEntry("min_pages", 8).containsEntry("max_pages", 64);
        assertThat(Profiles.builtin("service-default").checks()).extracting(ProfileCheck::checkId)
                .noneMatch(id -> id.startsWith("COVER_") || id.startsWith("BINDING_"));
    }

    @Test
    void aCoverPageCountThatIsNoCountIsRefusedWhenTheProfileIsMade() {
        Profile bad = with(Profiles.builtin("book-cover"), "COVER_PAGE_COUNT", "allowed_page_counts",
                List.of("1", "one"));
        assertThat(org.assertj.core.api.Assertions.catchThrowable(() -> Profiles.validate(bad,
                CheckCatalog.builtin()))).isInstanceOf(InvalidProfileException.class)
                .hasMessageContaining("allowed_page_counts").hasMessageContaining("may only hold [1, 2, 3, 4, 5, 6]");
        assertThat(Profiles.validate(with(Profiles.builtin("book-cover"), "COVER_PAGE_COUNT", "allowed_page_counts",
                List.of("4", "1")), CheckCatalog.builtin()).check("COVER_PAGE_COUNT").params())
                .containsEntry("allowed_page_counts", List.of("4", "1"));
    }

    @Test
    void aSixByNineCoverWithAHalfInchSpinePassesBookCover() throws Exception {
        Profile cover = Profiles.builtin("book-cover");
        assertThat(analyze(cover, cover(12.7, 0))).isEmpty();
        assertThat(analyze(with(cover, "COVER_SIZE", "spine_mm", 12.7), cover(12.7, 0))).isEmpty();
        assertThat(analyze(with(cover, "COVER_SPINE_WIDTH", "page_count", 200), cover(12.7, 0))).as(
                "no caliper: the spine width is not judged").isEmpty();
    }

    @Test
    void aCoverTwoMillimetresTooNarrowFailsCoverSize() throws Exception {
        Profile cover = with(Profiles.builtin("book-cover"), "COVER_SIZE", "spine_mm", 12.7);
        assertThat(analyze(cover, cover(12.7, 2))).extracting(Finding::inspectionId, Finding::severity)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("COVER_SIZE", Severity.ERROR));
        Profile bySpine = with(with(Profiles.builtin("book-cover"), "COVER_SPINE_WIDTH", "page_count", 200),
                "COVER_SPINE_WIDTH", "caliper_mm", 0.127);
        assertThat(analyze(bySpine, cover(12.7, 2))).as("without spine_mm the width shows in the spine")
                .extracting(Finding::inspectionId).containsExactly("COVER_SPINE_WIDTH");
    }

    @Test
    void aCleanInteriorPassesAndAShortOneDoesNot() throws Exception {
        assertThat(analyze(Profiles.builtin("book-interior"), interior(24))).isEmpty();
        assertThat(analyze(Profiles.builtin("book-interior"), interior(23))).extracting(Finding::inspectionId)
                .containsExactly("BINDING_PAGE_COUNT", "BINDING_PAGE_COUNT");
    }

    @Test
    void saddleStitchWantsMultiplesOfFour() throws Exception {
        assertThat(analyze(Profiles.builtin("saddle-stitch"), interior(8))).isEmpty();
        List<Finding> ten = analyze(Profiles.builtin("saddle-stitch"), interior(10));
        assertThat(ten).singleElement().satisfies(f -> {
            assertThat(f.inspectionId()).isEqualTo("BINDING_PAGE_COUNT");
            assertThat(f.details()).containsEntry("multiple_of", 4);
        });
    }
}
