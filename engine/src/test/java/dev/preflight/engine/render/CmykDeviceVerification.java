package dev.preflight.engine.render;

import dev.preflight.engine.DocumentGeometry;
import dev.preflight.engine.PageGeometry;
import dev.preflight.engine.PdfOpener;
import dev.preflight.engine.RenderException;
import dev.preflight.engine.bench.Corpus;
import dev.preflight.engine.facts.InkFacts;
import dev.preflight.engine.view.ChannelType;
import dev.preflight.engine.view.SeparationPage;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Proves, over the shared corpus, what the ink pass relies on: every page {@link SpotScan} calls process-only
 * renders to the same process plates with the CMYK device ({@code pamcmyk32}) as with {@code tiffsep}, and tiffsep
 * gives no such page a spot plate. Per file it prints how many pages are identical, how many pixels differ and by
 * how much, and how far the ink facts measured on the two renders lie apart. Run as a main class (the build
 * excludes the {@code benchmark} tag): {@code java -cp ... dev.preflight.engine.render.CmykDeviceVerification
 * [dpi] [corpus-dir]}; writes {@code target/cmyk-verification.md}.
 */
@Tag("benchmark")
class CmykDeviceVerification {

    private static final int CHUNK = 16;

    public static void main(String[] args) throws Exception {
        int dpi = args.length > 0 ? Integer.parseInt(args[0]) : 72;
        Path corpus = args.length > 1 ? Path.of(args[1]) : Corpus.locate().resolve("pdfs");
        if (!Files.isDirectory(corpus)) {
            System.out.println("corpus not present, nothing to verify: " + corpus);
            return;
        }
        String report = run(corpus, dpi);
        System.out.println(report);
        Files.createDirectories(Path.of("target"));
        Files.writeString(Path.of("target/cmyk-verification.md"), report);
    }

    @Test
    void everyProcessOnlyPageOfTheCorpusRendersAlikeWithBothDevices() throws Exception {
        Path corpus = Corpus.locate().resolve("pdfs");
        Assumptions.assumeTrue(Files.isDirectory(corpus), "corpus not present: " + corpus);
        System.out.println(run(corpus, 72));
    }

    /** Totals for one file. */
    private static final class Row {
        String file;
        String note = "";
        int pages;
        int processOnly;
        int identical;
        int spotPlateMissed;
        int scanCautious;
        long pixels;
        long differing;
        long[] byDiff = new long[4];
        int maxDiff;
        double coverage;
        double tac;
        double overLimit;
        double grey;
    }

    static String run(Path corpus, int dpi) throws Exception {
        List<Path> files;
        try (Stream<Path> s = Files.list(corpus)) {
            files = s.filter(p -> p.toString().endsWith(".pdf")).sorted().toList();
        }
        Path scratch = Files.createTempDirectory("cmyk-verify");
        var renderer = new SeparationRenderer(new Ghostscript("gs"), scratch, Duration.ofMinutes(10));
        var rows = new ArrayList<Row>();
        for (Path file : files) {
            var row = new Row();
            row.file = file.getFileName().toString();
            rows.add(row);
            List<PageGeometry> pages;
            SpotPages spots;
            try (PDDocument doc = PdfOpener.open(file, 64L << 20)) {
                pages = DocumentGeometry.of(doc).pages();
                spots = SpotScan.scan(doc, file);
            } catch (Exception e) {
                row.note = "not readable: " + e.getMessage();
                continue;
            }
            row.pages = pages.size();
            try {
                for (int from = 0; from < pages.size(); from += CHUNK) {
                    List<PageGeometry> chunk = pages.subList(from, Math.min(pages.size(), from + CHUNK));
                    compare(renderer, file, chunk, spots, dpi, row);
                }
            } catch (RenderException e) {
                row.note = "Ghostscript: " + e.getMessage();
            }
        }
        SeparationRenderer.deleteTree(scratch);
        return table(rows, dpi);
    }

    private static void compare(SeparationRenderer renderer, Path file, List<PageGeometry> chunk, SpotPages spots,
                                int dpi, Row row) throws RenderException {
        long deadline = System.nanoTime() + Duration.ofMinutes(10).toNanos();
        // pages of one resolution render together; huge pages are rendered coarser, alone
        Map<Integer, SeparationPage> cmyk = new HashMap<>();
        var processOnly = chunk.stream().filter(p -> spots.processOnly(p.pageNum())).toList();
        for (PageGeometry page : processOnly) {
            int d = SeparationRenderer.effectiveDpi(page, dpi);
            if (d == dpi) {
                continue;
            }
            renderer.renderCmyk(file, List.of(page), d, deadline, r -> cmyk.put(r.geometry().pageNum(),
                    r.toSeparationPage()));
        }
        var regular = processOnly.stream().filter(p -> SeparationRenderer.effectiveDpi(p, dpi) == dpi).toList();
        if (!regular.isEmpty()) {
            renderer.renderCmyk(file, regular, dpi, deadline, r -> cmyk.put(r.geometry().pageNum(),
                    r.toSeparationPage()));
        }
        for (PageGeometry page : chunk) {
            int d = SeparationRenderer.effectiveDpi(page, dpi);
            renderer.renderRun(file, List.of(page), d, deadline, sep -> judge(sep, cmyk.get(sep.pageNum()), row));
        }
    }

    private static void judge(SeparationPage tiffsep, SeparationPage cmyk, Row row) {
        boolean spotPlate = tiffsep.channels().stream().anyMatch(c -> c.type() == ChannelType.SPOT);
        if (cmyk == null) {
            if (!spotPlate) {
                row.scanCautious++;
            }
            return;
        }
        row.processOnly++;
        if (spotPlate) {
            row.spotPlateMissed++;
        }
        long differing = 0;
        for (String ink : SeparationPage.PROCESS_INKS) {
            byte[] a = cmyk.channel(ink).plane();
            byte[] b = tiffsep.channel(ink).plane();
            row.pixels += a.length;
            for (int i = 0; i < a.length; i++) {
                int d = Math.abs((a[i] & 0xff) - (b[i] & 0xff));
                if (d != 0) {
                    differing++;
                    row.maxDiff = Math.max(row.maxDiff, d);
                    row.byDiff[d == 1 ? 0 : d <= 3 ? 1 : d <= 15 ? 2 : 3]++;
                }
            }
        }
        row.differing += differing;
        if (differing == 0) {
            row.identical++;
        }
        InkFacts x = PageInkMeter.measure(cmyk, 15, 300, 300);
        InkFacts y = PageInkMeter.measure(process(tiffsep), 15, 300, 300);
        for (String ink : SeparationPage.PROCESS_INKS) {
            row.coverage = Math.max(row.coverage, Math.abs(x.coveragePercent().get(ink)
                    - y.coveragePercent().get(ink)));
        }
        row.tac = Math.max(row.tac, Math.abs(x.maxTacAll() - y.maxTacAll()));
        row.overLimit = Math.max(row.overLimit, Math.abs(x.areaOverLimitAllPct() - y.areaOverLimitAllPct()));
        row.grey = Math.max(row.grey, Math.abs(x.neutralGreyAreaPct() - y.neutralGreyAreaPct()));
    }

    /** The page's process plates only, as the CMYK device would give them. */
    private static SeparationPage process(SeparationPage page) {
        var process = page.channels().stream().filter(c -> c.type() == ChannelType.PROCESS).toList();
        return new SeparationPage(page.pageNum(), page.dpi(), page.width(), page.height(), process,
                page.geometry());
    }

    private static String table(List<Row> rows, int dpi) throws Exception {
        var out = new StringBuilder();
        out.append("Ghostscript ").append(new Ghostscript("gs").version()).append(", ").append(dpi)
                .append(" dpi: pamcmyk32 against tiffsep on every page the spot scan calls process-only\n\n");
        out.append("| file | pages | process-only | identical | differing samples | of which 1 step | 2-3 | 4-15 "
                + "| 16+ | max step | max coverage diff (points) | max TAC diff (points) | max area over 300 % diff "
                + "(points) | max grey diff (points) | spot plate missed | scan cautious | note |\n");
        out.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|\n");
        var all = new Row();
        for (Row r : rows) {
            out.append(String.format(Locale.ROOT, "| %s | %d | %d | %d | %s | %d | %d | %d | %d | %d | %.3f | %.3f "
                            + "| %.3f | %.3f | %d | %d | %s |%n", r.file, r.pages, r.processOnly, r.identical,
                    share(r.differing, r.pixels), r.byDiff[0], r.byDiff[1], r.byDiff[2], r.byDiff[3], r.maxDiff,
                    r.coverage, r.tac, r.overLimit, r.grey, r.spotPlateMissed, r.scanCautious, r.note));
            all.pages += r.pages;
            all.processOnly += r.processOnly;
            all.identical += r.identical;
            all.pixels += r.pixels;
            all.differing += r.differing;
            for (int i = 0; i < 4; i++) {
                all.byDiff[i] += r.byDiff[i];
            }
            all.maxDiff = Math.max(all.maxDiff, r.maxDiff);
            all.coverage = Math.max(all.coverage, r.coverage);
            all.tac = Math.max(all.tac, r.tac);
            all.overLimit = Math.max(all.overLimit, r.overLimit);
            all.grey = Math.max(all.grey, r.grey);
            all.spotPlateMissed += r.spotPlateMissed;
            all.scanCautious += r.scanCautious;
        }
        out.append(String.format(Locale.ROOT, "| **all** | %d | %d | %d | %s | %d | %d | %d | %d | %d | %.3f | %.3f "
                        + "| %.3f | %.3f | **%d** | %d | |%n", all.pages, all.processOnly, all.identical,
                share(all.differing, all.pixels), all.byDiff[0], all.byDiff[1], all.byDiff[2], all.byDiff[3],
                all.maxDiff, all.coverage, all.tac, all.overLimit, all.grey, all.spotPlateMissed,
                all.scanCautious));
        return out.toString();
    }

    private static String share(long part, long whole) {
        return whole == 0 ? "0" : String.format(Locale.ROOT, "%d (%.4f %%)", part, part * 100.0 / whole);
    }
}
