package dev.preflight.viewer;

import dev.preflight.platform.RequestValidationException;
import dev.preflight.tenancy.TenancyService;
import jakarta.servlet.http.HttpServletRequest;
import org.springframework.core.MethodParameter;
import org.springframework.web.bind.support.WebDataBinderFactory;
import org.springframework.web.context.request.NativeWebRequest;
import org.springframework.web.method.support.HandlerMethodArgumentResolver;
import org.springframework.web.method.support.ModelAndViewContainer;
import org.springframework.web.servlet.HandlerMapping;

import java.util.Map;
import java.util.UUID;

/**
 * Hands a viewer handler its {@link ViewedJob}, decided by {@link ViewerJobs} from the route's path before the handler
 * runs: a {@code {token}} path variable is a share token (the public twins), a {@code {job_id}} one is a job of the
 * API key's tenant. So a handler serves both twins, and a share token can only ever reach the job it opens.
 */
final class ViewedJobResolver implements HandlerMethodArgumentResolver {

    static final String TOKEN = "token";
    static final String JOB_ID = "job_id";

    private final ViewerJobs jobs;
    private final TenancyService tenancy;

    ViewedJobResolver(ViewerJobs jobs, TenancyService tenancy) {
        this.jobs = jobs;
        this.tenancy = tenancy;
    }

    @Override
    public boolean supportsParameter(MethodParameter parameter) {
        return parameter.getParameterType() == ViewedJob.class;
    }

    @Override
    public ViewedJob resolveArgument(MethodParameter parameter, ModelAndViewContainer mav, NativeWebRequest web,
                                     WebDataBinderFactory binders) {
        HttpServletRequest request = web.getNativeRequest(HttpServletRequest.class);
        @SuppressWarnings("unchecked")
        var path = (Map<String, String>) request.getAttribute(HandlerMapping.URI_TEMPLATE_VARIABLES_ATTRIBUTE);
        if (path != null && path.containsKey(TOKEN)) {
            return jobs.shared(path.get(TOKEN), request);
        }
        if (path != null && path.containsKey(JOB_ID)) {
            var caller = tenancy.callerOf(request).orElseThrow(() -> new IllegalStateException(
                    "no authenticated caller for " + parameter.getMethod()));
            return jobs.bearer(caller, jobId(path.get(JOB_ID)));
        }
        throw new IllegalStateException(parameter.getMethod() + " takes a viewed job but its path has neither {"
                + TOKEN + "} nor {" + JOB_ID + "}");
    }

    /** The job id as a UUID path variable is read (the 422 names the path variable, as for any other). */
    private static UUID jobId(String value) {
        try {
            return UUID.fromString(value.trim());
        } catch (IllegalArgumentException e) {
            throw RequestValidationException.of("path", JOB_ID, "Input should be a valid UUID", "uuid_parsing");
        }
    }
}
