-- AI explanations of findings, cached per finding: a row is reused while the prompt it answered (finding, check
-- description, measured details, model) is unchanged; fingerprint is the SHA-256 of that prompt.
CREATE TABLE ai_explanations (
    finding_id   VARCHAR(36)   PRIMARY KEY,
    tenant_id    VARCHAR(36)   NOT NULL REFERENCES tenants (id),
    job_id       VARCHAR(36)   NOT NULL,
    fingerprint  VARCHAR(64)   NOT NULL,
    explanation  VARCHAR       NOT NULL,
    model        VARCHAR(200)  NOT NULL,
    cost_millicents BIGINT     NOT NULL,
    created_at   TIMESTAMP WITH TIME ZONE NOT NULL
);
CREATE INDEX ai_explanations_job_idx ON ai_explanations (tenant_id, job_id);

-- AI audits of findings, made after a job completes when AI is on for it (ai_enabled, ai_preset).
CREATE TABLE ai_finding_audits (
    finding_id   VARCHAR(36)   PRIMARY KEY,
    tenant_id    VARCHAR(36)   NOT NULL REFERENCES tenants (id),
    job_id       VARCHAR(36)   NOT NULL,
    status       VARCHAR(32)   NOT NULL,
    rationale    VARCHAR,
    model        VARCHAR(200)  NOT NULL,
    audited_at   TIMESTAMP WITH TIME ZONE NOT NULL
);
CREATE INDEX ai_finding_audits_job_idx ON ai_finding_audits (tenant_id, job_id);
