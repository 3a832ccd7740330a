package dev.preflight.billing;

import dev.preflight.support.ServerTestBase;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import java.time.Instant;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/** The operator's billing route: plan defaults, a tenant's own terms, null back to the plan, validation. */
class BillingAdminTests extends ServerTestBase {

    @Test
    void showsThePlansDefaultTermsAndTheCurrentCalendarMonth() {
        var t = newTenant("growth");
        var r = api.get("/admin/tenants/" + t.tenantId() + "/billing", ADMIN);
        assertThat(r.status()).as(r.text()).isEqualTo(200);
        JsonNode b = r.json();
        assertThat(b.get("tenant_id").asString()).isEqualTo(t.tenantId());
        assertThat(b.get("plan").asString()).isEqualTo("growth");
        assertThat(b.get("included_files").asInt()).isEqualTo(2000);
        assertThat(b.get("overage_enabled").asBoolean()).isTrue();
        assertThat(b.get("overage_rate_cents").asInt()).isEqualTo(10);
        assertThat(b.get("ai_monthly_cap_cents").asInt()).isEqualTo(2000);
        assertThat(b.get("files_used").asInt()).isZero();
        assertThat(b.get("files_remaining").asInt()).isEqualTo(2000);
        assertThat(b.get("custom_terms")).isEmpty();
        assertThat(b.get("updated_at").isNull()).isTrue();
        YearMonth month = YearMonth.now(ZoneOffset.UTC);
        assertThat(Instant.parse(b.get("cycle_start").asString()))
                .isEqualTo(month.atDay(1).atStartOfDay(ZoneOffset.UTC).toInstant());
        assertThat(Instant.parse(b.get("cycle_end").asString()))
                .isEqualTo(month.plusMonths(1).atDay(1).atStartOfDay(ZoneOffset.UTC).toInstant());

        for (var plan : Map.of("viewer", new int[] {50, 0}, "starter", new int[] {500, 0}, "scale",
                new int[] {10000, 1}, "enterprise", new int[] {50000, 1}).entrySet()) {
            var other = newTenant(plan.getKey());
            JsonNode o = api.get("/admin/tenants/" + other.tenantId() + "/billing", ADMIN).json();
            assertThat(o.get("included_files").asInt()).as(plan.getKey()).isEqualTo(plan.getValue()[0]);
            assertThat(o.get("overage_enabled").asBoolean()).as(plan.getKey()).isEqualTo(plan.getValue()[1] == 1);
        }
    }

    @Test
    void setsATenantsOwnTermsAndNullReturnsATermToThePlan() {
        var t = newTenant("starter");
        var body = new LinkedHashMap<String, Object>();
        body.put("included_files", 12345);
        body.put("overage_enabled", true);
        body.put("overage_rate_cents", 4);
        body.put("ai_monthly_cap_cents", 999);
        body.put("requests_per_minute", 42);
        var r = api.patchJson("/admin/tenants/" + t.tenantId() + "/billing", ADMIN, body);
        assertThat(r.status()).as(r.text()).isEqualTo(200);
        assertThat(r.json().get("included_files").asInt()).isEqualTo(12345);
        assertThat(r.json().get("overage_enabled").asBoolean()).isTrue();
        assertThat(r.json().get("overage_rate_cents").asInt()).isEqualTo(4);
        assertThat(r.json().get("ai_monthly_cap_cents").asInt()).isEqualTo(999);
        assertThat(r.json().get("requests_per_minute").asInt()).isEqualTo(42);
        assertThat(r.json().get("custom_terms").toString()).isEqualTo("[\"included_files\",\"overage_enabled\","
                + "\"overage_rate_cents\",\"ai_monthly_cap_cents\",\"requests_per_minute\"]");
        assertThat(r.json().get("updated_at").isNull()).isFalse();

        var partial = new LinkedHashMap<String, Object>();
        partial.put("included_files", null);
        partial.put("overage_rate_cents", 6);
        var p = api.patchJson("/admin/tenants/" + t.tenantId() + "/billing", ADMIN, partial);
        assertThat(p.status()).as(p.text()).isEqualTo(200);
        assertThat(p.json().get("included_files").asInt()).isEqualTo(500);
        assertThat(p.json().get("overage_rate_cents").asInt()).isEqualTo(6);
        assertThat(p.json().get("overage_enabled").asBoolean()).isTrue();
        assertThat(p.json().get("custom_terms").toString()).doesNotContain("included_files");

        // A plan change moves the defaults, not the tenant's own terms.
        assertThat(api.patchJson("/admin/tenants/" + t.tenantId() + "/plan", ADMIN, Map.of("plan", "scale"))
                .status()).isEqualTo(200);
        JsonNode after = api.get("/admin/tenants/" + t.tenantId() + "/billing", ADMIN).json();
        assertThat(after.get("included_files").asInt()).isEqualTo(10000);
        assertThat(after.get("overage_rate_cents").asInt()).isEqualTo(6);
    }

    @Test
    void refusesInvalidTermsUnknownFieldsUnknownTenantsAndMissingAdminTokens() {
        var t = newTenant("growth");
        String path = "/admin/tenants/" + t.tenantId() + "/billing";
        for (var bad : java.util.List.<Map<String, Object>>of(Map.of("included_files", -1),
                Map.of("included_files", "ten"), Map.of("overage_enabled", "yes"), Map.of("requests_per_minute", 0),
                Map.of("overage_rate_cents", 1.5), Map.of("discount", 10))) {
            var r = api.patchJson(path, ADMIN, bad);
            assertThat(r.status()).as(bad + " " + r.text()).isEqualTo(422);
            assertThat(r.json().get("detail").get(0).get("loc").get(1).asString())
                    .isEqualTo(bad.keySet().iterator().next());
        }
        assertThat(api.patchJson(path, ADMIN, "[]").status()).isEqualTo(422);
        assertThat(api.get(path, ADMIN).json().get("custom_terms")).isEmpty();
        assertThat(api.patchJson("/admin/tenants/" + UUID.randomUUID() + "/billing", ADMIN,
                Map.of("included_files", 1)).status()).isEqualTo(404);
        assertThat(api.get("/admin/tenants/" + UUID.randomUUID() + "/billing", ADMIN).status()).isEqualTo(404);
        assertThat(api.patchJson(path, null, Map.of("included_files", 1)).status()).isEqualTo(401);
        assertThat(api.get(path, t.key()).status()).isEqualTo(401);
    }
}
