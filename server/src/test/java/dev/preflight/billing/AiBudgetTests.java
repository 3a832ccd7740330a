package dev.preflight.billing;

import dev.preflight.support.HttpsReceiver;
import dev.preflight.support.WebhookTestBase;
import dev.preflight.tenancy.Plan;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import static dev.preflight.support.HttpsReceiver.event;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The monthly AI cost cap the AI module charges against, and its billing.ai_credits.* events. */
class AiBudgetTests extends WebhookTestBase {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    @Autowired
    AiBudget budget;

    @Test
    void chargesAddUpExactlyCrossTheWatermarksOnceAndThenRefuseWith402() {
        var t = newTenant("growth");
        assertThat(api.patchJson("/admin/tenants/" + t.tenantId() + "/billing", ADMIN,
                Map.of("ai_monthly_cap_cents", 100)).status()).isEqualTo(200);
        HttpsReceiver r = receiver();
        webhook(t, Map.of("url", r.url("/ai"), "events", List.of("billing.ai_credits.low",
                "billing.ai_credits.exhausted")));

        budget.requireAvailable(t.tenantId(), Plan.GROWTH);
        for (int i = 0; i < 9; i++) {
            budget.charge(t.tenantId(), Plan.GROWTH, 9.999);
        }
        assertThat(budget.usage(t.tenantId(), Plan.GROWTH).usedCents()).isEqualTo(90);
        assertThat(recordedEvents(t, "billing.ai_credits.low")).isEmpty();
        assertThat(r.received()).isEmpty();

        // 89.991 -> 90.251: 9.749 left, under 10 % of 100.
        var u = budget.charge(t.tenantId(), Plan.GROWTH, 0.26);
        assertThat(u.usedCents()).isEqualTo(91);
        var low = r.await(event("billing.ai_credits.low"), 1, Duration.ofSeconds(30)).get(0);
        api.checkWebhook("billing.ai_credits.low", low.body());
        JsonNode body = JSON.readTree(low.body());
        assertThat(body.get("monthly_cap_cents").asInt()).isEqualTo(100);
        assertThat(body.get("used_cents").asInt()).isEqualTo(91);
        assertThat(body.get("remaining_cents").asInt()).isEqualTo(9);

        budget.charge(t.tenantId(), Plan.GROWTH, 5);
        budget.requireAvailable(t.tenantId(), Plan.GROWTH);
        budget.charge(t.tenantId(), Plan.GROWTH, 5);
        var exhausted = r.await(event("billing.ai_credits.exhausted"), 1, Duration.ofSeconds(30)).get(0);
        api.checkWebhook("billing.ai_credits.exhausted", exhausted.body());
        assertThat(JSON.readTree(exhausted.body()).get("used_cents").asInt()).isEqualTo(101);

        assertThatThrownBy(() -> budget.requireAvailable(t.tenantId(), Plan.GROWTH))
                .isInstanceOfSatisfying(AiCostCapExceededException.class, e -> {
                    assertThat(e.status().value()).isEqualTo(402);
                    assertThat(e.usedCents()).isEqualTo(101);
                    assertThat(e.monthlyCapCents()).isEqualTo(100);
                    assertThat(e.detail()).contains("AI cost cap", "Preflight and reports keep working");
                });
        budget.charge(t.tenantId(), Plan.GROWTH, 1);
        assertThat(recordedEvents(t, "billing.ai_credits.low")).hasSize(1);
        assertThat(recordedEvents(t, "billing.ai_credits.exhausted")).hasSize(1);
        assertThat(r.received()).hasSize(2);

        // A higher cap resumes AI at once.
        api.patchJson("/admin/tenants/" + t.tenantId() + "/billing", ADMIN, Map.of("ai_monthly_cap_cents", 500));
        budget.requireAvailable(t.tenantId(), Plan.GROWTH);
        assertThat(api.get("/admin/tenants/" + t.tenantId() + "/billing", ADMIN).json().get("ai_used_cents").asInt())
                .isEqualTo(102);
    }

    @Test
    void aPlanWithoutAnAiBudgetIsExhaustedFromTheStart() {
        var t = newTenant("viewer");
        assertThatThrownBy(() -> budget.requireAvailable(t.tenantId(), Plan.VIEWER))
                .isInstanceOf(AiCostCapExceededException.class);
        assertThatThrownBy(() -> budget.charge(t.tenantId(), Plan.VIEWER, -1))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
