package dev.preflight.events;

import dev.preflight.support.HttpsReceiver;
import dev.preflight.support.WebhookTestBase;
import dev.preflight.tenancy.Plan;
import dev.preflight.tenancy.TenantPlanChanged;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;
import tools.jackson.databind.json.JsonMapper;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import static dev.preflight.support.HttpsReceiver.event;
import static org.assertj.core.api.Assertions.assertThat;

/** The outbox records an event with the change that caused it: committed together, or not at all. */
class OutboxTests extends WebhookTestBase {

    @Autowired
    ApplicationEventPublisher events;

    @Autowired
    PlatformTransactionManager transactions;

    @Test
    void aRolledBackChangeDeliversNothingAndACommittedOneIsDelivered() {
        var t = newTenant("growth");
        HttpsReceiver r = receiver();
        webhook(t, Map.of("url", r.url("/tx"), "events", List.of("tenant.plan.changed")));
        var tx = new TransactionTemplate(transactions);

        tx.executeWithoutResult(status -> {
            events.publishEvent(new TenantPlanChanged(t.tenantId(), Plan.GROWTH, Plan.VIEWER));
            status.setRollbackOnly();
        });
        tx.executeWithoutResult(status -> events.publishEvent(new TenantPlanChanged(t.tenantId(), Plan.GROWTH,
                Plan.ENTERPRISE)));

        var got = r.await(event("tenant.plan.changed"), 1, Duration.ofSeconds(30));
        sleep(1500);
        assertThat(r.received()).hasSize(1);
        assertThat(JsonMapper.builder().build().readTree(got.get(0).body()).get("new_plan").asString())
                .isEqualTo("enterprise");
        assertThat(deliveries(t, "").get("total").asInt()).isEqualTo(1);
    }

    @Test
    void aChangeThatFailsAfterPublishingRollsItsEventBack() {
        var t = newTenant("growth");
        HttpsReceiver r = receiver();
        webhook(t, Map.of("url", r.url("/tx"), "events", List.of("tenant.plan.changed")));
        var tx = new TransactionTemplate(transactions);
        try {
            tx.executeWithoutResult(status -> {
                events.publishEvent(new TenantPlanChanged(t.tenantId(), Plan.GROWTH, Plan.SCALE));
                throw new IllegalStateException("the change failed after its event was published");
            });
        } catch (IllegalStateException expected) {
            // rolled back
        }
        sleep(1500);
        assertThat(r.received()).isEmpty();
        assertThat(deliveries(t, "").get("total").asInt()).isZero();
    }

    @Test
    void anEventPublishedOutsideATransactionIsRecordedInOneOfItsOwn() {
        var t = newTenant("growth");
        HttpsReceiver r = receiver();
        webhook(t, Map.of("url", r.url("/no-tx"), "events", List.of("tenant.plan.changed")));
        events.publishEvent(new TenantPlanChanged(t.tenantId(), Plan.GROWTH, Plan.SCALE));
        r.await(event("tenant.plan.changed"), 1, Duration.ofSeconds(30));
    }

    @Test
    void eventsOfOneTenantNeverReachAnotherTenantsWebhooks() {
        var t = newTenant("growth");
        var other = newTenant("growth");
        HttpsReceiver mine = receiver();
        HttpsReceiver theirs = receiver();
        webhook(t, Map.of("url", mine.url("/m"), "events", List.of()));
        webhook(other, Map.of("url", theirs.url("/t"), "events", List.of()));
        changePlan(t, "scale");
        mine.await(event("tenant.plan.changed"), 1, Duration.ofSeconds(30));
        sleep(800);
        assertThat(theirs.received()).isEmpty();
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
