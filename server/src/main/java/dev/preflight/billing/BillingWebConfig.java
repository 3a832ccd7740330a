package dev.preflight.billing;

import dev.preflight.tenancy.TenancyService;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.servlet.HandlerInterceptor;
import org.springframework.web.servlet.config.annotation.InterceptorRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * Puts the request rate limit behind authentication on /api: only requests made with an API key count, so /health,
 * /ready, /openapi.json, the public report links and the token-gated public API are never limited.
 */
@Configuration
class BillingWebConfig implements WebMvcConfigurer {

    private final RequestRateLimiter limiter;
    private final TenancyService tenancy;

    BillingWebConfig(RequestRateLimiter limiter, TenancyService tenancy) {
        this.limiter = limiter;
        this.tenancy = tenancy;
    }

    @Override
    public void addInterceptors(InterceptorRegistry registry) {
        registry.addInterceptor(new HandlerInterceptor() {
            @Override
            public boolean preHandle(HttpServletRequest request, HttpServletResponse response, Object handler) {
                tenancy.callerOf(request).ifPresent(limiter::admit);
                return true;
            }
        }).addPathPatterns("/api/**").order(10);
    }
}
