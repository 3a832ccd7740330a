-- Billing: a tenant's own terms where the operator set them (null = the plan's default), and usage per cycle
-- (billing_month = the calendar month, e.g. 2026-11). Usage only changes through single conditional UPDATEs.
CREATE TABLE billing_accounts (
    tenant_id            VARCHAR(36) PRIMARY KEY REFERENCES tenants (id),
    included_files       INTEGER,
    overage_enabled      BOOLEAN,
    overage_rate_cents   INTEGER,
    ai_monthly_cap_cents BIGINT,
    requests_per_minute  INTEGER,
    updated_at           TIMESTAMP WITH TIME ZONE NOT NULL
);

CREATE TABLE billing_usage (
    tenant_id          VARCHAR(36) NOT NULL REFERENCES tenants (id),
    billing_month      VARCHAR(16) NOT NULL,
    files_used         INTEGER     NOT NULL,
    overage_cost_cents BIGINT      NOT NULL,
    ai_used_millicents BIGINT      NOT NULL,
    PRIMARY KEY (tenant_id, billing_month)
);
