package dev.preflight.review;

import dev.preflight.support.EventLog;
import dev.preflight.support.SamplePdfs;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import tools.jackson.databind.JsonNode;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/** The annotation routes with an API key: every kind, validation, the plan gate, events and tenant isolation. */
class AnnotationTests extends AnnotationFixtures {

    @Autowired
    EventLog events;

    @Autowired
    AnnotationRepository repository;

    private List<AnnotationCreated> createdOn(String jobId) {
        return events.of(AnnotationCreated.class).stream().filter(e -> e.jobId().equals(jobId)).toList();
    }

    @Test
    void everyKindIsDrawnStoredAndListedByPageWithItsExactShape() {
        TenantKey t = newTenant("starter");
        String job = twoPageJob(t);

        JsonNode rect = created(t, job, with(with(rect(2), "color", "#ff8800"), "author_email", "Rev@Example.com"));
        assertThat(rect.propertyNames()).containsExactly("id", "page_num", "kind", "geometry", "color", "text",
                "author_email", "created_at", "comments");
        assertThat(rect.get("page_num").asInt()).isEqualTo(2);
        assertThat(rect.get("kind").asString()).isEqualTo("rect");
        assertThat(rect.get("geometry").propertyNames()).containsExactly("x", "y", "w", "h");
        assertThat(rect.get("geometry").get("x").asDouble()).isEqualTo(10);
        assertThat(rect.get("geometry").get("y").asDouble()).isEqualTo(20.5);
        assertThat(rect.get("geometry").get("w").asDouble()).isEqualTo(100);
        assertThat(rect.get("geometry").get("h").asDouble()).isEqualTo(50);
        assertThat(rect.get("color").asString()).isEqualTo("#FF8800");
        assertThat(rect.get("text").isNull()).isTrue();
        assertThat(rect.get("author_email").asString()).isEqualTo("rev@example.com");
        assertThat(Instant.parse(rect.get("created_at").asString())).isNotNull();
        assertThat(rect.get("comments")).isEmpty();

        JsonNode circle = created(t, job, body(1, "circle", Map.of("cx", 300, "cy", 400, "r", 12.5)));
        assertThat(circle.get("geometry").propertyNames()).containsExactly("cx", "cy", "r");
        assertThat(circle.get("geometry").get("r").asDouble()).isEqualTo(12.5);
        assertThat(circle.get("author_email").isNull()).as("no author given").isTrue();
        assertThat(circle.get("color").isNull()).isTrue();

        JsonNode arrow = created(t, job, with(body(1, "arrow", Map.of("x1", 0, "y1", 0, "x2", 50, "y2", -5)),
                "text", "this way"));
        assertThat(arrow.get("geometry").propertyNames()).containsExactly("x1", "y1", "x2", "y2");
        assertThat(arrow.get("geometry").get("y2").asDouble()).isEqualTo(-5);
        assertThat(arrow.get("text").asString()).isEqualTo("this way");

        JsonNode note = created(t, job, with(body(1, "note", Map.of("x", 72, "y", 144)), "text", "Logo too small"));
        assertThat(note.get("geometry").propertyNames()).containsExactly("x", "y");
        assertThat(note.get("text").asString()).isEqualTo("Logo too small");

        JsonNode freehand = created(t, job, body(1, "freehand",
                Map.of("points", List.of(List.of(1, 2), List.of(3.5, 4), List.of(5, 6)))));
        assertThat(freehand.get("geometry").propertyNames()).containsExactly("points");
        assertThat(freehand.get("geometry").get("points").toString()).isEqualTo("[[1.0,2.0],[3.5,4.0],[5.0,6.0]]");

        var list = api.get(url(job), t.key());
        assertThat(list.status()).isEqualTo(200);
        List<String> ids = new ArrayList<>();
        list.json().forEach(a -> ids.add(a.get("id").asString()));
        assertThat(ids).as("page 1 in drawing order, then page 2").containsExactly(circle.get("id").asString(),
                arrow.get("id").asString(), note.get("id").asString(), freehand.get("id").asString(),
                rect.get("id").asString());
        list.json().forEach(a -> assertThat(a.has("comments")).as("flat list without include").isFalse());
        JsonNode listed = list.json().get(4);
        assertThat(listed.get("geometry")).isEqualTo(rect.get("geometry"));
        assertThat(listed.get("created_at")).isEqualTo(rect.get("created_at"));

        var events = createdOn(job);
        assertThat(events).hasSize(5);
        AnnotationCreated e = events.get(0);
        assertThat(e.tenantId()).isEqualTo(t.tenantId());
        assertThat(e.annotationId()).isEqualTo(rect.get("id").asString());
        assertThat(e.pageNum()).isEqualTo(2);
        assertThat(e.kind()).isEqualTo("rect");
        assertThat(e.geometry()).isEqualTo(new AnnotationGeometry.Rect(10, 20.5, 100, 50));
        assertThat(e.color()).isEqualTo("#FF8800");
        assertThat(e.authorEmail()).isEqualTo("rev@example.com");
        assertThat(e.via()).isEqualTo("api");
        assertThat(events.get(4).geometry()).isEqualTo(new AnnotationGeometry.Freehand(
                List.of(List.of(1.0, 2.0), List.of(3.5, 4.0), List.of(5.0, 6.0))));
    }

    @Test
    void commentsAreThreadedAndEmbeddedOnlyWithIncludeComments() {
        TenantKey t = newTenant("starter");
        String job = twoPageJob(t);
        String a = created(t, job, rect(1)).get("id").asString();
        String b = created(t, job, rect(1)).get("id").asString();

        var first = api.postJson(url(job) + "/" + a + "/comments", t.key(),
                Map.of("body", "  Please move it  ", "author_email", "ann@example.com"));
        assertThat(first.status()).as(first.text()).isEqualTo(201);
        JsonNode c = first.json();
        assertThat(c.propertyNames()).containsExactly("id", "annotation_id", "author_email", "body", "created_at");
        assertThat(c.get("annotation_id").asString()).isEqualTo(a);
        assertThat(c.get("author_email").asString()).isEqualTo("ann@example.com");
        assertThat(c.get("body").asString()).isEqualTo("Please move it");
        var second = api.postJson(url(job) + "/" + a + "/comments", t.key(), Map.of("body", "Done"));
        assertThat(second.status()).isEqualTo(201);
        assertThat(second.json().get("author_email").isNull()).isTrue();

        JsonNode list = api.get(url(job) + "?include=comments", t.key()).json();
        assertThat(list).hasSize(2);
        assertThat(list.get(0).get("id").asString()).isEqualTo(a);
        assertThat(list.get(0).get("comments")).hasSize(2);
        assertThat(list.get(0).get("comments").get(0)).isEqualTo(c);
        assertThat(list.get(0).get("comments").get(1)).isEqualTo(second.json());
        assertThat(list.get(1).get("id").asString()).isEqualTo(b);
        assertThat(list.get(1).get("comments")).isEmpty();

        var created = events.of(CommentCreated.class).stream().filter(e -> e.annotationId().equals(a)).toList();
        assertThat(created).hasSize(2);
        assertThat(created.get(0).tenantId()).isEqualTo(t.tenantId());
        assertThat(created.get(0).jobId()).isEqualTo(job);
        assertThat(created.get(0).commentId()).isEqualTo(c.get("id").asString());
        assertThat(created.get(0).body()).isEqualTo("Please move it");
        assertThat(created.get(0).authorEmail()).isEqualTo("ann@example.com");
        assertThat(created.get(0).via()).isEqualTo("api");

        for (String bad : List.of(" ", "  \t", "")) {
            var r = api.postJson(url(job) + "/" + a + "/comments", t.key(), Map.of("body", bad));
            assertThat(r.status()).isEqualTo(422);
            assertThat(loc(r, 0)).isEqualTo("[\"body\",\"body\"]");
        }
        var tooLong = api.postJson(url(job) + "/" + a + "/comments", t.key(), Map.of("body", "x".repeat(4001)));
        assertThat(tooLong.status()).isEqualTo(422);
        assertThat(type(tooLong, 0)).isEqualTo("string_too_long");
        var badEmail = api.postJson(url(job) + "/" + a + "/comments", t.key(),
                Map.of("body", "ok", "author_email", "not-an-email"));
        assertThat(badEmail.status()).isEqualTo(422);
        assertThat(loc(badEmail, 0)).isEqualTo("[\"body\",\"author_email\"]");
        assertThat(api.postJson(url(job) + "/" + UUID.randomUUID() + "/comments", t.key(), Map.of("body", "x"))
                .status()).isEqualTo(404);
        assertThat(events.of(CommentCreated.class).stream().filter(e -> e.annotationId().equals(a))).hasSize(2);
    }

    @Test
    void includeAcceptsOnlyComments() {
        TenantKey t = newTenant("starter");
        String job = twoPageJob(t);
        created(t, job, rect(1));
        for (String bad : List.of("replies", "", "comments,replies", "COMMENTS", "reports")) {
            var r = api.get(url(job) + "?include=" + bad, t.key());
            assertThat(r.status()).as(bad).isEqualTo(422);
            assertThat(loc(r, 0)).isEqualTo("[\"query\",\"include\"]");
            assertThat(type(r, 0)).isEqualTo("enum");
        }
        assertThat(api.get(url(job) + "?include=comments", t.key()).json().get(0).has("comments")).isTrue();
    }

    @Test
    void deletingRemovesTheAnnotationWithItsThreadAndPublishesAnnotationDeleted() {
        TenantKey t = newTenant("starter");
        String job = twoPageJob(t);
        String a = created(t, job, body(2, "circle", Map.of("cx", 1, "cy", 2, "r", 3))).get("id").asString();
        String keep = created(t, job, rect(1)).get("id").asString();
        api.postJson(url(job) + "/" + a + "/comments", t.key(), Map.of("body", "one"));
        api.postJson(url(job) + "/" + a + "/comments", t.key(), Map.of("body", "two"));

        var r = api.delete(url(job) + "/" + a, t.key());
        assertThat(r.status()).isEqualTo(204);
        JsonNode list = api.get(url(job) + "?include=comments", t.key()).json();
        assertThat(list).hasSize(1);
        assertThat(list.get(0).get("id").asString()).isEqualTo(keep);
        assertThat(repository.thread(t.tenantId(), a)).isEmpty();

        var deleted = events.of(AnnotationDeleted.class).stream().filter(e -> e.annotationId().equals(a)).toList();
        assertThat(deleted).hasSize(1);
        assertThat(deleted.get(0).tenantId()).isEqualTo(t.tenantId());
        assertThat(deleted.get(0).jobId()).isEqualTo(job);
        assertThat(deleted.get(0).pageNum()).isEqualTo(2);
        assertThat(deleted.get(0).kind()).isEqualTo("circle");
        assertThat(deleted.get(0).deletedBy()).isEqualTo("api_key:" + t.keyId());
        assertThat(deleted.get(0).commentsDeleted()).isEqualTo(2);

        assertThat(api.delete(url(job) + "/" + a, t.key()).status()).as("already gone").isEqualTo(404);
        assertThat(api.postJson(url(job) + "/" + a + "/comments", t.key(), Map.of("body", "late")).status())
                .isEqualTo(404);
        assertThat(events.of(AnnotationDeleted.class).stream().filter(e -> e.annotationId().equals(a))).hasSize(1);
        var malformed = api.delete(url(job) + "/not-a-uuid", t.key());
        assertThat(malformed.status()).isEqualTo(422);
        assertThat(type(malformed, 0)).isEqualTo("uuid_parsing");
    }

    @Test
    void invalidGeometryIsRefusedPerKindWithWhereAndWhy() {
        TenantKey t = newTenant("starter");
        String job = twoPageJob(t);
        record Case(Map<String, Object> body, String loc, String type) {
        }
        var cases = List.of(
                new Case(body(1, "rect", Map.of("x", 0, "y", 0, "w", 0, "h", 5)), "[\"body\",\"geometry\",\"w\"]",
                        "greater_than"),
                new Case(body(1, "rect", Map.of("x", 0, "y", 0, "w", 5, "h", -1)), "[\"body\",\"geometry\",\"h\"]",
                        "greater_than"),
                new Case(body(1, "rect", Map.of("x", 0, "y", 0, "w", 5)), "[\"body\",\"geometry\",\"h\"]", "missing"),
                new Case(body(1, "rect", Map.of("x", "1", "y", 0, "w", 5, "h", 5)), "[\"body\",\"geometry\",\"x\"]",
                        "float_type"),
                new Case(body(1, "rect", Map.of("cx", 1, "cy", 0, "r", 5)), "[\"body\",\"geometry\",\"cx\"]",
                        "extra_forbidden"),
                new Case(body(1, "rect", List.of(1, 2, 3, 4)), "[\"body\",\"geometry\"]", "model_type"),
                new Case(body(1, "circle", Map.of("cx", 1, "cy", 2, "r", 0)), "[\"body\",\"geometry\",\"r\"]",
                        "greater_than"),
                new Case(body(1, "circle", Map.of("cx", 1, "r", 2)), "[\"body\",\"geometry\",\"cy\"]", "missing"),
                new Case(body(1, "circle", Map.of("x", 1, "y", 2, "w", 3, "h", 4)), "[\"body\",\"geometry\",\"x\"]",
                        "extra_forbidden"),
                new Case(body(1, "arrow", Map.of("x1", 5, "y1", 5, "x2", 5, "y2", 5)), "[\"body\",\"geometry\"]",
                        "value_error"),
                new Case(body(1, "arrow", Map.of("x1", 5, "y1", 5, "x2", 6)), "[\"body\",\"geometry\",\"y2\"]",
                        "missing"),
                new Case(with(body(1, "note", Map.of("x", 5)), "text", "n"), "[\"body\",\"geometry\",\"y\"]",
                        "missing"),
                new Case(body(1, "note", Map.of("x", 5, "y", 5)), "[\"body\",\"text\"]", "missing"),
                new Case(with(body(1, "note", Map.of("x", 5, "y", 5)), "text", "   "), "[\"body\",\"text\"]",
                        "missing"),
                new Case(with(body(1, "note", Map.of("x", 1e6, "y", 5)), "text", "n"),
                        "[\"body\",\"geometry\",\"x\"]", "value_error"),
                new Case(body(1, "freehand", Map.of("points", List.of(List.of(1, 2)))),
                        "[\"body\",\"geometry\",\"points\"]", "too_short"),
                new Case(body(1, "freehand", Map.of("points", List.of(List.of(1, 2), List.of(1, 2, 3)))),
                        "[\"body\",\"geometry\",\"points\",1]", "value_error"),
                new Case(body(1, "freehand", Map.of("points", List.of(List.of(1, 2), List.of("a", 3)))),
                        "[\"body\",\"geometry\",\"points\",1,0]", "float_type"),
                new Case(body(1, "freehand", Map.of("points", "1,2 3,4")), "[\"body\",\"geometry\",\"points\"]",
                        "list_type"),
                new Case(body(1, "freehand", Map.of()), "[\"body\",\"geometry\",\"points\"]", "missing"),
                new Case(body(1, "polygon", Map.of("x", 1)), "[\"body\",\"kind\"]", "enum"),
                new Case(body(0, "rect", Map.of("x", 0, "y", 0, "w", 5, "h", 5)), "[\"body\",\"page_num\"]",
                        "greater_than_equal"),
                new Case(body(3, "rect", Map.of("x", 0, "y", 0, "w", 5, "h", 5)), "[\"body\",\"page_num\"]",
                        "less_than_equal"),
                new Case(with(rect(1), "color", "red"), "[\"body\",\"color\"]", "string_pattern_mismatch"),
                new Case(with(rect(1), "page", 1), "[\"body\",\"page\"]", "extra_forbidden"),
                new Case(with(rect(1), "text", "x".repeat(4001)), "[\"body\",\"text\"]", "string_too_long"),
                new Case(Map.of("kind", "rect", "geometry", Map.of("x", 0, "y", 0, "w", 5, "h", 5)),
                        "[\"body\",\"page_num\"]", "missing"),
                new Case(Map.of("page_num", 1, "kind", "rect"), "[\"body\",\"geometry\"]", "missing"));
        for (Case c : cases) {
            var r = api.postJson(url(job), t.key(), c.body());
            assertThat(r.status()).as(c.body() + ": " + r.text()).isEqualTo(422);
            var found = new ArrayList<String>();
            r.json().get("detail").forEach(d -> {
                found.add(d.get("loc").toString() + " " + d.get("type").asString());
                assertThat(d.get("msg").asString()).isNotBlank();
            });
            assertThat(found).as(c.body() + ": " + r.text()).contains(c.loc() + " " + c.type());
        }
        var pageMsg = api.postJson(url(job), t.key(), rect(3));
        assertThat(pageMsg.json().get("detail").get(0).get("msg").asString())
                .isEqualTo("Page 3 does not exist: the document has 2 pages");
        var several = api.postJson(url(job), t.key(), Map.of("page_num", 9, "kind", "rect",
                "geometry", Map.of("x", 0, "y", 0, "w", -1, "h", 0)));
        assertThat(several.json().get("detail")).as("every problem in one answer").hasSize(3);
        var notJson = api.postJson(url(job), t.key(), "[1]");
        assertThat(notJson.status()).isEqualTo(422);
        assertThat(loc(notJson, 0)).isEqualTo("[\"body\"]");

        assertThat(api.get(url(job), t.key()).json()).as("nothing stored").isEmpty();
        assertThat(createdOn(job)).isEmpty();
    }

    @Test
    void aFreehandStrokeHasAtMostAThousandPoints() {
        TenantKey t = newTenant("starter");
        String job = twoPageJob(t);
        var points = new ArrayList<List<Double>>();
        for (int i = 0; i < AnnotationGeometry.MAX_POINTS; i++) {
            points.add(List.of(i * 0.5, 100.0 + i % 7));
        }
        JsonNode max = created(t, job, body(1, "freehand", Map.of("points", points)));
        assertThat(max.get("geometry").get("points")).hasSize(1000);
        assertThat(api.get(url(job), t.key()).json().get(0).get("geometry").get("points")).hasSize(1000);

        points.add(List.of(1.0, 1.0));
        var r = api.postJson(url(job), t.key(), body(1, "freehand", Map.of("points", points)));
        assertThat(r.status()).isEqualTo(422);
        assertThat(loc(r, 0)).isEqualTo("[\"body\",\"geometry\",\"points\"]");
        assertThat(type(r, 0)).isEqualTo("too_long");
        assertThat(r.json().get("detail").get(0).get("msg").asString()).contains("at most 1000 points", "1001");
        assertThat(createdOn(job)).hasSize(1);
    }

    @Test
    void writesAre403WhenThePlanHasNoAnnotationsWhileReadsGoOn() {
        TenantKey t = newTenant("starter");
        String job = twoPageJob(t);
        String a = created(t, job, rect(1)).get("id").asString();
        var plan = api.patchJson("/admin/tenants/" + t.tenantId() + "/plan", ADMIN, Map.of("plan", "viewer"));
        assertThat(plan.status()).as(plan.text()).isEqualTo(200);

        var create = api.postJson(url(job), t.key(), rect(1));
        assertThat(create.status()).isEqualTo(403);
        assertThat(create.json().get("code").asString()).isEqualTo("plan_upgrade_required");
        assertThat(create.json().get("detail").asString()).contains("viewer plan", "Starter");
        var comment = api.postJson(url(job) + "/" + a + "/comments", t.key(), Map.of("body", "x"));
        assertThat(comment.status()).isEqualTo(403);
        assertThat(comment.json().get("code").asString()).isEqualTo("plan_upgrade_required");
        var delete = api.delete(url(job) + "/" + a, t.key());
        assertThat(delete.status()).isEqualTo(403);
        assertThat(delete.json().get("code").asString()).isEqualTo("plan_upgrade_required");

        JsonNode list = api.get(url(job) + "?include=comments", t.key()).json();
        assertThat(list).hasSize(1);
        assertThat(createdOn(job)).hasSize(1);
        assertThat(events.of(AnnotationDeleted.class).stream().filter(e -> e.annotationId().equals(a))).isEmpty();

        var config = api.get("/api/v1/viewer/jobs/" + job + "/config", t.key()).json();
        assertThat(config.get("annotations_enabled").asBoolean()).as("the config says the same").isFalse();
    }

    @Test
    void aKeyWithoutJobsWriteReadsButCannotWrite() {
        TenantKey t = newTenant("growth");
        String job = twoPageJob(t);
        String a = created(t, job, rect(1)).get("id").asString();
        TenantKey readOnly = newKey(t.tenantId(), List.of());
        assertThat(api.get(url(job), readOnly.key()).status()).isEqualTo(200);
        var r = api.postJson(url(job), readOnly.key(), rect(1));
        assertThat(r.status()).isEqualTo(403);
        assertThat(r.json().get("detail").asString()).contains("jobs:write");
        assertThat(api.postJson(url(job) + "/" + a + "/comments", readOnly.key(), Map.of("body", "x")).status())
                .isEqualTo(403);
        assertThat(api.delete(url(job) + "/" + a, readOnly.key()).status()).isEqualTo(403);
        assertThat(api.get(url(job), null).status()).isEqualTo(401);
    }

    @Test
    void anotherTenantsJobsAndAnnotationsAre404OnEveryRoute() {
        TenantKey a = newTenant("starter");
        TenantKey b = newTenant("starter");
        String jobA = twoPageJob(a);
        String jobB = twoPageJob(b);
        String annA = created(a, jobA, rect(1)).get("id").asString();
        String annB = created(b, jobB, rect(1)).get("id").asString();

        assertThat(api.get(url(jobA), b.key()).status()).isEqualTo(404);
        assertThat(api.get(url(jobA) + "?include=comments", b.key()).status()).isEqualTo(404);
        assertThat(api.postJson(url(jobA), b.key(), rect(1)).status()).isEqualTo(404);
        assertThat(api.delete(url(jobA) + "/" + annA, b.key()).status()).isEqualTo(404);
        assertThat(api.postJson(url(jobA) + "/" + annA + "/comments", b.key(), Map.of("body", "x")).status())
                .isEqualTo(404);
        // A's annotation id under B's own job
        assertThat(api.delete(url(jobB) + "/" + annA, b.key()).status()).isEqualTo(404);
        assertThat(api.postJson(url(jobB) + "/" + annA + "/comments", b.key(), Map.of("body", "x")).status())
                .isEqualTo(404);
        // an annotation of another job of the same tenant is not reachable under this job either
        String jobA2 = twoPageJob(a);
        assertThat(api.delete(url(jobA2) + "/" + annA, a.key()).status()).isEqualTo(404);
        assertThat(api.get(url(UUID.randomUUID().toString()), a.key()).status()).isEqualTo(404);

        assertThat(api.get(url(jobA), a.key()).json()).hasSize(1);
        assertThat(api.get(url(jobB), b.key()).json().get(0).get("id").asString()).isEqualTo(annB);
        assertThat(api.get(url(jobA) + "?include=comments", a.key()).json().get(0).get("comments")).isEmpty();
    }

    @Test
    void aFailedJobHasNoPagesToAnnotate() {
        TenantKey t = newTenant("starter");
        JsonNode job = run(t, SamplePdfs.truncated(SamplePdfs.clean().bytes(), 200));
        assertThat(job.get("status").asString()).isEqualTo("failed");
        String id = job.get("job_id").asString();
        var r = api.postJson(url(id), t.key(), rect(1));
        assertThat(r.status()).isEqualTo(409);
        assertThat(r.json().get("detail").asString()).contains("failed");
        assertThat(api.get(url(id), t.key()).json()).isEmpty();
    }

    @Test
    void deletingTheJobDeletesItsAnnotationsAndThreads() {
        TenantKey t = newTenant("starter");
        String job = twoPageJob(t);
        String a = created(t, job, rect(1)).get("id").asString();
        api.postJson(url(job) + "/" + a + "/comments", t.key(), Map.of("body", "x"));
        assertThat(repository.count(t.tenantId(), job)).isEqualTo(1);
        assertThat(api.delete("/api/v1/jobs/" + job, t.key()).status()).isEqualTo(204);
        assertThat(repository.count(t.tenantId(), job)).isZero();
        assertThat(repository.thread(t.tenantId(), a)).isEmpty();
    }

    @Test
    void aJobKeepsAtMost2000AnnotationsAndAThreadAtMost500Comments() {
        TenantKey t = newTenant("starter");
        String job = twoPageJob(t);
        String first = created(t, job, rect(1)).get("id").asString();
        Instant now = Instant.now();
        for (int i = 1; i < AnnotationService.MAX_PER_JOB; i++) {
            repository.insert(new AnnotationRepository.Stored(UUID.randomUUID().toString(), t.tenantId(), job, 1,
                    "note", new AnnotationGeometry.Note(i, i), null, "n" + i, null, null, null, now));
        }
        var full = api.postJson(url(job), t.key(), rect(1));
        assertThat(full.status()).isEqualTo(409);
        assertThat(full.json().get("detail").asString()).contains("2000 annotations");

        for (int i = 0; i < AnnotationService.MAX_COMMENTS; i++) {
            repository.insertComment(new AnnotationRepository.StoredComment(UUID.randomUUID().toString(), first,
                    t.tenantId(), job, null, "c" + i, null, null, now));
        }
        var thread = api.postJson(url(job) + "/" + first + "/comments", t.key(), Map.of("body", "one more"));
        assertThat(thread.status()).isEqualTo(409);
        assertThat(thread.json().get("detail").asString()).contains("500 comments");
        assertThat(api.delete(url(job) + "/" + first, t.key()).status()).isEqualTo(204);
        assertThat(api.postJson(url(job), t.key(), rect(1)).status()).as("room again").isEqualTo(201);
    }
}
