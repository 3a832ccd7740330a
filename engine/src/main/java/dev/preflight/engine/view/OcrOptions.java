package dev.preflight.engine.view;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;

/**
 * How to run OCR.
 *
 * @param executable tesseract's path, or a bare name looked up on the PATH
 * @param language   tesseract language(s), e.g. {@code eng} or {@code eng+deu}
 * @param dpi        render resolution; tesseract reads body text best at about 300 dpi
 * @param timeout    bound on one page; tesseract is killed when it runs out
 * @param scratchDir where the page image is written for tesseract (deleted afterwards)
 * @param maxPixels  largest page image; a page too large for {@code dpi} is rendered coarser
 */
public record OcrOptions(String executable, String language, int dpi, Duration timeout, Path scratchDir,
                         long maxPixels) {

    public OcrOptions {
        executable = executable == null || executable.isBlank() ? "tesseract" : executable;
        language = language == null || language.isBlank() ? "eng" : language;
        if (!language.matches("[A-Za-z0-9_+]+")) {
            throw new IllegalArgumentException("not a tesseract language list: " + language);
        }
        if (dpi < 36 || dpi > 1200) {
            throw new IllegalArgumentException("dpi must be within 36..1200");
        }
        Objects.requireNonNull(timeout, "timeout");
        Objects.requireNonNull(scratchDir, "scratchDir");
        if (maxPixels < 1) {
            throw new IllegalArgumentException("maxPixels must be positive");
        }
    }

    /** {@code tesseract}, English, 300 dpi, two minutes a page, 40 megapixels at most. */
    public static OcrOptions defaults(Path scratchDir) {
        return new OcrOptions("tesseract", "eng", 300, Duration.ofMinutes(2), scratchDir, 40_000_000L);
    }
}
