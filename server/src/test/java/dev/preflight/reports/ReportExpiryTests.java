package dev.preflight.reports;

import dev.preflight.support.EventLog;
import dev.preflight.support.Subscriptions;
import dev.preflight.support.TestClock;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import tools.jackson.databind.JsonNode;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Expiry on a controllable clock: links stop answering at expires_at, the sweep deletes files once per token. */
class ReportExpiryTests extends ReportFixtures {

    @Autowired
    TestClock clock;

    @Autowired
    ReportExpirySweep sweep;

    @Autowired
    EventLog events;

    @AfterEach
    void resetClock() {
        clock.reset();
    }

    @Test
    void expiredLinksAnswer410AndTheSweepExpiresEachTokenOnce() {
        TenantKey t = newTenant("growth");
        // job.state_changed is assembled only for a tenant with a webhook that receives it
        Subscriptions.subscribe(api, t.key(), List.of("job.state_changed"));
        String job = completedJob(t);
        JsonNode soon = mint(t, job, Map.of("formats", List.of("pdf"), "expiry_days", 1)).json().get("reports").get(0);
        var forever = new LinkedHashMap<String, Object>();
        forever.put("formats", List.of("json"));
        forever.put("expiry_days", null);
        JsonNode never = mint(t, job, forever).json().get("reports").get(0);
        String token = soon.get("token").asString();
        assertThat(api.get(path(soon), null).status()).isEqualTo(200);

        clock.advance(Duration.ofHours(23));
        sweep.sweep();
        assertThat(api.get("/api/v1/reports/tokens/" + token, null).status()).isEqualTo(200);

        clock.advance(Duration.ofHours(2));
        assertThat(api.get("/api/v1/reports/tokens/" + token, null).status()).as("before the sweep").isEqualTo(410);
        assertThat(api.get("/r/" + token, null).status()).isEqualTo(410);
        assertThat(events.of(ReportExpired.class).stream().filter(e -> e.token().equals(token))).isEmpty();

        int expired = sweep.sweep();
        assertThat(expired).isGreaterThanOrEqualTo(1);
        var mine = events.of(ReportExpired.class).stream().filter(e -> e.token().equals(token)).toList();
        assertThat(mine).hasSize(1);
        assertThat(mine.get(0).tenantId()).isEqualTo(t.tenantId());
        assertThat(mine.get(0).jobId()).isEqualTo(job);
        assertThat(mine.get(0).format()).isEqualTo("pdf");
        assertThat(mine.get(0).expiresAt().toString()).isEqualTo(soon.get("expires_at").asString());
        // The job state follows the sweep, although no request is there to derive the remaining link's URL from.
        assertThat(events.of(dev.preflight.review.JobStateChanged.class).stream().filter(e -> e.jobId().equals(job))
                .map(dev.preflight.review.JobStateChanged::reason)).contains("report_expired");
        assertThat(api.get("/api/v1/reports/tokens/" + token, null).status()).isEqualTo(410);
        assertThat(api.get(path(soon), null).status()).isEqualTo(410);

        sweep.sweep();
        assertThat(events.of(ReportExpired.class).stream().filter(e -> e.token().equals(token))).hasSize(1);
        JsonNode list = api.get("/api/v1/jobs/" + job + "/reports", t.key()).json().get("reports");
        assertThat(list).hasSize(1);
        assertThat(list.get(0).get("token").asString()).isEqualTo(never.get("token").asString());

        clock.advance(Duration.ofDays(3650));
        sweep.sweep();
        assertThat(api.get(path(never), null).status()).as("no expiry").isEqualTo(200);
    }
}
