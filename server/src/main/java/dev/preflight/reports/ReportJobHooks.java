package dev.preflight.reports;

import dev.preflight.findings.Finding;
import dev.preflight.jobs.JobDeleted;
import dev.preflight.jobs.JobResponseContributor;
import dev.preflight.jobs.JobResponseLinks;
import dev.preflight.jobs.JobView;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

import java.time.Clock;
import java.time.Instant;
import java.util.List;

/**
 * What reports add to jobs: the {@code reports} links of the job body (the newest active pdf and html report), and
 * the clean-up when a job is deleted (its token rows go in the same transaction; its report files went with the
 * job's storage prefix). Deleted tokens then answer 404.
 */
@Component
class ReportJobHooks implements JobResponseContributor {

    private final ReportRepository repository;
    private final ReportUrls urls;
    private final ShareLinks links;
    private final Clock clock;

    ReportJobHooks(ReportRepository repository, ReportUrls urls, ShareLinks links, Clock clock) {
        this.repository = repository;
        this.urls = urls;
        this.links = links;
        this.clock = clock;
    }

    @Override
    public JobResponseLinks.Reports reports(JobView job) {
        Instant now = clock.instant();
        List<ReportToken> tokens = repository.ofJob(job.tenantId(), job.id());
        String pdf = null;
        String html = null;
        for (ReportToken t : tokens) {
            if (!t.activeAt(now)) {
                continue;
            }
            // Newest wins: the list is oldest first.
            if (t.format().equals("pdf")) {
                pdf = url(t);
            } else if (t.format().equals("html")) {
                html = url(t);
            }
        }
        return pdf == null && html == null ? null : new JobResponseLinks.Reports(pdf, html);
    }

    /**
     * A job's links stand until a mint (which reports the change): while it has none, nothing but a mint can give it
     * one; once it has some, they pass with expiry, revocation and the tenant's report domain, so they are read at
     * every body.
     */
    @Override
    public Contribution contribute(JobView job, List<Finding> findings) {
        JobResponseLinks.Reports links = reports(job);
        return new Contribution(findings, 0, 0, links, links == null);
    }

    private String url(ReportToken t) {
        String brandProfileId = links.branding(t).brandProfileId();
        return urls.url(urls.reportsBase(t.tenantId(), brandProfileId), t);
    }

    @EventListener
    void on(JobDeleted e) {
        repository.deleteJob(e.tenantId(), e.jobId());
    }
}
