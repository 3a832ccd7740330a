-- Vanity submission endpoints (spec: Vanity submission endpoint): a tenant's named submit URL with a bound profile.
CREATE TABLE vanity_endpoints (
    id                    VARCHAR(36)   PRIMARY KEY,
    tenant_id             VARCHAR(36)   NOT NULL REFERENCES tenants (id),
    slug                  VARCHAR(255)  NOT NULL,
    profile_id            VARCHAR(128)  NOT NULL,
    description           VARCHAR(1024),
    is_active             BOOLEAN       NOT NULL,
    response_mode         VARCHAR(8)    NOT NULL,
    default_brand_spec_id VARCHAR(36),
    brand                 VARCHAR(36),
    created_at            TIMESTAMP WITH TIME ZONE NOT NULL,
    updated_at            TIMESTAMP WITH TIME ZONE NOT NULL,
    CONSTRAINT vanity_endpoints_slug_unique UNIQUE (tenant_id, slug)
);
