package dev.preflight.tenancy;

import org.springframework.context.annotation.Configuration;
import org.springframework.core.MethodParameter;
import org.springframework.web.bind.support.WebDataBinderFactory;
import org.springframework.web.context.request.NativeWebRequest;
import org.springframework.web.context.request.RequestAttributes;
import org.springframework.web.method.support.HandlerMethodArgumentResolver;
import org.springframework.web.method.support.ModelAndViewContainer;
import org.springframework.web.servlet.config.annotation.InterceptorRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

import java.util.List;

/** Puts authentication in front of the authenticated API and hands the caller to controllers. */
@Configuration
class TenancyWebConfig implements WebMvcConfigurer {

    /** Paths that answer without a bearer key (spec: Authentication, unauthenticated surfaces). */
    static final List<String> PUBLIC = List.of("/api/v1/check-names", "/api/v1/reports/tokens/**",
            "/api/v1/viewer/public/**", "/api/v1/ai/health");

    private final AuthInterceptor interceptor;

    TenancyWebConfig(AuthInterceptor interceptor) {
        this.interceptor = interceptor;
    }

    @Override
    public void addInterceptors(InterceptorRegistry registry) {
        registry.addInterceptor(interceptor).addPathPatterns("/api/**").excludePathPatterns(PUBLIC);
    }

    @Override
    public void addArgumentResolvers(List<HandlerMethodArgumentResolver> resolvers) {
        resolvers.add(new HandlerMethodArgumentResolver() {
            @Override
            public boolean supportsParameter(MethodParameter parameter) {
                return parameter.getParameterType() == Caller.class;
            }

            @Override
            public Object resolveArgument(MethodParameter parameter, ModelAndViewContainer mav,
                                          NativeWebRequest request, WebDataBinderFactory binderFactory) {
                Object caller = request.getAttribute(AuthInterceptor.ATTRIBUTE, RequestAttributes.SCOPE_REQUEST);
                if (caller == null) {
                    throw new IllegalStateException("no authenticated caller for " + parameter.getMethod());
                }
                return caller;
            }
        });
    }
}
