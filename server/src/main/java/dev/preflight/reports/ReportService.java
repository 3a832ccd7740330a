package dev.preflight.reports;

import dev.preflight.branding.Branding;
import dev.preflight.branding.BrandingService;
import dev.preflight.jobs.JobBodyChanges;
import dev.preflight.jobs.JobReader;
import dev.preflight.jobs.JobView;
import dev.preflight.platform.ApiException;
import dev.preflight.platform.BlobStore;
import dev.preflight.platform.ConflictException;
import dev.preflight.platform.Digests;
import dev.preflight.platform.Json;
import dev.preflight.platform.NotFoundException;
import dev.preflight.platform.PlanUpgradeRequiredException;
import dev.preflight.platform.RequestValidationException;
import dev.preflight.platform.UnprocessableException;
import dev.preflight.tenancy.Caller;
import dev.preflight.tenancy.Permission;
import dev.preflight.tenancy.Plan;
import dev.preflight.tenancy.TenancyService;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.http.HttpStatus;
import org.springframework.mail.MailException;
import org.springframework.stereotype.Service;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;
import org.springframework.transaction.support.TransactionTemplate;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Set;
import java.util.UUID;

/**
 * Mints reports from completed jobs and manages their tokens. A mint resolves and freezes the branding, renders
 * every requested format from one model, stores each file under the job's prefix, and records the tokens and the
 * {@link ReportMinted} event in one transaction (with the mail to {@code email_to}, when asked: a mail the server
 * refuses rolls the mint back).
 */
@Service
class ReportService {

    private static final Logger log = LoggerFactory.getLogger(ReportService.class);
    private static final SecureRandom RANDOM = new SecureRandom();

    private final JobReader jobs;
    private final JobBodyChanges bodies;
    private final TenancyService tenancy;
    private final BrandingService branding;
    private final ReportRepository repository;
    private final ReportModelBuilder models;
    private final ReportRenderer renderer;
    private final ReportUrls urls;
    private final ReportMailer mailer;
    private final BlobStore blobs;
    private final ApplicationEventPublisher events;
    private final TransactionTemplate transaction;
    private final ReportsProperties properties;
    private final Clock clock;

    ReportService(JobReader jobs, TenancyService tenancy, BrandingService branding, ReportRepository repository,
                  ReportModelBuilder models, ReportRenderer renderer, ReportUrls urls, ReportMailer mailer,
                  BlobStore blobs, ApplicationEventPublisher events, PlatformTransactionManager transactions,
                  ReportsProperties properties, Clock clock, JobBodyChanges bodies) {
        this.jobs = jobs;
        this.bodies = bodies;
        this.tenancy = tenancy;
        this.branding = branding;
        this.repository = repository;
        this.models = models;
        this.renderer = renderer;
        this.urls = urls;
        this.mailer = mailer;
        this.blobs = blobs;
        this.events = events;
        this.transaction = new TransactionTemplate(transactions);
        this.properties = properties;
        this.clock = clock;
    }

    /** One row of a mint answer (spec: Report (minted)). */
    record Minted(String format, @Nullable String url, @Nullable String token, @Nullable Instant expiresAt,
                  @Nullable Object data, @Nullable String contentType, @Nullable ReportToken row) {
    }

    // ---------------------------------------------------------------------------------------------- mint

    List<Minted> mint(Caller caller, String jobId, MintRequest r, @Nullable String idempotencyKey) {
        caller.require(Permission.JOBS);
        JobView job = jobs.require(caller.tenantId(), jobId);
        if (idempotencyKey != null && (idempotencyKey.isEmpty() || idempotencyKey.length() > 255)) {
            throw RequestValidationException.of("header", "Idempotency-Key",
                    "String should have 1 to 255 characters", "string_too_long");
        }
        requirePlan(caller.plan(), r);
        requireComplete(job);
        if (r.emailTo() != null && !mailer.configured()) {
            throw new UnprocessableException("email_to needs outgoing mail, which is not configured on this server "
                    + "(set PREFLIGHT_SMTP_HOST and PREFLIGHT_SMTP_FROM).");
        }
        return produce(caller.plan(), job, r, idempotencyKey, true);
    }

    void requirePlan(Plan plan, MintRequest r) {
        String csv = tenancy.entitlements(plan).getOrDefault("report_formats", "");
        Set<String> allowed = Set.copyOf(Arrays.stream(csv.split(",")).map(String::trim)
                .filter(s -> !s.isEmpty()).toList());
        for (MintRequest.Wanted w : r.formats()) {
            if (!allowed.contains(w.format().entitlement())) {
                throw new PlanUpgradeRequiredException("The " + plan.wire() + " plan does not include the '"
                        + w.format().wire() + "' report format" + (allowed.isEmpty() ? " (report downloads are off)."
                        : "; it includes " + String.join(", ", csv.split(",")) + "."));
            }
        }
        if (r.branding() != null && !tenancy.allows(plan, "white_label")) {
            throw new PlanUpgradeRequiredException("Per-call branding needs the white-label entitlement (Scale and "
                    + "Enterprise plans); this tenant is on " + plan.wire() + ".");
        }
    }

    private void requireComplete(JobView job) {
        if (!job.complete()) {
            throw new ConflictException("Job " + job.id() + " is " + jobs.wire(job.status())
                    + ": reports are minted from completed jobs only.");
        }
    }

    /**
     * Renders and records a mint. With an idempotency key, formats whose deterministic token exists already are
     * reused as they are (same token, same stored file); the others are rendered.
     */
    private List<Minted> produce(Plan plan, JobView job, MintRequest r, @Nullable String key, boolean allowRetry) {
        String tenantId = job.tenantId();
        Instant now = now();
        Instant expiresAt = r.expirySet() ? (r.expiryDays() == null ? null : now.plus(Duration.ofDays(r.expiryDays())))
                : now.plus(Duration.ofDays(defaultExpiryDays(plan)));
        Branding brand = branding.resolve(tenantId, job.options() == null ? null : job.options().brand(), r.branding());
        String mintId = UUID.randomUUID().toString();

        var reused = new LinkedHashMap<ReportFormat, ReportToken>();
        var tokens = new LinkedHashMap<ReportFormat, String>();
        for (MintRequest.Wanted w : r.formats()) {
            if (!w.url()) {
                continue;
            }
            String token = key == null ? randomToken() : deterministicToken(tenantId, key, w.format().wire());
            if (key != null) {
                repository.byHash(ShareLinks.sha256(token)).ifPresent(existing -> {
                    if (!existing.tenantId().equals(tenantId) || !existing.jobId().equals(job.id())) {
                        throw new ConflictException("This Idempotency-Key was already used for another job; use a "
                                + "new key for a new report.");
                    }
                    if (existing.revokedAt() != null || existing.expiredAt() != null) {
                        throw new ConflictException("The report minted with this Idempotency-Key was "
                                + (existing.revokedAt() != null ? "revoked" : "deleted when it expired")
                                + "; use a new key for a new report.");
                    }
                    reused.put(w.format(), existing);
                });
            }
            tokens.put(w.format(), token);
        }

        boolean render = r.formats().stream().anyMatch(w -> w.inline() || !reused.containsKey(w.format()));
        ReportRenderer.Session session = null;
        if (render) {
            ReportModel model = models.build(job, jobs.wire(job.status()), jobs.findings(job), brand,
                    r.detailLevel(), r.summaryPage(), now);
            session = renderer.session(model, documentFile(job), job.pages(), mintId, job.tenantId());
        }

        var fresh = new LinkedHashMap<ReportFormat, ReportToken>();
        var stored = new ArrayList<String>();
        var inline = new LinkedHashMap<ReportFormat, Object>();
        try {
            for (MintRequest.Wanted w : r.formats()) {
                ReportFormat f = w.format();
                if (w.url() && !reused.containsKey(f)) {
                    String id = UUID.randomUUID().toString();
                    String blobKey = "tenants/" + tenantId + "/jobs/" + job.id() + "/reports/" + id + "." + f.extension();
                    long size = store(session, f, blobKey);
                    stored.add(blobKey);
                    String token = tokens.get(f);
                    fresh.put(f, new ReportToken(id, mintId, tenantId, job.id(), token, ShareLinks.sha256(token),
                            f.wire(), blobKey, f.contentType(), size, f.fileName(brand.anonymous(), job.id()),
                            expiresAt, now, null, null, 0, r.allowAnnotations(), r.requireVisitorEmail()));
                }
                if (w.inline()) {
                    ReportToken t = w.url() ? (reused.containsKey(f) ? reused.get(f) : fresh.get(f)) : null;
                    byte[] bytes = t != null ? read(t.blobKey())
                            : f == ReportFormat.JSON ? session.json() : session.xml().getBytes(StandardCharsets.UTF_8);
                    inline.put(f, f == ReportFormat.JSON ? Json.mapper().readTree(bytes)
                            : new String(bytes, StandardCharsets.UTF_8));
                }
            }
            String base = urls.reportsBase(tenantId, brand.brandProfileId());
            transaction.executeWithoutResult(status -> {
                if (!fresh.isEmpty()) {
                    repository.insertMint(new ReportRepository.Mint(mintId, tenantId, job.id(), Json.write(brand),
                            r.detailLevel(), r.summaryPage(), now));
                    fresh.values().forEach(repository::insertToken);
                    bodies.changed(tenantId, job.id());
                    events.publishEvent(new ReportMinted(tenantId, job.id(), mintId, fresh.values().stream()
                            .map(t -> new ReportMinted.Link(t.format(), t.token(), urls.url(base, t), t.expiresAt()))
                            .toList(), now));
                }
                if (r.emailTo() != null) {
                    var links = new ArrayList<ReportMailer.Link>();
                    for (MintRequest.Wanted w : r.formats()) {
                        ReportToken t = reused.containsKey(w.format()) ? reused.get(w.format()) : fresh.get(w.format());
                        if (t != null) {
                            links.add(new ReportMailer.Link(t.format(), urls.url(base, t), t.expiresAt()));
                        }
                    }
                    mailer.send(r.emailTo(), brand, job.fileName(), links);
                }
            });
            var out = new ArrayList<Minted>();
            for (MintRequest.Wanted w : r.formats()) {
                ReportFormat f = w.format();
                ReportToken t = !w.url() ? null : reused.containsKey(f) ? reused.get(f) : fresh.get(f);
                Object data = inline.get(f);
                out.add(new Minted(f.wire(), t == null ? null : urls.url(base, t), t == null ? null : t.token(),
                        t == null ? null : t.expiresAt(), data,
                        data == null ? null : f == ReportFormat.JSON ? "application/json" : "application/xml", t));
            }
            return out;
        } catch (DuplicateKeyException e) {
            // A concurrent mint with the same Idempotency-Key stored its tokens first: answer with those.
            deleteQuietly(stored);
            if (key != null && allowRetry) {
                return produce(plan, job, r, key, false);
            }
            throw e;
        } catch (MailException e) {
            deleteQuietly(stored);
            throw new ApiException(HttpStatus.BAD_GATEWAY, "The mail server did not accept the report mail to "
                    + r.emailTo() + " (" + e.getMessage() + "); nothing was minted.");
        } catch (RuntimeException e) {
            deleteQuietly(stored);
            throw e;
        }
    }

    private long store(ReportRenderer.Session session, ReportFormat f, String blobKey) {
        Path tmp = null;
        try {
            tmp = renderer.scratchFile();
            try (OutputStream out = Files.newOutputStream(tmp)) {
                session.write(f, out);
            }
            try (InputStream in = Files.newInputStream(tmp)) {
                return blobs.put(blobKey, in);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("could not render the " + f.wire() + " report: " + e.getMessage(), e);
        } finally {
            if (tmp != null) {
                try {
                    Files.deleteIfExists(tmp);
                } catch (IOException ignored) {
                    // scratch space
                }
            }
        }
    }

    private Path documentFile(JobView job) {
        try {
            return jobs.documentFile(job);
        } catch (IOException e) {
            throw new UncheckedIOException("the job's document is not readable", e);
        }
    }

    private byte[] read(String blobKey) {
        try (InputStream in = blobs.open(blobKey)) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException("could not read a stored report", e);
        }
    }

    int defaultExpiryDays(Plan plan) {
        String days = tenancy.entitlements(plan).get("report_expiry_days");
        try {
            return days == null ? 7 : Integer.parseInt(days.trim());
        } catch (NumberFormatException e) {
            return 7;
        }
    }

    // ---------------------------------------------------------------------------------------------- tokens

    /** The job's active tokens (neither revoked nor expired), oldest first. */
    List<ReportToken> list(Caller caller, String jobId) {
        JobView job = jobs.require(caller.tenantId(), jobId);
        Instant now = now();
        return repository.ofJob(caller.tenantId(), job.id()).stream().filter(t -> t.activeAt(now)).toList();
    }

    /** Revokes a token of the job and deletes its file; its public URLs answer 410 from then on. */
    void revoke(Caller caller, String jobId, String token) {
        caller.require(Permission.JOBS);
        JobView job = jobs.require(caller.tenantId(), jobId);
        String hash = token == null || token.length() > 64 ? null : ShareLinks.sha256(token);
        ReportToken row = hash == null ? null : repository.byHash(hash).orElse(null);
        if (row == null || !row.tenantId().equals(caller.tenantId()) || !row.jobId().equals(job.id())
                || !ShareLinks.sameHash(row, hash)) {
            throw new NotFoundException("No report token of job " + job.id() + " matches.");
        }
        transaction.executeWithoutResult(status -> {
            if (repository.revoke(caller.tenantId(), row.id(), now()) > 0) {
                events.publishEvent(new ShareLinkRevoked(row.tenantId(), row.jobId(), row.format()));
                if (row.blobKey() != null) {
                    deleteAfterCommit(row.blobKey());
                }
            }
        });
    }

    // ---------------------------------------------------------------------------------------------- batch

    /** The outcome of one job of a batch. */
    record BatchItem(String jobId, boolean ok, List<Minted> reports, @Nullable String error) {
    }

    /** Mints for each job independently: one job's failure is reported in its row and never stops the others. */
    List<BatchItem> batch(Caller caller, List<String> jobIds, MintRequest r) {
        caller.require(Permission.JOBS);
        requirePlan(caller.plan(), r);
        var out = new ArrayList<BatchItem>();
        for (String jobId : jobIds) {
            try {
                JobView job = jobs.find(caller.tenantId(), jobId)
                        .orElseThrow(() -> new NotFoundException("Job " + jobId + " not found."));
                requireComplete(job);
                out.add(new BatchItem(jobId, true, produce(caller.plan(), job, r, null, false), null));
            } catch (ApiException e) {
                out.add(new BatchItem(jobId, false, List.of(), e.detail()));
            } catch (RuntimeException e) {
                log.warn("batch mint failed for job {}", jobId, e);
                out.add(new BatchItem(jobId, false, List.of(), "The report could not be rendered: "
                        + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage())));
            }
        }
        return out;
    }

    String viewerUrl(String tenantId, String token) {
        return urls.viewerUrl(tenantId, token);
    }

    // ---------------------------------------------------------------------------------------------- helpers

    /** base64url(sha256(tenant id + key + format)) without padding: 43 characters (spec: deterministic token). */
    static String deterministicToken(String tenantId, String key, String format) {
        return Digests.base64Url(Digests.sha256(tenantId + key + format));
    }

    /** 32 random bytes, base64url without padding (43 characters). */
    static String randomToken() {
        byte[] b = new byte[32];
        RANDOM.nextBytes(b);
        return Digests.base64Url(b);
    }

    private void deleteAfterCommit(String key) {
        if (TransactionSynchronizationManager.isSynchronizationActive()) {
            TransactionSynchronizationManager.registerSynchronization(new TransactionSynchronization() {
                @Override
                public void afterCommit() {
                    deleteQuietly(List.of(key));
                }
            });
        } else {
            deleteQuietly(List.of(key));
        }
    }

    void deleteQuietly(List<String> keys) {
        for (String k : keys) {
            try {
                blobs.deletePrefix(k);
            } catch (IOException e) {
                log.warn("could not delete report file {}: {}", k, e.getMessage());
            }
        }
    }

    private Instant now() {
        return clock.instant().truncatedTo(ChronoUnit.MILLIS);
    }

}
