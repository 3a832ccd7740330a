package dev.preflight.viewer;

import dev.preflight.tenancy.TenancyService;
import org.springdoc.core.utils.SpringDocUtils;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.method.support.HandlerMethodArgumentResolver;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

import java.util.List;

/** Hands viewer handlers the job they may see ({@link ViewedJobResolver}). */
@Configuration
class ViewerWebConfig implements WebMvcConfigurer {

    static {
        // The viewed job is resolved from the path and the key or token, never sent as such: keep it out of the
        // contract (ViewerRouteDocs documents the path variable it comes from).
        SpringDocUtils.getConfig().addRequestWrapperToIgnore(ViewedJob.class);
    }

    private final ViewerJobs jobs;
    private final TenancyService tenancy;

    ViewerWebConfig(ViewerJobs jobs, TenancyService tenancy) {
        this.jobs = jobs;
        this.tenancy = tenancy;
    }

    @Override
    public void addArgumentResolvers(List<HandlerMethodArgumentResolver> resolvers) {
        resolvers.add(new ViewedJobResolver(jobs, tenancy));
    }
}
