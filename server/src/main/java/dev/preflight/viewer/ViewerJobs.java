package dev.preflight.viewer;

import dev.preflight.jobs.JobReader;
import dev.preflight.platform.ApiException;
import dev.preflight.platform.NotFoundException;
import dev.preflight.platform.Times;
import dev.preflight.tenancy.Caller;
import jakarta.servlet.http.HttpServletRequest;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Service;
import org.springframework.web.context.request.RequestContextHolder;
import org.springframework.web.context.request.ServletRequestAttributes;

import java.util.UUID;

/**
 * The one place that decides which job a viewer request may see. Every viewer handler starts here: with the bearer
 * key's caller, a job of the caller's own tenant; with a share token, the job the token opens while it is valid.
 * Another tenant's job, an unknown job and an unknown token all answer 404; a revoked or expired token answers 410;
 * a link that requires a visitor email answers 403 until the request carries one (the resolver decides, see
 * {@link SharedJobs}). The review module's annotation routes give the same answers through JobReader and
 * reports.ShareLinks.
 */
@Service
public class ViewerJobs {

    private final JobReader jobs;
    private final ObjectProvider<SharedJobs> shared;

    ViewerJobs(JobReader jobs, ObjectProvider<SharedJobs> shared) {
        this.jobs = jobs;
        this.shared = shared;
    }

    /** The caller's job; 404 when it does not exist or belongs to another tenant. */
    public ViewedJob bearer(Caller caller, UUID jobId) {
        return new ViewedJob(jobs.require(caller.tenantId(), jobId.toString()), null);
    }

    /** As {@link #shared(String, HttpServletRequest)} for the request this thread is serving. */
    public ViewedJob shared(String token) {
        if (!(RequestContextHolder.getRequestAttributes() instanceof ServletRequestAttributes attributes)) {
            throw new IllegalStateException("A share token is resolved only while serving a request");
        }
        return shared(token, attributes.getRequest());
    }

    /**
     * The job a share token opens for this request; 404 for an unknown token or a deleted job, 410 for a revoked or
     * expired one, 403 while the link requires a visitor email that the request does not carry.
     */
    public ViewedJob shared(String token, HttpServletRequest request) {
        SharedJobs resolver = shared.getIfAvailable();
        SharedJob share = resolver == null || token == null || token.isBlank() ? null
                : resolver.resolve(token, request).orElse(null);
        if (share == null) {
            throw new NotFoundException("Share link not found.");
        }
        if (share.lapsed(Times.now())) {
            throw new ApiException(HttpStatus.GONE, share.revoked() ? "This share link was revoked."
                    : "This share link expired at " + share.expiresAt() + ".");
        }
        var job = jobs.find(share.tenantId(), share.jobId())
                .orElseThrow(() -> new NotFoundException("The job of this share link no longer exists."));
        return new ViewedJob(job, share);
    }

    /**
     * Counts a page view of a job seen through a share link (nothing for a bearer request). Called by the one public
     * route a viewer loads once per page (the config), so that tiles and lists do not count as visits.
     */
    public void visited(ViewedJob viewed, HttpServletRequest request) {
        SharedJobs resolver = shared.getIfAvailable();
        if (viewed.share() != null && resolver != null) {
            resolver.recordVisit(viewed.share(), request);
        }
    }
}
