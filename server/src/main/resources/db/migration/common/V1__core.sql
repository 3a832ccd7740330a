-- Core schema: tenants, API keys, jobs and their findings. Runs unchanged on H2 and PostgreSQL:
-- JSON is stored as text (VARCHAR without length), times as TIMESTAMP WITH TIME ZONE.

CREATE TABLE tenants (
    id          VARCHAR(36)  PRIMARY KEY,
    name        VARCHAR(255) NOT NULL,
    plan        VARCHAR(32)  NOT NULL,
    created_at  TIMESTAMP WITH TIME ZONE NOT NULL
);

CREATE TABLE plan_entitlements (
    plan        VARCHAR(32)  NOT NULL,
    feature     VARCHAR(64)  NOT NULL,
    feature_value VARCHAR(255) NOT NULL,
    PRIMARY KEY (plan, feature)
);

CREATE TABLE api_keys (
    id          VARCHAR(36)  PRIMARY KEY,
    tenant_id   VARCHAR(36)  NOT NULL REFERENCES tenants (id),
    prefix      VARCHAR(32)  NOT NULL,
    key_hash    VARCHAR(64)  NOT NULL UNIQUE,
    mode        VARCHAR(8)   NOT NULL,
    permissions VARCHAR      NOT NULL,
    created_at  TIMESTAMP WITH TIME ZONE NOT NULL,
    revoked_at  TIMESTAMP WITH TIME ZONE
);
CREATE INDEX api_keys_tenant_idx ON api_keys (tenant_id);

CREATE TABLE jobs (
    id               VARCHAR(36)  PRIMARY KEY,
    tenant_id        VARCHAR(36)  NOT NULL REFERENCES tenants (id),
    status           VARCHAR(16)  NOT NULL,
    profile_id       VARCHAR(128) NOT NULL,
    preflight_source VARCHAR(16)  NOT NULL,
    external_format  VARCHAR(32),
    mapping_id       VARCHAR(36),
    options          VARCHAR      NOT NULL,
    file_name        VARCHAR(1024) NOT NULL,
    file_size        BIGINT       NOT NULL,
    input_type       VARCHAR(16),
    page_count       INTEGER,
    pdf_version      VARCHAR(8),
    pages            VARCHAR,
    total_findings   INTEGER      NOT NULL DEFAULT 0,
    error_count      INTEGER      NOT NULL DEFAULT 0,
    warning_count    INTEGER      NOT NULL DEFAULT 0,
    advisory_count   INTEGER      NOT NULL DEFAULT 0,
    info_count       INTEGER      NOT NULL DEFAULT 0,
    passed           BOOLEAN,
    error            VARCHAR,
    external_source  VARCHAR,
    capabilities     VARCHAR,
    jdf_context      VARCHAR,
    epm_verdict      VARCHAR,
    attempts         INTEGER      NOT NULL DEFAULT 0,
    created_at       TIMESTAMP WITH TIME ZONE NOT NULL,
    started_at       TIMESTAMP WITH TIME ZONE,
    completed_at     TIMESTAMP WITH TIME ZONE,
    duration_ms      BIGINT
);
CREATE INDEX jobs_tenant_created_idx ON jobs (tenant_id, created_at);
CREATE INDEX jobs_status_idx ON jobs (status);

CREATE TABLE findings (
    id             VARCHAR(36)  PRIMARY KEY,
    job_id         VARCHAR(36)  NOT NULL REFERENCES jobs (id) ON DELETE CASCADE,
    tenant_id      VARCHAR(36)  NOT NULL,
    seq            INTEGER      NOT NULL,
    inspection_id  VARCHAR(255) NOT NULL,
    severity       VARCHAR(16)  NOT NULL,
    message        VARCHAR      NOT NULL,
    page_num       INTEGER      NOT NULL,
    bbox           VARCHAR(255),
    object_id      VARCHAR(255),
    object_type    VARCHAR(64),
    category       VARCHAR(64),
    iso_clause     VARCHAR(128),
    details        VARCHAR,
    source         VARCHAR(128) NOT NULL
);
CREATE INDEX findings_job_idx ON findings (job_id, seq);

CREATE TABLE tenant_profiles (
    id          VARCHAR(36)  PRIMARY KEY,
    tenant_id   VARCHAR(36)  NOT NULL REFERENCES tenants (id),
    profile_id  VARCHAR(128) NOT NULL,
    name        VARCHAR(255) NOT NULL,
    description VARCHAR,
    body        VARCHAR      NOT NULL,
    created_at  TIMESTAMP WITH TIME ZONE NOT NULL,
    CONSTRAINT tenant_profiles_unique UNIQUE (tenant_id, profile_id)
);

-- The built-in tenant that auth mode "none" (self-hosted default) resolves every request to.
INSERT INTO tenants (id, name, plan, created_at)
VALUES ('00000000-0000-0000-0000-000000000001', 'Self-hosted', 'enterprise', TIMESTAMP WITH TIME ZONE '2026-01-01 00:00:00+00');

-- Plan entitlements read by later features (spec: Authentication, plan gates).
INSERT INTO plan_entitlements (plan, feature, feature_value) VALUES
 ('viewer', 'max_upload_mb', '50'), ('starter', 'max_upload_mb', '100'), ('growth', 'max_upload_mb', '250'),
 ('scale', 'max_upload_mb', '500'), ('enterprise', 'max_upload_mb', '1024'),
 ('viewer', 'capability_fillin', 'false'), ('starter', 'capability_fillin', 'true'), ('growth', 'capability_fillin', 'true'),
 ('scale', 'capability_fillin', 'true'), ('enterprise', 'capability_fillin', 'true'),
 ('viewer', 'annotations', 'false'), ('starter', 'annotations', 'true'), ('growth', 'annotations', 'true'),
 ('scale', 'annotations', 'true'), ('enterprise', 'annotations', 'true'),
 ('viewer', 'report_formats', ''), ('starter', 'report_formats', 'json,html,pdf,xml'), ('growth', 'report_formats', 'json,html,pdf,xml'),
 ('scale', 'report_formats', 'json,html,pdf,xml,annotated_pdf'), ('enterprise', 'report_formats', 'json,html,pdf,xml,annotated_pdf'),
 ('viewer', 'webhooks', 'false'), ('starter', 'webhooks', 'false'), ('growth', 'webhooks', 'true'),
 ('scale', 'webhooks', 'true'), ('enterprise', 'webhooks', 'true'),
 ('viewer', 'vanity_endpoints', 'false'), ('starter', 'vanity_endpoints', 'false'), ('growth', 'vanity_endpoints', 'true'),
 ('scale', 'vanity_endpoints', 'true'), ('enterprise', 'vanity_endpoints', 'true'),
 ('viewer', 'brand_profiles', 'false'), ('starter', 'brand_profiles', 'false'), ('growth', 'brand_profiles', 'false'),
 ('scale', 'brand_profiles', 'true'), ('enterprise', 'brand_profiles', 'true'),
 ('viewer', 'custom_domains', 'false'), ('starter', 'custom_domains', 'false'), ('growth', 'custom_domains', 'false'),
 ('scale', 'custom_domains', 'true'), ('enterprise', 'custom_domains', 'true'),
 ('viewer', 'white_label', 'false'), ('starter', 'white_label', 'false'), ('growth', 'white_label', 'false'),
 ('scale', 'white_label', 'true'), ('enterprise', 'white_label', 'true'),
 ('viewer', 'custom_profiles', 'false'), ('starter', 'custom_profiles', 'true'), ('growth', 'custom_profiles', 'true'),
 ('scale', 'custom_profiles', 'true'), ('enterprise', 'custom_profiles', 'true');
