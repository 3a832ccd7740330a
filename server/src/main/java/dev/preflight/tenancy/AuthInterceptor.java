package dev.preflight.tenancy;

import dev.preflight.platform.PublicRoute;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.stereotype.Component;
import org.springframework.web.method.HandlerMethod;
import org.springframework.web.servlet.HandlerInterceptor;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** Authenticates every /api request whose handler is not a {@link PublicRoute} and remembers the caller. */
@Component
class AuthInterceptor implements HandlerInterceptor {

    static final String ATTRIBUTE = Caller.class.getName();

    private final TenancyService tenancy;

    AuthInterceptor(TenancyService tenancy) {
        this.tenancy = tenancy;
    }

    @Override
    public boolean preHandle(HttpServletRequest request, HttpServletResponse response, Object handler) {
        if (!(handler instanceof HandlerMethod method) || isPublic(method)) {
            return true;
        }
        request.setAttribute(ATTRIBUTE, tenancy.authenticate(request.getHeader("Authorization")));
        return true;
    }

    /** Whether a route is public, by route: the annotation search runs once per route, not at every request. */
    private final Map<HandlerMethod, Boolean> publicRoutes = new ConcurrentHashMap<>();

    private boolean isPublic(HandlerMethod method) {
        return publicRoutes.computeIfAbsent(method, m -> m.hasMethodAnnotation(PublicRoute.class)
                || AnnotatedElementUtils.hasAnnotation(m.getBeanType(), PublicRoute.class));
    }
}
