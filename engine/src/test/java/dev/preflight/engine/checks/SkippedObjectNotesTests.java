package dev.preflight.engine.checks;

import dev.preflight.engine.AnalysisRequest;
import dev.preflight.engine.Engine;
import dev.preflight.engine.EngineSettings;
import dev.preflight.engine.Finding;
import dev.preflight.engine.Profile;
import dev.preflight.engine.ProfileCheck;
import dev.preflight.engine.Severity;
import dev.preflight.engine.testpdf.Pdfs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * GWG I00006: when the visibility (D0030) or overlap (D0031) rules make a check skip objects it would have judged,
 * the check says so with one info note per page, so "checked and fine" differs from "nothing left to check".
 */
class SkippedObjectNotesTests {

    private static final Pdfs.Colour BLACK = Pdfs.cmyk(0, 0, 0, 1);
    private static final Pdfs.Colour WHITE = Pdfs.cmyk(0, 0, 0, 0);
    private static final Pdfs.Colour CYAN = Pdfs.cmyk(1, 0, 0, 0);

    @TempDir
    Path tmp;

    private List<Finding> run(String id, Map<String, Object> params, List<Consumer<Pdfs.Page>> pages)
            throws Exception {
        var doc = Pdfs.document();
        for (Consumer<Pdfs.Page> content : pages) {
            content.accept(doc.page(400, 400));
        }
        Path file = doc.write(tmp.resolve(id + "-" + System.nanoTime() + ".pdf"));
        // a clause on the profile check: findings carry it, notes must not (they are not rule results)
        Profile profile = new Profile("case", "case", "", null, false,
                List.of(new ProfileCheck(id, Severity.ERROR, params, "GWG2022 R0007")));
        return new Engine(EngineSettings.defaults()).analyze(file, new AnalysisRequest(profile, false)).findings()
                .stream().filter(f -> f.inspectionId().equals(id)).toList();
    }

    private List<Finding> run(String id, Consumer<Pdfs.Page> page) throws Exception {
        return run(id, Map.of(), List.of(page));
    }

    @Test
    void whiteOverprintTextOverNothingGivesOnlyANote() throws Exception {
        assertThat(run("OP_WHITE_TEXT", p -> p.fill(WHITE).overprint(true, true, 1).text(100, 200, 10, "Alone")))
                .singleElement().satisfies(f -> {
                    assertThat(f.severity()).isEqualTo(Severity.INFO);
                    assertThat(f.pageNum()).isEqualTo(1);
                    assertThat(f.isoClause()).isNull();
                    assertThat(f.message()).contains("1 object").contains("overlapping nothing (GWG D0031)");
                    assertThat(f.details()).containsEntry("skipped", true).containsEntry("skipped_total", 1)
                            .containsEntry("skipped_not_overlapping", 1);
                });
    }

    @Test
    void overlappingOffenderIsReportedAndCountsNoSkip() throws Exception {
        assertThat(run("OP_WHITE_TEXT", p -> p.fill(CYAN).rect(50, 50, 300, 300)
                .fill(WHITE).overprint(true, true, 1).text(100, 200, 10, "Over cyan")))
                .singleElement().satisfies(f -> {
                    assertThat(f.severity()).isEqualTo(Severity.ERROR);
                    assertThat(f.isoClause()).isEqualTo("GWG2022 R0007");
                });
    }

    @Test
    void nothingToJudgeGivesNoNote() throws Exception {
        assertThat(run("OP_WHITE_TEXT", p -> p.fill(WHITE).text(100, 200, 10, "Knocks out"))).isEmpty();
        assertThat(run("TEXT_SMALL", p -> p.fill(BLACK).text(100, 200, 12, "Large enough"))).isEmpty();
    }

    @Test
    void clippedAndCoveredTextAreCountedByReasonPerPage() throws Exception {
        List<Finding> f = run("TEXT_SMALL", Map.of(), List.of(
                p -> p.save().clipRect(300, 300, 10, 10).fill(BLACK).text(100, 200, 3, "Clipped").restore(),
                p -> p.fill(BLACK).text(100, 200, 3, "Covered").fill(CYAN).rect(50, 150, 300, 150)
                        .fill(BLACK).text(100, 50, 3, "Seen")));
        assertThat(f).filteredOn(x -> x.pageNum() == 1).singleElement().satisfies(x -> {
            assertThat(x.severity()).isEqualTo(Severity.INFO);
            assertThat(x.details()).containsEntry("skipped_clipped", 1);
            assertThat(x.message()).contains("clipped away (GWG D0030)");
        });
        assertThat(f).filteredOn(x -> x.pageNum() == 2 && x.severity() == Severity.INFO).singleElement()
                .satisfies(x -> assertThat(x.details()).containsEntry("skipped_covered", 1));
        assertThat(f).filteredOn(x -> x.pageNum() == 2 && x.severity() == Severity.ERROR).hasSize(1);
    }

    @Test
    void thinWhiteLineOverNothingIsNoted() throws Exception {
        assertThat(run("LINE_WHITE_THIN", Map.of("min_width_pt", 0.25), List.of(
                p -> p.stroke(WHITE).lineWidth(0.1).line(100, 100, 200, 100))))
                .singleElement().satisfies(f -> {
                    assertThat(f.severity()).isEqualTo(Severity.INFO);
                    assertThat(f.details()).containsEntry("skipped_not_overlapping", 1);
                });
    }
}
