package dev.preflight.engine.view;

import dev.preflight.engine.Box;
import dev.preflight.engine.PageGeometry;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Runs over hand-made separation planes, where every pixel's ink is known. */
class TacRunsTests {

    /** A page of {@code rows} drawn as text: '#' is 4 x 100 % ink (400 %), '+' is 2 x 100 %, '.' no ink. */
    private static SeparationPage page(int dpi, String... rows) {
        int h = rows.length;
        int w = rows[0].length();
        byte[] c = new byte[w * h];
        byte[] m = new byte[w * h];
        byte[] y = new byte[w * h];
        byte[] k = new byte[w * h];
        for (int r = 0; r < h; r++) {
            for (int x = 0; x < w; x++) {
                char ch = rows[r].charAt(x);
                int i = r * w + x;
                c[i] = m[i] = (byte) (ch == '.' ? 255 : 0);
                y[i] = k[i] = (byte) (ch == '#' ? 0 : 255);
            }
        }
        double wPts = w * 72.0 / dpi;
        double hPts = h * 72.0 / dpi;
        var box = new Box(0, 0, wPts, hPts);
        var geometry = new PageGeometry(1, box, box, null, null, null, 0, 1);
        return new SeparationPage(1, dpi, w, h, List.of(new Channel("Cyan", ChannelType.PROCESS, w, h, c),
                new Channel("Magenta", ChannelType.PROCESS, w, h, m),
                new Channel("Yellow", ChannelType.PROCESS, w, h, y),
                new Channel("Black", ChannelType.PROCESS, w, h, k)), geometry);
    }

    @Test
    void regionsConnectThroughCornersAndAreSortedBySize() {
        SeparationPage page = page(72,
                "##......",
                "..#.....",
                "...#....",
                "........",
                ".....###",
                ".....###");

        TacRuns runs = TacRuns.of(page, 300, 10);

        assertThat(runs.totalCount()).isEqualTo(2);
        assertThat(runs.runs()).containsExactly(
                new TacRun(5, 4, 8, 6, 400, 300, true, 6),
                new TacRun(0, 0, 4, 3, 400, 300, true, 4));
    }

    @Test
    void branchesThatMeetLowerDownAreOneRegion() {
        SeparationPage page = page(144,
                "#...#..#",
                "#...#..#",
                "#####..#",
                ".......#",
                "#.#.#...");

        TacRuns runs = TacRuns.of(page, 300, 10);

        assertThat(runs.totalCount()).isEqualTo(5);
        // points at 144 dpi: half a point per pixel, origin top-left
        assertThat(runs.runs().getFirst()).isEqualTo(new TacRun(0, 0, 2.5, 1.5, 400, 300, true, 9));
        assertThat(runs.runs().get(1)).isEqualTo(new TacRun(3.5, 0, 4, 2, 400, 300, true, 4));
        // single pixels tie on size: top to bottom, then left to right
        assertThat(runs.runs().subList(2, 5)).extracting(TacRun::x0).containsExactly(0.0, 1.0, 2.0);
    }

    @Test
    void theLimitIsStrictAndMeanCountsOnlyThePixelsAbove() {
        SeparationPage page = page(72,
                "++##",
                "++##");

        assertThat(TacRuns.of(page, 200, 10).runs()).containsExactly(new TacRun(2, 0, 4, 2, 400, 200, true, 4));
        assertThat(TacRuns.of(page, 199.9, 10).runs()).containsExactly(new TacRun(0, 0, 4, 2, 300, 199.9, true, 8));
        assertThat(TacRuns.of(page, 400, 10).totalCount()).isZero();
    }

    @Test
    void theCountIsTrueWhenTheListIsCapped() {
        SeparationPage page = page(72,
                "#.#.#.#.#",
                ".........",
                "###.#.#.#");

        TacRuns capped = TacRuns.of(page, 300, 2);

        assertThat(capped.totalCount()).isEqualTo(9);
        assertThat(capped.runs()).hasSize(2);
        assertThat(capped.runs().getFirst().pixels()).isEqualTo(3);
        assertThat(capped.runs().get(1)).isEqualTo(new TacRun(0, 0, 1, 1, 400, 300, true, 1));
        assertThat(TacRuns.of(page, 300, 0).runs()).isEmpty();
        assertThat(TacRuns.of(page, 300, 0).totalCount()).isEqualTo(9);
    }

    @Test
    void aSolidPageIsOneRegion() {
        var rows = new String[50];
        java.util.Arrays.fill(rows, "#".repeat(70));
        TacRuns runs = TacRuns.of(page(72, rows), 300, 5);
        assertThat(runs.runs()).containsExactly(new TacRun(0, 0, 70, 50, 400, 300, true, 3500));
    }
}
