-- Share tokens at rest are encrypted (reports.ReportTokenCipher, AES-GCM) instead of stored in plain text: the sealed
-- value goes here. V101 (a Java migration, reports.ReportTokenSealing) seals the tokens of existing rows with the
-- server's key; V102 drops the plain column. Lookups keep going by token_hash (SHA-256 of the token).
ALTER TABLE report_tokens ADD COLUMN token_sealed VARCHAR(160);
