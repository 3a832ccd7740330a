-- Issue 23, fixups. A job made by fixing another job's file names its source; a job asked to be fixed (at submit, or
-- made by POST /api/v1/jobs/{job_id}/fixups) keeps what it was asked for (fix_plan: {"auto": bool, "fixups": [...]})
-- and, once fixed, what each fixup did (fixups_applied). The fixed PDF is the job's blob "fixed.pdf"; "input" stays
-- the file as submitted.
ALTER TABLE jobs ADD COLUMN source_job_id VARCHAR(36);
ALTER TABLE jobs ADD COLUMN fix_plan VARCHAR;
ALTER TABLE jobs ADD COLUMN fixups_applied VARCHAR;

-- Fixing a job's file is a Growth feature (spec: plans).
INSERT INTO plan_entitlements (plan, feature, feature_value) VALUES
 ('viewer', 'fixups', 'false'), ('starter', 'fixups', 'false'), ('growth', 'fixups', 'true'),
 ('scale', 'fixups', 'true'), ('enterprise', 'fixups', 'true');
