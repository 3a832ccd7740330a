package dev.preflight.viewer;

import dev.preflight.jobs.JobService;
import dev.preflight.platform.ApiException;
import dev.preflight.platform.NotFoundException;
import dev.preflight.support.SamplePdfs;
import dev.preflight.support.ServerTestBase;
import jakarta.servlet.http.HttpServletRequest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.support.StaticListableBeanFactory;
import org.springframework.http.HttpStatus;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.web.context.request.RequestContextHolder;
import org.springframework.web.context.request.ServletRequestAttributes;
import tools.jackson.databind.JsonNode;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Which job a viewer request may see, decided in one place (ViewerJobs): every route answers 404 for another
 * tenant's job and an unknown one, 404 for a page out of range, and 409 while the job has nothing to view; a share
 * token opens its job until it is revoked or expires.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ViewerAccessTests extends ServerTestBase {

    /** Every authenticated viewer route on a job: method, path after /api/v1/viewer/jobs/{id}, body. */
    private static final List<String[]> ROUTES = List.of(
            new String[] {"GET", "/pages"}, new String[] {"GET", "/info"}, new String[] {"GET", "/fonts"},
            new String[] {"GET", "/images"}, new String[] {"GET", "/layers"}, new String[] {"GET", "/separations"},
            new String[] {"GET", "/tac"}, new String[] {"GET", "/tile-warming"}, new String[] {"GET", "/config"},
            new String[] {"GET", "/verdict"}, new String[] {"POST", "/verdict"},
            new String[] {"POST", "/capabilities/fonts"},
            new String[] {"GET", "/pages/1/tile"}, new String[] {"GET", "/pages/1/channel/Cyan"},
            new String[] {"GET", "/pages/1/plates?hide=Cyan"},
            new String[] {"GET", "/pages/1/tac-heatmap"}, new String[] {"GET", "/pages/1/tac-heatmap/runs"},
            new String[] {"GET", "/pages/1/sample?x=1&y=1"}, new String[] {"GET", "/pages/1/densitometer?x=1&y=1"},
            new String[] {"GET", "/pages/1/text-regions"});

    @Autowired
    private JobService jobService;

    @Autowired
    private org.springframework.jdbc.core.simple.JdbcClient jdbc;

    @Autowired
    private dev.preflight.platform.BlobStore blobs;

    private TenantKey owner;
    private TenantKey stranger;
    private String completed;
    private String failed;

    private void setUp() {
        if (owner == null) {
            owner = newTenant("growth");
            stranger = newTenant("enterprise");
            completed = run(owner, SamplePdfs.clean().bytes(), "profile_id", "gwg2022-packaging-offset")
                    .get("job_id").asString();
            JsonNode bad = run(owner, SamplePdfs.truncated(SamplePdfs.clean().bytes(), 300));
            assertThat(bad.get("status").asString()).isEqualTo("failed");
            failed = bad.get("job_id").asString();
        }
    }

    private dev.preflight.support.Api.Answer call(String method, String jobId, String rest, String key) {
        String path = "/api/v1/viewer/jobs/" + jobId + rest;
        return method.equals("GET") ? api.get(path, key)
                : api.postJson(path, key, rest.equals("/verdict") ? Map.of("verdict", "pass") : "");
    }

    @Test
    void anotherTenantsJobIsNotFoundOnEveryRoute() {
        setUp();
        for (String[] r : ROUTES) {
            var answer = call(r[0], completed, r[1], stranger.key());
            assertThat(answer.status()).as(r[0] + " " + r[1] + ": " + answer.text()).isEqualTo(404);
            assertThat(answer.json().get("detail").asString()).as(r[1]).contains("not found");
        }
        // and the owner reaches them: the same routes do not answer 404 for the owner's job
        for (String[] r : ROUTES) {
            if (!r[1].contains("text-regions")) {
                assertThat(call(r[0], completed, r[1], owner.key()).status()).as(r[0] + " " + r[1]).isIn(200, 202);
            }
        }
    }

    @Test
    void anUnknownJobIsNotFoundAndAMalformedIdIs422() {
        setUp();
        String unknown = UUID.randomUUID().toString();
        for (String[] r : ROUTES) {
            assertThat(call(r[0], unknown, r[1], owner.key()).status()).as(r[1]).isEqualTo(404);
        }
        var malformed = api.get("/api/v1/viewer/jobs/not-a-uuid/pages", owner.key());
        assertThat(malformed.status()).isEqualTo(422);
        assertThat(malformed.json().get("detail").get(0).get("type").asString()).isEqualTo("uuid_parsing");
        assertThat(api.get("/api/v1/viewer/jobs/" + unknown + "/pages", null).status()).isEqualTo(401);
    }

    @Test
    void aPageOutOfRangeIsNotFound() {
        setUp();
        for (String[] r : ROUTES) {
            if (r[1].startsWith("/pages/1/")) {
                var answer = call(r[0], completed, r[1].replace("/pages/1/", "/pages/9/"), owner.key());
                assertThat(answer.status()).as(r[1]).isEqualTo(404);
                assertThat(answer.json().get("detail").asString()).contains("Page 9");
                assertThat(call(r[0], completed, r[1].replace("/pages/1/", "/pages/0/"), owner.key()).status())
                        .isEqualTo(404);
            }
        }
    }

    @Test
    void aJobWithNothingToViewAnswers409WithTheReason() {
        setUp();
        for (String[] r : ROUTES) {
            var answer = call(r[0], failed, r[1], owner.key());
            if (r[1].equals("/config")) {
                assertThat(answer.status()).isEqualTo(200);
                assertThat(answer.json().get("capabilities").get("layers").asBoolean()).isFalse();
                continue;
            }
            assertThat(answer.status()).as(r[0] + " " + r[1]).isEqualTo(409);
            assertThat(answer.json().get("detail").asString()).as(r[1]).contains("failed");
        }
    }

    @Test
    void aShareTokenOpensItsJobUntilRevokedOrExpired() {
        setUp();
        var shares = Map.of(
                "good", share(completed, Instant.now().plusSeconds(3600), false, true),
                "revoked", share(completed, null, true, false),
                "expired", share(completed, Instant.now().minusSeconds(1), false, false),
                "gone", share(UUID.randomUUID().toString(), null, false, false));
        SharedJobs resolver = new SharedJobs() {
            @Override
            public Optional<SharedJob> resolve(String token, HttpServletRequest request) {
                return Optional.ofNullable(shares.get(token));
            }

            @Override
            public void recordVisit(SharedJob share, HttpServletRequest request) {
                throw new AssertionError("not a visit");
            }
        };
        var factory = new StaticListableBeanFactory(Map.of("shares", resolver));
        var viewerJobs = new ViewerJobs(jobService, factory.getBeanProvider(SharedJobs.class));
        var request = new MockHttpServletRequest();
        RequestContextHolder.setRequestAttributes(new ServletRequestAttributes(request));
        try {
            sharesResolve(viewerJobs, request);
        } finally {
            RequestContextHolder.resetRequestAttributes();
        }
        assertThatThrownBy(() -> viewerJobs.shared("good")).as("outside a request")
                .isInstanceOf(IllegalStateException.class);
    }

    private SharedJob share(String job, Instant expiresAt, boolean revoked, boolean annotations) {
        return new SharedJob(UUID.randomUUID().toString(), owner.tenantId(), job, expiresAt, revoked, annotations,
                false, null, ViewerBrand.ANONYMOUS);
    }

    private void sharesResolve(ViewerJobs viewerJobs, HttpServletRequest request) {
        ViewedJob seen = viewerJobs.shared("good");
        assertThat(seen.jobId()).isEqualTo(completed);
        assertThat(seen.tenantId()).isEqualTo(owner.tenantId());
        assertThat(seen.shared()).isTrue();
        assertThat(seen.share().allowAnnotations()).isTrue();
        assertThatThrownBy(() -> viewerJobs.shared("unknown")).isInstanceOf(NotFoundException.class);
        assertThatThrownBy(() -> viewerJobs.shared("gone")).isInstanceOf(NotFoundException.class);
        for (String lapsed : List.of("revoked", "expired")) {
            assertThatThrownBy(() -> viewerJobs.shared(lapsed)).isInstanceOfSatisfying(ApiException.class,
                    e -> assertThat(e.status()).isEqualTo(HttpStatus.GONE));
        }
        // a share's job through the explicit request too; a bearer view is never a visit
        assertThat(viewerJobs.shared("good", request).jobId()).isEqualTo(completed);
        viewerJobs.visited(new ViewedJob(jobService.find(owner.tenantId(), completed).orElseThrow(), null), request);
        // without a share-link module every token is unknown
        var none = new ViewerJobs(jobService, new StaticListableBeanFactory().getBeanProvider(SharedJobs.class));
        assertThatThrownBy(() -> none.shared("good", request)).isInstanceOf(NotFoundException.class);
    }

    @Test
    void deletingAJobDeletesItsViewerRowsAndFiles() throws InterruptedException {
        setUp();
        String job = run(owner, SamplePdfs.clean().bytes(), "profile_id", "gwg2022-packaging-offset")
                .get("job_id").asString();
        String base = "/api/v1/viewer/jobs/" + job;
        assertThat(api.get(base + "/pages/1/tile?dpi=36", owner.key()).status()).isEqualTo(200);
        assertThat(api.get(base + "/pages/1/densitometer?x=10&y=10&dpi=36", owner.key()).status()).isEqualTo(200);
        assertThat(api.get(base + "/fonts", owner.key()).status()).isEqualTo(200);
        assertThat(api.postJson(base + "/verdict", owner.key(), Map.of("verdict", "pass")).status()).isEqualTo(200);
        String sep = ViewerFiles.prefix(owner.tenantId(), job) + "/sep/p1-d36.sep";
        for (int i = 0; i < 100 && !blobs.exists(sep); i++) {
            Thread.sleep(100); // the render is stored off the request's path
        }
        assertThat(blobs.exists(sep)).isTrue();
        assertThat(rows(job)).isPositive();
        assertThat(api.delete("/api/v1/jobs/" + job, owner.key()).status()).isEqualTo(204);
        assertThat(rows(job)).isZero();
        assertThat(blobs.exists(sep)).isFalse();
        assertThat(api.get(base + "/pages", owner.key()).status()).isEqualTo(404);
    }

    private int rows(String job) {
        int n = 0;
        for (String table : List.of("viewer_inspections", "viewer_ink", "viewer_text_regions", "viewer_fills",
                "viewer_tile_warming", "viewer_verdicts")) {
            n += jdbc.sql("SELECT COUNT(*) FROM " + table + " WHERE job_id = ?").param(job).query(Integer.class)
                    .single();
        }
        return n;
    }
}
