package dev.preflight.platform;

import org.springframework.http.HttpStatus;

/** The tenant's plan lacks the feature: 403 with {@code "code": "plan_upgrade_required"}. */
public class PlanUpgradeRequiredException extends ApiException {

    public PlanUpgradeRequiredException(String detail) {
        super(HttpStatus.FORBIDDEN, detail);
    }
}
