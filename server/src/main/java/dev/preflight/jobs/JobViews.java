package dev.preflight.jobs;

import dev.preflight.engine.Finding;
import dev.preflight.platform.Json;
import org.springframework.stereotype.Component;

import java.util.List;
import java.util.Map;

/** Turns job rows into the API's response shapes. */
@Component
class JobViews {

    private final JobService service;
    private final JobProperties properties;

    JobViews(JobService service, JobProperties properties) {
        this.service = service;
        this.properties = properties;
    }

    JobResponses.JobBody job(Job j) {
        Map<String, Object> jdf = Json.readMap(j.jdfContextJson());
        List<JobResponses.FindingBody> findings = service.findings(j).stream()
                .map(sf -> finding(sf.id(), sf.finding(), jdf)).toList();
        return new JobResponses.JobBody(j.id(), j.status().wire(properties.hostedWording()), j.profileId(),
                j.preflightSource(), j.externalFormat(), j.fileName(), j.fileSize(), j.pageCount(), j.createdAt(),
                j.completedAt(), j.durationMs(), summary(j), findings, new JobResponses.Reports(null, null),
                Json.readMap(j.epmVerdictJson()), 0, Json.readMap(j.externalSourceJson()), j.error());
    }

    JobResponses.JobListItem listItem(Job j) {
        return new JobResponses.JobListItem(j.id(), j.status().wire(properties.hostedWording()), j.profileId(),
                j.preflightSource(), j.fileName(), j.fileSize(), j.pageCount(), j.createdAt(), j.completedAt(),
                j.durationMs(), summary(j), null, j.error());
    }

    static JobResponses.Summary summary(Job j) {
        return new JobResponses.Summary(j.totalFindings(), j.errorCount(), j.warningCount(), j.advisoryCount(),
                Boolean.TRUE.equals(j.passed()), j.pageCount() == null ? 0 : j.pageCount(), j.fileSize());
    }

    static JobResponses.FindingBody finding(String id, Finding f, Map<String, Object> jdfContext) {
        return new JobResponses.FindingBody(id, f.inspectionId(), f.severity().wire(), f.message(), f.pageNum(),
                f.bbox(), f.objectId(), f.objectType(), f.category(), f.isoClause(), f.details(), f.source(), null,
                null, jdfContext);
    }
}
