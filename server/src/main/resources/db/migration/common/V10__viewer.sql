-- Viewer: what the viewer computes about a job beyond its ingest, and the viewer's own records. Every row is the
-- tenant's and is deleted with its job (jobs.JobDeleted). JSON is stored as text.

-- One facts pass over the job's PDF: document info, fonts and images (info, fonts and images routes).
CREATE TABLE viewer_inspections (
    job_id      VARCHAR(36)  PRIMARY KEY,
    tenant_id   VARCHAR(36)  NOT NULL,
    status      VARCHAR(16)  NOT NULL,
    error       VARCHAR,
    info        VARCHAR,
    fonts       VARCHAR,
    images      VARCHAR,
    created_at  TIMESTAMP WITH TIME ZONE NOT NULL
);

-- One document-wide ink pass (Ghostscript separations): the channel list and the TAC summary per page.
CREATE TABLE viewer_ink (
    job_id      VARCHAR(36)  PRIMARY KEY,
    tenant_id   VARCHAR(36)  NOT NULL,
    status      VARCHAR(16)  NOT NULL,
    error       VARCHAR,
    dpi         INTEGER,
    channels    VARCHAR,
    pages       VARCHAR,
    created_at  TIMESTAMP WITH TIME ZONE NOT NULL
);

-- OCR word boxes, one row per page (text_regions capability).
CREATE TABLE viewer_text_regions (
    job_id      VARCHAR(36)  NOT NULL,
    page_num    INTEGER      NOT NULL,
    tenant_id   VARCHAR(36)  NOT NULL,
    dpi         INTEGER      NOT NULL,
    words       VARCHAR      NOT NULL,
    PRIMARY KEY (job_id, page_num)
);

-- Capability fill requests (POST .../capabilities/{capability}); status queued, filled or failed.
CREATE TABLE viewer_fills (
    job_id       VARCHAR(36)  NOT NULL,
    capability   VARCHAR(32)  NOT NULL,
    tenant_id    VARCHAR(36)  NOT NULL,
    task_id      VARCHAR(36)  NOT NULL,
    status       VARCHAR(16)  NOT NULL,
    error        VARCHAR,
    requested_at TIMESTAMP WITH TIME ZONE NOT NULL,
    finished_at  TIMESTAMP WITH TIME ZONE,
    PRIMARY KEY (job_id, capability)
);
CREATE UNIQUE INDEX viewer_fills_task_idx ON viewer_fills (task_id);

-- The background pre-render of a job's tiles after it completed.
CREATE TABLE viewer_tile_warming (
    job_id       VARCHAR(36)  PRIMARY KEY,
    tenant_id    VARCHAR(36)  NOT NULL,
    status       VARCHAR(16)  NOT NULL,
    rendered     INTEGER      NOT NULL,
    total        INTEGER      NOT NULL,
    dpi          INTEGER      NOT NULL,
    started_at   TIMESTAMP WITH TIME ZONE,
    completed_at TIMESTAMP WITH TIME ZONE,
    error        VARCHAR
);

-- The reviewer's verdict (absent: the automatic verdict from summary.passed applies).
CREATE TABLE viewer_verdicts (
    job_id      VARCHAR(36)  PRIMARY KEY,
    tenant_id   VARCHAR(36)  NOT NULL,
    verdict     VARCHAR(8)   NOT NULL,
    verdict_by  VARCHAR(128) NOT NULL,
    verdict_at  TIMESTAMP WITH TIME ZONE NOT NULL,
    notes       VARCHAR
);

-- Two-job comparisons; diff pictures are files under job_a's storage prefix.
CREATE TABLE viewer_comparisons (
    id           VARCHAR(36)  PRIMARY KEY,
    tenant_id    VARCHAR(36)  NOT NULL,
    job_a        VARCHAR(36)  NOT NULL,
    job_b        VARCHAR(36)  NOT NULL,
    dpi          INTEGER      NOT NULL,
    page_count_a INTEGER      NOT NULL,
    page_count_b INTEGER      NOT NULL,
    pages        VARCHAR      NOT NULL,
    created_at   TIMESTAMP WITH TIME ZONE NOT NULL
);
CREATE INDEX viewer_comparisons_job_a_idx ON viewer_comparisons (tenant_id, job_a);
CREATE INDEX viewer_comparisons_job_b_idx ON viewer_comparisons (tenant_id, job_b);
