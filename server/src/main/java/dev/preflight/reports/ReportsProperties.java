package dev.preflight.reports;

import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;

import java.time.Duration;

/**
 * Reports settings ({@code preflight.reports.*}).
 *
 * @param baseUrl              {@code {reports_base_url}}: where share links point; empty = this server (a tenant's
 *                             verified custom report domain wins)
 * @param appBaseUrl           {@code {app_url}}: the viewer's base for {@code viewer_url}; empty = this server
 * @param maxExpiryDays        the largest {@code expiry_days} a mint accepts
 * @param sweepCron            when the expiry sweep runs (db-scheduler cron, six fields)
 * @param thumbnailDpi         resolution of page thumbnails in HTML and PDF reports
 * @param maxThumbnailPages    at most this many page thumbnails in a {@code standard} report (pages with located
 *                             findings, in page order); {@code comprehensive} shows every page
 * @param visitorTtl           how long a visitor's identification (cookie or header token) stays valid
 * @param smtp                 outgoing mail for {@code email_to}; without host and from, {@code email_to} answers 422
 * @param tokenKey             the key share tokens are encrypted with at rest ({@code PREFLIGHT_TOKEN_KEY}: 32 random
 *                             bytes, base64); empty = one generated into the data directory ({@link ReportTokenCipher})
 */
@ConfigurationProperties("preflight.reports")
record ReportsProperties(String baseUrl, String appBaseUrl, int maxExpiryDays, String sweepCron, int thumbnailDpi,
                         int maxThumbnailPages, Duration visitorTtl, Smtp smtp, @Nullable String tokenKey) {

    ReportsProperties {
        maxExpiryDays = maxExpiryDays <= 0 ? 3650 : maxExpiryDays;
        sweepCron = sweepCron == null || sweepCron.isBlank() ? "0 30 2 * * *" : sweepCron;
        thumbnailDpi = thumbnailDpi <= 0 ? 36 : thumbnailDpi;
        maxThumbnailPages = maxThumbnailPages <= 0 ? 60 : maxThumbnailPages;
        visitorTtl = visitorTtl == null ? Duration.ofDays(30) : visitorTtl;
        smtp = smtp == null ? new Smtp(null, 25, null, null, null, false, false) : smtp;
    }

    /**
     * SMTP settings ({@code PREFLIGHT_SMTP_*}).
     *
     * @param starttls upgrade with STARTTLS (required when true)
     * @param ssl      connect over TLS (SMTPS)
     */
    record Smtp(@Nullable String host, int port, @Nullable String user, @Nullable String password,
                @Nullable String from, boolean starttls, boolean ssl) {

        boolean configured() {
            return host != null && !host.isBlank() && from != null && !from.isBlank();
        }
    }
}
