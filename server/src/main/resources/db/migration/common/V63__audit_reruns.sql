-- Audit reruns: a completed job analysed again; the run keeps the findings it replaced, each with its audit status.
CREATE TABLE audit_reruns (
    id                   VARCHAR(36)  PRIMARY KEY,
    tenant_id            VARCHAR(36)  NOT NULL REFERENCES tenants (id),
    job_id               VARCHAR(36)  NOT NULL,
    status               VARCHAR(16)  NOT NULL,
    profile_id           VARCHAR(128) NOT NULL,
    previous_profile_id  VARCHAR(128) NOT NULL,
    previous_summary     VARCHAR      NOT NULL,
    summary              VARCHAR,
    previous_findings    VARCHAR,
    confirmed_count      INTEGER      NOT NULL DEFAULT 0,
    not_reproduced_count INTEGER      NOT NULL DEFAULT 0,
    new_count            INTEGER      NOT NULL DEFAULT 0,
    error                VARCHAR,
    attempts             INTEGER      NOT NULL DEFAULT 0,
    requested_at         TIMESTAMP WITH TIME ZONE NOT NULL,
    completed_at         TIMESTAMP WITH TIME ZONE
);
CREATE INDEX audit_reruns_job_idx ON audit_reruns (tenant_id, job_id, requested_at);

-- The audit status of each current finding of a job after its latest rerun (confirmed or new).
CREATE TABLE finding_audits (
    finding_id  VARCHAR(36)  PRIMARY KEY,
    tenant_id   VARCHAR(36)  NOT NULL,
    job_id      VARCHAR(36)  NOT NULL,
    audit_id    VARCHAR(36)  NOT NULL,
    status      VARCHAR(32)  NOT NULL,
    rationale   VARCHAR,
    audited_at  TIMESTAMP WITH TIME ZONE NOT NULL
);
CREATE INDEX finding_audits_job_idx ON finding_audits (tenant_id, job_id);
