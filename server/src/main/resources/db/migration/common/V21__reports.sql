-- Reports: minted artifacts, their share tokens and visits. One mint (a call) carries the branding frozen for all its
-- formats; each format has its own token.

CREATE TABLE report_mints (
    id           VARCHAR(36)  PRIMARY KEY,
    tenant_id    VARCHAR(36)  NOT NULL REFERENCES tenants (id),
    job_id       VARCHAR(36)  NOT NULL,
    branding     VARCHAR      NOT NULL,
    detail_level VARCHAR(16)  NOT NULL,
    summary_page VARCHAR(16)  NOT NULL,
    created_at   TIMESTAMP WITH TIME ZONE NOT NULL
);
CREATE INDEX report_mints_job_idx ON report_mints (tenant_id, job_id);

CREATE TABLE report_tokens (
    id                    VARCHAR(36)  PRIMARY KEY,
    mint_id               VARCHAR(36)  NOT NULL REFERENCES report_mints (id) ON DELETE CASCADE,
    tenant_id             VARCHAR(36)  NOT NULL REFERENCES tenants (id),
    job_id                VARCHAR(36)  NOT NULL,
    token                 VARCHAR(64)  NOT NULL,
    -- Lookups go by the token's SHA-256, then compare in constant time.
    token_hash            VARCHAR(64)  NOT NULL UNIQUE,
    format                VARCHAR(32)  NOT NULL,
    blob_key              VARCHAR(512),
    content_type          VARCHAR(64)  NOT NULL,
    size_bytes            BIGINT       NOT NULL,
    file_name             VARCHAR(255) NOT NULL,
    expires_at            TIMESTAMP WITH TIME ZONE,
    created_at            TIMESTAMP WITH TIME ZONE NOT NULL,
    revoked_at            TIMESTAMP WITH TIME ZONE,
    expired_at            TIMESTAMP WITH TIME ZONE,
    accessed_count        BIGINT       NOT NULL DEFAULT 0,
    last_accessed_at      TIMESTAMP WITH TIME ZONE,
    allow_annotations     BOOLEAN      NOT NULL,
    require_visitor_email BOOLEAN      NOT NULL
);
CREATE INDEX report_tokens_job_idx ON report_tokens (tenant_id, job_id, created_at);
CREATE INDEX report_tokens_mint_idx ON report_tokens (mint_id);
CREATE INDEX report_tokens_expiry_idx ON report_tokens (expires_at);

-- First and last touch per (token, visitor); visitor_key is the SHA-256 of the lower-cased email ('-' unidentified).
CREATE TABLE report_visits (
    token_id      VARCHAR(36)  NOT NULL REFERENCES report_tokens (id) ON DELETE CASCADE,
    visitor_key   VARCHAR(64)  NOT NULL,
    visitor_email VARCHAR(320),
    first_seen_at TIMESTAMP WITH TIME ZONE NOT NULL,
    last_seen_at  TIMESTAMP WITH TIME ZONE NOT NULL,
    visits        BIGINT       NOT NULL,
    PRIMARY KEY (token_id, visitor_key)
);

-- Secrets of the reports module shared by every node (the visitor-identification signing key).
CREATE TABLE report_settings (
    name          VARCHAR(64)  PRIMARY KEY,
    setting_value VARCHAR(255) NOT NULL
);

-- Default report expiry per plan (spec: "tenant/plan default, typically 7 days").
INSERT INTO plan_entitlements (plan, feature, feature_value) VALUES
 ('viewer', 'report_expiry_days', '7'), ('starter', 'report_expiry_days', '7'), ('growth', 'report_expiry_days', '7'),
 ('scale', 'report_expiry_days', '7'), ('enterprise', 'report_expiry_days', '7');
