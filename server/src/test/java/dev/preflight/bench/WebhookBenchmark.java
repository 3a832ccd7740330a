package dev.preflight.bench;

import dev.preflight.platform.OutboundHttp;
import dev.preflight.support.Api;
import dev.preflight.support.HttpsReceiver;
import dev.preflight.support.SamplePdfs;
import dev.preflight.support.TestTls;
import dev.preflight.support.WebhookTestBase;
import dev.preflight.tenancy.Plan;
import dev.preflight.tenancy.TenantPlanChanged;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.test.context.TestPropertySource;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;
import tools.jackson.databind.json.JsonMapper;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

import static dev.preflight.support.HttpsReceiver.event;

/**
 * Webhook benchmarks (tagged "benchmark", run by bench/webhook-bench.sh): end-to-end latency from job completion
 * (the event's occurred_at, stamped in the completing transaction) to receipt at an HTTPS receiver on 127.0.0.1,
 * idle and while the job workers are busy with engine analyses, beside what a client polling GET /jobs/{id} every
 * 100 ms sees; and deliveries per second through the whole pipeline (outbox, dispatch, signed POST) beside a bare
 * HTTPS client posting to the same receiver. Production settings: events polling 1 s, 4 delivery threads.
 */
@Tag("benchmark")
@TestPropertySource(properties = {"preflight.events.polling-interval=1s", "preflight.events.threads=4",
        "preflight.webhooks.timeout=10s", "db-scheduler.polling-interval=1s"})
class WebhookBenchmark extends WebhookTestBase {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final int ROUNDS = Integer.getInteger("bench.rounds", 50);
    private static final int EVENTS = Integer.getInteger("bench.events", 400);
    private static final int HOOKS = Integer.getInteger("bench.hooks", 5);

    @Autowired
    ApplicationEventPublisher events;

    @Autowired
    PlatformTransactionManager transactions;

    @Test
    void measure() throws Exception {
        var t = newTenant("enterprise");
        HttpsReceiver r = receiver();
        webhook(t, Map.of("url", r.url("/latency"), "events", List.of("job.completed")));
        byte[] onePage = SamplePdfs.clean().unembeddedHelveticaText().rgbImage(300, 150).bytes();

        // Warm-up: JVM, TLS session, connection pool.
        for (int i = 0; i < 10; i++) {
            submit(t, onePage, "minimal");
        }
        r.await(event("job.completed"), 10, Duration.ofSeconds(60));

        double[] idle = new double[ROUNDS];
        double[] polled = new double[ROUNDS];
        for (int i = 0; i < ROUNDS; i++) {
            int before = r.received().size();
            String jobId = submit(t, onePage, "minimal");
            // A client that polls from the moment it submitted; the webhook arrives on its own meanwhile.
            long seenByPolling = pollUntilDone(t, jobId);
            var got = r.await(event("job.completed"), before + 1, Duration.ofSeconds(60)).get(before);
            if (!JSON.readTree(got.body()).get("job_id").asString().equals(jobId)) {
                throw new AssertionError("unexpected delivery " + got.text());
            }
            idle[i] = got.receivedAtMillis() - occurredAt(got);
            polled[i] = seenByPolling - occurredAt(got);
        }
        print("completion -> webhook receipt, idle workers, minimal jobs", idle);
        print("completion -> seen by a client polling GET /api/v1/jobs/{id} every 100 ms (same jobs)", polled);

        // Latency while both job workers analyse engine jobs (deliveries have a scheduler of their own).
        int busyJobs = ROUNDS;
        int before = r.received().size();
        ExecutorService submitters = Executors.newFixedThreadPool(8);
        List<Future<String>> ids = new ArrayList<>();
        for (int i = 0; i < busyJobs; i++) {
            ids.add(submitters.submit(() -> submit(t, onePage, "engine")));
        }
        for (var f : ids) {
            f.get();
        }
        submitters.shutdown();
        var busy = r.await(event("job.completed"), before + busyJobs, Duration.ofMinutes(10))
                .subList(before, before + busyJobs);
        print("completion -> webhook receipt, busy workers (" + busyJobs + " engine jobs queued at once)",
                busy.stream().mapToDouble(g -> g.receivedAtMillis() - occurredAt(g)).toArray());

        throughput(t);
    }

    private void throughput(TenantKey t) throws Exception {
        var receivers = new ArrayList<HttpsReceiver>();
        var urls = new ArrayList<String>();
        for (int i = 0; i < HOOKS; i++) {
            HttpsReceiver x = receiver();
            receivers.add(x);
            urls.add(x.url("/fanout"));
            webhook(t, Map.of("url", urls.get(i), "events", List.of("tenant.plan.changed")));
        }
        var tx = new TransactionTemplate(transactions);
        // Warm-up round.
        tx.executeWithoutResult(s -> events.publishEvent(new TenantPlanChanged(t.tenantId(), Plan.SCALE, Plan.ENTERPRISE)));
        for (HttpsReceiver x : receivers) {
            x.await(event("tenant.plan.changed"), 1, Duration.ofSeconds(60));
        }
        long t0 = System.nanoTime();
        for (int i = 0; i < EVENTS; i++) {
            tx.executeWithoutResult(s -> events.publishEvent(new TenantPlanChanged(t.tenantId(), Plan.SCALE,
                    Plan.ENTERPRISE)));
        }
        double publishSeconds = (System.nanoTime() - t0) / 1e9;
        for (HttpsReceiver x : receivers) {
            x.await(event("tenant.plan.changed"), EVENTS + 1, Duration.ofMinutes(10));
        }
        double seconds = (System.nanoTime() - t0) / 1e9;
        int deliveries = EVENTS * HOOKS;
        System.out.printf("BENCH throughput: %d events x %d webhooks = %d signed HTTPS deliveries in %.1f s = %.0f "
                        + "deliveries/s (events recorded in %.1f s, %.0f/s)%n", EVENTS, HOOKS, deliveries, seconds,
                deliveries / seconds, publishSeconds, EVENTS / publishSeconds);

        // Baseline: a bare HTTPS client (the same one deliveries use), 4 threads, posting the same body size.
        byte[] body = receivers.get(0).received().get(1).body();
        try (var http = new OutboundHttp(new OutboundHttp.Policy(true, false),
                OutboundHttp.trusting(TestTls.trustStore(), TestTls.PASSWORD), OutboundHttp.AddressResolver.system(),
                "bench", Duration.ofSeconds(10))) {
            ExecutorService pool = Executors.newFixedThreadPool(4);
            var sent = new AtomicInteger();
            long b0 = System.nanoTime();
            var futures = new ArrayList<Future<?>>();
            for (int w = 0; w < 4; w++) {
                futures.add(pool.submit(() -> {
                    while (sent.getAndIncrement() < deliveries) {
                        http.post(urls.get(sent.get() % urls.size()), Map.of("Content-Type", "application/json"), body);
                    }
                    return null;
                }));
            }
            for (var f : futures) {
                f.get();
            }
            pool.shutdown();
            double bs = (System.nanoTime() - b0) / 1e9;
            System.out.printf("BENCH baseline: bare HTTPS POSTs, 4 threads, same receiver: %d in %.1f s = %.0f/s%n",
                    deliveries, bs, deliveries / bs);
        }
    }

    private String submit(TenantKey t, byte[] pdf, String source) {
        var r = api.postForm("/api/v1/jobs", t.key(), Api.form().file("file", "bench.pdf", pdf)
                .field("preflight_source", source));
        if (r.status() != 202) {
            throw new AssertionError(r.status() + " " + r.text());
        }
        return r.json().get("job_id").asString();
    }

    /** Wall-clock millis when a poller (every 100 ms, starting at submit) saw the job done. */
    private long pollUntilDone(TenantKey t, String jobId) throws InterruptedException {
        while (true) {
            var j = api.get("/api/v1/jobs/" + jobId, t.key()).json();
            String status = j.get("status").asString();
            if (!status.equals("queued") && !status.equals("pending")) {
                return System.currentTimeMillis();
            }
            Thread.sleep(100);
        }
    }

    private static long occurredAt(HttpsReceiver.Received got) {
        return Instant.parse(JSON.readTree(got.body()).get("occurred_at").asString()).toEpochMilli();
    }

    private static void print(String what, double[] ms) {
        System.out.printf("BENCH latency %s: p50 %.0f ms, p90 %.0f ms, max %.0f ms "
                + "(n=%d)%n", what, pct(ms, 50), pct(ms, 90), pct(ms, 100), ms.length);
    }

    private static double pct(double[] values, int p) {
        double[] v = values.clone();
        Arrays.sort(v);
        int i = (int) Math.ceil(p / 100.0 * v.length) - 1;
        return v[Math.max(0, Math.min(v.length - 1, i))];
    }
}
