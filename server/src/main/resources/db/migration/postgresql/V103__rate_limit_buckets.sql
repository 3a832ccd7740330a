-- Request rate-limit token buckets shared by every node (billing.RateLimitBuckets, Bucket4j's PostgreSQL backend):
-- one row per API key; state is Bucket4j's serialised bucket; expires_at (epoch milliseconds) is when the bucket
-- would be full again, after which the sweep may delete the row. On H2 (one node) the buckets live in memory.
CREATE TABLE rate_limit_buckets (
    id         VARCHAR(64) PRIMARY KEY,
    state      BYTEA,
    expires_at BIGINT
);
CREATE INDEX rate_limit_buckets_expires_idx ON rate_limit_buckets (expires_at);
