package dev.preflight.platform;

import org.springframework.boot.web.server.context.WebServerInitializedEvent;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

/** Tells {@link PublicUrls} where this server listens once its web server has started. */
@Component
class ServerAddress {

    @EventListener
    void on(WebServerInitializedEvent event) {
        String contextPath = event.getApplicationContext().getEnvironment()
                .getProperty("server.servlet.context-path", "");
        PublicUrls.serverStarted("http://localhost:" + event.getWebServer().getPort() + contextPath);
    }
}
