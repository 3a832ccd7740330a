package dev.preflight.reports;

import dev.preflight.branding.CustomDomainService;
import dev.preflight.platform.PublicUrls;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;

/**
 * Where share links point: {@code {reports_base_url}/r/{token}.{ext}}, on the brand profile's or the tenant's
 * verified custom report domain when there is one, else on PREFLIGHT_REPORTS_BASE_URL, else on this server; and
 * {@code viewer_url} = {@code {app_url}/app/s/{token}} on the tenant's verified app domain, PREFLIGHT_APP_BASE_URL or
 * this server.
 */
@Component
class ReportUrls {

    private final CustomDomainService domains;
    private final ReportsProperties properties;

    ReportUrls(CustomDomainService domains, ReportsProperties properties) {
        this.domains = domains;
        this.properties = properties;
    }

    String reportsBase(String tenantId, @Nullable String brandProfileId) {
        return domains.reportHost(tenantId, brandProfileId).map(h -> "https://" + h)
                .orElseGet(() -> PublicUrls.base(properties.baseUrl()));
    }

    String url(String base, ReportToken t) {
        return base + "/r/" + t.token() + "." + t.reportFormat().extension();
    }

    String viewerUrl(String tenantId, String token) {
        String base = domains.appHost(tenantId).map(h -> "https://" + h)
                .orElseGet(() -> PublicUrls.base(properties.appBaseUrl()));
        return base + "/app/s/" + token;
    }
}
