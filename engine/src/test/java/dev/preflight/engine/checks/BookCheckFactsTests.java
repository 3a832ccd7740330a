package dev.preflight.engine.checks;

import dev.preflight.engine.Box;
import dev.preflight.engine.Finding;
import dev.preflight.engine.ProfileCheck;
import dev.preflight.engine.checks.book.BookChecks;
import dev.preflight.engine.facts.ElementKind;
import dev.preflight.engine.facts.PaintColor;
import dev.preflight.engine.facts.PaintedElement;
import dev.preflight.engine.facts.TextInfo;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

/** The book checks on hand-built facts: odd pages that must not break them, UserUnit, and the text's angle. */
class BookCheckFactsTests {

    private static final double MM = 72 / 25.4;

    static List<Finding> run(String id, DocFacts facts, Map<String, Object> params) {
        Check check = BookChecks.all().stream().filter(c -> c.info().id().equals(id)).findFirst().orElseThrow();
        var ctx = new CheckContext(check.info(), new ProfileCheck(id, null, params, null), 100);
        check.run(facts.build(), ctx);
        return ctx.findings();
    }

    /** A 6 x 9 in cover spread with a 0.5 in spine, in page units of {@code userUnit} points, TrimBox set. */
    static DocFacts spread(double userUnit) {
        DocFacts d = DocFacts.clean();
        DocFacts.Page p = d.page();
        double u = 1 / userUnit;
        p.trim = new Box(9 * u, 9 * u, (9 + 2 * 432 + 36) * u, (9 + 648) * u);
        p.bleed(9 * u);
        p.userUnit = userUnit;
        p.elements.clear();
        return d;
    }

    static PaintedElement text(Box box, double angle) {
        return new PaintedElement(ElementKind.TEXT, box, box, PaintColor.device("DeviceCMYK", 0, 0, 0, 1), null,
                false, false, 0, "Normal", 1, 1, false, 0, false,
                new TextInfo("12 0 R", "Font", 10, 0, 5, "Title", angle), null, null, false, true, false, null,
                "page", null);
    }

    @Test
    void everyBookCheckRunsOnOddPagesWithoutThrowing() {
        DocFacts odd = DocFacts.clean();
        odd.page().trim = new Box(10, 10, 10, 10);
        odd.page().elements.add(text(new Box(10, 10, 10, 10), Double.NaN));
        odd.addPage().rotation = 90;
        odd.addPage().userUnit = 3;
        odd.page().elements.add(DocFacts.element(ElementKind.FILL, new Box(-5, -5, 1e6, 1e6), null));
        for (Check c : BookChecks.all()) {
            for (DocFacts d : List.of(DocFacts.clean(), odd, spread(1), new DocFacts())) {
                assertThatCode(() -> run(c.info().id(), d, Map.of())).as(c.info().id()).doesNotThrowAnyException();
            }
        }
    }

    @Test
    void coverSizeAppliesUserUnit() {
        assertThat(run("COVER_SIZE", spread(2), Map.of("spine_mm", 12.7))).isEmpty();
        assertThat(run("COVER_SIZE", spread(2), Map.of("spine_mm", 14.0))).singleElement()
                .satisfies(f -> assertThat((Double) f.details().get("width_mm")).isEqualTo(317.5));
    }

    @Test
    void spineTextIsJudgedByItsBaselineAngle() {
        DocFacts d = spread(1);
        double centre = 9 + 432 + 18;
        d.page().elements.add(text(new Box(centre - 4, 300, centre + 4, 400), -90));
        assertThat(run("COVER_SPINE_TEXT_DIRECTION", d, Map.of())).isEmpty();
        assertThat(run("COVER_SPINE_TEXT_DIRECTION", d, Map.of("direction", "bottom_to_top"))).singleElement()
                .satisfies(f -> assertThat(f.details()).containsEntry("reads", "top_to_bottom"));
        d.page().rotation = 180;
        assertThat(run("COVER_SPINE_TEXT_DIRECTION", d, Map.of())).as("shown upside down it reads bottom to top")
                .singleElement().satisfies(f -> assertThat(f.details()).containsEntry("angle_degrees", 90.0));
    }

    @Test
    void theSpineFoldsFollowAGivenSpine() {
        DocFacts d = spread(1);
        // 2 mm right of the right fold of the 0.5 in spine the width implies; a 20 mm spine puts that fold on it
        double x = 9 + 432 + 36 + 2 * MM;
        d.page().elements.add(text(new Box(x, 300, x + 50, 310), 0));
        assertThat(run("COVER_SPINE_TEXT_MARGIN", d, Map.of())).isEmpty();
        assertThat(run("COVER_SPINE_TEXT_MARGIN", d, Map.of("spine_mm", 20.0))).hasSize(1);
        assertThat(run("COVER_SPINE_CONTENT_CROSSES_FOLD", d, Map.of("spine_mm", 20.0))).hasSize(1);
    }
}
