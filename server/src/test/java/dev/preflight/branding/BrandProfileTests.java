package dev.preflight.branding;

import dev.preflight.support.Api;
import dev.preflight.support.ServerTestBase;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Brand profiles, logos, the default profile and the branding defaults (spec: Branding, BrandProfile). */
class BrandProfileTests extends ServerTestBase {

    private String profiles(TenantKey t) {
        return "/api/v1/tenants/" + t.tenantId() + "/brand-profiles";
    }

    private JsonNode create(TenantKey t, Map<String, Object> body) {
        var r = api.postJson(profiles(t), t.key(), body);
        assertThat(r.status()).as(r.text()).isEqualTo(200);
        return r.json();
    }

    @Test
    void createsReadsUpdatesListsAndDeletesProfiles() {
        TenantKey t = newTenant("scale");
        JsonNode p = create(t, Map.of("name", "Acme", "brand_name", "Acme Print", "primary_color", "#112233",
                "accent_color", "#AABBCC", "footer_text", "Acme, Main Street", "logo_url", "https://cdn.acme.example/l.png"));
        assertThat(p.get("profile_type").asString()).isEqualTo("custom");
        assertThat(p.get("hide_footer").asBoolean()).isFalse();
        assertThat(p.get("is_default").asBoolean()).isFalse();
        assertThat(p.get("custom_domain").isNull()).isTrue();
        assertThat(p.get("custom_domain_verified").asBoolean()).isFalse();
        String id = p.get("id").asString();
        assertThat(api.get(profiles(t) + "/" + id, t.key()).json()).isEqualTo(p);

        var body = new LinkedHashMap<String, Object>();
        body.put("brand_name", null);
        body.put("hide_footer", true);
        JsonNode updated = api.putJson(profiles(t) + "/" + id, t.key(), body).json();
        assertThat(updated.get("brand_name").isNull()).isTrue();
        assertThat(updated.get("hide_footer").asBoolean()).isTrue();
        assertThat(updated.get("primary_color").asString()).as("omitted fields keep their value").isEqualTo("#112233");
        assertThat(updated.get("name").asString()).isEqualTo("Acme");

        create(t, Map.of("name", "Second", "profile_type", "none"));
        assertThat(api.get(profiles(t), t.key()).json().get("profiles")).hasSize(2);
        assertThat(api.delete(profiles(t) + "/" + id, t.key()).status()).isEqualTo(204);
        assertThat(api.get(profiles(t) + "/" + id, t.key()).status()).isEqualTo(404);
        assertThat(api.get(profiles(t), t.key()).json().get("profiles")).hasSize(1);
    }

    @Test
    void validatesTheSpecsFieldsAndLimits() {
        TenantKey t = newTenant("scale");
        var r = api.postJson(profiles(t), t.key(), Map.of("name", "", "profile_type", "fancy", "primary_color", "red",
                "logo_url", "http://insecure.example/logo.png", "footer_text", "x".repeat(501),
                "brand_name", "b".repeat(256)));
        assertThat(r.status()).isEqualTo(422);
        String detail = r.json().get("detail").toString();
        assertThat(detail).contains("\"name\"", "\"profile_type\"", "\"primary_color\"", "\"logo_url\"",
                "\"footer_text\"", "\"brand_name\"");
        assertThat(api.postJson(profiles(t), t.key(), Map.of("brand_name", "no name")).status()).isEqualTo(422);
        assertThat(api.postJson(profiles(t), t.key(), Map.of("name", "n".repeat(255))).status()).isEqualTo(200);
    }

    @Test
    void creationNeedsScaleAndTheTenantInThePathMustBeTheCallers() {
        TenantKey growth = newTenant("growth");
        var denied = api.postJson(profiles(growth), growth.key(), Map.of("name", "Acme"));
        assertThat(denied.status()).isEqualTo(403);
        assertThat(denied.json().get("code").asString()).isEqualTo("plan_upgrade_required");

        TenantKey a = newTenant("scale");
        TenantKey b = newTenant("scale");
        String id = create(a, Map.of("name", "A's")).get("id").asString();
        assertThat(api.get(profiles(a), b.key()).status()).isEqualTo(403);
        assertThat(api.postJson(profiles(a), b.key(), Map.of("name", "x")).status()).isEqualTo(403);
        assertThat(api.get(profiles(b) + "/" + id, b.key()).status()).isEqualTo(404);
        assertThat(api.putJson(profiles(b) + "/" + id, b.key(), Map.of("name", "x")).status()).isEqualTo(404);
        assertThat(api.delete(profiles(b) + "/" + id, b.key()).status()).isEqualTo(404);
        TenantKey readOnly = newKey(a.tenantId(), List.of("jobs:write"));
        assertThat(api.postJson(profiles(a), readOnly.key(), Map.of("name", "x")).status()).isEqualTo(403);
    }

    @Test
    void aRasterLogoIsReEncodedAndServedFromTheLogoUrl() throws Exception {
        TenantKey t = newTenant("scale");
        String id = create(t, Map.of("name", "Logo")).get("id").asString();
        var img = new BufferedImage(40, 20, BufferedImage.TYPE_INT_RGB);
        img.setRGB(5, 5, 0xFF0000);
        var png = new ByteArrayOutputStream();
        ImageIO.write(img, "png", png);
        byte[] trailing = concat(png.toByteArray(), "<script>alert(1)</script>".getBytes(StandardCharsets.UTF_8));
        var up = api.postForm(profiles(t) + "/" + id + "/logo", t.key(), Api.form().file("file", "logo.png", trailing));
        assertThat(up.status()).as(up.text()).isEqualTo(200);
        String url = up.json().get("logo_url").asString();
        assertThat(url).startsWith("http://127.0.0.1:" + port + "/cdn/logos/" + t.tenantId() + "/" + id + "-")
                .endsWith(".png");
        var served = api.get(url.substring(url.indexOf("/cdn/")), null);
        assertThat(served.status()).isEqualTo(200);
        assertThat(served.header("Content-Type")).isEqualTo("image/png");
        assertThat(served.header("Cache-Control")).contains("immutable");
        assertThat(new String(served.raw(), StandardCharsets.ISO_8859_1)).doesNotContain("<script>");
        BufferedImage back = ImageIO.read(new ByteArrayInputStream(served.raw()));
        assertThat(back.getWidth()).isEqualTo(40);
        assertThat(back.getRGB(5, 5) & 0xFFFFFF).isEqualTo(0xFF0000);

        var jpeg = new ByteArrayOutputStream();
        ImageIO.write(img, "jpeg", jpeg);
        var j = api.postForm(profiles(t) + "/" + id + "/logo", t.key(), Api.form().file("file", "l.jpg", jpeg.toByteArray()));
        assertThat(j.json().get("logo_url").asString()).endsWith(".jpg");
        assertThat(api.get(url.substring(url.indexOf("/cdn/")), null).status()).as("the replaced logo is gone")
                .isEqualTo(404);
    }

    @Test
    void anSvgLogoIsSanitised() {
        TenantKey t = newTenant("scale");
        String id = create(t, Map.of("name", "Svg")).get("id").asString();
        String svg = """
                <?xml version="1.0"?>
                <?xml-stylesheet href="https://evil.example/x.css"?>
                <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10" height="10" onload="alert(1)">
                  <script>alert(2)</script>
                  <style>@import url(https://evil.example/a.css);</style>
                  <defs><linearGradient id="g"><stop offset="0" stop-color="#f00"/></linearGradient></defs>
                  <rect width="10" height="10" fill="url(#g)" onclick="steal()"/>
                  <image xlink:href="https://evil.example/track.png" width="1" height="1"/>
                  <use xlink:href="https://evil.example/sprite.svg#a"/>
                  <use xlink:href="#g"/>
                  <foreignObject><div xmlns="http://www.w3.org/1999/xhtml">x</div></foreignObject>
                  <circle cx="5" cy="5" r="2" style="fill: url('https://evil.example/p')"/>
                </svg>
                """;
        var up = api.postForm(profiles(t) + "/" + id + "/logo", t.key(),
                Api.form().file("file", "logo.svg", svg.getBytes(StandardCharsets.UTF_8)));
        assertThat(up.status()).as(up.text()).isEqualTo(200);
        String url = up.json().get("logo_url").asString();
        var served = api.get(url.substring(url.indexOf("/cdn/")), null);
        assertThat(served.header("Content-Type")).isEqualTo("image/svg+xml");
        assertThat(served.header("Content-Security-Policy")).contains("default-src 'none'");
        String clean = served.text();
        assertThat(clean).contains("<rect", "url(#g)", "linearGradient", "xlink:href=\"#g\"");
        assertThat(clean).doesNotContain("script", "onload", "onclick", "evil.example", "foreignObject", "<style",
                "<image", "alert");
    }

    @Test
    void hostileOrOversizedLogosAreRefusedWithAReason() {
        TenantKey t = newTenant("scale");
        String id = create(t, Map.of("name", "Bad")).get("id").asString();
        String xxe = "<?xml version=\"1.0\"?><!DOCTYPE svg [<!ENTITY x SYSTEM \"file:///etc/passwd\">]>"
                + "<svg xmlns=\"http://www.w3.org/2000/svg\"><text>&x;</text></svg>";
        var r = api.postForm(profiles(t) + "/" + id + "/logo", t.key(),
                Api.form().file("file", "x.svg", xxe.getBytes(StandardCharsets.UTF_8)));
        assertThat(r.status()).isEqualTo(422);
        assertThat(r.text()).doesNotContain("root:");
        assertThat(api.postForm(profiles(t) + "/" + id + "/logo", t.key(),
                Api.form().file("file", "x.gif", "GIF89a....".getBytes(StandardCharsets.UTF_8))).status()).isEqualTo(422);
        assertThat(api.postForm(profiles(t) + "/" + id + "/logo", t.key(),
                Api.form().file("file", "x.png", new byte[] {(byte) 0x89, 'P', 'N', 'G', 13, 10, 26, 10, 0, 0})).status())
                .isEqualTo(422);
        assertThat(api.postForm(profiles(t) + "/" + id + "/logo", t.key(),
                Api.form().file("file", "big.svg", new byte[2 * 1024 * 1024])).status()).isEqualTo(413);
        assertThat(api.get("/cdn/logos/" + t.tenantId() + "/../../etc/passwd", null).status()).isEqualTo(404);
        assertThat(api.get("/cdn/logos/" + t.tenantId() + "/nothing.png", null).status()).isEqualTo(404);
    }

    @Test
    void theDefaultProfileAndTheBrandingDefaults() {
        TenantKey t = newTenant("scale");
        JsonNode d0 = api.get("/api/v1/tenant/branding-defaults", t.key()).json();
        assertThat(d0.get("mode").asString()).isEqualTo("service");
        assertThat(d0.get("unbranded_by_default").asBoolean()).isFalse();
        assertThat(d0.get("default_brand_profile_id").isNull()).isTrue();

        String id = create(t, Map.of("name", "Default")).get("id").asString();
        var set = api.patchJson("/api/v1/tenants/" + t.tenantId() + "/default-brand-profile", t.key(),
                Map.of("brand_profile_id", id));
        assertThat(set.status()).isEqualTo(200);
        assertThat(set.json().get("is_default").asBoolean()).isTrue();
        JsonNode d1 = api.get("/api/v1/tenant/branding-defaults", t.key()).json();
        assertThat(d1.get("mode").asString()).isEqualTo("profile");
        assertThat(d1.get("default_brand_profile_id").asString()).isEqualTo(id);

        var anon = api.patchJson("/api/v1/tenant/branding-defaults", t.key(), Map.of("mode", "anonymous"));
        assertThat(anon.json().get("unbranded_by_default").asBoolean()).isTrue();
        assertThat(anon.json().get("default_brand_profile_id").asString()).isEqualTo(id);
        assertThat(api.patchJson("/api/v1/tenant/branding-defaults", t.key(), Map.of("mode", "profile")).status())
                .isEqualTo(422);
        assertThat(api.patchJson("/api/v1/tenant/branding-defaults", t.key(), Map.of("mode", "loud")).status())
                .isEqualTo(422);
        assertThat(api.patchJson("/api/v1/tenant/branding-defaults", t.key(),
                Map.of("mode", "profile", "brand_profile_id", "00000000-0000-4000-8000-000000000001")).status())
                .isEqualTo(404);

        var clear = new LinkedHashMap<String, Object>();
        clear.put("brand_profile_id", null);
        assertThat(api.patchJson("/api/v1/tenants/" + t.tenantId() + "/default-brand-profile", t.key(), clear)
                .status()).isEqualTo(204);
        assertThat(api.get("/api/v1/tenant/branding-defaults", t.key()).json().get("default_brand_profile_id")
                .isNull()).isTrue();

        api.patchJson("/api/v1/tenants/" + t.tenantId() + "/default-brand-profile", t.key(), Map.of("brand_profile_id", id));
        api.delete(profiles(t) + "/" + id, t.key());
        JsonNode after = api.get("/api/v1/tenant/branding-defaults", t.key()).json();
        assertThat(after.get("mode").asString()).isEqualTo("service");
        assertThat(after.get("default_brand_profile_id").isNull()).isTrue();
        TenantKey other = newTenant("scale");
        assertThat(api.patchJson("/api/v1/tenants/" + t.tenantId() + "/default-brand-profile", other.key(),
                Map.of("brand_profile_id", id)).status()).isEqualTo(403);
    }

    @Test
    void submitResolvesBrandToTheTenantsProfiles() {
        TenantKey a = newTenant("scale");
        TenantKey b = newTenant("scale");
        String mine = create(a, Map.of("name", "Mine")).get("id").asString();
        String theirs = create(b, Map.of("name", "Theirs")).get("id").asString();
        byte[] pdf = dev.preflight.support.SamplePdfs.clean().bytes();
        submit(a, pdf, "brand", mine);
        submit(a, pdf, "brand", "anonymous");
        var foreign = api.postForm("/api/v1/jobs", a.key(), Api.form().file("file", "t.pdf", pdf).field("brand", theirs));
        assertThat(foreign.status()).isEqualTo(403);
        var unknown = api.postForm("/api/v1/jobs", a.key(), Api.form().file("file", "t.pdf", pdf)
                .field("brand", "00000000-0000-4000-8000-00000000beef"));
        assertThat(unknown.status()).isEqualTo(404);
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] out = new byte[a.length + b.length];
        System.arraycopy(a, 0, out, 0, a.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
