package dev.preflight.viewer;

import dev.preflight.support.SamplePdfs;
import dev.preflight.support.ServerTestBase;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import tools.jackson.databind.JsonNode;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Map;

import static dev.preflight.viewer.ViewerInkTests.png;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * Pages, tiles (layers, regions, pixel budget, caching headers), layers, document info, fonts, images, tile
 * warming and the viewer config.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ViewerPageTests extends ServerTestBase {

    private TenantKey tenant;
    private String layered;

    /** A4 with a cyan box in layer 0 (on), a magenta box in layer 1 (off) and a yellow box outside layers. */
    private String layered() {
        if (layered == null) {
            tenant = newTenant("growth");
            byte[] pdf = ViewerPdfs.create().layer("Artwork", true).layer("Die line", false).a4()
                    .cmykInLayer("Artwork", 100, 600, 100, 100, 1, 0, 0, 0)
                    .cmykInLayer("Die line", 300, 600, 100, 100, 0, 1, 0, 0)
                    .cmyk(100, 300, 100, 100, 0, 0, 1, 0)
                    .bytes();
            layered = completed(run(tenant, pdf, "preflight_source", "minimal"));
        }
        return layered;
    }

    private static String completed(JsonNode job) {
        assertThat(job.get("status").asString()).as(job.toString()).isEqualTo("completed");
        return job.get("job_id").asString();
    }

    private String url(String jobId, String rest) {
        return "/api/v1/viewer/jobs/" + jobId + rest;
    }

    @Test
    void pagesGiveEveryBoxInPointsForMinimalAndEngineJobs() {
        layered();
        String engine = completed(run(tenant, SamplePdfs.clean().pages(2).bytes()));
        var r = api.get(url(engine, "/pages"), tenant.key());
        assertThat(r.status()).as(r.text()).isEqualTo(200);
        JsonNode body = r.json();
        assertThat(body.get("job_id").asString()).isEqualTo(engine);
        assertThat(body.get("page_count").asInt()).isEqualTo(2);
        JsonNode p = body.get("pages").get(1);
        float bleed = 3 * SamplePdfs.MM;
        assertThat(p.get("page_num").asInt()).isEqualTo(2);
        assertThat(p.get("width_pts").asDouble()).isCloseTo(595.28 + 2 * bleed, within(0.01));
        assertThat(p.get("trim_box").get("x0").asDouble()).isCloseTo(bleed, within(0.01));
        assertThat(p.get("trim_box").get("x1").asDouble()).isCloseTo(595.28 + bleed, within(0.01));
        assertThat(p.get("bleed_box").get("y1").asDouble()).isCloseTo(841.89 + 2 * bleed, within(0.01));
        assertThat(p.get("media_box").get("x0").asDouble()).isZero();
        assertThat(p.get("rotation").asInt()).isZero();

        JsonNode minimal = api.get(url(layered(), "/pages"), tenant.key()).json();
        JsonNode only = minimal.get("pages").get(0);
        assertThat(minimal.get("page_count").asInt()).isEqualTo(1);
        assertThat(only.get("height_pts").asDouble()).isCloseTo(841.89, within(0.01));
        // no TrimBox declared: the CropBox, as readers take it; no BleedBox: null
        assertThat(only.get("trim_box")).isEqualTo(only.get("crop_box"));
        assertThat(only.get("bleed_box").isNull()).isTrue();
    }

    @Test
    void layersAreListedAsExtractedAtIngest() {
        var r = api.get(url(layered(), "/layers"), tenant.key());
        assertThat(r.status()).as(r.text()).isEqualTo(200);
        JsonNode layers = r.json().get("layers");
        assertThat(layers).hasSize(2);
        assertThat(layers.get(0).get("name").asString()).isEqualTo("Artwork");
        assertThat(layers.get(0).get("ocg_index").asInt()).isZero();
        assertThat(layers.get(0).get("default_on").asBoolean()).isTrue();
        assertThat(layers.get(1).get("name").asString()).isEqualTo("Die line");
        assertThat(layers.get(1).get("ocg_index").asInt()).isEqualTo(1);
        assertThat(layers.get(1).get("default_on").asBoolean()).isFalse();
    }

    @Test
    void aLayerToggledOffDisappearsFromTheTileAndOneToggledOnAppears() throws IOException {
        BufferedImage normal = png(api.get(url(layered(), "/pages/1/tile?dpi=72"), tenant.key()));
        assertThat(normal.getWidth()).isEqualTo(595);
        assertThat(normal.getHeight()).isEqualTo(842);
        assertThat(normal.getRGB(150, 842 - 650) & 0xffffff).isNotEqualTo(0xffffff); // Artwork, on by default
        assertThat(normal.getRGB(350, 842 - 650) & 0xffffff).isEqualTo(0xffffff); // Die line, off by default
        BufferedImage toggled = png(api.get(url(layered(), "/pages/1/tile?dpi=72&ocg_off=0&ocg_on=1"), tenant.key()));
        assertThat(toggled.getRGB(150, 842 - 650) & 0xffffff).isEqualTo(0xffffff);
        assertThat(toggled.getRGB(350, 842 - 650) & 0xffffff).isNotEqualTo(0xffffff);
        // content outside any layer stays
        assertThat(toggled.getRGB(150, 842 - 350)).isEqualTo(normal.getRGB(150, 842 - 350));
        assertThat(normal.getRGB(150, 842 - 350) & 0xffffff).isNotEqualTo(0xffffff);
    }

    @Test
    void tilesAreSoftProofsByDefaultAndProofOffGivesTheScreenRender() throws IOException {
        // white set to overprint over cyan: gone on press (and in the proof), a white square on screen
        String job = completed(run(tenant(), ViewerPdfs.create().page(200, 100)
                .cmyk(0, 0, 200, 100, 1, 0, 0, 0)
                .cmykOverprint(20, 20, 60, 60, 0, 0, 0, 0)
                .bytes(), "preflight_source", "minimal"));

        var proof = api.get(url(job, "/pages/1/tile?dpi=72"), tenant.key());
        var screen = api.get(url(job, "/pages/1/tile?dpi=72&proof=off"), tenant.key());
        var explicit = api.get(url(job, "/pages/1/tile?dpi=72&proof=on"), tenant.key());

        assertThat(proof.status()).isEqualTo(200);
        assertThat(proof.header("Content-Type")).isEqualTo("image/png");
        assertThat(screen.status()).isEqualTo(200);
        assertThat(screen.header("Content-Type")).isEqualTo("image/png");
        assertThat(proof.header("ETag")).isNotEqualTo(screen.header("ETag"));
        assertThat(explicit.header("ETag")).isEqualTo(proof.header("ETag"));
        assertThat(explicit.raw()).isEqualTo(proof.raw());
        BufferedImage p = png(proof);
        BufferedImage s = png(screen);
        assertThat(p.getWidth()).isEqualTo(200);
        assertThat(p.getHeight()).isEqualTo(100);
        // FOGRA39's cyan (no output intent in the file): the white square is not there
        int cyan = p.getRGB(5, 5) & 0xffffff;
        assertThat(cyan >> 16 & 0xff).isLessThan(20);
        assertThat(cyan >> 8 & 0xff).isBetween(145, 175);
        assertThat(cyan & 0xff).isBetween(210, 240);
        assertThat(p.getRGB(50, 50) & 0xffffff).isEqualTo(cyan);
        // the screen render draws it white
        assertThat(s.getRGB(50, 50) & 0xffffff).isEqualTo(0xffffff);
        assertThat(s.getRGB(5, 5) & 0xffffff).isNotEqualTo(0xffffff);
        // a region of the proof holds the proof's pixels
        BufferedImage region = png(api.get(url(job, "/pages/1/tile?dpi=72&x=40&y=40&w=20&h=20"), tenant.key()));
        assertThat(region.getRGB(10, 10) & 0xffffff).isEqualTo(cyan);
        var bad = api.get(url(job, "/pages/1/tile?proof=maybe"), tenant.key());
        assertThat(bad.status()).isEqualTo(422);
        assertThat(bad.json().get("detail").get(0).get("loc").toString()).isEqualTo("[\"query\",\"proof\"]");
    }

    private TenantKey tenant() {
        layered();
        return tenant;
    }

    @Test
    void conflictingOrOutOfRangeToggles422WithTheParameterNamed() {
        var both = api.get(url(layered(), "/pages/1/tile?ocg_on=0&ocg_off=0"), tenant.key());
        assertThat(both.status()).isEqualTo(422);
        assertThat(both.json().get("detail").get(0).get("loc").toString()).isEqualTo("[\"query\",\"ocg_off\"]");
        assertThat(both.json().get("detail").get(0).get("msg").asString()).contains("both");
        var range = api.get(url(layered(), "/pages/1/tile?ocg_on=2"), tenant.key());
        assertThat(range.status()).isEqualTo(422);
        assertThat(range.json().get("detail").get(0).get("msg").asString()).contains("out of range");
        var word = api.get(url(layered(), "/pages/1/tile?ocg_off=x"), tenant.key());
        assertThat(word.status()).isEqualTo(422);
        assertThat(word.json().get("detail").get(0).get("type").asString()).isEqualTo("int_parsing");
        String plain = completed(run(tenant, SamplePdfs.clean().bytes(), "preflight_source", "minimal"));
        var none = api.get(url(plain, "/pages/1/tile?ocg_on=0"), tenant.key());
        assertThat(none.status()).isEqualTo(422);
        assertThat(none.json().get("detail").get(0).get("msg").asString()).contains("no layers");
    }

    @Test
    void tilesCarryAnEtagAndPrivateCachingAndAnswer304ToIt() {
        var first = api.get(url(layered(), "/pages/1/tile?dpi=40"), tenant.key());
        assertThat(first.status()).isEqualTo(200);
        String etag = first.header("ETag");
        assertThat(etag).matches("\"[0-9a-f]{32}\"");
        assertThat(first.header("Cache-Control")).contains("private").contains("max-age=86400");
        var again = api.getWithHeaders(url(layered(), "/pages/1/tile?dpi=40"),
                Map.of("Authorization", "Bearer " + tenant.key(), "If-None-Match", etag));
        assertThat(again.status()).isEqualTo(304);
        assertThat(again.raw()).isEmpty();
        assertThat(again.header("ETag")).isEqualTo(etag);
        var stored = api.get(url(layered(), "/pages/1/tile?dpi=40"), tenant.key());
        assertThat(stored.raw()).isEqualTo(first.raw());
        var other = api.get(url(layered(), "/pages/1/tile?dpi=40&ocg_on=1"), tenant.key());
        assertThat(other.header("ETag")).isNotEqualTo(etag);
    }

    @Test
    void aRegionRendersOnlyThatPartOfThePageOnTheSameGrid() throws IOException {
        BufferedImage region = png(api.get(url(layered(), "/pages/1/tile?dpi=144&x=100&y=600&w=100&h=100"),
                tenant.key()));
        assertThat(region.getWidth()).isEqualTo(200);
        assertThat(region.getHeight()).isEqualTo(200);
        BufferedImage whole = png(api.get(url(layered(), "/pages/1/tile?dpi=144"), tenant.key()));
        // (150, 650) pt: pixel (100, 100) of the region, and (300, 1684 - 1300) of the whole page
        assertThat(region.getRGB(100, 100)).isEqualTo(whole.getRGB(300, 1684 - 1300));
        var partial = api.get(url(layered(), "/pages/1/tile?x=1&y=2&w=3"), tenant.key());
        assertThat(partial.status()).isEqualTo(422);
        assertThat(partial.json().get("detail").get(0).get("loc").toString()).isEqualTo("[\"query\",\"h\"]");
        var off = api.get(url(layered(), "/pages/1/tile?x=2000&y=2000&w=10&h=10"), tenant.key());
        assertThat(off.status()).isEqualTo(422);
    }

    @Test
    void aRenderAboveThePixelBudgetNamesTheLargestDpiThatFits() {
        // A0: 2384 x 3370 pt; at 600 dpi 558 megapixels, the budget is 60
        String a0 = completed(run(tenant, ViewerPdfs.create().page(2384, 3370).cmyk(10, 10, 10, 10, 1, 0, 0, 0)
                .bytes(), "preflight_source", "minimal"));
        var r = api.get(url(a0, "/pages/1/tile?dpi=600"), tenant.key());
        assertThat(r.status()).isEqualTo(422);
        assertThat(r.json().get("detail").asString()).contains("196 dpi");
        // a region of it renders at 600 dpi
        assertThat(api.get(url(a0, "/pages/1/tile?dpi=600&x=0&y=0&w=72&h=72"), tenant.key()).status())
                .isEqualTo(200);
    }

    @Test
    void tilesAreWarmedAfterCompletionAndTheConfigSaysSo() throws InterruptedException {
        String job = completed(run(tenant == null ? tenant = newTenant("growth") : tenant,
                SamplePdfs.clean().pages(3).bytes(), "preflight_source", "minimal"));
        JsonNode warming = null;
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (System.nanoTime() < deadline) {
            var r = api.get(url(job, "/tile-warming"), tenant.key());
            assertThat(r.status()).as(r.text()).isEqualTo(200);
            warming = r.json();
            if (!warming.get("status").asString().equals("in_progress")) {
                break;
            }
            Thread.sleep(200);
        }
        assertThat(warming.get("status").asString()).isEqualTo("complete");
        assertThat(warming.get("rendered").asInt()).isEqualTo(3);
        assertThat(warming.get("total").asInt()).isEqualTo(3);
        assertThat(warming.get("percent").asInt()).isEqualTo(100);
        assertThat(warming.get("dpi").asInt()).isEqualTo(150);
        assertThat(warming.get("started_at").isNull()).isFalse();
        assertThat(warming.get("completed_at").isNull()).isFalse();
        assertThat(warming.get("error").isNull()).isTrue();
        assertThat(api.get(url(job, "/config"), tenant.key()).json().get("capabilities").get("tiles_warmed")
                .asBoolean()).isTrue();
    }

    @Test
    void theConfigHasEveryDefaultPlanGateAndCapability() {
        layered();
        JsonNode c = api.get(url(layered(), "/config"), tenant.key()).json();
        for (String flag : new String[] {"enable_separations", "enable_tac_heatmap", "enable_annotations",
                "enable_measurement", "enable_comparison", "enable_layers", "enable_findings_panel",
                "enable_page_thumbnails", "enable_zoom", "enable_download", "enable_html_report_link"}) {
            assertThat(c.get(flag).asBoolean()).as(flag).isTrue();
        }
        assertThat(c.get("verdict_mode").asString()).isEqualTo("auto");
        assertThat(c.get("default_zoom").asInt()).isEqualTo(100);
        assertThat(c.get("default_dpi").asInt()).isEqualTo(150);
        assertThat(c.get("default_tac_limit").asDouble()).isEqualTo(300.0);
        assertThat(c.get("toolbar_position").asString()).isEqualTo("top");
        assertThat(c.get("dark_mode").asBoolean()).isFalse();
        assertThat(c.get("simulate_overprint").asBoolean()).isTrue();
        for (String field : new String[] {"viewer_logo_url", "viewer_accent_color", "brand_logo_url",
                "support_email"}) {
            assertThat(c.get(field).isNull()).as(field).isTrue();
        }
        // a tenant without branding settings shows the service's branding (the branding module's default mode)
        assertThat(c.get("brand_name").asString()).isEqualTo("Preflight");
        assertThat(c.get("brand_primary_color").asString()).isEqualTo("#1F3A5F");
        assertThat(c.get("brand_accent_color").asString()).isEqualTo("#2E86DE");
        assertThat(c.get("tenant_name").asString()).isEqualTo("Tenant growth");
        assertThat(c.get("anonymous").asBoolean()).isFalse();
        JsonNode anonymous = api.get(url(layered(), "/config?brand=anonymous"), tenant.key()).json();
        for (String field : new String[] {"brand_name", "brand_logo_url", "brand_primary_color", "brand_accent_color",
                "tenant_name", "support_email"}) {
            assertThat(anonymous.get(field).isNull()).as(field).isTrue();
        }
        assertThat(anonymous.get("anonymous").asBoolean()).isTrue();
        assertThat(c.get("preflight_source").asString()).isEqualTo("minimal");
        var keys = new ArrayList<String>();
        c.get("capabilities").propertyNames().forEach(keys::add);
        assertThat(keys).containsExactlyInAnyOrder("separations", "tac", "fonts", "images", "text_regions", "layers",
                "tac_runs", "tiles_warmed", "ai_explain", "epm_verdict");
        assertThat(c.get("capabilities").get("layers").asBoolean()).isTrue();
        assertThat(c.get("capabilities").get("fonts").asBoolean()).isFalse();
        assertThat(c.get("capability_fillin_enabled").asBoolean()).isTrue();
        assertThat(c.get("annotations_enabled").asBoolean()).isTrue();
        assertThat(c.get("allowed_report_formats").toString()).isEqualTo("[\"json\",\"html\",\"pdf\",\"xml\"]");

        var viewerTier = newTenant("viewer");
        String job = completed(run(viewerTier, SamplePdfs.clean().bytes(), "preflight_source", "minimal"));
        JsonNode low = api.get(url(job, "/config"), viewerTier.key()).json();
        assertThat(low.get("capability_fillin_enabled").asBoolean()).isFalse();
        assertThat(low.get("annotations_enabled").asBoolean()).isFalse();
        assertThat(low.get("allowed_report_formats")).isEmpty();
        var scale = newTenant("scale");
        String scaleJob = completed(run(scale, SamplePdfs.clean().bytes()));
        JsonNode high = api.get(url(scaleJob, "/config?brand=anonymous"), scale.key()).json();
        assertThat(high.get("allowed_report_formats").toString()).contains("annotated_pdf");
        assertThat(high.get("preflight_source").asString()).isEqualTo("engine");
        assertThat(high.get("capabilities").get("fonts").asBoolean()).isTrue();

        var bad = api.get(url(layered(), "/config?brand=acme"), tenant.key());
        assertThat(bad.status()).isEqualTo(422);
        assertThat(bad.json().get("detail").get(0).get("loc").toString()).isEqualTo("[\"query\",\"brand\"]");
        assertThat(api.get(url(layered(), "/config?brand=" + java.util.UUID.randomUUID()), tenant.key()).status())
                .isEqualTo(404);
    }

    @Test
    void infoFontsAndImagesDescribeTheDocument() {
        layered();
        byte[] pdf = SamplePdfs.clean().unembeddedHelveticaText().rgbImage(300, 150).bytes();
        String job = completed(run(tenant, pdf));
        var info = api.get(url(job, "/info"), tenant.key());
        assertThat(info.status()).as(info.text()).isEqualTo(200);
        JsonNode i = info.json();
        assertThat(i.get("page_count").asInt()).isEqualTo(1);
        assertThat(i.get("pdf_version").asString()).isNotBlank();
        assertThat(i.get("encrypted").asBoolean()).isFalse();
        assertThat(i.get("file_size").asLong()).isEqualTo(pdf.length);
        assertThat(i.get("layer_count").asInt()).isZero();
        JsonNode intent = i.get("output_intents").get(0);
        assertThat(intent.get("output_condition_identifier").asString()).isEqualTo("FOGRA39");
        assertThat(intent.get("subtype").asString()).isEqualTo("GTS_PDFX");

        var fonts = api.get(url(job, "/fonts"), tenant.key());
        assertThat(fonts.status()).as(fonts.text()).isEqualTo(200);
        JsonNode font = fonts.json().get("fonts").get(0);
        assertThat(font.get("name").asString()).isEqualTo("Helvetica");
        assertThat(font.get("embedded").asBoolean()).isFalse();
        assertThat(font.get("standard14").asBoolean()).isTrue();
        assertThat(font.get("pages").toString()).isEqualTo("[1]");

        var images = api.get(url(job, "/images"), tenant.key());
        assertThat(images.status()).as(images.text()).isEqualTo(200);
        JsonNode image = images.json().get("images").get(0);
        assertThat(image.get("width").asInt()).isEqualTo(300);
        JsonNode placement = image.get("placements").get(0);
        assertThat(placement.get("page_num").asInt()).isEqualTo(1);
        assertThat(placement.get("effective_ppi").asDouble()).isCloseTo(150, within(0.5));
        assertThat(placement.get("bbox").get("x0").asDouble()).isCloseTo(200, within(0.01));
    }
}
