package dev.preflight.billing;

import com.github.kagkarlsson.scheduler.task.Task;
import com.github.kagkarlsson.scheduler.task.helper.Tasks;
import com.github.kagkarlsson.scheduler.task.schedule.Schedules;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.support.JdbcUtils;
import org.springframework.jdbc.support.MetaDataAccessException;

import javax.sql.DataSource;
import java.sql.DatabaseMetaData;
import java.time.Duration;

/**
 * Picks where the rate-limit buckets live by the database in use (PostgreSQL: the shared table; otherwise memory),
 * and sweeps stored buckets that have been idle long enough to be full again (every few minutes, on one node).
 */
@Configuration
class RateLimitStorage {

    private static final Logger log = LoggerFactory.getLogger(RateLimitStorage.class);

    @Bean
    RateLimitBuckets rateLimitBuckets(DataSource dataSource) {
        RateLimitBuckets buckets = isPostgresql(dataSource) ? new RateLimitBuckets.Postgresql(dataSource)
                : new RateLimitBuckets.InMemory();
        log.info("request rate-limit buckets in {}", buckets.where());
        return buckets;
    }

    @Bean
    Task<Void> rateLimitBucketSweepTask(RateLimitBuckets buckets) {
        return Tasks.recurring("rate-limit-bucket-sweep", Schedules.fixedDelay(Duration.ofMinutes(10)))
                .execute((instance, ctx) -> {
                    int removed = buckets.removeExpired();
                    if (removed > 0) {
                        log.debug("rate-limit bucket sweep: {} idle bucket(s) removed", removed);
                    }
                });
    }

    static boolean isPostgresql(DataSource dataSource) {
        try {
            String product = JdbcUtils.extractDatabaseMetaData(dataSource, DatabaseMetaData::getDatabaseProductName);
            return "PostgreSQL".equals(JdbcUtils.commonDatabaseName(product));
        } catch (MetaDataAccessException e) {
            throw new IllegalStateException("cannot tell which database this is: " + e.getMessage(), e);
        }
    }
}
