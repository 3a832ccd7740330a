-- Tenant custom import mappings (spec: ImportMapping). Soft-deleted by is_active=false.
CREATE TABLE import_mappings (
    id             VARCHAR(36)  PRIMARY KEY,
    tenant_id      VARCHAR(36)  NOT NULL REFERENCES tenants (id),
    name           VARCHAR(128) NOT NULL,
    description    VARCHAR,
    format         VARCHAR(8)   NOT NULL,
    config         VARCHAR      NOT NULL,
    sample_payload VARCHAR,
    sample_mime    VARCHAR(64),
    is_active      BOOLEAN      NOT NULL,
    created_at     TIMESTAMP WITH TIME ZONE NOT NULL,
    updated_at     TIMESTAMP WITH TIME ZONE NOT NULL
);
CREATE INDEX import_mappings_tenant_idx ON import_mappings (tenant_id, created_at);
