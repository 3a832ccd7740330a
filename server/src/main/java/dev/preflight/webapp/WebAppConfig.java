package dev.preflight.webapp;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.io.Resource;
import org.springframework.http.CacheControl;
import org.springframework.web.servlet.HandlerInterceptor;
import org.springframework.web.servlet.config.annotation.InterceptorRegistry;
import org.springframework.web.servlet.config.annotation.ResourceHandlerRegistry;
import org.springframework.web.servlet.config.annotation.ViewControllerRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;
import org.springframework.web.servlet.resource.LiteWebJarsResourceResolver;
import org.springframework.web.servlet.resource.PathResourceResolver;

import java.io.IOException;

/**
 * Serves the web app: its files from {@code classpath:/app/}, its libraries from their WebJars under
 * {@code /app/vendor/<name>/} (version-less paths), and the shell page for every other path under /app/ so that a
 * job page can be bookmarked and reloaded. Nothing is cached without revalidation: the files have no content hashes
 * in their names, so browsers ask again and get 304 until the jar changes.
 */
@Configuration
class WebAppConfig implements WebMvcConfigurer {

    /**
     * Everything the app loads comes from this origin; no inline script or style, no framing. Images may be blobs
     * because page renders are fetched with the bearer key and shown from object URLs; https: images are the brand
     * logos a share link shows (an image cannot run anything).
     */
    static final String CONTENT_SECURITY_POLICY = "default-src 'self'; script-src 'self'; style-src 'self'; "
            + "img-src 'self' blob: data: https:; connect-src 'self'; object-src 'none'; base-uri 'self'; "
            + "form-action 'self'; frame-ancestors 'none'";

    @Override
    public void addViewControllers(ViewControllerRegistry registry) {
        registry.addRedirectViewController("/", "/app/");
        registry.addRedirectViewController("/app", "/app/");
        // The resource handler refuses an empty path before any resolver sees it: forward the app's root itself.
        registry.addViewController("/app/").setViewName("forward:/app/index.html");
    }

    @Override
    public void addResourceHandlers(ResourceHandlerRegistry registry) {
        registry.addResourceHandler("/app/vendor/**")
                .addResourceLocations("classpath:/META-INF/resources/webjars/")
                .setCacheControl(CacheControl.noCache())
                .resourceChain(true)
                .addResolver(new LiteWebJarsResourceResolver());
        registry.addResourceHandler("/app/**")
                .addResourceLocations("classpath:/app/")
                .setCacheControl(CacheControl.noCache())
                .resourceChain(true)
                .addResolver(new AppShellResolver());
    }

    @Override
    public void addInterceptors(InterceptorRegistry registry) {
        registry.addInterceptor(new HandlerInterceptor() {
            @Override
            public boolean preHandle(HttpServletRequest request, HttpServletResponse response, Object handler) {
                response.setHeader("Content-Security-Policy", CONTENT_SECURITY_POLICY);
                response.setHeader("X-Content-Type-Options", "nosniff");
                response.setHeader("Referrer-Policy", "no-referrer");
                return true;
            }
        }).addPathPatterns("/app/**");
    }

    /** A file when it exists; the shell page for a path whose last segment has no extension (an app route). */
    static final class AppShellResolver extends PathResourceResolver {

        @Override
        protected Resource getResource(String resourcePath, Resource location) throws IOException {
            Resource file = super.getResource(resourcePath, location);
            if (file != null) {
                return file;
            }
            String last = resourcePath.substring(resourcePath.lastIndexOf('/') + 1);
            return last.contains(".") ? null : super.getResource("index.html", location);
        }
    }
}
