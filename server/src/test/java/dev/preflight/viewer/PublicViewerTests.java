package dev.preflight.viewer;

import dev.preflight.reports.ShareLinkVisited;
import dev.preflight.support.EventLog;
import dev.preflight.support.ServerTestBase;
import dev.preflight.support.TestClock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.beans.factory.annotation.Autowired;
import tools.jackson.databind.JsonNode;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The viewer's public twins under /api/v1/viewer/public/{token}/...: with a share token and no key, each answers
 * exactly what its authenticated twin answers for the token's job (same JSON, same PNG bytes and pixels, same ETag);
 * 404 for an unknown or malformed token, 410 once expired or revoked, 403 while a required visitor email is missing;
 * a token only ever shows its own job; the config shows the branding frozen at mint and counts the visit, once.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PublicViewerTests extends ServerTestBase {

    static final String SPOT = "PANTONE 185 C";

    /** Twins answering JSON, as the path after the job or token (the same on both sides). */
    private static final List<String> JSON_TWINS = List.of("/info", "/pages", "/layers", "/separations", "/verdict",
            "/pages/1/sample?x=150&y=650&dpi=72");

    /** Twins answering PNG. */
    private static final List<String> PNG_TWINS = List.of("/pages/1/tile?dpi=36", "/pages/1/tile?dpi=36&proof=off",
            "/pages/1/tile?dpi=72&ocg_off=0", "/pages/1/tile?dpi=72&x=90&y=590&w=120&h=120",
            "/pages/1/channel/Cyan?dpi=72", "/pages/1/channel/PANTONE+185+C?dpi=72",
            "/pages/1/tac-heatmap?dpi=36&tac_limit=300", "/pages/1/plates?dpi=36&hide=PANTONE+185+C&hide=Cyan");

    /** The config's fields that differ between a share link and the key by design. */
    private static final Set<String> SHARE_SPECIFIC = Set.of("brand_name", "brand_logo_url", "brand_primary_color",
            "brand_accent_color", "tenant_name", "support_email", "anonymous", "capability_fillin_enabled",
            "annotations_enabled");

    @Autowired
    private EventLog events;

    @Autowired
    private TestClock clock;

    private TenantKey tenant;
    private String profile;
    private String job;
    private String token;

    /**
     * A Scale tenant whose default brand profile is "Acme Print", and a job (ink-rendering profile, so it has its
     * separations) with a cyan box inside a layer, a rich black box and a spot box; a pdf report minted from it.
     */
    private void setUp() {
        if (job != null) {
            return;
        }
        tenant = newTenant("scale");
        String profiles = "/api/v1/tenants/" + tenant.tenantId() + "/brand-profiles";
        var created = api.postJson(profiles, tenant.key(), Map.of("name", "Print house", "brand_name", "Acme Print",
                "primary_color", "#123456", "accent_color", "#654321"));
        assertThat(created.status()).as(created.text()).isEqualTo(200);
        profile = created.json().get("id").asString();
        assertThat(api.patchJson("/api/v1/tenants/" + tenant.tenantId() + "/default-brand-profile", tenant.key(),
                Map.of("brand_profile_id", profile)).status()).isEqualTo(200);
        job = inkJob(tenant);
        var verdict = api.postJson(viewer(job, "/verdict"), tenant.key(), Map.of("verdict", "fail", "notes",
                "Rich black too heavy"));
        assertThat(verdict.status()).as(verdict.text()).isEqualTo(200);
        token = mint(tenant, job, Map.of());
    }

    private String inkJob(TenantKey t) {
        byte[] pdf = ViewerPdfs.create().layer("Artwork", true).a4()
                .cmykInLayer("Artwork", 100, 600, 100, 100, 1, 0, 0, 0)
                .cmyk(300, 600, 100, 100, 0.8f, 0.8f, 0.8f, 0.8f)
                .spot(SPOT, 100, 300, 100, 100, 1)
                .bytes();
        JsonNode j = run(t, pdf, "profile_id", "gwg2022-packaging-offset");
        assertThat(j.get("status").asString()).as(j.toString()).isEqualTo("completed");
        return j.get("job_id").asString();
    }

    /** Mints a pdf report of the job with these extra fields and returns its token. */
    private String mint(TenantKey t, String jobId, Map<String, Object> extra) {
        var body = new HashMap<String, Object>(extra);
        body.put("formats", List.of("pdf"));
        var r = api.postJson("/api/v1/jobs/" + jobId + "/reports", t.key(), body);
        assertThat(r.status()).as(r.text()).isEqualTo(201);
        return r.json().get("reports").get(0).get("token").asString();
    }

    private static String viewer(String jobId, String rest) {
        return "/api/v1/viewer/jobs/" + jobId + rest;
    }

    private static String shared(String token, String rest) {
        return "/api/v1/viewer/public/" + token + rest;
    }

    private static List<String> allTwins() {
        var all = new ArrayList<String>(JSON_TWINS);
        all.addAll(PNG_TWINS);
        all.add("/config");
        return all;
    }

    private long accessedCount(TenantKey t, String jobId, String tok) {
        for (JsonNode row : api.get("/api/v1/jobs/" + jobId + "/reports", t.key()).json().get("reports")) {
            if (row.get("token").asString().equals(tok)) {
                return row.get("accessed_count").asLong();
            }
        }
        throw new AssertionError("token not listed");
    }

    private List<ShareLinkVisited> visits(String tok) {
        return events.of(ShareLinkVisited.class).stream().filter(v -> v.token().equals(tok)).toList();
    }

    @Test
    void everyJsonTwinAnswersTheBodyOfItsAuthenticatedTwin() {
        setUp();
        for (String rest : JSON_TWINS) {
            var keyed = api.get(viewer(job, rest), tenant.key());
            var open = api.get(shared(token, rest), null);
            assertThat(keyed.status()).as(rest + ": " + keyed.text()).isEqualTo(200);
            assertThat(open.status()).as(rest + ": " + open.text()).isEqualTo(200);
            assertThat(open.json()).as(rest).isEqualTo(keyed.json());
        }
        // the answers are about the job: its id, its layer, its spot ink, the reviewer's verdict
        assertThat(api.get(shared(token, "/pages"), null).json().get("job_id").asString()).isEqualTo(job);
        assertThat(api.get(shared(token, "/layers"), null).json().get("layers").get(0).get("name").asString())
                .isEqualTo("Artwork");
        assertThat(api.get(shared(token, "/separations"), null).text()).contains(SPOT);
        JsonNode verdict = api.get(shared(token, "/verdict"), null).json();
        assertThat(verdict.get("verdict").asString()).isEqualTo("fail");
        assertThat(verdict.get("notes").asString()).isEqualTo("Rich black too heavy");
    }

    @Test
    void everyImageTwinAnswersTheSamePngPixelsAndETag() throws IOException {
        setUp();
        for (String rest : PNG_TWINS) {
            var keyed = api.get(viewer(job, rest), tenant.key());
            var open = api.get(shared(token, rest), null);
            assertThat(keyed.status()).as(rest + ": " + keyed.text()).isEqualTo(200);
            assertThat(open.status()).as(rest + ": " + open.text()).isEqualTo(200);
            assertThat(open.header("Content-Type")).isEqualTo("image/png");
            assertThat(open.header("ETag")).as(rest).isEqualTo(keyed.header("ETag"));
            assertThat(open.header("Cache-Control")).as(rest).isEqualTo(keyed.header("Cache-Control"));
            assertThat(open.raw()).as(rest).isEqualTo(keyed.raw());
            assertThat(pixels(open.raw())).as(rest).isEqualTo(pixels(keyed.raw()));
            var again = api.getWithHeaders(shared(token, rest), Map.of("If-None-Match", open.header("ETag")));
            assertThat(again.status()).as(rest).isEqualTo(304);
        }
        // the soft proof and the screen render are two pictures with two ETags, through the link as with a key
        assertThat(api.get(shared(token, "/pages/1/tile?dpi=36&proof=off"), null).header("ETag"))
                .isNotEqualTo(api.get(shared(token, "/pages/1/tile?dpi=36"), null).header("ETag"));
        // the pixels are the job's: the cyan plate is dark inside the cyan box, and the layer toggle removes it
        BufferedImage cyan = image(api.get(shared(token, "/pages/1/channel/Cyan?dpi=72"), null).raw());
        assertThat(cyan.getRGB(150, 842 - 650) & 0xff).isLessThan(10);
        BufferedImage on = image(api.get(shared(token, "/pages/1/tile?dpi=72"), null).raw());
        BufferedImage off = image(api.get(shared(token, "/pages/1/tile?dpi=72&ocg_off=0"), null).raw());
        assertThat(on.getRGB(150, 842 - 650) & 0xffffff).isNotEqualTo(0xffffff);
        assertThat(off.getRGB(150, 842 - 650) & 0xffffff).isEqualTo(0xffffff);
    }

    @Test
    void theConfigShowsTheBrandingFrozenAtMintAndWhatAVisitorMayDo() {
        setUp();
        String profiles = "/api/v1/tenants/" + tenant.tenantId() + "/brand-profiles";
        try {
            assertThat(api.putJson(profiles + "/" + profile, tenant.key(), Map.of("brand_name", "Renamed Ltd",
                    "primary_color", "#0000AA")).status()).isEqualTo(200);
            JsonNode keyed = api.get(viewer(job, "/config"), tenant.key()).json();
            var answer = api.get(shared(token, "/config"), null);
            assertThat(answer.status()).as(answer.text()).isEqualTo(200);
            JsonNode open = answer.json();

            // the key sees the tenant's branding as it is now, the link the branding it was minted with
            assertThat(keyed.get("brand_name").asString()).isEqualTo("Renamed Ltd");
            assertThat(keyed.get("brand_primary_color").asString()).isEqualTo("#0000AA");
            assertThat(keyed.get("anonymous").asBoolean()).isFalse();
            assertThat(open.get("brand_name").asString()).isEqualTo("Acme Print");
            assertThat(open.get("brand_primary_color").asString()).isEqualTo("#123456");
            assertThat(open.get("brand_accent_color").asString()).isEqualTo("#654321");
            assertThat(open.get("anonymous").asBoolean()).isFalse();
            assertThat(open.get("support_email").isNull()).isTrue();
            // a visitor cannot pick another branding of the tenant
            assertThat(api.get(shared(token, "/config?brand=anonymous"), null).json().get("brand_name").asString())
                    .isEqualTo("Acme Print");
            // fill-in needs a key; annotations need the link's allow_annotations
            assertThat(keyed.get("capability_fillin_enabled").asBoolean()).isTrue();
            assertThat(keyed.get("annotations_enabled").asBoolean()).isTrue();
            assertThat(open.get("capability_fillin_enabled").asBoolean()).isFalse();
            assertThat(open.get("annotations_enabled").asBoolean()).isFalse();
            String annotating = mint(tenant, job, Map.of("allow_annotations", true));
            assertThat(api.get(shared(annotating, "/config"), null).json().get("annotations_enabled").asBoolean())
                    .isTrue();
            // everything else is the same answer
            keyed.properties().forEach(e -> {
                if (!SHARE_SPECIFIC.contains(e.getKey())) {
                    assertThat(open.get(e.getKey())).as(e.getKey()).isEqualTo(e.getValue());
                }
            });
            assertThat(open.get("capabilities").get("separations").asBoolean()).isTrue();

            // an anonymous job's link is anonymous even while the tenant's default is a brand
            String anonymousJob = run(tenant, ViewerPdfs.create().a4().cmyk(100, 600, 100, 100, 1, 0, 0, 0).bytes(),
                    "preflight_source", "minimal", "brand", "anonymous").get("job_id").asString();
            JsonNode plain = api.get(shared(mint(tenant, anonymousJob, Map.of()), "/config"), null).json();
            assertThat(plain.get("anonymous").asBoolean()).isTrue();
            assertThat(plain.get("brand_name").isNull()).isTrue();
            assertThat(plain.get("tenant_name").isNull()).isTrue();
        } finally {
            api.putJson(profiles + "/" + profile, tenant.key(), Map.of("brand_name", "Acme Print",
                    "primary_color", "#123456"));
        }
    }

    @Test
    void unknownAndMalformedTokensAre404OnEveryTwin() {
        setUp();
        for (String bad : List.of("A".repeat(43), "short", "x".repeat(200), token.substring(1) + "A")) {
            for (String rest : allTwins()) {
                var r = api.get(shared(bad, rest), null);
                assertThat(r.status()).as(bad + rest).isEqualTo(404);
                assertThat(r.json().get("detail").asString()).as(rest).isNotBlank();
            }
        }
    }

    @Test
    void aRevokedOrExpiredLinkIs410OnEveryTwin() {
        setUp();
        String revoked = mint(tenant, job, Map.of());
        String tile = api.get(shared(revoked, "/pages/1/tile?dpi=36"), null).header("ETag");
        assertThat(api.delete("/api/v1/jobs/" + job + "/reports/" + revoked, tenant.key()).status()).isEqualTo(204);
        for (String rest : allTwins()) {
            var r = api.get(shared(revoked, rest), null);
            assertThat(r.status()).as(rest).isEqualTo(410);
            assertThat(r.json().get("detail").asString()).contains("revoked");
        }
        // a cached ETag does not outlive the link
        assertThat(api.getWithHeaders(shared(revoked, "/pages/1/tile?dpi=36"), Map.of("If-None-Match", tile))
                .status()).isEqualTo(410);

        String expiring = mint(tenant, job, Map.of("expiry_days", 1));
        assertThat(api.get(shared(expiring, "/pages"), null).status()).isEqualTo(200);
        try {
            clock.advance(Duration.ofDays(1).plusMinutes(1));
            for (String rest : allTwins()) {
                var r = api.get(shared(expiring, rest), null);
                assertThat(r.status()).as(rest).isEqualTo(410);
                assertThat(r.json().get("detail").asString()).contains("expired");
            }
        } finally {
            clock.reset();
        }
        assertThat(api.get(shared(token, "/pages"), null).status()).isEqualTo(200);
    }

    @Test
    void aLinkThatRequiresAVisitorEmailIs403UntilTheVisitorIdentifies() {
        setUp();
        String gated = mint(tenant, job, Map.of("require_visitor_email", true));
        for (String rest : allTwins()) {
            var r = api.get(shared(gated, rest), null);
            assertThat(r.status()).as(rest).isEqualTo(403);
            assertThat(r.json().get("detail").asString()).contains("X-Visitor-Token");
        }
        assertThat(api.getWithHeaders(shared(gated, "/pages"), Map.of("X-Visitor-Token", "v1.forged.1.AAAA"))
                .status()).isEqualTo(403);
        var identified = api.postJson("/api/v1/reports/tokens/" + gated + "/visitor", null,
                Map.of("email", "dana@example.com"));
        assertThat(identified.status()).as(identified.text()).isEqualTo(200);
        var header = Map.of("X-Visitor-Token", identified.json().get("visitor_token").asString());
        for (String rest : allTwins()) {
            assertThat(api.getWithHeaders(shared(gated, rest), header).status()).as(rest).isEqualTo(200);
        }
        String cookie = identified.header("Set-Cookie").split(";")[0];
        assertThat(api.getWithHeaders(shared(gated, "/info"), Map.of("Cookie", cookie)).status()).isEqualTo(200);
        var visits = visits(gated);
        assertThat(visits).hasSize(1);
        assertThat(visits.get(0).visitorEmail()).isEqualTo("dana@example.com");
    }

    @Test
    void aTokenShowsOnlyItsOwnJobWhateverJobIdIsGuessed() {
        setUp();
        String sibling = inkJob(tenant);
        TenantKey other = newTenant("growth");
        String foreign = inkJob(other);
        String foreignToken = mint(other, foreign, Map.of());

        for (String guess : List.of(sibling, foreign)) {
            var r = api.get(shared(token, "/pages?job_id=" + guess), null);
            assertThat(r.json().get("job_id").asString()).isEqualTo(job);
            assertThat(api.get(shared(token, "/layers?job_id=" + guess), null).json().get("job_id").asString())
                    .isEqualTo(job);
        }
        assertThat(api.get(shared(foreignToken, "/pages"), null).json().get("job_id").asString()).isEqualTo(foreign);
        assertThat(api.get(shared(foreignToken, "/separations"), null).json().get("job_id").asString())
                .isEqualTo(foreign);
        // the other tenant's link shows the other tenant's (default, service) branding, never this tenant's brand
        JsonNode config = api.get(shared(foreignToken, "/config"), null).json();
        assertThat(config.get("brand_name").asString()).isNotEqualTo("Acme Print");
        assertThat(config.get("tenant_name").asString()).isEqualTo("Tenant growth");
        assertThat(api.get(shared(token, "/config"), null).json().get("tenant_name").asString())
                .isEqualTo("Tenant scale");
        // a key of one tenant still cannot reach the other's job on the authenticated twin
        assertThat(api.get(viewer(foreign, "/pages"), tenant.key()).status()).isEqualTo(404);
        assertThat(api.get(viewer(job, "/pages"), other.key()).status()).isEqualTo(404);
    }

    @Test
    void aViewerSessionCountsAsOneVisit() {
        setUp();
        String fresh = mint(tenant, job, Map.of());
        for (String rest : allTwins()) {
            assertThat(api.get(shared(fresh, rest), null).status()).as(rest).isEqualTo(200);
        }
        assertThat(accessedCount(tenant, job, fresh)).isEqualTo(1);
        assertThat(visits(fresh)).hasSize(1);
        assertThat(visits(fresh).get(0).jobId()).isEqualTo(job);
        assertThat(visits(fresh).get(0).tenantId()).isEqualTo(tenant.tenantId());

        // only the config counts, and a prefetch or a link-preview bot is not a visit
        for (String rest : JSON_TWINS) {
            api.get(shared(fresh, rest), null);
        }
        api.getWithHeaders(shared(fresh, "/config"), Map.of("Sec-Purpose", "prefetch"));
        api.getWithHeaders(shared(fresh, "/config"), Map.of("User-Agent", "Slackbot-LinkExpanding 1.0"));
        assertThat(accessedCount(tenant, job, fresh)).isEqualTo(1);
        // a second page view counts again, but it is not a first touch
        api.get(shared(fresh, "/config"), null);
        assertThat(accessedCount(tenant, job, fresh)).isEqualTo(2);
        assertThat(visits(fresh)).hasSize(1);
    }

    private static BufferedImage image(byte[] png) throws IOException {
        BufferedImage img = ImageIO.read(new ByteArrayInputStream(png));
        assertThat(img).isNotNull();
        return img;
    }

    private static int[] pixels(byte[] png) throws IOException {
        BufferedImage img = image(png);
        return img.getRGB(0, 0, img.getWidth(), img.getHeight(), null, 0, img.getWidth());
    }
}
