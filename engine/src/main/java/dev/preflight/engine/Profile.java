package dev.preflight.engine;

import java.util.List;

/**
 * A preflight profile: which checks run, with which severities and parameters.
 *
 * @param id          profile id (service-default, gwg2022-sheetcmyk-cmyk, or a tenant's own id)
 * @param name        display name
 * @param description what it is for
 * @param standard    the standard it implements (GWG2022, GWG2015, PDF/X-4, ...) or null
 * @param builtin     shipped with the service
 * @param checks      the checks it runs, in order
 */
public record Profile(String id, String name, String description, String standard, boolean builtin,
                      List<ProfileCheck> checks) {

    public Profile {
        checks = checks == null ? List.of() : List.copyOf(checks);
    }

    public ProfileCheck check(String checkId) {
        return checks.stream().filter(c -> c.checkId().equals(checkId)).findFirst().orElse(null);
    }
}
