package dev.preflight.viewer;

import dev.preflight.analysis.PageImages;
import dev.preflight.support.ServerTestBase;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.graphics.color.PDOutputIntent;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import tools.jackson.databind.JsonNode;

import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static dev.preflight.viewer.ViewerInkTests.png;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The output condition of a soft proof: the file's CMYK output intent, else the condition the job's profile expects
 * (its OI_CONDITION_NOT_EXPECTED texts, the first the ICC catalogue bundles a profile for), else FOGRA39. Seen in the
 * tile, the plate composite and the colour picker of a 100 % black box.
 */
class ProofConditionTests extends ServerTestBase {

    @Autowired
    private PageImages pageImages;

    private static final int X = 150;
    private static final int Y = 842 - 650;

    /** A 100 % black box (uncoated paper shows it much lighter than coated: the conditions are told apart). */
    private static byte[] blackBox() {
        return ViewerPdfs.create().a4().cmyk(100, 600, 100, 100, 0, 0, 0, 1).bytes();
    }

    /** The cyan box with an output intent carrying FOGRA39's profile. */
    private static byte[] blackBoxWithFogra39Intent() throws IOException {
        try (PDDocument doc = Loader.loadPDF(blackBox());
             InputStream icc = ProofConditionTests.class.getClassLoader()
                     .getResourceAsStream("icc/profiles/fogra39.icc")) {
            var oi = new PDOutputIntent(doc, icc);
            oi.setOutputConditionIdentifier("FOGRA39");
            oi.setInfo("Coated FOGRA39");
            oi.setRegistryName("http://www.color.org");
            doc.getDocumentCatalog().addOutputIntent(oi);
            var out = new ByteArrayOutputStream();
            doc.save(out);
            return out.toByteArray();
        }
    }

    /** A tenant profile "uncoated-shop": service-default whose OI_CONDITION_NOT_EXPECTED expects these texts. */
    private void expecting(TenantKey t, List<String> expected) {
        var profile = api.postJson("/api/v1/profiles", t.key(), Map.of("profile_id", "uncoated-shop", "name",
                "Uncoated shop", "base_profile_id", "service-default", "checks", List.of(Map.of("inspection_id",
                        "OI_CONDITION_NOT_EXPECTED", "severity", "warning", "params", Map.of("expected", expected)))));
        assertThat(profile.status()).as(profile.text()).isEqualTo(200);
    }

    private String jobOf(TenantKey t, byte[] pdf, String profile) {
        JsonNode job = run(t, pdf, "profile_id", profile);
        assertThat(job.get("status").asString()).as(job.toString()).isEqualTo("completed");
        return job.get("job_id").asString();
    }

    private int tilePixel(TenantKey t, String jobId, String route) throws IOException {
        BufferedImage image = png(api.get("/api/v1/viewer/jobs/" + jobId + route, t.key()));
        return image.getRGB(X, Y) & 0xFFFFFF;
    }

    @Test
    void aFileWithoutAnOutputIntentIsProofedForTheConditionItsProfileExpects() throws IOException {
        var t = newTenant("growth");
        expecting(t, List.of("FOGRA51", "fogra29"));
        String coated = jobOf(t, blackBox(), "service-default");
        String uncoated = jobOf(t, blackBox(), "uncoated-shop");

        int fogra39 = tilePixel(t, coated, "/pages/1/tile?dpi=72");
        int fogra29 = tilePixel(t, uncoated, "/pages/1/tile?dpi=72");
        // FOGRA51 has no bundled profile and is passed over: FOGRA29's uncoated black is much lighter
        assertThat(maxChannelDifference(fogra39, fogra29)).as("%06X vs %06X", fogra39, fogra29).isGreaterThan(15);
        assertThat(fogra29 & 0xFF).isGreaterThan(fogra39 & 0xFF);
        // the composite and the picker follow the same condition
        assertNear(tilePixel(t, uncoated, "/pages/1/plates?dpi=72"), fogra29, 6);
        String hex = api.get("/api/v1/viewer/jobs/" + uncoated + "/pages/1/sample?x=150.5&y=650.5&dpi=72", t.key())
                .json().get("hex").asString();
        assertNear(Integer.parseInt(hex.substring(1), 16), fogra29, 6);

        // report pictures (the analysis module's PageImages) take the same condition
        Path pdf = Files.createTempFile("proof-condition-", ".pdf");
        Path scratch = Files.createTempDirectory("proof-condition-");
        try {
            Files.write(pdf, blackBox());
            var pages = new java.util.TreeSet<>(List.of(1));
            int reportCoated = pageImages.render(pdf, pages, 72, scratch, t.tenantId(), "service-default").get(1)
                    .getRGB(X, Y) & 0xFFFFFF;
            int reportUncoated = pageImages.render(pdf, pages, 72, scratch, t.tenantId(), "uncoated-shop").get(1)
                    .getRGB(X, Y) & 0xFFFFFF;
            assertNear(reportCoated, fogra39, 6);
            assertNear(reportUncoated, fogra29, 6);
        } finally {
            Files.deleteIfExists(pdf);
            org.springframework.util.FileSystemUtils.deleteRecursively(scratch);
        }
    }

    @Test
    void theFilesOwnOutputIntentWinsOverTheProfile() throws IOException {
        var t = newTenant("growth");
        expecting(t, List.of("FOGRA29"));
        String withIntent = jobOf(t, blackBoxWithFogra39Intent(), "uncoated-shop");
        String plain = jobOf(t, blackBox(), "service-default");
        assertNear(tilePixel(t, withIntent, "/pages/1/tile?dpi=72"), tilePixel(t, plain, "/pages/1/tile?dpi=72"), 2);
    }

    private static int maxChannelDifference(int a, int b) {
        int worst = 0;
        for (int shift = 0; shift <= 16; shift += 8) {
            worst = Math.max(worst, Math.abs((a >> shift & 0xFF) - (b >> shift & 0xFF)));
        }
        return worst;
    }

    private static void assertNear(int actual, int expected, int tolerance) {
        assertThat(maxChannelDifference(actual, expected)).as("%06X vs %06X", actual, expected)
                .isLessThanOrEqualTo(tolerance);
    }
}
