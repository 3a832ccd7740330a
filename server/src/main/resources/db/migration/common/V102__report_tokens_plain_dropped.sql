-- The plain share tokens go (every row was sealed by V101, reports.ReportTokenSealing).
ALTER TABLE report_tokens DROP COLUMN token;
ALTER TABLE report_tokens ALTER COLUMN token_sealed SET NOT NULL;
