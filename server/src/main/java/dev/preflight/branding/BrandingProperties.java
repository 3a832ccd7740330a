package dev.preflight.branding;

import org.springframework.boot.context.properties.ConfigurationProperties;

import java.time.Duration;
import java.util.List;

/**
 * Branding settings ({@code preflight.branding.*}).
 *
 * @param cdnBaseUrl          base of uploaded logos' public URLs ({@code {cdn_url}}); empty = this server
 * @param edgeHost            the DNS target customers point custom domains at ({@code {edge_host}})
 * @param maxLogoBytes        largest logo upload accepted
 * @param maxLogoPixels       largest raster logo side, in pixels
 * @param dnsServers          resolvers asked for custom-domain verification ({@code host} or {@code host:port});
 *                            empty = the system's resolvers
 * @param dnsTimeout          how long one verification lookup may take
 * @param reservedHosts       further hostnames no tenant may claim (the service's own hosts are always reserved)
 * @param serviceName         the service's own brand name (service branding; never shown in anonymous output)
 * @param servicePrimaryColor service branding's primary colour
 * @param serviceAccentColor  service branding's accent colour
 * @param serviceFooterText   service branding's footer line
 */
@ConfigurationProperties("preflight.branding")
record BrandingProperties(String cdnBaseUrl, String edgeHost, long maxLogoBytes, int maxLogoPixels,
                          List<String> dnsServers, Duration dnsTimeout, List<String> reservedHosts,
                          String serviceName, String servicePrimaryColor, String serviceAccentColor,
                          String serviceFooterText) {

    BrandingProperties {
        dnsServers = dnsServers == null ? List.of() : dnsServers.stream().filter(s -> !s.isBlank()).toList();
        reservedHosts = reservedHosts == null ? List.of() : reservedHosts.stream().filter(s -> !s.isBlank()).toList();
        dnsTimeout = dnsTimeout == null ? Duration.ofSeconds(5) : dnsTimeout;
        maxLogoBytes = maxLogoBytes <= 0 ? 1024 * 1024 : maxLogoBytes;
        maxLogoPixels = maxLogoPixels <= 0 ? 4096 : maxLogoPixels;
        serviceName = serviceName == null || serviceName.isBlank() ? "Preflight" : serviceName;
        servicePrimaryColor = servicePrimaryColor == null || servicePrimaryColor.isBlank() ? "#1F3A5F" : servicePrimaryColor;
        serviceAccentColor = serviceAccentColor == null || serviceAccentColor.isBlank() ? "#2E86DE" : serviceAccentColor;
        serviceFooterText = serviceFooterText == null || serviceFooterText.isBlank()
                ? "Checked with " + serviceName : serviceFooterText;
    }
}
