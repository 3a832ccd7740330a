package dev.preflight.billing;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.github.bucket4j.Bandwidth;
import io.github.bucket4j.Bucket;
import io.github.bucket4j.BucketConfiguration;
import io.github.bucket4j.distributed.ExpirationAfterWriteStrategy;
import io.github.bucket4j.distributed.jdbc.PrimaryKeyMapper;
import io.github.bucket4j.postgresql.Bucket4jPostgreSQL;
import io.github.bucket4j.postgresql.PostgreSQLSelectForUpdateBasedProxyManager;

import javax.sql.DataSource;
import java.time.Duration;
import java.util.function.Supplier;

/**
 * Where the request-rate token buckets live: in this node's memory (the embedded H2 default: one node), or in the
 * PostgreSQL table {@code rate_limit_buckets} that every node shares, so that N nodes together admit a key's rate
 * and not N times it (Bucket4j's PostgreSQL backend, each use a {@code SELECT ... FOR UPDATE} transaction).
 */
sealed interface RateLimitBuckets {

    /**
     * A bucket refills to full within a minute (capacity = the per-minute rate); one unused for longer than this is
     * full, so forgetting it and starting afresh changes nothing.
     */
    Duration IDLE_UNTIL_FULL = Duration.ofMinutes(1).plusSeconds(10);

    /** The key's bucket, created with the configuration when it does not exist yet. */
    Bucket bucket(String key, Supplier<BucketConfiguration> configuration);

    /** Deletes stored buckets idle long enough to be full again; how many went. */
    int removeExpired();

    /** For the log: where the buckets are. */
    String where();

    /** Buckets in this node's memory, forgotten once idle long enough to be full again. */
    final class InMemory implements RateLimitBuckets {

        private final Cache<String, Bucket> buckets = Caffeine.newBuilder().expireAfterAccess(IDLE_UNTIL_FULL)
                .build();

        @Override
        public Bucket bucket(String key, Supplier<BucketConfiguration> configuration) {
            return buckets.get(key, k -> {
                var builder = Bucket.builder();
                for (Bandwidth limit : configuration.get().getBandwidths()) {
                    builder.addLimit(limit);
                }
                return builder.build();
            });
        }

        @Override
        public int removeExpired() {
            buckets.cleanUp();
            return 0;
        }

        @Override
        public String where() {
            return "this node's memory";
        }
    }

    /** Buckets as rows of {@code rate_limit_buckets} (migration db/migration/postgresql/V103), shared by every node. */
    final class Postgresql implements RateLimitBuckets {

        static final String TABLE = "rate_limit_buckets";
        private static final int REMOVE_BATCH = 1_000;

        private final PostgreSQLSelectForUpdateBasedProxyManager<String> buckets;

        Postgresql(DataSource dataSource) {
            this.buckets = Bucket4jPostgreSQL.selectForUpdateBasedBuilder(dataSource)
                    .primaryKeyMapper(PrimaryKeyMapper.STRING)
                    .table(TABLE)
                    .idColumn("id")
                    .stateColumn("state")
                    .expiresAtColumn("expires_at")
                    .expirationAfterWrite(ExpirationAfterWriteStrategy
                            .basedOnTimeForRefillingBucketUpToMax(IDLE_UNTIL_FULL.minusMinutes(1)))
                    .build();
        }

        @Override
        public Bucket bucket(String key, Supplier<BucketConfiguration> configuration) {
            return buckets.builder().build(key, configuration);
        }

        @Override
        public int removeExpired() {
            int removed = 0;
            int batch;
            do {
                batch = buckets.removeExpired(REMOVE_BATCH);
                removed += batch;
            } while (batch == REMOVE_BATCH);
            return removed;
        }

        @Override
        public String where() {
            return "the PostgreSQL table " + TABLE + " (shared by every node)";
        }
    }
}
