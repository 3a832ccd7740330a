package dev.preflight.platform;

import org.springframework.web.context.request.RequestContextHolder;
import org.springframework.web.context.request.ServletRequestAttributes;
import org.springframework.web.servlet.support.ServletUriComponentsBuilder;

/**
 * Absolute base URLs for links the service hands out (report links, logo URLs): a configured base wins; without one
 * the links point at the server the current request reached ("this server"), and outside a request (a scheduled task,
 * a webhook payload assembled by a worker) at the address this server listens on.
 */
public final class PublicUrls {

    private static volatile String serverBase;

    private PublicUrls() {
    }

    /** Records the address this server listens on, for links made outside a request. */
    static void serverStarted(String base) {
        serverBase = trim(base);
    }

    /**
     * The configured base URL without a trailing slash, or the current request's scheme, host, port and context path
     * when none is configured.
     *
     * Outside a request: the address this server listens on ({@code http://localhost:<port>}).
     *
     * @throws IllegalStateException when nothing is configured, no request is being handled and the web server has
     *                               not started
     */
    public static String base(String configured) {
        if (configured != null && !configured.isBlank()) {
            return trim(configured.trim());
        }
        if (!(RequestContextHolder.getRequestAttributes() instanceof ServletRequestAttributes)) {
            String server = serverBase;
            if (server != null) {
                return server;
            }
            throw new IllegalStateException("no public base URL configured and no current request to derive it from");
        }
        return trim(ServletUriComponentsBuilder.fromCurrentContextPath().replaceQuery(null).build().toUriString());
    }

    private static String trim(String url) {
        return url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
    }
}
