-- Issue 20, reading a job. Every change to a job's row (and, in the same transaction, to its findings) counts up
-- row_version, so that a node may keep a job's parsed row and findings and serve them again after reading only this
-- number: a change made on any node shows on the next read everywhere.
ALTER TABLE jobs ADD COLUMN row_version BIGINT DEFAULT 0 NOT NULL;
