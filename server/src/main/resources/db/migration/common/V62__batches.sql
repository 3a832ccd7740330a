-- Batch submissions: one row per batch, one per submitted file or archive member (a job, or the reason it is none).
CREATE TABLE batches (
    id          VARCHAR(36) PRIMARY KEY,
    tenant_id   VARCHAR(36) NOT NULL REFERENCES tenants (id),
    item_count  INTEGER     NOT NULL,
    created_at  TIMESTAMP WITH TIME ZONE NOT NULL
);
CREATE INDEX batches_tenant_idx ON batches (tenant_id, created_at);

CREATE TABLE batch_items (
    batch_id    VARCHAR(36)   NOT NULL REFERENCES batches (id) ON DELETE CASCADE,
    tenant_id   VARCHAR(36)   NOT NULL,
    seq         INTEGER       NOT NULL,
    part_index  INTEGER       NOT NULL,
    name        VARCHAR(1024) NOT NULL,
    archive     VARCHAR(1024),
    job_id      VARCHAR(36),
    error_code  VARCHAR(32),
    error       VARCHAR,
    PRIMARY KEY (batch_id, seq)
);
CREATE INDEX batch_items_job_idx ON batch_items (job_id);
