package dev.preflight.engine.checks;

import dev.preflight.engine.Box;
import dev.preflight.engine.Finding;
import dev.preflight.engine.facts.ElementKind;
import dev.preflight.engine.facts.PaintColor;
import dev.preflight.engine.facts.PaintedElement;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static dev.preflight.engine.checks.DocFacts.BLEED;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The page checks side by side and edge by edge: each side of the bleed, each edge of the safety margin, limits met
 * exactly and just passed, pages differing in one dimension, and UserUnit other than 1.
 */
class PageGeometryCheckTests {

    private static final double MM = 72 / 25.4;

    private static List<Finding> run(String id, DocFacts d) {
        return DocumentCheckCasesTests.run(id, d, Map.of());
    }

    private static List<Finding> run(String id, DocFacts d, Map<String, Object> params) {
        return DocumentCheckCasesTests.run(id, d, params);
    }

    /** The A4 page with its BleedBox grown by the given millimetres on each side (left, right, top, bottom). */
    private static DocFacts bleed(double left, double right, double top, double bottom) {
        DocFacts d = DocFacts.clean();
        var p = d.page();
        p.media = new Box(p.trim.x0() - 30 * MM, p.trim.y0() - 30 * MM, p.trim.x1() + 30 * MM, p.trim.y1() + 30 * MM);
        p.crop = p.media;
        p.bleed = new Box(p.trim.x0() - left * MM, p.trim.y0() - bottom * MM, p.trim.x1() + right * MM,
                p.trim.y1() + top * MM);
        return d;
    }

    private static PaintedElement fill(Box b) {
        return DocFacts.element(ElementKind.FILL, b, PaintColor.device("DeviceGray", 0));
    }

    @Test
    void everyShortBleedSideIsNamedInOrder() {
        assertThat(run("PAGE_BLEED_INSUFFICIENT", bleed(3, 1, 3, 3)).getFirst().details())
                .containsEntry("short_sides", List.of("right"));
        assertThat(run("PAGE_BLEED_INSUFFICIENT", bleed(3, 3, 1, 3)).getFirst().details())
                .containsEntry("short_sides", List.of("top"));
        assertThat(run("PAGE_BLEED_INSUFFICIENT", bleed(3, 3, 3, 1)).getFirst().details())
                .containsEntry("short_sides", List.of("bottom"));
        Finding all = run("PAGE_BLEED_INSUFFICIENT", bleed(2, 1.5, 1, 0.5)).getFirst();
        assertThat(all.details()).containsEntry("short_sides", List.of("left", "right", "top", "bottom"))
                .containsEntry("min_bleed_mm", 3.0).containsEntry("bleed_box_explicit", true);
        assertThat((Double) all.details().get("left_mm")).isCloseTo(2.0, within(1e-3));
        assertThat((Double) all.details().get("right_mm")).isCloseTo(1.5, within(1e-3));
        assertThat((Double) all.details().get("top_mm")).isCloseTo(1.0, within(1e-3));
        assertThat((Double) all.details().get("bottom_mm")).isCloseTo(0.5, within(1e-3));
        assertThat(all.message()).isEqualTo("Page 1: bleed 0.50 mm on left, right, top, bottom, less than 3.00 mm");
    }

    @Test
    void bleedExactlyAtTheMinimumOrWithinTheToleranceIsEnough() {
        assertThat(run("PAGE_BLEED_INSUFFICIENT", bleed(3, 3, 3, 3))).isEmpty();
        assertThat(run("PAGE_BLEED_INSUFFICIENT", bleed(2.995, 2.995, 2.995, 2.995))).isEmpty();
        assertThat(run("PAGE_BLEED_INSUFFICIENT", bleed(2.985, 3, 3, 3))).hasSize(1);
    }

    @Test
    void bleedFromTheCropBoxIsNotExplicit() {
        DocFacts d = DocFacts.clean();
        d.page().bleed = null;
        d.page().crop = d.page().trim;
        assertThat(run("PAGE_BLEED_INSUFFICIENT", d).getFirst().details()).containsEntry("bleed_box_explicit", false);
    }

    @Test
    void everyWideBleedSideIsNamedAndTheLargestGiven() {
        assertThat(run("PAGE_BLEED_TOO_LARGE", bleed(3, 3, 3, 3))).isEmpty();
        assertThat(run("PAGE_BLEED_TOO_LARGE", bleed(21, 3, 3, 3)).getFirst().details())
                .containsEntry("wide_sides", List.of("left"));
        assertThat(run("PAGE_BLEED_TOO_LARGE", bleed(3, 21, 3, 3)).getFirst().details())
                .containsEntry("wide_sides", List.of("right"));
        assertThat(run("PAGE_BLEED_TOO_LARGE", bleed(3, 3, 21, 3)).getFirst().details())
                .containsEntry("wide_sides", List.of("top"));
        assertThat(run("PAGE_BLEED_TOO_LARGE", bleed(3, 3, 3, 21)).getFirst().details())
                .containsEntry("wide_sides", List.of("bottom"));
        DocFacts wide = bleed(22, 21, 25, 24);
        Finding f = run("PAGE_BLEED_TOO_LARGE", wide).getFirst();
        assertThat(f.details()).containsEntry("wide_sides", List.of("left", "right", "top", "bottom"))
                .containsEntry("max_bleed_mm", 20.0);
        assertThat(f.message()).isEqualTo("Page 1: bleed 25.00 mm on left, right, top, bottom, more than 20.00 mm");
        assertThat(f.bbox()).isEqualTo(wide.page().bleed.toList());
        assertThat(f.pageNum()).isEqualTo(1);
    }

    @Test
    void bleedAtTheMaximumIsNotTooLargeButJustPastItIs() {
        assertThat(run("PAGE_BLEED_TOO_LARGE", bleed(20, 20, 20, 20))).isEmpty();
        assertThat(run("PAGE_BLEED_TOO_LARGE", bleed(20.005, 3, 3, 3))).isEmpty();
        assertThat(run("PAGE_BLEED_TOO_LARGE", bleed(20.015, 3, 3, 3))).hasSize(1);
        assertThat(run("PAGE_BLEED_TOO_LARGE", bleed(5, 3, 3, 3), Map.of("max_bleed_mm", 4.0))).hasSize(1);
    }

    @Test
    void aPageWithoutAnExplicitBleedBoxHasNoBleedTooLarge() {
        DocFacts d = bleed(25, 25, 25, 25);
        d.page().bleed = null;
        assertThat(run("PAGE_BLEED_TOO_LARGE", d)).isEmpty();
    }

    @Test
    void bleedIsMeasuredInRealMillimetresUnderUserUnit() {
        // With /UserUnit 2 a point is 2/72 inch: 1.5 mm of page space is 3 mm of paper.
        DocFacts d = bleed(1.5, 1.5, 1.5, 1.5);
        d.page().userUnit = 2;
        assertThat(run("PAGE_BLEED_INSUFFICIENT", d)).isEmpty();
        DocFacts wide = bleed(12, 3, 3, 3);
        wide.page().userUnit = 2;
        assertThat(run("PAGE_BLEED_TOO_LARGE", wide).getFirst().details()).containsEntry("wide_sides",
                List.of("left"));
    }

    @Test
    void safetyMarginIsCheckedAtEveryEdge() {
        var trim = DocFacts.clean().page().trim;
        Box left = new Box(trim.x0() + 1, trim.y0() + 100, trim.x0() + 50, trim.y0() + 120);
        Box right = new Box(trim.x1() - 50, trim.y0() + 100, trim.x1() - 2 * MM, trim.y0() + 120);
        Box top = new Box(trim.x0() + 100, trim.y1() - 50, trim.x0() + 120, trim.y1() - 1.5 * MM);
        Box bottom = new Box(trim.x0() + 100, trim.y0() + 0.5 * MM, trim.x0() + 120, trim.y0() + 50);
        double[] expected = {1 / MM, 2, 1.5, 0.5};
        Box[] boxes = {left, right, top, bottom};
        for (int i = 0; i < boxes.length; i++) {
            DocFacts d = DocFacts.clean();
            d.page().elements.add(fill(boxes[i]));
            Finding f = run("PAGE_SAFETY_MARGIN", d).getFirst();
            assertThat((Double) f.details().get("distance_mm")).as("edge %d", i).isCloseTo(expected[i],
                    within(1e-3));
        }
    }

    @Test
    void safetyMarginFindingSaysWhereAndHowClose() {
        var trim = DocFacts.clean().page().trim;
        DocFacts d = DocFacts.clean();
        Box b = new Box(trim.x0() + 100, trim.y0() + 2 * MM, trim.x0() + 120, trim.y0() + 50);
        d.page().elements.add(fill(b));
        Finding f = run("PAGE_SAFETY_MARGIN", d).getFirst();
        assertThat(f.message()).isEqualTo("Page 1: path 2.00 mm from the trim edge (margin 3.00 mm)");
        assertThat(f.pageNum()).isEqualTo(1);
        assertThat(f.bbox()).isEqualTo(b.toList());
        assertThat(f.objectType()).isEqualTo("path");
        assertThat(f.details()).containsEntry("margin_mm", 3.0);
    }

    @Test
    void contentExactlyAtTheMarginIsSafe() {
        var trim = DocFacts.clean().page().trim;
        DocFacts d = DocFacts.clean();
        d.page().elements.add(fill(new Box(trim.x0() + 3 * MM, trim.y0() + 3 * MM, trim.x1() - 3 * MM,
                trim.y1() - 3 * MM)));
        assertThat(run("PAGE_SAFETY_MARGIN", d)).isEmpty();
    }

    @Test
    void safetyMarginIsInRealMillimetresUnderUserUnit() {
        // 2 mm of page space is 4 mm of paper under /UserUnit 2: outside a 3 mm margin, inside a 5 mm one.
        var trim = DocFacts.clean().page().trim;
        DocFacts d = DocFacts.clean();
        d.page().userUnit = 2;
        d.page().elements.add(fill(new Box(trim.x0() + 2 * MM, trim.y0() + 100, trim.x0() + 50, trim.y0() + 120)));
        assertThat(run("PAGE_SAFETY_MARGIN", d)).isEmpty();
        Finding f = run("PAGE_SAFETY_MARGIN", d, Map.of("margin_mm", 5.0)).getFirst();
        assertThat((Double) f.details().get("distance_mm")).isCloseTo(4.0, within(1e-3));
    }

    @Test
    void safetyMarginSkipsInvisibleElementsAnnotationsAndOtherKindsWhenTextOnly() {
        var trim = DocFacts.clean().page().trim;
        Box near = new Box(trim.x0() + 1, trim.y0() + 100, trim.x0() + 50, trim.y0() + 120);
        DocFacts hidden = DocFacts.clean();
        hidden.page().elements.add(DocFacts.inHiddenLayer(fill(near), "Notes"));
        assertThat(run("PAGE_SAFETY_MARGIN", hidden)).isEmpty();

        DocFacts annotation = DocFacts.clean();
        PaintedElement e = fill(near);
        annotation.page().elements.add(new PaintedElement(e.kind(), e.bbox(), e.visibleBox(), e.fill(), null, false,
                false, 0, "Normal", 1, 1, false, 0, false, null, null, null, false, true, false, null,
                "annotation:50 0 R", null));
        assertThat(run("PAGE_SAFETY_MARGIN", annotation)).isEmpty();

        DocFacts text = DocFacts.clean();
        text.page().elements.add(DocFacts.text(near, "10 0 R", 0));
        assertThat(run("PAGE_SAFETY_MARGIN", text, Map.of("text_only", true))).singleElement()
                .satisfies(f -> assertThat(f.objectType()).isEqualTo("text"));
    }

    @Test
    void aTrimNoWiderOrTallerThanTwiceTheMarginIsNotChecked() {
        DocFacts narrow = DocFacts.clean();
        var p = narrow.page();
        p.trim = new Box(p.trim.x0(), p.trim.y0(), p.trim.x0() + 5.9 * MM, p.trim.y1());
        p.elements.add(fill(new Box(p.trim.x0() + 1, p.trim.y0() + 100, p.trim.x0() + 2, p.trim.y0() + 120)));
        assertThat(run("PAGE_SAFETY_MARGIN", narrow)).isEmpty();
        DocFacts low = DocFacts.clean();
        var q = low.page();
        q.trim = new Box(q.trim.x0(), q.trim.y0(), q.trim.x1(), q.trim.y0() + 5.9 * MM);
        q.elements.add(fill(new Box(q.trim.x0() + 100, q.trim.y0() + 1, q.trim.x0() + 120, q.trim.y0() + 2)));
        assertThat(run("PAGE_SAFETY_MARGIN", low)).isEmpty();
        DocFacts justWider = DocFacts.clean();
        var r = justWider.page();
        r.trim = new Box(r.trim.x0(), r.trim.y0(), r.trim.x0() + 6 * MM + 1, r.trim.y1());
        r.elements.add(fill(new Box(r.trim.x0() + 0.5, r.trim.y0() + 100, r.trim.x0() + 1, r.trim.y0() + 120)));
        assertThat(run("PAGE_SAFETY_MARGIN", justWider)).hasSize(1);
    }

    @Test
    void contentBeyondTheBleedIsReportedUnlessItIsAnAnnotationOrHidden() {
        DocFacts d = DocFacts.clean();
        Box outside = new Box(-20, 100, 40, 120);
        d.page().media = new Box(-30, -30, 700, 900);
        d.page().elements.add(fill(outside));
        Finding f = run("PAGE_CONTENT_BEYOND_BLEED", d).getFirst();
        assertThat(f.message()).isEqualTo("Page 1: path extends beyond the BleedBox");
        assertThat(f.bbox()).isEqualTo(outside.toList());
        assertThat(f.objectType()).isEqualTo("path");

        DocFacts hidden = DocFacts.clean();
        hidden.page().elements.add(DocFacts.inHiddenLayer(fill(outside), "Slug"));
        assertThat(run("PAGE_CONTENT_BEYOND_BLEED", hidden)).isEmpty();

        DocFacts annotation = DocFacts.clean();
        PaintedElement e = fill(outside);
        annotation.page().elements.add(new PaintedElement(e.kind(), e.bbox(), e.visibleBox(), e.fill(), null, false,
                false, 0, "Normal", 1, 1, false, 0, false, null, null, null, false, true, false, null,
                "annotation:50 0 R", null));
        assertThat(run("PAGE_CONTENT_BEYOND_BLEED", annotation)).isEmpty();

        DocFacts noBleedBox = DocFacts.clean();
        noBleedBox.page().bleed = null;
        noBleedBox.page().elements.add(fill(outside));
        assertThat(run("PAGE_CONTENT_BEYOND_BLEED", noBleedBox)).isEmpty();
    }

    @Test
    void pagesDifferingInOneDimensionOnlyAreMixedSizes() {
        DocFacts wider = DocFacts.clean();
        var w = wider.addPage();
        w.trim = new Box(w.trim.x0(), w.trim.y0(), w.trim.x1() + 10, w.trim.y1());
        w.bleed(BLEED);
        Finding trim = run("PAGE_TRIM_SIZE_MIXED", wider).getFirst();
        assertThat(trim.pageNum()).isEqualTo(2);
        assertThat((Double) trim.details().get("width_pt")).isCloseTo(DocFacts.A4_W + 10, within(1e-3));
        assertThat((Double) trim.details().get("height_pt")).isCloseTo(DocFacts.A4_H, within(1e-3));
        assertThat((Double) trim.details().get("first_width_pt")).isCloseTo(DocFacts.A4_W, within(1e-3));
        assertThat((Double) trim.details().get("first_height_pt")).isCloseTo(DocFacts.A4_H, within(1e-3));
        assertThat(trim.message()).isEqualTo("Page 2 trim size 213.5 x 297.0 mm differs from page 1 (210.0 x 297.0 mm)");
        assertThat(run("PAGE_SIZE_MIXED", wider)).singleElement().satisfies(f -> {
            assertThat(f.pageNum()).isEqualTo(2);
            assertThat(f.message()).isEqualTo("Page 2 is 219.5 x 303.0 mm, page 1 is 216.0 x 303.0 mm");
            assertThat((Double) f.details().get("short_side_pt")).isCloseTo(DocFacts.A4_W + 10 + 2 * BLEED,
                    within(1e-3));
            assertThat((Double) f.details().get("long_side_pt")).isCloseTo(DocFacts.A4_H + 2 * BLEED, within(1e-3));
        });

        DocFacts taller = DocFacts.clean();
        var t = taller.addPage();
        t.trim = new Box(t.trim.x0(), t.trim.y0(), t.trim.x1(), t.trim.y1() + 10);
        t.bleed(BLEED);
        assertThat(run("PAGE_TRIM_SIZE_MIXED", taller)).hasSize(1);
        assertThat(run("PAGE_SIZE_MIXED", taller)).hasSize(1);
    }

    @Test
    void aSizeDifferenceAtTheToleranceIsNotMixed() {
        DocFacts d = DocFacts.clean();
        var second = d.addPage();
        second.trim = new Box(second.trim.x0(), second.trim.y0(), second.trim.x1(), second.trim.y1() + 1);
        second.bleed(BLEED);
        assertThat(run("PAGE_TRIM_SIZE_MIXED", d)).isEmpty();
        assertThat(run("PAGE_SIZE_MIXED", d)).isEmpty();
        second.trim = new Box(second.trim.x0(), second.trim.y0(), second.trim.x1(), second.trim.y1() + 0.01);
        second.bleed(BLEED);
        assertThat(run("PAGE_TRIM_SIZE_MIXED", d)).hasSize(1);
        assertThat(run("PAGE_SIZE_MIXED", d)).hasSize(1);
    }

    @Test
    void mixedSizesCompareRealSizesUnderUserUnit() {
        // Page 2 is half as large in page space but has /UserUnit 2: the same paper size as page 1.
        DocFacts d = DocFacts.clean();
        var second = d.addPage();
        second.userUnit = 2;
        second.trim = new Box(BLEED / 2, BLEED / 2, (BLEED + DocFacts.A4_W) / 2, (BLEED + DocFacts.A4_H) / 2);
        second.bleed(BLEED / 2);
        assertThat(run("PAGE_TRIM_SIZE_MIXED", d)).isEmpty();
        assertThat(run("PAGE_SIZE_MIXED", d)).isEmpty();
        second.userUnit = 1;
        assertThat(run("PAGE_TRIM_SIZE_MIXED", d)).hasSize(1);
        assertThat(run("PAGE_SIZE_MIXED", d)).hasSize(1);
    }

    @Test
    void anEmptyDocumentHasNoMixedSizes() {
        DocFacts d = DocFacts.clean();
        d.pages.clear();
        assertThat(run("PAGE_SIZE_MIXED", d)).isEmpty();
        assertThat(run("PAGE_TRIM_SIZE_MIXED", d)).isEmpty();
    }

    // Limits met exactly. The values are chosen so that the check's own arithmetic lands exactly on the limit:
    // 1 pt is 0.35277777777777775 mm, 72 pt is 25.4 mm and 144 pt is 50.8 mm in doubles.

    /** One page whose MediaBox, CropBox and TrimBox are the given box in points, with a 1 pt bleed all round. */
    private static DocFacts exactPage(Box trim) {
        DocFacts d = DocFacts.clean();
        var p = d.page();
        p.trim = trim;
        p.bleed = new Box(trim.x0() - 1, trim.y0() - 1, trim.x1() + 1, trim.y1() + 1);
        p.media = new Box(trim.x0() - 10, trim.y0() - 10, trim.x1() + 10, trim.y1() + 10);
        p.crop = trim;
        return d;
    }

    @Test
    void bleedLimitsAreInclusiveOfTheTolerance() {
        DocFacts d = exactPage(new Box(100, 100, 300, 400));
        assertThat(run("PAGE_BLEED_TOO_LARGE", d, Map.of("max_bleed_mm", 0.34277777777777774))).isEmpty();
        assertThat(run("PAGE_BLEED_TOO_LARGE", d, Map.of("max_bleed_mm", 0.34))).hasSize(1);
        assertThat(run("PAGE_BLEED_INSUFFICIENT", d, Map.of("min_bleed_mm", 0.36277777777777775))).isEmpty();
        assertThat(run("PAGE_BLEED_INSUFFICIENT", d, Map.of("min_bleed_mm", 0.37))).hasSize(1);
    }

    @Test
    void pageSidesExactlyAtTheRangeLimitsAreInRange() {
        DocFacts d = exactPage(new Box(0, 0, 72, 144));
        assertThat(run("PAGE_SIZE_OUT_OF_RANGE", d, Map.of("min_side_mm", 25.4, "max_side_mm", 50.8))).isEmpty();
        Finding small = run("PAGE_SIZE_OUT_OF_RANGE", d, Map.of("min_side_mm", 25.5, "max_side_mm", 50.8))
                .getFirst();
        assertThat(small.message()).isEqualTo("Page 1 is 25.4 x 50.8 mm, outside 26-51 mm");
        assertThat(small.details()).containsEntry("width_mm", 25.4).containsEntry("height_mm", 50.8)
                .containsEntry("min_side_mm", 25.5).containsEntry("max_side_mm", 50.8);
        assertThat(run("PAGE_SIZE_OUT_OF_RANGE", d, Map.of("min_side_mm", 25.4, "max_side_mm", 50.7))).hasSize(1);
    }

    @Test
    void pageSizesMatchExactlyInEitherOrientationWithoutTolerance() {
        DocFacts d = exactPage(new Box(0, 0, 72, 144));
        Map<String, Object> upright = Map.of("allowed_sizes", List.of("25.4x50.8"), "tolerance_mm", 0.0);
        Map<String, Object> turned = Map.of("allowed_sizes", List.of("50.8x25.4"), "tolerance_mm", 0.0);
        assertThat(run("PAGE_SIZE_NOT_EXPECTED", d, upright)).isEmpty();
        assertThat(run("PAGE_SIZE_NOT_EXPECTED", d, turned)).isEmpty();
        Finding f = run("PAGE_SIZE_NOT_EXPECTED", d, Map.of("allowed_sizes", List.of("25.4x50.7"),
                "tolerance_mm", 0.0)).getFirst();
        assertThat(f.message()).isEqualTo("Page 1 is 25.4 x 50.8 mm, not one of [25.4x50.7]");
        assertThat(f.details()).containsEntry("width_mm", 25.4).containsEntry("height_mm", 50.8);
    }

    @Test
    void aTrimExactlyTwiceTheMarginWideOrTallIsNotChecked() {
        double m = 3 / (25.4 / 72.0);
        DocFacts narrow = exactPage(new Box(0, 0, 2 * m, 500));
        narrow.page().elements.add(fill(new Box(1, 100, 2, 120)));
        assertThat(run("PAGE_SAFETY_MARGIN", narrow)).isEmpty();
        DocFacts low = exactPage(new Box(0, 0, 500, 2 * m));
        low.page().elements.add(fill(new Box(100, 1, 120, 2)));
        assertThat(run("PAGE_SAFETY_MARGIN", low)).isEmpty();
    }

    @Test
    void sizesDifferingByExactlyTheToleranceAreNotMixed() {
        DocFacts d = exactPage(new Box(0, 0, 300, 400));
        var second = d.addPage();
        second.trim = new Box(0, 0, 302, 400);
        second.media = new Box(-10, -10, 312, 410);
        second.crop = new Box(0, 0, 302, 400);
        second.bleed = new Box(-1, -1, 303, 401);
        assertThat(run("PAGE_TRIM_SIZE_MIXED", d, Map.of("tolerance_pt", 1.999))).isEmpty();
        assertThat(run("PAGE_SIZE_MIXED", d, Map.of("tolerance_pt", 1.999))).isEmpty();
        assertThat(run("PAGE_TRIM_SIZE_MIXED", d, Map.of("tolerance_pt", 1.99))).hasSize(1);
        assertThat(run("PAGE_SIZE_MIXED", d, Map.of("tolerance_pt", 1.99))).hasSize(1);
        DocFacts taller = exactPage(new Box(0, 0, 300, 400));
        var third = taller.addPage();
        third.trim = new Box(0, 0, 300, 402);
        third.media = new Box(-10, -10, 310, 412);
        third.crop = new Box(0, 0, 300, 402);
        third.bleed = new Box(-1, -1, 301, 403);
        assertThat(run("PAGE_TRIM_SIZE_MIXED", taller, Map.of("tolerance_pt", 1.999))).isEmpty();
        assertThat(run("PAGE_SIZE_MIXED", taller, Map.of("tolerance_pt", 1.999))).isEmpty();
    }

    @Test
    void squarePagesTakeNoSideInOrientation() {
        DocFacts d = exactPage(new Box(0, 0, 400, 401));
        var portrait = d.addPage();
        var landscape = d.addPage();
        landscape.rotation = 90;
        assertThat(run("PAGE_ORIENTATION_MIXED", d)).singleElement().satisfies(f -> {
            assertThat(f.pageNum()).isEqualTo(3);
            assertThat(f.message()).isEqualTo("Page 3 is landscape, page 2 is portrait");
            assertThat(f.details()).containsEntry("orientation", "landscape")
                    .containsEntry("reference_orientation", "portrait").containsEntry("reference_page", 2);
        });
        assertThat(portrait.num).isEqualTo(2);
    }

    @Test
    void pagesJustPastSquareHaveAnOrientation() {
        DocFacts d = exactPage(new Box(0, 0, 401.5, 400));
        d.addPage();
        assertThat(run("PAGE_ORIENTATION_MIXED", d)).singleElement().satisfies(f -> {
            assertThat(f.pageNum()).isEqualTo(2);
            assertThat(f.details()).containsEntry("orientation", "portrait")
                    .containsEntry("reference_orientation", "landscape").containsEntry("reference_page", 1);
        });
    }
}
