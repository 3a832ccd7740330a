package dev.preflight.viewer;

import dev.preflight.support.ServerTestBase;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import tools.jackson.databind.JsonNode;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * Separations, channel plates, the densitometer, the colour picker, the TAC heatmap and its runs, on a page whose ink
 * is known: a 100 % cyan box, a C80 M80 Y80 K80 box and two spot colour boxes, analysed with a profile that renders
 * ink (so the job has the separations and tac capabilities from its ingest).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ViewerInkTests extends ServerTestBase {

    static final String SPOT = "PANTONE 185 C";
    static final String UMLAUT_SPOT = "Grün Spezial";

    private TenantKey tenant;
    private String jobId;

    /** One job for the class: cyan at (100..200, 600..700), rich black at (300..400, 600..700), spots below. */
    private String job() {
        if (jobId == null) {
            tenant = newTenant("growth");
            byte[] pdf = ViewerPdfs.create().a4()
                    .cmyk(100, 600, 100, 100, 1, 0, 0, 0)
                    // white set to overprint inside the cyan box: it prints nothing
                    .cmykOverprint(110, 610, 20, 20, 0, 0, 0, 0)
                    .cmyk(300, 600, 100, 100, 0.8f, 0.8f, 0.8f, 0.8f)
                    .spot(SPOT, 100, 300, 100, 100, 1)
                    .spot(UMLAUT_SPOT, 300, 300, 100, 100, 0.5f)
                    .bytes();
            JsonNode job = run(tenant, pdf, "profile_id", "gwg2022-packaging-offset");
            assertThat(job.get("status").asString()).as(job.toString()).isEqualTo("completed");
            jobId = job.get("job_id").asString();
        }
        return jobId;
    }

    private String url(String rest) {
        return "/api/v1/viewer/jobs/" + job() + rest;
    }

    @Test
    void listsProcessInksFirstThenEverySpotUnderItsExactName() {
        var r = api.get(url("/separations"), tenant.key());
        assertThat(r.status()).as(r.text()).isEqualTo(200);
        assertThat(r.json().get("job_id").asString()).isEqualTo(job());
        var names = new ArrayList<String>();
        var types = new ArrayList<String>();
        r.json().get("channels").forEach(c -> {
            names.add(c.get("name").asString());
            types.add(c.get("type").asString());
        });
        assertThat(names).containsExactly("Cyan", "Magenta", "Yellow", "Black", UMLAUT_SPOT, SPOT);
        assertThat(types).containsExactly("process", "process", "process", "process", "spot", "spot");
    }

    @Test
    void aFullCyanBoxReadsOneHundredPercentCyanAndNothingElse() {
        var r = api.get(url("/pages/1/densitometer?x=150&y=650&dpi=72"), tenant.key());
        assertThat(r.status()).as(r.text()).isEqualTo(200);
        JsonNode d = r.json();
        assertThat(d.get("x").asDouble()).isEqualTo(150);
        assertThat(d.get("y").asDouble()).isEqualTo(650);
        assertThat(d.get("dpi").asInt()).isEqualTo(72);
        assertThat(percent(d, "Cyan")).isCloseTo(100, within(1.0));
        assertThat(percent(d, "Magenta")).isEqualTo(0);
        assertThat(percent(d, "Yellow")).isEqualTo(0);
        assertThat(percent(d, "Black")).isEqualTo(0);
        assertThat(percent(d, SPOT)).isEqualTo(0);
        assertThat(d.get("tac").asDouble()).isCloseTo(100, within(1.0));
        assertThat(d.get("tac_limit").asDouble()).isEqualTo(300);
        assertThat(d.get("limit_exceeded").asBoolean()).isFalse();
    }

    @Test
    void theCyanPlateIsBlackWhereTheBoxIsAndTheOtherPlatesWhite() throws IOException {
        BufferedImage cyan = png(api.get(url("/pages/1/channel/Cyan?dpi=72"), tenant.key()));
        BufferedImage magenta = png(api.get(url("/pages/1/channel/Magenta?dpi=72"), tenant.key()));
        // A4 at 72 dpi: 595 x 842 pixels, bottom edge on the page's; (150, 650) pt is pixel (150, 842 - 650)
        assertThat(cyan.getWidth()).isEqualTo(595);
        assertThat(cyan.getHeight()).isEqualTo(842);
        assertThat(grey(cyan, 150, 192)).isLessThanOrEqualTo(3);
        assertThat(grey(magenta, 150, 192)).isEqualTo(255);
        assertThat(grey(cyan, 50, 50)).isEqualTo(255);
        assertThat(cyan.getColorModel().getNumComponents()).isEqualTo(1);
    }

    @Test
    void spotChannelsAreServedByTheirNameWithPlusOrPercentEncodedSpaces() throws IOException {
        BufferedImage plus = png(api.get(url("/pages/1/channel/PANTONE+185+C?dpi=72"), tenant.key()));
        BufferedImage encoded = png(api.get(url("/pages/1/channel/Gr%C3%BCn%20Spezial?dpi=72"), tenant.key()));
        // spot boxes at (100..200, 300..400) full tint and (300..400, 300..400) half tint
        assertThat(grey(plus, 150, 842 - 350)).isLessThanOrEqualTo(3);
        assertThat(grey(plus, 350, 842 - 350)).isEqualTo(255);
        assertThat(grey(encoded, 350, 842 - 350)).isBetween(125, 130);
        var unknown = api.get(url("/pages/1/channel/PANTONE+186+C?dpi=72"), tenant.key());
        assertThat(unknown.status()).isEqualTo(404);
        assertThat(unknown.json().get("detail").asString()).contains("PANTONE 186 C", SPOT);
    }

    @Test
    void richBlackReadsTac320AndIsRedAt300ButNotAt330() throws IOException {
        var d = api.get(url("/pages/1/densitometer?x=350&y=650&dpi=72&tac_limit=300"), tenant.key()).json();
        assertThat(d.get("tac").asDouble()).isCloseTo(320, within(1.0));
        for (String ink : List.of("Cyan", "Magenta", "Yellow", "Black")) {
            assertThat(percent(d, ink)).isCloseTo(80, within(1.0));
        }
        assertThat(d.get("limit_exceeded").asBoolean()).isTrue();
        assertThat(api.get(url("/pages/1/densitometer?x=350&y=650&dpi=72&tac_limit=330"), tenant.key()).json()
                .get("limit_exceeded").asBoolean()).isFalse();

        BufferedImage at300 = png(api.get(url("/pages/1/tac-heatmap?dpi=72&tac_limit=300"), tenant.key()));
        BufferedImage at330 = png(api.get(url("/pages/1/tac-heatmap?dpi=72&tac_limit=330"), tenant.key()));
        int red = at300.getRGB(350, 842 - 650);
        assertThat((red >> 16) & 0xff).isGreaterThan(((red >> 8) & 0xff) + 100);
        int grey = at330.getRGB(350, 842 - 650);
        assertThat((grey >> 16) & 0xff).isEqualTo((grey >> 8) & 0xff).isEqualTo(grey & 0xff);
        // the cyan box (100 %) is never marked
        int cyan = at300.getRGB(150, 842 - 650);
        assertThat((cyan >> 16) & 0xff).isEqualTo(cyan & 0xff);
    }

    @Test
    void aRunCoversTheRichBlackBoxAtItsTopLeftCoordinates() {
        var r = api.get(url("/pages/1/tac-heatmap/runs?dpi=72&tac_limit=300"), tenant.key());
        assertThat(r.status()).as(r.text()).isEqualTo(200);
        JsonNode body = r.json();
        assertThat(body.get("page_num").asInt()).isEqualTo(1);
        assertThat(body.get("dpi").asInt()).isEqualTo(72);
        assertThat(body.get("tac_limit").asDouble()).isEqualTo(300);
        assertThat(body.get("total_runs").asLong()).isEqualTo(1);
        JsonNode run = body.get("runs").get(0);
        // the box spans x 300..400 and y 600..700 (origin lower-left): displayed top-left y = 842 - 700 = 142
        assertThat(run.get("x0").asDouble()).isCloseTo(300, within(1.0));
        assertThat(run.get("x1").asDouble()).isCloseTo(400, within(1.0));
        assertThat(run.get("y0").asDouble()).isCloseTo(142, within(1.0));
        assertThat(run.get("y1").asDouble()).isCloseTo(242, within(1.0));
        assertThat(run.get("mean_tac").asDouble()).isCloseTo(320, within(1.0));
        assertThat(run.get("limit").asDouble()).isEqualTo(300);
        assertThat(run.get("exceeds").asBoolean()).isTrue();
        var none = api.get(url("/pages/1/tac-heatmap/runs?dpi=72&tac_limit=330"), tenant.key()).json();
        assertThat(none.get("total_runs").asLong()).isZero();
        assertThat(none.get("runs")).isEmpty();
    }

    @Test
    void theColourPickerReadsTheTilesPixelAndTheSeparationsTac() {
        var r = api.get(url("/pages/1/sample?x=350&y=650&dpi=72"), tenant.key());
        assertThat(r.status()).as(r.text()).isEqualTo(200);
        JsonNode s = r.json();
        assertThat(s.get("tac").asDouble()).isCloseTo(320, within(1.0));
        assertThat(s.get("rgb")).hasSize(3);
        int red = s.get("rgb").get(0).asInt();
        assertThat(red).isLessThan(80); // rich black renders dark
        assertThat(s.get("hex").asString()).matches("#[0-9a-f]{6}")
                .isEqualTo(String.format("#%02x%02x%02x", red, s.get("rgb").get(1).asInt(), s.get("rgb").get(2).asInt()));
        var white = api.get(url("/pages/1/sample?x=50&y=50&dpi=72"), tenant.key()).json();
        assertThat(white.get("hex").asString()).isEqualTo("#ffffff");
        assertThat(white.get("tac").asDouble()).isZero();
    }

    @Test
    void readingsOffThePageOrOutOfRangeAre422WithTheParameterNamed() {
        var off = api.get(url("/pages/1/densitometer?x=900&y=650&dpi=72"), tenant.key());
        assertThat(off.status()).isEqualTo(422);
        assertThat(off.json().get("detail").get(0).get("loc").toString()).isEqualTo("[\"query\",\"x\"]");
        var limit = api.get(url("/pages/1/tac-heatmap?tac_limit=99"), tenant.key());
        assertThat(limit.status()).isEqualTo(422);
        assertThat(limit.json().get("detail").get(0).get("loc").toString()).isEqualTo("[\"query\",\"tac_limit\"]");
        var dpi = api.get(url("/pages/1/channel/Cyan?dpi=601"), tenant.key());
        assertThat(dpi.status()).isEqualTo(422);
        assertThat(dpi.json().get("detail").get(0).get("loc").toString()).isEqualTo("[\"query\",\"dpi\"]");
        var missing = api.get(url("/pages/1/sample?x=10"), tenant.key());
        assertThat(missing.status()).isEqualTo(422);
        assertThat(missing.json().get("detail").get(0).get("loc").toString()).isEqualTo("[\"query\",\"y\"]");
        assertThat(api.get(url("/pages/2/densitometer?x=1&y=1"), tenant.key()).status()).isEqualTo(404);
    }

    @Test
    void aPageWithoutSpotInksOfADocumentWithSpotsHasEveryChannelAndItsOwnInk() throws IOException {
        // page 1 only paints process inks (rendered by the CMYK device), page 2 a spot (rendered by tiffsep)
        byte[] pdf = ViewerPdfs.create().a4().cmyk(100, 600, 100, 100, 0, 1, 0, 0)
                .a4().spot(SPOT, 100, 300, 100, 100, 1).bytes();
        JsonNode job = run(tenant(), pdf, "profile_id", "gwg2022-packaging-offset");
        assertThat(job.get("status").asString()).as(job.toString()).isEqualTo("completed");
        String base = "/api/v1/viewer/jobs/" + job.get("job_id").asString();

        BufferedImage magenta = png(api.get(base + "/pages/1/channel/Magenta?dpi=72", tenant.key()));
        BufferedImage spotOnPage1 = png(api.get(base + "/pages/1/channel/PANTONE+185+C?dpi=72", tenant.key()));
        BufferedImage spotOnPage2 = png(api.get(base + "/pages/2/channel/PANTONE+185+C?dpi=72", tenant.key()));
        var d = api.get(base + "/pages/1/densitometer?x=150&y=650&dpi=72", tenant.key()).json();

        assertThat(grey(magenta, 150, 842 - 650)).isLessThanOrEqualTo(3);
        assertThat(grey(magenta, 50, 50)).isEqualTo(255);
        assertThat(grey(spotOnPage1, 150, 842 - 350)).isEqualTo(255);
        assertThat(grey(spotOnPage2, 150, 842 - 350)).isLessThanOrEqualTo(3);
        assertThat(percent(d, "Magenta")).isCloseTo(100, within(1.0));
        assertThat(percent(d, "Cyan")).isZero();
        assertThat(d.get("tac").asDouble()).isCloseTo(100, within(1.0));
    }

    private TenantKey tenant() {
        job();
        return tenant;
    }

    @Test
    void theTacSummaryComesFromTheInkPass() {
        var r = api.get(url("/tac"), tenant.key());
        assertThat(r.status()).as(r.text()).isEqualTo(200);
        JsonNode page = r.json().get("pages").get(0);
        assertThat(page.get("page_num").asInt()).isEqualTo(1);
        assertThat(page.get("max_pixel_tac").asDouble()).isCloseTo(320, within(1.0));
        assertThat(page.get("coverage").toString()).contains("\"Cyan\"", SPOT);
    }

    static double percent(JsonNode reading, String channel) {
        for (JsonNode c : reading.get("channels")) {
            if (c.get("name").asString().equals(channel)) {
                return c.get("percent").asDouble();
            }
        }
        throw new AssertionError("no channel " + channel + " in " + reading);
    }

    @Test
    void platesWithoutHiddenInksShowWhatTheOthersPrintThroughTheCondition() throws IOException {
        BufferedImage tile = png(api.get(url("/pages/1/tile?dpi=72"), tenant.key()));
        var all = api.get(url("/pages/1/plates?dpi=72"), tenant.key());
        BufferedImage every = png(all);
        assertThat(every.getWidth()).isEqualTo(tile.getWidth());
        // every plate visible: the soft-proof tile's colours (cyan box, spot box, paper)
        for (int[] p : new int[][] {{150, 842 - 650}, {150, 842 - 350}, {50, 50}}) {
            assertNear(every.getRGB(p[0], p[1]), tile.getRGB(p[0], p[1]), 6);
        }
        BufferedImage noCyan = png(api.get(url("/pages/1/plates?dpi=72&hide=Cyan"), tenant.key()));
        assertNear(noCyan.getRGB(150, 842 - 650), 0xFFFFFF, 3);
        assertNear(noCyan.getRGB(150, 842 - 350), tile.getRGB(150, 842 - 350), 6);
        // a spot with a space and an umlaut, each hide one ink
        BufferedImage noSpots = png(api.get(url("/pages/1/plates?dpi=72&hide=PANTONE+185+C&hide=Gr%C3%BCn+Spezial"),
                tenant.key()));
        assertNear(noSpots.getRGB(150, 842 - 350), 0xFFFFFF, 3);
        assertNear(noSpots.getRGB(350, 842 - 350), 0xFFFFFF, 3);
        assertNear(noSpots.getRGB(150, 842 - 650), tile.getRGB(150, 842 - 650), 6);

        // the ETag names the hidden set: a client holding it gets 304, another set is another picture
        String etag = all.header("ETag");
        assertThat(api.getWithHeaders(url("/pages/1/plates?dpi=72"), java.util.Map.of("If-None-Match",
                etag, "Authorization", "Bearer " + tenant.key())).status()).isEqualTo(304);
        assertThat(api.get(url("/pages/1/plates?dpi=72&hide=Cyan"), tenant.key()).header("ETag")).isNotEqualTo(etag);

        // white set to overprint: gone from the composite, the picker and the heatmap as from the soft-proof tile,
        // while the screen render (proof=off) still draws it
        assertThat(every.getRGB(120, 842 - 620)).isEqualTo(every.getRGB(150, 842 - 650));
        BufferedImage screen = png(api.get(url("/pages/1/tile?dpi=72&proof=off"), tenant.key()));
        assertThat(screen.getRGB(120, 842 - 620) & 0xFFFFFF).isEqualTo(0xFFFFFF);
        String inWhite = api.get(url("/pages/1/sample?x=120.5&y=620.5&dpi=72"), tenant.key()).json().get("hex")
                .asString();
        String inCyan = api.get(url("/pages/1/sample?x=150.5&y=650.5&dpi=72"), tenant.key()).json().get("hex")
                .asString();
        assertThat(inWhite).isEqualTo(inCyan).isEqualTo(String.format("#%06x", every.getRGB(150, 842 - 650)
                & 0xFFFFFF));
        BufferedImage heat = png(api.get(url("/pages/1/tac-heatmap?dpi=72&tac_limit=300"), tenant.key()));
        assertThat(heat.getRGB(120, 842 - 620)).isEqualTo(heat.getRGB(150, 842 - 650));
        assertThat(heat.getRGB(150, 842 - 650) & 0xFF).as("cyan's grey, not paper").isLessThan(230);

        var unknown = api.get(url("/pages/1/plates?dpi=72&hide=Cyan&hide=Orange"), tenant.key());
        assertThat(unknown.status()).as(unknown.text()).isEqualTo(422);
        assertThat(unknown.json().get("detail").get(0).get("loc").toString()).isEqualTo("[\"query\",\"hide\"]");
        assertThat(unknown.json().get("detail").get(0).get("msg").asString()).contains("'Orange'", "PANTONE 185 C");
        assertThat(api.get(url("/pages/1/plates?dpi=72&hide="), tenant.key()).status()).isEqualTo(422);
    }

    private static void assertNear(int actual, int expected, int tolerance) {
        for (int shift = 0; shift <= 16; shift += 8) {
            assertThat(Math.abs((actual >> shift & 0xFF) - (expected >> shift & 0xFF)))
                    .as("%06X vs %06X", actual & 0xFFFFFF, expected & 0xFFFFFF).isLessThanOrEqualTo(tolerance);
        }
    }

    static BufferedImage png(dev.preflight.support.Api.Answer r) throws IOException {
        assertThat(r.status()).as(r.text()).isEqualTo(200);
        assertThat(r.header("Content-Type")).isEqualTo("image/png");
        return ImageIO.read(new ByteArrayInputStream(r.raw()));
    }

    static int grey(BufferedImage image, int x, int y) {
        return image.getRaster().getSample(x, y, 0);
    }
}
