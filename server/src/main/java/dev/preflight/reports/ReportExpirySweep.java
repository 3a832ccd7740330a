package dev.preflight.reports;

import com.github.kagkarlsson.scheduler.task.Task;
import com.github.kagkarlsson.scheduler.task.helper.Tasks;
import com.github.kagkarlsson.scheduler.task.schedule.Schedules;
import dev.preflight.platform.BlobStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;

/**
 * The expiry sweep: a db-scheduler recurring task (nightly by default, {@code preflight.reports.sweep-cron}) that
 * deletes the files of report tokens past their {@code expires_at} and publishes {@link ReportExpired} once per
 * token. Idempotent: a token is claimed by a conditional update, so two nodes (or a re-run) never expire it twice.
 */
@Configuration
class ReportExpirySweep {

    private static final Logger log = LoggerFactory.getLogger(ReportExpirySweep.class);
    private static final int BATCH = 200;

    private final ReportRepository repository;
    private final BlobStore blobs;
    private final ApplicationEventPublisher events;
    private final TransactionTemplate transaction;
    private final Clock clock;

    ReportExpirySweep(ReportRepository repository, BlobStore blobs, ApplicationEventPublisher events,
                      PlatformTransactionManager transactions, Clock clock) {
        this.repository = repository;
        this.blobs = blobs;
        this.events = events;
        this.transaction = new TransactionTemplate(transactions);
        this.clock = clock;
    }

    @Bean
    Task<Void> reportExpirySweepTask(ReportsProperties properties) {
        return Tasks.recurring("report-expiry-sweep", Schedules.cron(properties.sweepCron()))
                .execute((instance, ctx) -> sweep());
    }

    /** Expires every token due at the clock's now; returns how many this call expired. */
    int sweep() {
        Instant now = clock.instant().truncatedTo(ChronoUnit.MILLIS);
        int expired = 0;
        while (true) {
            List<ReportToken> due = repository.dueForExpiry(now, BATCH);
            int before = expired;
            for (ReportToken t : due) {
                Boolean mine = transaction.execute(status -> {
                    if (repository.markExpired(t.id(), now) == 0) {
                        return false;
                    }
                    events.publishEvent(new ReportExpired(t.tenantId(), t.jobId(), t.token(), t.format(),
                            t.expiresAt(), now));
                    return true;
                });
                if (Boolean.TRUE.equals(mine)) {
                    expired++;
                    if (t.blobKey() != null) {
                        delete(t.blobKey());
                    }
                }
            }
            if (due.size() < BATCH || expired == before) {
                break;
            }
        }
        if (expired > 0) {
            log.info("report expiry sweep: {} link(s) expired", expired);
        }
        return expired;
    }

    private void delete(String key) {
        try {
            blobs.deletePrefix(key);
        } catch (java.io.IOException e) {
            log.warn("could not delete expired report file {}: {}", key, e.getMessage());
        }
    }
}
