package dev.preflight.tenancy;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Tenancy settings ({@code preflight.tenancy.*}).
 *
 * @param authMode   {@code none} (self-hosted: every request is the built-in tenant) or {@code api-key}
 * @param adminToken bearer token for /admin routes; empty disables them
 */
@ConfigurationProperties("preflight.tenancy")
public record TenancyProperties(String authMode, String adminToken) {

    /** The built-in tenant of auth mode "none" (created by the first migration). */
    public static final String BUILTIN_TENANT_ID = "00000000-0000-0000-0000-000000000001";

    public TenancyProperties {
        if (authMode == null || authMode.isBlank()) {
            authMode = "none";
        }
        if (!authMode.equals("none") && !authMode.equals("api-key")) {
            throw new IllegalArgumentException("PREFLIGHT_AUTH_MODE must be 'none' or 'api-key', not '" + authMode + "'");
        }
    }

    public boolean apiKeys() {
        return authMode.equals("api-key");
    }
}
