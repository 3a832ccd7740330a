package dev.preflight.support;

import dev.preflight.support.ServerTestBase.TenantKey;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Tenants, their API keys and plans, made through the admin routes as an operator makes them. */
public final class Tenants {

    /** The admin token of the test profile. */
    public static final String ADMIN = "test-admin-token";

    private final Api api;

    public Tenants(Api api) {
        this.api = api;
    }

    /** A tenant on the plan with one live key carrying every permission. */
    public TenantKey newTenant(String plan) {
        return newTenant(plan, null);
    }

    /** A tenant on the plan with one live key carrying these permissions (every one when null). */
    public TenantKey newTenant(String plan, List<String> permissions) {
        var t = api.postJson("/admin/tenants", ADMIN, Map.of("name", "Tenant " + plan, "plan", plan));
        assertThat(t.status()).as(t.text()).isEqualTo(201);
        return newKey(t.json().get("id").asString(), permissions);
    }

    /** A further test-mode key of the tenant (every permission when null). */
    public TenantKey newKey(String tenantId, List<String> permissions) {
        var body = new LinkedHashMap<String, Object>();
        body.put("mode", "test");
        if (permissions != null) {
            body.put("permissions", permissions);
        }
        var k = api.postJson("/admin/tenants/" + tenantId + "/api-keys", ADMIN, body);
        assertThat(k.status()).as(k.text()).isEqualTo(201);
        return new TenantKey(tenantId, k.json().get("key").asString(), k.json().get("id").asString());
    }

    /** Changes the tenant's plan through the admin route (emits tenant.plan.changed when it changes). */
    public void changePlan(TenantKey t, String plan) {
        var r = api.patchJson("/admin/tenants/" + t.tenantId() + "/plan", ADMIN, Map.of("plan", plan));
        assertThat(r.status()).as(r.text()).isEqualTo(200);
    }
}
