package dev.preflight.branding;

import dev.preflight.platform.ApiError;
import dev.preflight.tenancy.TenancyService;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.security.SecurityRequirement;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.jspecify.annotations.Nullable;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RestController;

import java.time.Instant;

/** The operator's way to verify a claimed domain without DNS (self-hosted installs, private DNS). */
@RestController
@Tag(name = "admin", description = "Operator routes; bearer = PREFLIGHT_ADMIN_TOKEN")
@SecurityRequirement(name = "admin")
@ApiError(status = 401, when = "Missing or invalid admin token (or the admin API is disabled)")
class DomainAdminController {

    private final CustomDomainService domains;
    private final TenancyService tenancy;

    DomainAdminController(CustomDomainService domains, TenancyService tenancy) {
        this.domains = domains;
        this.tenancy = tenancy;
    }

    @Schema(name = "VerifiedDomain")
    record Verified(@Schema(format = "uuid") String tenantId, String domain,
                    @Schema(allowableValues = {"report", "app", "profile"}) String kind,
                    @Schema(format = "uuid") @Nullable String brandProfileId, boolean verified,
                    @Nullable Instant verifiedAt) {
    }

    @PostMapping("/admin/domains/{domain}/verify")
    @Operation(operationId = "forceVerifyDomain", summary = "Mark a claimed custom domain verified without a DNS check")
    Verified verify(@RequestHeader(value = "Authorization", required = false) String auth,
                    @PathVariable("domain") String domain) {
        tenancy.requireAdmin(auth);
        DomainClaim c = domains.forceVerify(domain);
        return new Verified(c.tenantId(), c.domain(), c.kind(), c.brandProfileId(), c.verified(), c.verifiedAt());
    }
}
