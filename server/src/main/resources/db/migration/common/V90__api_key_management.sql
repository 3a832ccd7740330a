-- Tenants manage their own API keys (/api/v1/tenant/api-keys): a name to recognise a key by, when it was last used
-- (recorded at most once a minute per key), and rotation: the replaced key keeps working until expires_at (the
-- grace window asked for, or at once) and points at the key that replaced it.
ALTER TABLE api_keys ADD COLUMN name VARCHAR(100);
ALTER TABLE api_keys ADD COLUMN last_used_at TIMESTAMP WITH TIME ZONE;
ALTER TABLE api_keys ADD COLUMN expires_at TIMESTAMP WITH TIME ZONE;
ALTER TABLE api_keys ADD COLUMN replaced_by VARCHAR(36);
