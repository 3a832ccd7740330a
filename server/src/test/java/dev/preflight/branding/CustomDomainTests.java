package dev.preflight.branding;

import dev.preflight.support.ServerTestBase;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Custom report and app domain claims (spec: Custom domains, Domain claim). DNS verification: see the mail/DNS test. */
class CustomDomainTests extends ServerTestBase {

    private Map<String, Object> domain(Object d) {
        var m = new LinkedHashMap<String, Object>();
        m.put("domain", d);
        return m;
    }

    private String unique(TenantKey t, String prefix) {
        return prefix + "-" + t.tenantId().substring(0, 8) + ".example.com";
    }

    @Test
    void claimsChangesAndClearsTheReportDomain() {
        TenantKey t = newTenant("scale");
        String path = "/api/v1/tenants/" + t.tenantId() + "/custom-domain";
        JsonNode none = api.get(path, t.key()).json();
        assertThat(none.get("domain").isNull()).isTrue();
        assertThat(none.get("verified").asBoolean()).isFalse();
        assertThat(none.get("plan_allows_whitelabel").asBoolean()).isTrue();
        assertThat(none.get("dns_target").asString()).isEqualTo("127.0.0.1");
        assertThat(none.get("tenant_id").asString()).isEqualTo(t.tenantId());

        String host = unique(t, "Reports");
        JsonNode claimed = api.patchJson(path, t.key(), domain(host + ".")).json();
        assertThat(claimed.get("domain").asString()).isEqualTo(host.toLowerCase());
        assertThat(claimed.get("verified").asBoolean()).isFalse();
        assertThat(claimed.get("requested_at").asString()).isNotBlank();

        assertThat(api.post("/admin/domains/" + host.toLowerCase() + "/verify", ADMIN).json().get("verified")
                .asBoolean()).isTrue();
        assertThat(api.patchJson(path, t.key(), domain(host)).json().get("verified").asBoolean())
                .as("the same hostname again is not a change").isTrue();
        String other = unique(t, "proofs");
        assertThat(api.patchJson(path, t.key(), domain(other)).json().get("verified").asBoolean())
                .as("a new hostname resets verified").isFalse();
        JsonNode cleared = api.patchJson(path, t.key(), domain(null)).json();
        assertThat(cleared.get("domain").isNull()).isTrue();
        assertThat(cleared.get("requested_at").isNull()).isTrue();
    }

    @Test
    void aHostnameIsClaimedOnceAcrossTenants() {
        TenantKey a = newTenant("scale");
        TenantKey b = newTenant("enterprise");
        String host = unique(a, "shared");
        assertThat(api.patchJson("/api/v1/tenants/" + a.tenantId() + "/custom-domain", a.key(), domain(host)).status())
                .isEqualTo(200);
        var dup = api.patchJson("/api/v1/tenants/" + b.tenantId() + "/custom-domain", b.key(), domain(host));
        assertThat(dup.status()).isEqualTo(409);
        assertThat(api.patchJson("/api/v1/tenants/" + a.tenantId() + "/app-custom-domain", a.key(), domain(host))
                .status()).as("not even as the same tenant's app domain").isEqualTo(409);
        assertThat(api.patchJson("/api/v1/tenants/" + b.tenantId() + "/app-custom-domain", b.key(),
                domain(unique(a, "app"))).status()).isEqualTo(200);
        JsonNode app = api.get("/api/v1/tenants/" + b.tenantId() + "/app-custom-domain", b.key()).json();
        assertThat(app.has("dns_target")).as("app claims have no dns_target").isFalse();
    }

    @Test
    void blocklistedHostnamesAre422() {
        TenantKey t = newTenant("scale");
        String path = "/api/v1/tenants/" + t.tenantId() + "/custom-domain";
        for (String bad : List.of("127.0.0.1", "10.0.0.1", "[::1]", "::1", "localhost", "app.localhost",
                "printer.local", "co.uk", "github.io", "com", "127.0.0.1.", "bad_host.example.com", "-x.example.com",
                "x".repeat(64) + ".example.com", "foo.notatld", "")) {
            var r = api.patchJson(path, t.key(), domain(bad));
            assertThat(r.status()).as(bad).isEqualTo(422);
            assertThat(r.json().get("detail").get(0).get("loc").toString()).isEqualTo("[\"body\",\"domain\"]");
        }
        assertThat(api.patchJson(path, t.key(), domain("127.0.0.1")).text()).contains("IP addresses");
        assertThat(api.patchJson(path, t.key(), domain("co.uk")).text()).contains("public suffix");
        assertThat(api.patchJson(path, t.key(), domain("sub.127.0.0.1.nip.io")).status()).isEqualTo(200);
    }

    @Test
    void customDomainsNeedScaleAndTheCallersOwnTenant() {
        TenantKey growth = newTenant("growth");
        var r = api.patchJson("/api/v1/tenants/" + growth.tenantId() + "/custom-domain", growth.key(),
                domain(unique(growth, "x")));
        assertThat(r.status()).isEqualTo(403);
        assertThat(r.json().get("code").asString()).isEqualTo("plan_upgrade_required");
        assertThat(api.get("/api/v1/tenants/" + growth.tenantId() + "/custom-domain", growth.key()).json()
                .get("plan_allows_whitelabel").asBoolean()).isFalse();
        assertThat(api.post("/api/v1/tenants/" + growth.tenantId() + "/custom-domain/verify", growth.key()).status())
                .isEqualTo(403);

        TenantKey a = newTenant("scale");
        TenantKey b = newTenant("scale");
        assertThat(api.get("/api/v1/tenants/" + a.tenantId() + "/custom-domain", b.key()).status()).isEqualTo(403);
        assertThat(api.patchJson("/api/v1/tenants/" + a.tenantId() + "/custom-domain", b.key(), domain(unique(b, "y")))
                .status()).isEqualTo(403);
        assertThat(api.get("/api/v1/tenants/" + a.tenantId() + "/app-custom-domain", b.key()).status()).isEqualTo(403);
        assertThat(api.post("/api/v1/tenants/" + a.tenantId() + "/custom-domain/verify", b.key()).status())
                .isEqualTo(403);
        assertThat(api.post("/api/v1/tenants/" + a.tenantId() + "/custom-domain/verify", a.key()).status())
                .as("nothing claimed").isEqualTo(404);
    }

    @Test
    void aBrandProfileHasItsOwnDomain() {
        TenantKey t = newTenant("scale");
        String profiles = "/api/v1/tenants/" + t.tenantId() + "/brand-profiles";
        String id = api.postJson(profiles, t.key(), Map.of("name", "Sub brand")).json().get("id").asString();
        String host = unique(t, "sub");
        JsonNode p = api.patchJson(profiles + "/" + id + "/custom-domain", t.key(), domain(host)).json();
        assertThat(p.get("custom_domain").asString()).isEqualTo(host);
        assertThat(p.get("custom_domain_verified").asBoolean()).isFalse();
        api.post("/admin/domains/" + host + "/verify", ADMIN);
        assertThat(api.get(profiles + "/" + id, t.key()).json().get("custom_domain_verified").asBoolean()).isTrue();
        assertThat(api.patchJson(profiles + "/" + id + "/custom-domain", t.key(), domain(null)).json()
                .get("custom_domain").isNull()).isTrue();
        TenantKey other = newTenant("scale");
        assertThat(api.patchJson("/api/v1/tenants/" + other.tenantId() + "/brand-profiles/" + id + "/custom-domain",
                other.key(), domain(unique(other, "z"))).status()).isEqualTo(404);
    }

    @Test
    void theAdminForceVerifiesOnlyClaimedDomainsWithTheAdminToken() {
        assertThat(api.post("/admin/domains/unclaimed.example.com/verify", ADMIN).status()).isEqualTo(404);
        assertThat(api.post("/admin/domains/unclaimed.example.com/verify", null).status()).isEqualTo(401);
        TenantKey t = newTenant("scale");
        assertThat(api.post("/admin/domains/unclaimed.example.com/verify", t.key()).status()).isEqualTo(401);
    }
}
