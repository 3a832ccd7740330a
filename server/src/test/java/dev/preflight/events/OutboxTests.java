package dev.preflight.events;

import dev.preflight.support.HttpsReceiver;
import dev.preflight.support.ServerTestBase.TenantKey;
import dev.preflight.support.Tenants;
import dev.preflight.support.WebhookTest;
import dev.preflight.support.Webhooks;
import dev.preflight.tenancy.Plan;
import dev.preflight.tenancy.TenantPlanChanged;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
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

/**
 * The outbox records an event with the change that caused it: committed together, or not at all. What was not
 * delivered is shown by the outbox and the deliveries (an event never recorded can never be dispatched; one event's
 * fan-out commits all its deliveries at once), not by waiting to see whether something arrives.
 */
@WebhookTest
class OutboxTests {

    @RegisterExtension
    final Webhooks.Receivers receivers = new Webhooks.Receivers();

    @Autowired
    Tenants tenants;

    @Autowired
    Webhooks webhooks;

    @Autowired
    ApplicationEventPublisher events;

    @Autowired
    PlatformTransactionManager transactions;

    /** The {@code new_plan} of every plan change the outbox holds for the tenant. */
    private List<String> recordedPlanChanges(TenantKey t) {
        return webhooks.recordedEvents(t, "tenant.plan.changed").stream().map(e -> e.get("new_plan").asString())
                .toList();
    }

    @Test
    void aRolledBackChangeDeliversNothingAndACommittedOneIsDelivered() {
        var t = tenants.newTenant("growth");
        HttpsReceiver r = receivers.receiver();
        webhooks.webhook(t, Map.of("url", r.url("/tx"), "events", List.of("tenant.plan.changed")));
        var tx = new TransactionTemplate(transactions);

        tx.executeWithoutResult(status -> {
            events.publishEvent(new TenantPlanChanged(t.tenantId(), Plan.GROWTH, Plan.VIEWER));
            status.setRollbackOnly();
        });
        tx.executeWithoutResult(status -> events.publishEvent(new TenantPlanChanged(t.tenantId(), Plan.GROWTH,
                Plan.ENTERPRISE)));

        var got = r.await(event("tenant.plan.changed"), 1, Duration.ofSeconds(30));
        assertThat(recordedPlanChanges(t)).containsExactly("enterprise");
        assertThat(r.received()).hasSize(1);
        assertThat(JsonMapper.builder().build().readTree(got.get(0).body()).get("new_plan").asString())
                .isEqualTo("enterprise");
        assertThat(webhooks.deliveries(t, "").get("total").asInt()).isEqualTo(1);
    }

    @Test
    void aChangeThatFailsAfterPublishingRollsItsEventBack() {
        var t = tenants.newTenant("growth");
        HttpsReceiver r = receivers.receiver();
        webhooks.webhook(t, Map.of("url", r.url("/tx"), "events", List.of("tenant.plan.changed")));
        var tx = new TransactionTemplate(transactions);
        try {
            tx.executeWithoutResult(status -> {
                events.publishEvent(new TenantPlanChanged(t.tenantId(), Plan.GROWTH, Plan.SCALE));
                throw new IllegalStateException("the change failed after its event was published");
            });
        } catch (IllegalStateException expected) {
            // rolled back
        }
        assertThat(recordedPlanChanges(t)).isEmpty();
        assertThat(r.received()).isEmpty();
        assertThat(webhooks.deliveries(t, "").get("total").asInt()).isZero();
    }

    @Test
    void anEventPublishedOutsideATransactionIsRecordedInOneOfItsOwn() {
        var t = tenants.newTenant("growth");
        HttpsReceiver r = receivers.receiver();
        webhooks.webhook(t, Map.of("url", r.url("/no-tx"), "events", List.of("tenant.plan.changed")));
        events.publishEvent(new TenantPlanChanged(t.tenantId(), Plan.GROWTH, Plan.SCALE));
        r.await(event("tenant.plan.changed"), 1, Duration.ofSeconds(30));
    }

    @Test
    void eventsOfOneTenantNeverReachAnotherTenantsWebhooks() {
        var t = tenants.newTenant("growth");
        var other = tenants.newTenant("growth");
        HttpsReceiver mine = receivers.receiver();
        HttpsReceiver theirs = receivers.receiver();
        webhooks.webhook(t, Map.of("url", mine.url("/m"), "events", List.of()));
        webhooks.webhook(other, Map.of("url", theirs.url("/t"), "events", List.of()));
        tenants.changePlan(t, "scale");
        mine.await(event("tenant.plan.changed"), 1, Duration.ofSeconds(30));
        // The fan-out that made this delivery committed every delivery of the event: none is the other tenant's.
        assertThat(webhooks.deliveries(other, "").get("total").asInt()).isZero();
        assertThat(recordedPlanChanges(other)).isEmpty();
        assertThat(theirs.received()).isEmpty();
    }
}
