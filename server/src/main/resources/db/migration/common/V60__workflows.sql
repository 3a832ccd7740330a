-- Workflows (spec: Workflow): a named set of submit fields a tenant pins (profile, BrandSpec, toggle overrides).
-- A null column pins nothing: the submit field then keeps its own default.
CREATE TABLE workflows (
    id               VARCHAR(36)   PRIMARY KEY,
    tenant_id        VARCHAR(36)   NOT NULL REFERENCES tenants (id),
    name             VARCHAR(255)  NOT NULL,
    profile_id       VARCHAR(128)  NOT NULL,
    brand_spec_id    VARCHAR(36),
    preflight_source VARCHAR(16),
    ai_enabled       BOOLEAN,
    ai_categories    VARCHAR(1024),
    ai_features      VARCHAR(1024),
    ai_preset        VARCHAR(128),
    brand            VARCHAR(36),
    unbranded        BOOLEAN,
    created_at       TIMESTAMP WITH TIME ZONE NOT NULL,
    updated_at       TIMESTAMP WITH TIME ZONE NOT NULL
);
CREATE INDEX workflows_tenant_idx ON workflows (tenant_id, created_at);
