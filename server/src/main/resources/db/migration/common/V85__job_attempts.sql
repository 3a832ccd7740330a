-- One row per processing attempt of a job: which node ran it, when, and how it ended. A job revived after its
-- worker died (kill -9) or handed back at a graceful stop shows two or more rows; only one of them completes it.
-- outcome: running (not ended yet), completed, failed, interrupted (its node died; another attempt took over),
-- released (handed back at a graceful stop), superseded (another attempt had already finished the job).
CREATE TABLE job_attempts (
    job_id     VARCHAR(36)  NOT NULL REFERENCES jobs (id) ON DELETE CASCADE,
    attempt    INTEGER      NOT NULL,
    tenant_id  VARCHAR(36)  NOT NULL,
    node       VARCHAR(64)  NOT NULL,
    started_at TIMESTAMP WITH TIME ZONE NOT NULL,
    ended_at   TIMESTAMP WITH TIME ZONE,
    outcome    VARCHAR(16)  NOT NULL,
    PRIMARY KEY (job_id, attempt)
);
CREATE INDEX job_attempts_node_idx ON job_attempts (node, outcome);
