package dev.preflight.reports;

import org.springframework.stereotype.Service;

import java.time.Clock;
import java.util.List;

/**
 * The share links of a job as other modules see them (review's {@code GET /api/v1/jobs/{job_id}/state}): every
 * active token, oldest first, with the URL a recipient opens.
 */
@Service
public class JobReports {

    private final ReportRepository repository;
    private final ReportUrls urls;
    private final ShareLinks links;
    private final Clock clock;

    JobReports(ReportRepository repository, ReportUrls urls, ShareLinks links, Clock clock) {
        this.repository = repository;
        this.urls = urls;
        this.links = links;
        this.clock = clock;
    }

    /** One active share link of a job (spec: the {@code reports[]} entries of the job state). */
    public record ActiveLink(String format, String url, String token, boolean allowAnnotations,
                             boolean requireVisitorEmail) {
    }

    /** The job's active links (neither revoked, expired nor swept), oldest first; empty for an unknown job. */
    public List<ActiveLink> active(String tenantId, String jobId) {
        var now = clock.instant();
        return repository.ofJob(tenantId, jobId).stream().filter(t -> t.activeAt(now))
                .map(t -> new ActiveLink(t.format(),
                        urls.url(urls.reportsBase(t.tenantId(), links.branding(t).brandProfileId()), t), t.token(),
                        t.allowAnnotations(), t.requireVisitorEmail()))
                .toList();
    }
}
