package dev.preflight.engine.render;

import dev.preflight.engine.DocumentGeometry;
import dev.preflight.engine.PageGeometry;
import dev.preflight.engine.PdfOpener;
import dev.preflight.engine.RenderException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Warm Ghostscript processes: the same pixels as a process of its own, reuse, and what happens when a job fails. */
@Tag("ghostscript")
class GhostscriptPoolTests {

    @TempDir
    Path dir;

    @BeforeEach
    @AfterEach
    void emptyPool() {
        GhostscriptPool.SHARED.clear();
        System.clearProperty("preflight.gs.pool");
    }

    @Test
    void pooledPagesAreByteForByteThoseOfAProcessOfItsOwn() throws Exception {
        Path pdf = threePages();
        List<PageGeometry> pages = geometry(pdf);
        List<PageGeometry> someOfThem = List.of(pages.get(0), pages.get(2));

        System.setProperty("preflight.gs.pool", "off");
        Map<Integer, byte[]> own = render(pdf, someOfThem, 72);
        Map<Integer, byte[]> ownAt150 = render(pdf, pages, 150);
        System.clearProperty("preflight.gs.pool");
        Map<Integer, byte[]> pooled = render(pdf, someOfThem, 72);
        Map<Integer, byte[]> pooledAt150 = render(pdf, pages, 150);

        assertThat(pooled.keySet()).containsExactly(1, 3);
        for (int page : pooled.keySet()) {
            assertThat(pooled.get(page)).as("page %d at 72 dpi", page).isEqualTo(own.get(page));
        }
        assertThat(pooledAt150.keySet()).containsExactly(1, 2, 3);
        for (int page : pooledAt150.keySet()) {
            assertThat(pooledAt150.get(page)).as("page %d at 150 dpi", page).isEqualTo(ownAt150.get(page));
        }
        // one warm process per resolution, both waiting for the next job
        assertThat(GhostscriptPool.SHARED.idleProcesses()).hasSize(2);
    }

    @Test
    void aWarmProcessRendersOneJobAfterAnother() throws Exception {
        Path pdf = threePages();
        List<PageGeometry> pages = geometry(pdf);

        render(pdf, pages, 72);
        List<Process> first = GhostscriptPool.SHARED.idleProcesses();
        Map<Integer, byte[]> again = render(pdf, pages, 72);
        List<Process> second = GhostscriptPool.SHARED.idleProcesses();

        assertThat(first).hasSize(1);
        assertThat(second).containsExactlyElementsOf(first);
        assertThat(again).hasSize(3);
    }

    @Test
    void aRangeStartedBeforeThePagesWereKnownEndsAtTheLastPage() throws Exception {
        Path pdf = threePages();
        List<PageGeometry> pages = geometry(pdf);
        var renderer = renderer();
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        var seen = new ArrayList<Integer>();

        try (CmykRun run = renderer.startCmyk(pdf, GhostscriptPool.Pages.range(2, 0), 72, deadline)) {
            renderer.readCmyk(run, pages.subList(1, 3), 72, deadline, r -> seen.add(r.geometry().pageNum()));
        }
        try (CmykRun run = renderer.startCmyk(pdf, GhostscriptPool.Pages.range(1, 2), 72, deadline)) {
            renderer.readCmyk(run, pages.subList(0, 2), 72, deadline, r -> seen.add(r.geometry().pageNum()));
        }

        assertThat(seen).containsExactly(2, 3, 1, 2);
        assertThat(GhostscriptPool.SHARED.idleProcesses()).hasSize(1);
    }

    @Test
    void aFailedJobGivesGhostscriptsReasonAndTheNextJobAFreshProcess() throws Exception {
        Path good = threePages();
        Path broken = Files.write(dir.resolve("broken.pdf"),
                "%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n"
                        .getBytes(StandardCharsets.US_ASCII));
        List<PageGeometry> pages = geometry(good);
        render(good, pages, 72);
        List<Process> before = GhostscriptPool.SHARED.idleProcesses();

        assertThatThrownBy(() -> render(broken, pages.subList(0, 1), 72)).isInstanceOf(RenderException.class)
                .hasMessageContaining("Couldn't initialise file");
        Map<Integer, byte[]> after = render(good, pages, 72);

        assertThat(after).hasSize(3);
        assertThat(before.getFirst().isAlive()).as("the process that failed a job is not reused").isFalse();
        assertThat(GhostscriptPool.SHARED.idleProcesses()).hasSize(1).doesNotContainAnyElementsOf(before);
    }

    @Test
    void aRunLeftBeforeItsEndIsStoppedNotReused() throws Exception {
        Path pdf = threePages();
        List<PageGeometry> pages = geometry(pdf);
        var renderer = renderer();
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        render(pdf, pages, 72);
        List<Process> warm = GhostscriptPool.SHARED.idleProcesses();

        try (CmykRun run = renderer.startCmyk(pdf, GhostscriptPool.Pages.range(1, 0), 72, deadline)) {
            assertThat(run).isNotNull();
        }

        assertThat(warm.getFirst().waitFor(10, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
        assertThat(GhostscriptPool.SHARED.idleProcesses()).isEmpty();
        assertThat(render(pdf, pages, 72)).hasSize(3);
    }

    @Test
    void ghostscriptEndsWhenTheJvmSideOfItsShellCloses() throws Exception {
        Path pdf = threePages();
        render(pdf, geometry(pdf), 72);
        Process shell = GhostscriptPool.SHARED.idleProcesses().getFirst();
        List<ProcessHandle> ghostscripts = shell.descendants()
                .filter(p -> p.info().command().map(c -> c.endsWith("/gs")).orElse(false)).toList();
        assertThat(ghostscripts).hasSize(1);

        // what the kernel does to the pipe when the JVM dies, even by kill -9
        shell.getOutputStream().close();

        assertThat(ghostscripts.getFirst().onExit().get(10, java.util.concurrent.TimeUnit.SECONDS).isAlive())
                .isFalse();
        assertThat(shell.waitFor(10, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
    }

    @Test
    void aWarmProcessIsSafeAndMayReadOnlyItsOwnDirectory() throws Exception {
        Path pdf = threePages();
        render(pdf, geometry(pdf), 72);
        ProcessHandle gs = GhostscriptPool.SHARED.idleProcesses().getFirst().descendants()
                .filter(p -> p.info().command().map(c -> c.endsWith("/gs")).orElse(false)).findFirst().orElseThrow();
        List<String> args = List.of(gs.info().arguments().orElseThrow());

        assertThat(args).contains("-dSAFER").doesNotContain("-dNOSAFER");
        List<String> permits = args.stream().filter(a -> a.startsWith("--permit")).toList();
        assertThat(permits).hasSize(1);
        Path own = Path.of(permits.getFirst().substring("--permit-file-read=".length()));
        // between jobs the directory holds the job pipe and the driver: the document's link is gone
        try (var files = Files.list(own)) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder("jobs", "driver.ps");
        }
        assertThat(own.getParent()).isNotEqualTo(pdf.getParent());
    }

    @Test
    void concurrentRendersGetProcessesOfTheirOwn() throws Exception {
        Path pdf = threePages();
        List<PageGeometry> pages = geometry(pdf);
        System.setProperty("preflight.gs.pool", "off");
        Map<Integer, byte[]> expected = render(pdf, pages, 72);
        System.clearProperty("preflight.gs.pool");

        try (var pool = Executors.newFixedThreadPool(3)) {
            var futures = new ArrayList<Future<Map<Integer, byte[]>>>();
            for (int i = 0; i < 30; i++) {
                futures.add(pool.submit((Callable<Map<Integer, byte[]>>) () -> render(pdf, pages, 72)));
            }
            for (var f : futures) {
                Map<Integer, byte[]> got = f.get();
                for (int page = 1; page <= 3; page++) {
                    assertThat(got.get(page)).isEqualTo(expected.get(page));
                }
            }
        }
        assertThat(GhostscriptPool.SHARED.idleProcesses()).hasSizeBetween(1, 3);
    }

    private Map<Integer, byte[]> render(Path pdf, List<PageGeometry> pages, int dpi) throws RenderException {
        var out = new TreeMap<Integer, byte[]>();
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        renderer().renderCmyk(pdf, pages, dpi, deadline, r -> out.put(r.geometry().pageNum(),
                java.util.Arrays.copyOf(r.data(), 4 * r.width() * r.height())));
        return out;
    }

    private SeparationRenderer renderer() {
        return new SeparationRenderer(new Ghostscript("gs"), dir.resolve("scratch"), Duration.ofSeconds(60));
    }

    private Path threePages() {
        return InkPdfs.create()
                .page(100, 100).cmyk(0, 0, 50, 100, 1, 0, 0, 0).cmykOverprint(25, 25, 50, 50, 0, 0, 0, 1)
                .page(200, 100).cmyk(10, 10, 80, 30, 0.2f, 0.8f, 0, 0.1f)
                .page(100, 100).crop(10, 10, 90, 90).cmyk(0, 0, 100, 100, 0, 0, 1, 0)
                .write(dir.resolve("three.pdf"));
    }

    private static List<PageGeometry> geometry(Path pdf) throws Exception {
        try (var doc = PdfOpener.open(pdf, 64L * 1024 * 1024)) {
            return DocumentGeometry.of(doc).pages();
        }
    }
}
