-- Webhooks (spec: Webhook) and their deliveries (spec: Webhook delivery). A deleted webhook keeps its row
-- (deleted_at) so that its deliveries stay listed; replaying them answers 409.
CREATE TABLE webhooks (
    id                         VARCHAR(36)   PRIMARY KEY,
    tenant_id                  VARCHAR(36)   NOT NULL REFERENCES tenants (id),
    url                        VARCHAR(2048) NOT NULL,
    events                     VARCHAR       NOT NULL,
    is_active                  BOOLEAN       NOT NULL,
    max_retries                INTEGER,
    retry_base_delay_seconds   INTEGER       NOT NULL,
    retry_max_delay_seconds    INTEGER       NOT NULL,
    delivery_retention_days    INTEGER,
    retention_overrides        VARCHAR       NOT NULL,
    signing_secret             VARCHAR(128)  NOT NULL,
    previous_signing_secret    VARCHAR(128),
    previous_secret_expires_at TIMESTAMP WITH TIME ZONE,
    created_at                 TIMESTAMP WITH TIME ZONE NOT NULL,
    updated_at                 TIMESTAMP WITH TIME ZONE NOT NULL,
    deleted_at                 TIMESTAMP WITH TIME ZONE
);
CREATE INDEX webhooks_tenant_idx ON webhooks (tenant_id, created_at);

-- fanout_key (<event_id>:<webhook_id>) makes dispatch idempotent; replays leave it null and name their original.
CREATE TABLE webhook_deliveries (
    id                VARCHAR(36)   PRIMARY KEY,
    tenant_id         VARCHAR(36)   NOT NULL,
    webhook_id        VARCHAR(36)   NOT NULL REFERENCES webhooks (id),
    event_id          VARCHAR(36)   NOT NULL,
    event_type        VARCHAR(64)   NOT NULL,
    url               VARCHAR(2048) NOT NULL,
    body              VARCHAR       NOT NULL,
    fanout_key        VARCHAR(80)   UNIQUE,
    replay_of         VARCHAR(36),
    attempt_count     INTEGER       NOT NULL,
    final_status_code INTEGER,
    success           BOOLEAN       NOT NULL,
    finished          BOOLEAN       NOT NULL,
    last_error        VARCHAR,
    created_at        TIMESTAMP WITH TIME ZONE NOT NULL,
    delivered_at      TIMESTAMP WITH TIME ZONE
);
CREATE INDEX webhook_deliveries_tenant_idx ON webhook_deliveries (tenant_id, created_at);
CREATE INDEX webhook_deliveries_webhook_idx ON webhook_deliveries (webhook_id, event_type, created_at);
