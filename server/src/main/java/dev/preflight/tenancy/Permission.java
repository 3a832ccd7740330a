package dev.preflight.tenancy;

import java.util.List;

/** Permission names an API key can carry. A key issued without a list carries all of them. */
public final class Permission {

    /** Submit, read and delete jobs. */
    public static final String JOBS = "jobs:write";
    /** Register tenant-owned preflight profiles. */
    public static final String PROFILES = "profiles:manage";
    /** Create and update import mappings, brand profiles and branding defaults (spec). */
    public static final String BRANDING = "branding:manage";

    /** Register, change and delete webhooks; reveal and rotate their signing secrets; replay deliveries. */
    public static final String WEBHOOKS = "webhooks:manage";

    /**
     * List, create, rotate and revoke the tenant's API keys ({@code /api/v1/tenant/api-keys}); a key manages only
     * keys whose permissions it holds itself.
     */
    public static final String KEYS = "keys:manage";

    /** Every permission, in the order listings show them. */
    public static final List<String> ALL = List.of(JOBS, PROFILES, BRANDING, WEBHOOKS, KEYS);

    private Permission() {
    }
}
