package dev.preflight.tenancy;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.stereotype.Component;
import org.springframework.web.servlet.HandlerInterceptor;

/** Authenticates every /api request that is not public and remembers the caller for the controllers. */
@Component
class AuthInterceptor implements HandlerInterceptor {

    static final String ATTRIBUTE = Caller.class.getName();

    private final TenancyService tenancy;

    AuthInterceptor(TenancyService tenancy) {
        this.tenancy = tenancy;
    }

    @Override
    public boolean preHandle(HttpServletRequest request, HttpServletResponse response, Object handler) {
        if (!(handler instanceof org.springframework.web.method.HandlerMethod)) {
            return true;
        }
        request.setAttribute(ATTRIBUTE, tenancy.authenticate(request.getHeader("Authorization")));
        return true;
    }
}
