package dev.preflight.engine.ocr;

import dev.preflight.engine.Box;
import dev.preflight.engine.process.ChildProcess;
import dev.preflight.engine.process.ChildProcessException;
import dev.preflight.engine.view.LayerToggles;
import dev.preflight.engine.view.OcrException;
import dev.preflight.engine.view.OcrOptions;
import dev.preflight.engine.view.OcrPage;
import dev.preflight.engine.view.OcrWord;
import dev.preflight.engine.view.PageRenderException;
import dev.preflight.engine.view.PixelBudget;
import dev.preflight.engine.view.PixelBudgetExceededException;
import dev.preflight.engine.view.PixelRect;
import dev.preflight.engine.view.Png;
import dev.preflight.engine.view.RasterGrid;
import dev.preflight.engine.view.TileRenderer;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads the words on a page with the {@code tesseract} command-line program (Debian packages {@code tesseract-ocr}
 * and {@code tesseract-ocr-eng}): the page is rendered by the {@link TileRenderer} at the options' resolution,
 * written as a greyscale PNG to a scratch file, and read with {@code tesseract <png> stdout --dpi N -l LANG tsv}.
 * Each run is bounded in time (the process tree is killed past it) and in output size; tesseract runs with one
 * thread ({@code OMP_THREAD_LIMIT=1}), which on a busy machine is several times faster than its default.
 */
public final class Tesseract {

    /** Output kept from tesseract's TSV; a dense page is a few hundred kilobytes. */
    private static final int MAX_OUTPUT_BYTES = 32 << 20;
    private static final int STDERR_TAIL = 8 * 1024;

    private final OcrOptions options;

    public Tesseract(OcrOptions options) {
        this.options = options;
    }

    /**
     * The version tesseract reports, e.g. {@code 5.3.0}.
     *
     * @throws OcrException when it is not installed or does not run
     */
    public String version() throws OcrException {
        Output out = run(List.of("--version"), Duration.ofSeconds(20).toMillis());
        String text = (out.stdout + "\n" + out.stderr).strip();
        for (String line : text.split("\\R")) {
            if (line.startsWith("tesseract ")) {
                return line.substring("tesseract ".length()).strip();
            }
        }
        throw new OcrException("tesseract printed no version: " + firstLine(text), false);
    }

    /** True when tesseract runs. */
    public boolean available() {
        try {
            version();
            return true;
        } catch (OcrException e) {
            return false;
        }
    }

    /**
     * Renders a page and reads its words.
     *
     * @throws OcrException       when tesseract is missing, fails or times out
     * @throws PageRenderException when the page cannot be rendered
     */
    public OcrPage recognize(TileRenderer tiles, int pageNum) throws OcrException, PageRenderException {
        int dpi = options.dpi();
        var budget = new PixelBudget(Math.min(options.maxPixels(), tiles.budget().maxPixels()));
        if (!budget.fits(tiles.page(pageNum), dpi, null)) {
            dpi = Math.max(1, budget.largestDpi(tiles.page(pageNum), null));
        }
        RasterGrid grid = tiles.grid(pageNum, dpi);
        BufferedImage image;
        try {
            image = tiles.renderImage(grid, grid.full(), LayerToggles.NONE);
        } catch (PixelBudgetExceededException e) {
            throw new OcrException("Page " + pageNum + " is too large to read: " + e.getMessage(), false);
        }
        return new OcrPage(pageNum, dpi, recognize(image, grid));
    }

    /** Reads the words of an image lying on a page's grid; boxes are mapped back to the page's PDF points. */
    public List<OcrWord> recognize(BufferedImage image, RasterGrid grid) throws OcrException {
        byte[] png = Png.gray(grey(image), image.getWidth(), image.getHeight());
        Path file = null;
        try {
            Files.createDirectories(options.scratchDir());
            file = Files.createTempFile(options.scratchDir(), "ocr-", ".png");
            Files.write(file, png);
            Output out = run(List.of(file.toAbsolutePath().toString(), "stdout", "--dpi", String.valueOf(grid.dpi()),
                    "-l", options.language(), "tsv"), options.timeout().toMillis());
            return parse(out.stdout, grid, image.getWidth(), image.getHeight());
        } catch (IOException e) {
            throw new OcrException("The page image for tesseract could not be written to " + options.scratchDir()
                    + ": " + e.getMessage(), e);
        } finally {
            if (file != null) {
                try {
                    Files.deleteIfExists(file);
                } catch (IOException ignored) {
                    // the scratch directory is cleaned with the job's files
                }
            }
        }
    }

    /** Words from tesseract's TSV (level 5 rows with text), pixel boxes turned into PDF points. */
    static List<OcrWord> parse(String tsv, RasterGrid grid, int width, int height) {
        var words = new ArrayList<OcrWord>();
        for (String line : tsv.split("\\R")) {
            String[] f = line.split("\t", -1);
            if (f.length < 12 || !"5".equals(f[0])) {
                continue;
            }
            String text = f[11].strip();
            if (text.isEmpty()) {
                continue;
            }
            try {
                int left = Integer.parseInt(f[6]);
                int top = Integer.parseInt(f[7]);
                int w = Integer.parseInt(f[8]);
                int h = Integer.parseInt(f[9]);
                double conf = Double.parseDouble(f[10]);
                if (conf < 0 || w < 1 || h < 1 || left < 0 || top < 0) {
                    continue;
                }
                int x1 = Math.min(width, left + w);
                int y1 = Math.min(height, top + h);
                if (x1 <= left || y1 <= top) {
                    continue;
                }
                Box bbox = grid.toPdf(new PixelRect(left, top, x1 - left, y1 - top));
                words.add(new OcrWord(text, Math.min(100, conf), round(bbox), Integer.parseInt(f[2]),
                        Integer.parseInt(f[3]), Integer.parseInt(f[4])));
            } catch (NumberFormatException e) {
                // a row tesseract did not finish writing; the others still count
            }
        }
        return words;
    }

    private static Box round(Box b) {
        return new Box(r(b.x0()), r(b.y0()), r(b.x1()), r(b.y1()));
    }

    private static double r(double v) {
        return Math.round(v * 100) / 100.0;
    }

    private static byte[] grey(BufferedImage image) {
        int w = image.getWidth();
        int h = image.getHeight();
        byte[] out = new byte[w * h];
        int[] row = new int[w];
        for (int y = 0; y < h; y++) {
            image.getRGB(0, y, w, 1, row, 0, w);
            for (int x = 0; x < w; x++) {
                int p = row[x];
                out[y * w + x] = (byte) ((77 * ((p >> 16) & 0xff) + 150 * ((p >> 8) & 0xff) + 29 * (p & 0xff)) >> 8);
            }
        }
        return out;
    }

    private record Output(String stdout, String stderr) {
    }

    private Output run(List<String> args, long timeoutMillis) throws OcrException {
        var command = new ArrayList<String>();
        command.add(options.executable());
        command.addAll(args);
        ChildProcess.Result r;
        try {
            r = ChildProcess.of("tesseract", command)
                    .withEnvironment("OMP_THREAD_LIMIT", "1")
                    .keepingStdout(ChildProcess.Keep.head(MAX_OUTPUT_BYTES))
                    .keepingStderr(ChildProcess.Keep.tail(STDERR_TAIL))
                    .run(Duration.ofMillis(timeoutMillis));
        } catch (ChildProcessException e) {
            throw switch (e.kind()) {
                case NOT_STARTED -> new OcrException("tesseract is not installed or cannot be run ("
                        + options.executable() + "): install the Debian packages tesseract-ocr and tesseract-ocr-eng. "
                        + e.getCause().getMessage(), e.getCause());
                case INTERRUPTED -> new OcrException("Interrupted while tesseract was running", false);
                case TIMED_OUT -> new OcrException("tesseract did not finish within " + (timeoutMillis / 1000.0)
                        + " s and was stopped", true);
                case FAILED -> new OcrException("tesseract failed (exit status " + e.exitCode() + "): "
                        + firstLine(e.stderr()), false);
            };
        }
        if (r.stdoutTruncated()) {
            throw new OcrException("tesseract wrote more than " + (MAX_OUTPUT_BYTES >> 20) + " MB of text", false);
        }
        return new Output(r.stdout(), r.stderr());
    }

    private static String firstLine(String text) {
        for (String line : text.split("\\R")) {
            if (!line.isBlank()) {
                return line.strip();
            }
        }
        return "no message";
    }
}
