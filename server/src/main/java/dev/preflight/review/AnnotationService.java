package dev.preflight.review;

import dev.preflight.jobs.JobDeleted;
import dev.preflight.jobs.JobReader;
import dev.preflight.jobs.JobStatus;
import dev.preflight.jobs.JobView;
import dev.preflight.platform.ConflictException;
import dev.preflight.platform.ForbiddenException;
import dev.preflight.platform.NotFoundException;
import dev.preflight.platform.PlanUpgradeRequiredException;
import dev.preflight.platform.RequestValidationException;
import dev.preflight.reports.ShareLink;
import dev.preflight.tenancy.Caller;
import dev.preflight.tenancy.Permission;
import dev.preflight.tenancy.Plan;
import dev.preflight.tenancy.TenancyService;
import org.jspecify.annotations.Nullable;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;
import tools.jackson.databind.JsonNode;

import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Annotations and their comment threads on a job's pages (spec: Annotation, Comment). Writes need the plan's
 * {@code annotations} entitlement; an API key also needs {@code jobs:write}, a share-link visitor a link minted with
 * {@code allow_annotations} and an identified email. Every write publishes its event in its own transaction.
 */
@Service
class AnnotationService {

    /** The most annotations one job keeps. */
    static final int MAX_PER_JOB = 2000;
    /** The most comments one thread keeps. */
    static final int MAX_COMMENTS = 500;

    /**
     * Who writes: an API key (or the built-in user in auth mode none), or a share-link visitor.
     *
     * @param keyId  the API key, null in auth mode none and for visitors
     * @param linkId the share link (report token id) a visitor came through, null for API callers
     * @param email  the author: the visitor's email, or the author_email an API caller gave
     */
    record Actor(@Nullable String keyId, @Nullable String linkId, @Nullable String email) {

        boolean visitor() {
            return linkId != null;
        }

        String via() {
            return visitor() ? "share_link" : "api";
        }

        /** How events name the actor: api_key:&lt;id&gt;, self-hosted, or the visitor's email. */
        String label() {
            return visitor() ? email : keyId == null ? "self-hosted" : "api_key:" + keyId;
        }

        Actor withEmail(@Nullable String author) {
            return visitor() ? this : new Actor(keyId, null, author);
        }
    }

    private final AnnotationRepository repository;
    private final JobReader jobs;
    private final TenancyService tenancy;
    private final ApplicationEventPublisher events;
    private final Clock clock;

    AnnotationService(AnnotationRepository repository, JobReader jobs, TenancyService tenancy,
                      ApplicationEventPublisher events, Clock clock) {
        this.repository = repository;
        this.jobs = jobs;
        this.tenancy = tenancy;
        this.events = events;
        this.clock = clock;
    }

    /** The caller's job; 404 when unknown or another tenant's. */
    JobView job(Caller caller, UUID jobId) {
        return jobs.require(caller.tenantId(), jobId.toString());
    }

    /** The job a share link opens; 404 when it was deleted. */
    JobView job(ShareLink link) {
        return jobs.find(link.tenantId(), link.jobId())
                .orElseThrow(() -> new NotFoundException("The job of this share link no longer exists."));
    }

    /** An API caller as an actor, after the permission and plan checks of a write. */
    Actor writer(Caller caller) {
        caller.require(Permission.JOBS);
        requirePlan(caller.plan());
        return new Actor(caller.keyId(), null, null);
    }

    /** A share-link visitor as an actor, after the link, identity and plan checks of a write. */
    Actor writer(ShareLink link) {
        if (!link.allowAnnotations()) {
            throw new ForbiddenException("This share link was minted without allow_annotations: its visitors may read "
                    + "the annotations but not add any.");
        }
        if (link.visitorEmail() == null) {
            throw new ForbiddenException("Identify with an email first: annotations and comments are signed with the "
                    + "visitor's email. POST it to /api/v1/reports/tokens/{token}/visitor and send the returned "
                    + "visitor_token in the X-Visitor-Token header (browsers get a cookie).");
        }
        requirePlan(tenancy.tenant(link.tenantId()).plan());
        return new Actor(null, link.linkId(), link.visitorEmail());
    }

    private void requirePlan(Plan plan) {
        if (!tenancy.allows(plan, "annotations")) {
            throw new PlanUpgradeRequiredException("Annotations are not part of the " + plan.wire()
                    + " plan; they need Starter or above.");
        }
    }

    /** The job's annotations, with their threads when {@code include} is {@code comments}; other values 422. */
    @Transactional(readOnly = true)
    List<AnnotationBodies.Annotation> list(JobView job, @Nullable String include) {
        boolean comments = includesComments(include);
        List<AnnotationRepository.Stored> stored = repository.list(job.tenantId(), job.id());
        Map<String, List<AnnotationRepository.StoredComment>> threads = comments
                ? repository.comments(job.tenantId(), job.id()) : Map.of();
        return stored.stream().map(a -> body(a, comments
                ? threads.getOrDefault(a.id(), List.of()).stream().map(AnnotationService::body).toList()
                : null)).toList();
    }

    static boolean includesComments(@Nullable String include) {
        if (include == null) {
            return false;
        }
        if (!include.equals("comments")) {
            throw RequestValidationException.of("query", "include",
                    "Input should be 'comments' (the only thing an annotation list can include)", "enum");
        }
        return true;
    }

    /** Draws an annotation on a completed job; 201 body. */
    @Transactional
    AnnotationBodies.Annotation create(JobView job, Actor actor, @Nullable JsonNode body) {
        requireViewable(job);
        AnnotationInput.NewAnnotation in = AnnotationInput.annotation(body, pageCount(job), actor.visitor());
        if (repository.count(job.tenantId(), job.id()) >= MAX_PER_JOB) {
            throw new ConflictException("This job already has " + MAX_PER_JOB
                    + " annotations, the most a job keeps; delete some first.");
        }
        Actor author = actor.withEmail(in.authorEmail());
        var stored = new AnnotationRepository.Stored(UUID.randomUUID().toString(), job.tenantId(), job.id(),
                in.pageNum(), in.kind(), in.geometry(), in.color(), in.text(), author.email(), author.keyId(),
                author.linkId(), now());
        repository.insert(stored);
        events.publishEvent(new AnnotationCreated(job.tenantId(), job.id(), stored.id(), stored.pageNum(),
                stored.kind(), stored.geometry(), stored.color(), stored.text(), stored.authorEmail(), author.via()));
        return body(stored, List.of());
    }

    /**
     * Deletes an annotation with its thread. An API caller may delete any annotation of the job; a visitor only one
     * they drew through a share link, while nobody else has commented on it.
     */
    @Transactional
    void delete(JobView job, Actor actor, UUID annotationId) {
        AnnotationRepository.Stored a = repository.findForUpdate(job.tenantId(), job.id(), annotationId.toString())
                .orElseThrow(AnnotationService::unknown);
        List<AnnotationRepository.StoredComment> thread = repository.thread(job.tenantId(), a.id());
        if (actor.visitor()) {
            if (a.linkId() == null || a.authorEmail() == null || !a.authorEmail().equals(actor.email())) {
                throw new ForbiddenException("A share-link visitor may delete only the annotations they drew "
                        + "themselves; this one is someone else's.");
            }
            if (thread.stream().anyMatch(c -> !actor.email().equals(c.authorEmail()))) {
                throw new ForbiddenException("Others have commented on this annotation, so it stays; ask the "
                        + "reviewer to remove it.");
            }
        }
        int comments = repository.delete(job.tenantId(), job.id(), a.id());
        events.publishEvent(new AnnotationDeleted(job.tenantId(), job.id(), a.id(), a.pageNum(), a.kind(),
                actor.label(), comments));
    }

    /** Adds a comment to an annotation's thread; 201 body. */
    @Transactional
    AnnotationBodies.Comment comment(JobView job, Actor actor, UUID annotationId, @Nullable JsonNode body) {
        AnnotationRepository.Stored a = repository.findForUpdate(job.tenantId(), job.id(), annotationId.toString())
                .orElseThrow(AnnotationService::unknown);
        AnnotationInput.NewComment in = AnnotationInput.comment(body, actor.visitor());
        if (repository.commentCount(job.tenantId(), a.id()) >= MAX_COMMENTS) {
            throw new ConflictException("This thread already has " + MAX_COMMENTS
                    + " comments, the most a thread keeps.");
        }
        Actor author = actor.withEmail(in.authorEmail());
        var stored = new AnnotationRepository.StoredComment(UUID.randomUUID().toString(), a.id(), job.tenantId(),
                job.id(), author.email(), in.body(), author.keyId(), author.linkId(), now());
        repository.insertComment(stored);
        events.publishEvent(new CommentCreated(job.tenantId(), job.id(), a.id(), stored.id(), stored.authorEmail(),
                stored.body(), author.via()));
        return body(stored);
    }

    @EventListener
    void jobDeleted(JobDeleted e) {
        repository.deleteJob(e.tenantId(), e.jobId());
    }

    private void requireViewable(JobView job) {
        if (job.status() == JobStatus.FAILED) {
            throw new ConflictException("Job " + job.id() + " failed, so it has no pages to annotate.");
        }
        if (!job.complete() || job.pageCount() == null) {
            throw new ConflictException("Job " + job.id() + " is still " + jobs.wire(job.status())
                    + "; its pages can be annotated once it is " + jobs.wire(JobStatus.COMPLETED) + ".");
        }
    }

    private static int pageCount(JobView job) {
        return job.pageCount() == null ? 0 : job.pageCount();
    }

    private static NotFoundException unknown() {
        return new NotFoundException("Annotation not found on this job.");
    }

    private Instant now() {
        return clock.instant().truncatedTo(ChronoUnit.MILLIS);
    }

    static AnnotationBodies.Annotation body(AnnotationRepository.Stored a,
                                            @Nullable List<AnnotationBodies.Comment> comments) {
        return new AnnotationBodies.Annotation(a.id(), a.pageNum(), a.kind(), a.geometry(), a.color(), a.text(),
                a.authorEmail(), a.createdAt(), comments);
    }

    static AnnotationBodies.Comment body(AnnotationRepository.StoredComment c) {
        return new AnnotationBodies.Comment(c.id(), c.annotationId(), c.authorEmail(), c.body(), c.createdAt());
    }
}
