package dev.preflight.tenancy;

import dev.preflight.platform.ForbiddenException;

import java.util.Set;

/**
 * Who is calling: the tenant every query is scoped by, its plan, and the key's permissions.
 *
 * @param keyId the API key's id, or null in auth mode "none"
 */
public record Caller(String tenantId, Plan plan, Set<String> permissions, String keyId) {

    public Caller {
        permissions = Set.copyOf(permissions);
    }

    /** Throws 403 unless the key carries the permission. */
    public void require(String permission) {
        if (!permissions.contains(permission)) {
            throw new ForbiddenException("This API key lacks the permission '" + permission + "'.");
        }
    }
}
