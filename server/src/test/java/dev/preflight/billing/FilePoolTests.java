package dev.preflight.billing;

import dev.preflight.support.Api;
import dev.preflight.support.HttpsReceiver;
import dev.preflight.support.SamplePdfs;
import dev.preflight.support.WebhookTestBase;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.time.Duration;
import java.time.Instant;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static dev.preflight.support.HttpsReceiver.event;
import static org.assertj.core.api.Assertions.assertThat;

/** The monthly file pool: headers on every submit response across the allowance, 402, overage, exact counting. */
class FilePoolTests extends WebhookTestBase {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final List<String> OVERAGE_HEADERS = List.of("X-RateLimit-Overage", "X-RateLimit-Overage-Count",
            "X-RateLimit-Overage-Rate-Cents", "X-RateLimit-Overage-Cost-Cents");

    private byte[] pdf;

    private Api.Answer submitRaw(TenantKey t, String query) {
        if (pdf == null) {
            pdf = SamplePdfs.clean().bytes();
        }
        return api.postForm("/api/v1/jobs" + query, t.key(), Api.form().file("file", "a.pdf", pdf)
                .field("preflight_source", "minimal"));
    }

    private void terms(TenantKey t, Map<String, Object> body) {
        var r = api.patchJson("/admin/tenants/" + t.tenantId() + "/billing", ADMIN, body);
        assertThat(r.status()).as(r.text()).isEqualTo(200);
    }

    private JsonNode billing(TenantKey t) {
        var r = api.get("/admin/tenants/" + t.tenantId() + "/billing", ADMIN);
        assertThat(r.status()).as(r.text()).isEqualTo(200);
        return r.json();
    }

    @Test
    void headersAcrossTheAllowanceThen402WithTheExhaustedEventAndNothingStored() {
        var t = newTenant("growth");
        terms(t, Map.of("included_files", 3, "overage_enabled", false));
        HttpsReceiver r = receiver();
        webhook(t, Map.of("url", r.url("/billing"), "events", List.of("billing.file_quota.low",
                "billing.file_quota.exhausted")));

        for (int used = 1; used <= 3; used++) {
            var a = submitRaw(t, "");
            assertThat(a.status()).as(a.text()).isEqualTo(202);
            assertThat(a.header("X-RateLimit-Limit")).isEqualTo("3");
            assertThat(a.header("X-RateLimit-Used")).isEqualTo(Integer.toString(used));
            assertThat(a.header("X-RateLimit-Remaining")).isEqualTo(Integer.toString(3 - used));
            for (String h : OVERAGE_HEADERS) {
                assertThat(a.header(h)).as(h).isNull();
            }
        }
        long jobsBefore = api.get("/api/v1/jobs", t.key()).json().get("total").asLong();

        var refused = submitRaw(t, "?wait=5");
        assertThat(refused.status()).isEqualTo(402);
        assertThat(refused.json().propertyNames()).containsExactly("detail");
        assertThat(refused.json().get("detail").asString()).contains("file pool", "overage is off");
        assertThat(refused.header("X-RateLimit-Limit")).isEqualTo("3");
        assertThat(refused.header("X-RateLimit-Used")).isEqualTo("3");
        assertThat(refused.header("X-RateLimit-Remaining")).isEqualTo("0");
        for (String h : OVERAGE_HEADERS) {
            assertThat(refused.header(h)).as(h).isNull();
        }
        assertThat(api.get("/api/v1/jobs", t.key()).json().get("total").asLong()).isEqualTo(jobsBefore);
        assertThat(billing(t).get("files_used").asInt()).isEqualTo(3);

        var exhausted = r.await(event("billing.file_quota.exhausted"), 1, Duration.ofSeconds(30)).get(0);
        api.checkWebhook("billing.file_quota.exhausted", exhausted.body());
        JsonNode body = JSON.readTree(exhausted.body());
        assertThat(body.get("included_files").asInt()).isEqualTo(3);
        assertThat(body.get("used_files").asInt()).isEqualTo(3);
        YearMonth month = YearMonth.now(ZoneOffset.UTC);
        assertThat(Instant.parse(body.get("cycle_start").asString()))
                .isEqualTo(month.atDay(1).atStartOfDay(ZoneOffset.UTC).toInstant());
        assertThat(Instant.parse(body.get("cycle_end").asString()))
                .isEqualTo(month.plusMonths(1).atDay(1).atStartOfDay(ZoneOffset.UTC).toInstant());
        // 3 included: the third file took the pool from 1 left (33 %) to 0 (<= 10 %).
        var low = r.await(event("billing.file_quota.low"), 1, Duration.ofSeconds(30));
        api.checkWebhook("billing.file_quota.low", low.get(0).body());
        assertThat(JSON.readTree(low.get(0).body()).get("remaining_files").asInt()).isZero();
    }

    @Test
    void theLowEventFiresOncePerCrossingOfTenPercentRemaining() {
        var t = newTenant("growth");
        terms(t, Map.of("included_files", 20, "overage_enabled", true));
        HttpsReceiver r = receiver();
        webhook(t, Map.of("url", r.url("/low"), "events", List.of("billing.file_quota.low")));
        for (int i = 0; i < 17; i++) {
            assertThat(submitRaw(t, "").status()).isEqualTo(202);
        }
        assertThat(recordedEvents(t, "billing.file_quota.low")).isEmpty();
        assertThat(r.received()).isEmpty();
        // 18th file: 3 left (15 %) -> 2 left (10 %).
        assertThat(submitRaw(t, "").header("X-RateLimit-Remaining")).isEqualTo("2");
        var low = r.await(event("billing.file_quota.low"), 1, Duration.ofSeconds(30)).get(0);
        JsonNode body = JSON.readTree(low.body());
        assertThat(body.get("included_files").asInt()).isEqualTo(20);
        assertThat(body.get("used_files").asInt()).isEqualTo(18);
        assertThat(body.get("remaining_files").asInt()).isEqualTo(2);
        for (int i = 0; i < 4; i++) {
            assertThat(submitRaw(t, "").status()).isEqualTo(202);
        }
        assertThat(recordedEvents(t, "billing.file_quota.low")).hasSize(1);
        assertThat(r.received()).hasSize(1);

        // A larger allowance lifts the pool above 10 % again; the next crossing fires again.
        terms(t, Map.of("included_files", 40));
        for (int i = 0; i < 14; i++) {
            assertThat(submitRaw(t, "").status()).isEqualTo(202);
        }
        // used 36 of 40: 4 left (10 %).
        r.await(event("billing.file_quota.low"), 2, Duration.ofSeconds(30));
        assertThat(JSON.readTree(r.received().get(1).body()).get("used_files").asInt()).isEqualTo(36);
    }

    @Test
    void pastTheAllowanceWithOverageOnTheOverageHeadersAppear() {
        var t = newTenant("growth");
        terms(t, Map.of("included_files", 2, "overage_enabled", true, "overage_rate_cents", 7));
        for (int i = 0; i < 2; i++) {
            var a = submitRaw(t, "");
            assertThat(a.header("X-RateLimit-Overage")).isNull();
        }
        var third = submitRaw(t, "?wait=30");
        assertThat(third.status()).as(third.text()).isEqualTo(200);
        assertThat(third.header("X-RateLimit-Limit")).isEqualTo("2");
        assertThat(third.header("X-RateLimit-Used")).isEqualTo("3");
        assertThat(third.header("X-RateLimit-Remaining")).isEqualTo("0");
        assertThat(third.header("X-RateLimit-Overage")).isEqualTo("true");
        assertThat(third.header("X-RateLimit-Overage-Count")).isEqualTo("1");
        assertThat(third.header("X-RateLimit-Overage-Rate-Cents")).isEqualTo("7");
        assertThat(third.header("X-RateLimit-Overage-Cost-Cents")).isEqualTo("7");
        var fourth = submitRaw(t, "");
        assertThat(fourth.status()).isEqualTo(202);
        assertThat(fourth.header("X-RateLimit-Overage-Count")).isEqualTo("2");
        assertThat(fourth.header("X-RateLimit-Overage-Cost-Cents")).isEqualTo("14");
        JsonNode b = billing(t);
        assertThat(b.get("overage_files").asInt()).isEqualTo(2);
        assertThat(b.get("overage_cost_cents").asInt()).isEqualTo(14);
    }

    @Test
    void invalidSubmissionsAreNotCounted() {
        var t = newTenant("growth");
        terms(t, Map.of("included_files", 5));
        var bad = api.postForm("/api/v1/jobs", t.key(), Api.form().file("file", "a.pdf", SamplePdfs.clean().bytes())
                .field("preflight_source", "sideways"));
        assertThat(bad.status()).isEqualTo(422);
        var unknownProfile = api.postForm("/api/v1/jobs", t.key(), Api.form()
                .file("file", "a.pdf", SamplePdfs.clean().bytes()).field("profile_id", "no-such-profile"));
        assertThat(unknownProfile.status()).isEqualTo(404);
        assertThat(billing(t).get("files_used").asInt()).isZero();
        assertThat(submitRaw(t, "").header("X-RateLimit-Used")).isEqualTo("1");
    }

    @Test
    void twentyParallelSubmitsCountExactlyWithOverageOff() throws Exception {
        var t = newTenant("growth");
        terms(t, Map.of("included_files", 10, "overage_enabled", false));
        List<Api.Answer> answers = parallel(20, () -> submitRaw(t, ""));
        var used = new ArrayList<Integer>();
        int accepted = 0;
        int refused = 0;
        for (Api.Answer a : answers) {
            if (a.status() == 202) {
                accepted++;
                used.add(Integer.parseInt(a.header("X-RateLimit-Used")));
            } else {
                assertThat(a.status()).as(a.text()).isEqualTo(402);
                assertThat(a.header("X-RateLimit-Remaining")).isEqualTo("0");
                refused++;
            }
        }
        assertThat(accepted).isEqualTo(10);
        assertThat(refused).isEqualTo(10);
        Collections.sort(used);
        assertThat(used).containsExactly(1, 2, 3, 4, 5, 6, 7, 8, 9, 10);
        assertThat(billing(t).get("files_used").asInt()).isEqualTo(10);
        assertThat(api.get("/api/v1/jobs", t.key()).json().get("total").asInt()).isEqualTo(10);
    }

    @Test
    void twentyParallelSubmitsCountExactlyWithOverageOn() throws Exception {
        var t = newTenant("growth");
        terms(t, Map.of("included_files", 5, "overage_enabled", true, "overage_rate_cents", 3));
        List<Api.Answer> answers = parallel(20, () -> submitRaw(t, ""));
        var used = new ArrayList<Integer>();
        for (Api.Answer a : answers) {
            assertThat(a.status()).as(a.text()).isEqualTo(202);
            used.add(Integer.parseInt(a.header("X-RateLimit-Used")));
            int n = Integer.parseInt(a.header("X-RateLimit-Used"));
            assertThat(a.header("X-RateLimit-Overage")).isEqualTo(n > 5 ? "true" : null);
        }
        Collections.sort(used);
        assertThat(used).containsExactly(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20);
        JsonNode b = billing(t);
        assertThat(b.get("files_used").asInt()).isEqualTo(20);
        assertThat(b.get("overage_files").asInt()).isEqualTo(15);
        assertThat(b.get("overage_cost_cents").asInt()).isEqualTo(45);
    }

    private static <T> List<T> parallel(int n, Callable<T> call) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(n);
        try {
            var start = new CountDownLatch(1);
            var futures = new ArrayList<Future<T>>();
            for (int i = 0; i < n; i++) {
                futures.add(pool.submit(() -> {
                    start.await();
                    return call.call();
                }));
            }
            start.countDown();
            var out = new ArrayList<T>();
            for (var f : futures) {
                out.add(f.get());
            }
            return out;
        } finally {
            pool.shutdownNow();
        }
    }
}
