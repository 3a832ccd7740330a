-- Branding: brand profiles, the tenant's branding defaults, BrandSpecs and custom-domain claims.

CREATE TABLE brand_profiles (
    id                VARCHAR(36)   PRIMARY KEY,
    tenant_id         VARCHAR(36)   NOT NULL REFERENCES tenants (id),
    name              VARCHAR(255)  NOT NULL,
    profile_type      VARCHAR(16)   NOT NULL,
    brand_name        VARCHAR(255),
    -- A logo URL the client set (absolute https), or null when the logo was uploaded (logo_key).
    logo_url          VARCHAR(2048),
    logo_key          VARCHAR(512),
    logo_content_type VARCHAR(64),
    primary_color     VARCHAR(7),
    accent_color      VARCHAR(7),
    footer_text       VARCHAR(500),
    hide_footer       BOOLEAN       NOT NULL,
    created_at        TIMESTAMP WITH TIME ZONE NOT NULL,
    updated_at        TIMESTAMP WITH TIME ZONE NOT NULL
);
CREATE INDEX brand_profiles_tenant_idx ON brand_profiles (tenant_id, created_at);

-- One row per tenant that changed its defaults; no row = mode service, no default profile.
CREATE TABLE branding_defaults (
    tenant_id                VARCHAR(36) PRIMARY KEY REFERENCES tenants (id),
    mode                     VARCHAR(16) NOT NULL,
    default_brand_profile_id VARCHAR(36) REFERENCES brand_profiles (id) ON DELETE SET NULL,
    updated_at               TIMESTAMP WITH TIME ZONE NOT NULL
);

CREATE TABLE brand_specs (
    id            VARCHAR(36)  PRIMARY KEY,
    tenant_id     VARCHAR(36)  NOT NULL REFERENCES tenants (id),
    name          VARCHAR(255),
    customer_name VARCHAR(255),
    description   VARCHAR(2000),
    colors        VARCHAR      NOT NULL,
    rich_black    VARCHAR(255),
    is_default    BOOLEAN      NOT NULL,
    is_archived   BOOLEAN      NOT NULL,
    -- The tenant id while this is the tenant's default non-archived spec, else null: the unique constraint lets at
    -- most one spec per tenant be the default, whatever concurrent requests do.
    default_key   VARCHAR(36)  UNIQUE,
    created_at    TIMESTAMP WITH TIME ZONE NOT NULL,
    updated_at    TIMESTAMP WITH TIME ZONE NOT NULL
);
CREATE INDEX brand_specs_tenant_idx ON brand_specs (tenant_id, created_at);

-- Custom-domain claims: the tenant's report domain, its app domain, and one per brand profile. A hostname is
-- claimed at most once across all tenants (domain unique); a tenant has at most one claim per slot (claim_key).
CREATE TABLE custom_domains (
    id               VARCHAR(36)  PRIMARY KEY,
    tenant_id        VARCHAR(36)  NOT NULL REFERENCES tenants (id),
    kind             VARCHAR(16)  NOT NULL,
    brand_profile_id VARCHAR(36)  REFERENCES brand_profiles (id) ON DELETE CASCADE,
    claim_key        VARCHAR(96)  NOT NULL UNIQUE,
    domain           VARCHAR(253) NOT NULL UNIQUE,
    verified         BOOLEAN      NOT NULL,
    requested_at     TIMESTAMP WITH TIME ZONE NOT NULL,
    verified_at      TIMESTAMP WITH TIME ZONE
);
CREATE INDEX custom_domains_tenant_idx ON custom_domains (tenant_id);
