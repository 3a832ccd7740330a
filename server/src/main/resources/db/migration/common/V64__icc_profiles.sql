-- ICC profiles tenants upload beside the built-in output-condition catalogue; the bytes live in the blob store.
CREATE TABLE icc_profiles (
    id                          VARCHAR(36)   PRIMARY KEY,
    tenant_id                   VARCHAR(36)   NOT NULL REFERENCES tenants (id),
    name                        VARCHAR(255)  NOT NULL,
    description                 VARCHAR(1024),
    output_condition_identifier VARCHAR(255),
    device_class                VARCHAR(16)   NOT NULL,
    color_space                 VARCHAR(16)   NOT NULL,
    pcs                         VARCHAR(16)   NOT NULL,
    icc_version                 VARCHAR(8)    NOT NULL,
    size_bytes                  BIGINT        NOT NULL,
    sha256                      VARCHAR(64)   NOT NULL,
    created_at                  TIMESTAMP WITH TIME ZONE NOT NULL
);
CREATE INDEX icc_profiles_tenant_idx ON icc_profiles (tenant_id, created_at);
