package dev.preflight.engine;

import dev.preflight.engine.testpdf.Pdfs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Two different documents analysed at the same time, many times over, give exactly the findings each gives alone:
 * no check keeps state between analyses (each analysis has its own content view and image index).
 */
class ConcurrentAnalysisTests {

    private static final int ROUNDS = 100;

    @TempDir
    Path tmp;

    /** Images, text, lines, spots and overprint: work for the image, colour, text, line and spot checks. */
    private Path documentA() {
        var d = Pdfs.document();
        d.page(400, 400).fill(Pdfs.cmyk(1, 0, 0, 0)).rect(50, 50, 300, 300)
                .image(Pdfs.image(40, 40).rgb(), 60, 60, 100, 100)
                .image(Pdfs.image(30, 30).cmyk().seed(3), 200, 60, 20, 20)
                .fill(Pdfs.cmyk(0, 0, 0, 0)).overprint(true, true, 1).text(100, 200, 6, "White overprint")
                .fill(Pdfs.spot("Gold", 1, 0, 0.2, 0.6, 0.1)).rect(300, 300, 20, 20);
        d.page(400, 400).stroke(Pdfs.cmyk(0, 0, 0, 0)).lineWidth(0.1).line(10, 10, 300, 10)
                .image(Pdfs.image(64, 64).gray().seed(5), 100, 100, 200, 200);
        return d.write(tmp.resolve("a.pdf"));
    }

    /** Different images under the same object numbers, RGB text, a DeviceN fill, one page. */
    private Path documentB() {
        var d = Pdfs.document();
        d.page(300, 500).image(Pdfs.image(50, 20).cmyk().seed(9), 10, 10, 280, 100)
                .image(Pdfs.image(16, 16).rgb().seed(11), 20, 300, 200, 200)
                .fill(Pdfs.rgb(1, 0, 0)).text(50, 250, 4, "Small red text")
                .fill(Pdfs.deviceN(List.of("Silver", "Cyan"), new double[] {0.5, 1},
                        new double[][] {{0, 0, 0, 0.3}, {1, 0, 0, 0}})).rect(200, 400, 40, 40);
        return d.write(tmp.resolve("b.pdf"));
    }

    @Test
    void concurrentAnalysesMatchTheirSingleThreadedResults() throws Exception {
        Engine engine = new Engine(EngineSettings.defaults());
        Profile profile = Profiles.builtin("gwg2022-sheetspot-cmyk-plus-rgb");
        Path a = documentA();
        Path b = documentB();
        List<Finding> aloneA = engine.analyze(a, new AnalysisRequest(profile, false)).findings();
        List<Finding> aloneB = engine.analyze(b, new AnalysisRequest(profile, false)).findings();
        assertThat(aloneA).as("document A gives findings").hasSizeGreaterThan(3);
        assertThat(aloneB).as("document B gives findings").hasSizeGreaterThan(3);
        assertThat(aloneA).isNotEqualTo(aloneB);

        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            for (int round = 0; round < ROUNDS; round++) {
                Callable<List<Finding>> ta = () -> engine.analyze(a, new AnalysisRequest(profile, false))
                        .findings();
                Callable<List<Finding>> tb = () -> engine.analyze(b, new AnalysisRequest(profile, false))
                        .findings();
                var futures = new ArrayList<Future<List<Finding>>>();
                futures.add(pool.submit(ta));
                futures.add(pool.submit(tb));
                assertThat(futures.get(0).get()).as("document A, round " + round).isEqualTo(aloneA);
                assertThat(futures.get(1).get()).as("document B, round " + round).isEqualTo(aloneB);
            }
        } finally {
            pool.shutdownNow();
        }
    }
}
