package dev.preflight.engine.fixups;

import dev.preflight.engine.AnalysisRequest;
import dev.preflight.engine.Engine;
import dev.preflight.engine.EngineSettings;
import dev.preflight.engine.Finding;
import dev.preflight.engine.Profile;
import dev.preflight.engine.ProfileCheck;
import dev.preflight.engine.Profiles;
import dev.preflight.engine.Severity;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.rendering.ImageType;
import org.apache.pdfbox.rendering.PDFRenderer;
import org.apache.pdfbox.rendering.RenderDestination;

import java.awt.image.BufferedImage;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/** What the fixups' tests ask of a file before and after: findings under a profile, pixels, paint states. */
final class FixupChecks {

    private static final Engine ENGINE = new Engine(EngineSettings.defaults());

    private FixupChecks() {
    }

    static List<Finding> findings(Path pdf, Profile profile) throws Exception {
        return ENGINE.analyze(pdf, new AnalysisRequest(profile, false)).findings();
    }

    static Set<String> ids(Path pdf, String profile) throws Exception {
        return ids(pdf, Profiles.builtin(profile));
    }

    static Set<String> ids(Path pdf, Profile profile) throws Exception {
        return findings(pdf, profile).stream().map(Finding::inspectionId).collect(Collectors.toSet());
    }

    /** A profile of just these checks, with their parameters. */
    static Profile profileOf(Map<String, Map<String, Object>> checks) {
        List<ProfileCheck> list = new ArrayList<>();
        checks.forEach((id, params) -> list.add(new ProfileCheck(id, null, params, null)));
        return new Profile("test", "test", "test", null, false, list);
    }

    /** The error-severity findings after the fix are among those before: the fix made no new error. */
    static void noNewErrors(Path before, Path after, String profile) throws Exception {
        Set<String> was = errors(before, profile);
        assertThat(errors(after, profile)).isSubsetOf(was);
    }

    private static Set<String> errors(Path pdf, String profile) throws Exception {
        return findings(pdf, Profiles.builtin(profile)).stream().filter(f -> f.severity() == Severity.ERROR)
                .map(Finding::inspectionId).collect(Collectors.toSet());
    }

    static BufferedImage render(Path pdf, int page, float dpi) throws Exception {
        try (PDDocument doc = Loader.loadPDF(pdf.toFile())) {
            return new PDFRenderer(doc).renderImage(page, dpi / 72f, ImageType.RGB, RenderDestination.PRINT);
        }
    }

    /** Every page renders for print to the same pixels (PDFBox does not simulate overprint, so flag changes do not show). */
    static void samePixels(Path a, Path b) throws Exception {
        int pages;
        try (PDDocument doc = Loader.loadPDF(a.toFile())) {
            pages = doc.getNumberOfPages();
        }
        for (int i = 0; i < pages; i++) {
            BufferedImage x = render(a, i, 72);
            BufferedImage y = render(b, i, 72);
            assertThat(y.getWidth()).isEqualTo(x.getWidth());
            assertThat(y.getHeight()).isEqualTo(x.getHeight());
            int[] px = x.getRGB(0, 0, x.getWidth(), x.getHeight(), null, 0, x.getWidth());
            int[] py = y.getRGB(0, 0, y.getWidth(), y.getHeight(), null, 0, y.getWidth());
            assertThat(py).as("page %d pixels", i + 1).isEqualTo(px);
        }
    }

    /** Every paint operation of the first page (forms included) as the rewriter sees it, in order. */
    static List<ContentRewriter.Paint> paints(Path pdf) throws Exception {
        List<ContentRewriter.Paint> out = new ArrayList<>();
        try (PDDocument doc = Loader.loadPDF(pdf.toFile())) {
            ContentRewriter.rewrite(doc, doc.getPage(0), p -> {
                out.add(p);
                return null;
            });
        }
        return out;
    }
}
