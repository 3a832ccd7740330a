package dev.preflight.review;

import dev.preflight.support.EventLog;
import dev.preflight.support.TestClock;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import tools.jackson.databind.JsonNode;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The share-link side of annotations: the public read twin, visitors' writes (allowed with allow_annotations and an
 * identified email, signed with that email), the visitor delete rule, and lapsed links.
 */
class AnnotationShareLinkTests extends AnnotationFixtures {

    private static final Map<String, String> NO_HEADERS = Map.of();

    @Autowired
    EventLog events;

    @Autowired
    TestClock clock;

    @AfterEach
    void resetClock() {
        clock.reset();
    }

    @Test
    void thePublicTwinShowsWhatTheApiShowsWithTheSameIncludeRule() {
        TenantKey t = newTenant("starter");
        String job = twoPageJob(t);
        String a = created(t, job, with(rect(2), "text", "bleed")).get("id").asString();
        created(t, job, body(1, "arrow", Map.of("x1", 1, "y1", 2, "x2", 3, "y2", 4)));
        api.postJson(url(job) + "/" + a + "/comments", t.key(), Map.of("body", "see here"));
        String token = shareLink(t, job, false, false);

        var flat = api.get(publicUrl(token), null);
        assertThat(flat.status()).isEqualTo(200);
        assertThat(flat.json()).isEqualTo(api.get(url(job), t.key()).json());
        assertThat(flat.json()).hasSize(2);
        var threaded = api.get(publicUrl(token) + "?include=comments", null);
        assertThat(threaded.status()).isEqualTo(200);
        assertThat(threaded.json()).isEqualTo(api.get(url(job) + "?include=comments", t.key()).json());
        assertThat(threaded.json().get(1).get("comments").get(0).get("body").asString()).isEqualTo("see here");

        var bad = api.get(publicUrl(token) + "?include=replies", null);
        assertThat(bad.status()).isEqualTo(422);
        assertThat(loc(bad, 0)).isEqualTo("[\"query\",\"include\"]");
        assertThat(api.get(publicUrl("A".repeat(43)), null).status()).as("unknown token").isEqualTo(404);
        assertThat(api.get(publicUrl("short"), null).status()).isEqualTo(404);
    }

    @Test
    void aLinkThatRequiresAnEmailShowsAnnotationsOnlyToAnIdentifiedVisitor() {
        TenantKey t = newTenant("starter");
        String job = twoPageJob(t);
        created(t, job, rect(1));
        String token = shareLink(t, job, false, true);
        var anonymous = api.get(publicUrl(token), null);
        assertThat(anonymous.status()).isEqualTo(403);
        assertThat(anonymous.json().get("detail").asString()).contains("X-Visitor-Token");
        var identified = api.getWithHeaders(publicUrl(token), visitor(token, "cust@example.com"));
        assertThat(identified.status()).isEqualTo(200);
        assertThat(identified.json()).hasSize(1);
    }

    @Test
    void anIdentifiedVisitorOfALinkWithAllowAnnotationsDrawsAndCommentsAsTheirEmail() {
        TenantKey t = newTenant("starter");
        String job = twoPageJob(t);
        String reviewer = created(t, job, rect(1)).get("id").asString();
        String token = shareLink(t, job, true, false);

        var anonymous = visitorPost(publicUrl(token), NO_HEADERS, rect(1));
        assertThat(anonymous.status()).as("an unidentified visitor cannot sign").isEqualTo(403);
        assertThat(anonymous.json().get("detail").asString()).contains("/api/v1/reports/tokens/{token}/visitor");
        assertThat(anonymous.json().has("code")).isFalse();

        var visitor = visitor(token, "Customer@Example.com");
        var drawn = visitorPost(publicUrl(token), visitor,
                with(body(2, "note", Map.of("x", 50, "y", 60)), "text", "Is this the final logo?"));
        assertThat(drawn.status()).as(drawn.text()).isEqualTo(201);
        JsonNode note = drawn.json();
        assertThat(note.get("author_email").asString()).isEqualTo("customer@example.com");
        assertThat(note.get("page_num").asInt()).isEqualTo(2);
        assertThat(note.get("kind").asString()).isEqualTo("note");
        assertThat(note.get("comments")).isEmpty();
        var createdEvent = events.of(AnnotationCreated.class).stream()
                .filter(e -> e.annotationId().equals(note.get("id").asString())).toList();
        assertThat(createdEvent).hasSize(1);
        assertThat(createdEvent.get(0).via()).isEqualTo("share_link");
        assertThat(createdEvent.get(0).authorEmail()).isEqualTo("customer@example.com");
        assertThat(createdEvent.get(0).tenantId()).isEqualTo(t.tenantId());

        var reply = visitorPost(publicUrl(token) + "/" + reviewer + "/comments", visitor, Map.of("body", "Agreed"));
        assertThat(reply.status()).as(reply.text()).isEqualTo(201);
        assertThat(reply.json().get("author_email").asString()).isEqualTo("customer@example.com");
        assertThat(reply.json().get("annotation_id").asString()).isEqualTo(reviewer);
        var commentEvent = events.of(CommentCreated.class).stream()
                .filter(e -> e.commentId().equals(reply.json().get("id").asString())).toList();
        assertThat(commentEvent).hasSize(1);
        assertThat(commentEvent.get(0).via()).isEqualTo("share_link");
        assertThat(commentEvent.get(0).authorEmail()).isEqualTo("customer@example.com");

        var impersonate = visitorPost(publicUrl(token), visitor,
                with(rect(1), "author_email", "boss@example.com"));
        assertThat(impersonate.status()).isEqualTo(422);
        assertThat(loc(impersonate, 0)).isEqualTo("[\"body\",\"author_email\"]");
        assertThat(type(impersonate, 0)).isEqualTo("extra_forbidden");
        var impersonateComment = visitorPost(publicUrl(token) + "/" + reviewer + "/comments", visitor,
                Map.of("body", "x", "author_email", "boss@example.com"));
        assertThat(impersonateComment.status()).isEqualTo(422);
        var invalid = visitorPost(publicUrl(token), visitor, body(3, "rect", Map.of("x", 0, "y", 0, "w", 1, "h", 1)));
        assertThat(invalid.status()).isEqualTo(422);
        assertThat(loc(invalid, 0)).isEqualTo("[\"body\",\"page_num\"]");
        assertThat(visitorPost(publicUrl(token) + "/" + UUID.randomUUID() + "/comments", visitor,
                Map.of("body", "x")).status()).isEqualTo(404);

        JsonNode all = api.get(url(job) + "?include=comments", t.key()).json();
        assertThat(all).hasSize(2);
        assertThat(all.get(0).get("comments").get(0).get("body").asString()).isEqualTo("Agreed");
    }

    @Test
    void visitorsOfALinkWithoutAllowAnnotationsCannotWrite() {
        TenantKey t = newTenant("starter");
        String job = twoPageJob(t);
        String a = created(t, job, rect(1)).get("id").asString();
        String token = shareLink(t, job, false, false);
        var visitor = visitor(token, "cust@example.com");
        var draw = visitorPost(publicUrl(token), visitor, rect(1));
        assertThat(draw.status()).isEqualTo(403);
        assertThat(draw.json().get("detail").asString()).contains("allow_annotations");
        assertThat(visitorPost(publicUrl(token) + "/" + a + "/comments", visitor, Map.of("body", "x")).status())
                .isEqualTo(403);
        assertThat(visitorDelete(publicUrl(token) + "/" + a, visitor).status()).isEqualTo(403);
        assertThat(api.get(url(job), t.key()).json()).hasSize(1);
        assertThat(api.get(publicUrl(token), null).status()).as("reading is still allowed").isEqualTo(200);
    }

    @Test
    void aVisitorDeletesOnlyTheirOwnAnnotationAndOnlyWhileNobodyElseCommented() {
        TenantKey t = newTenant("starter");
        String job = twoPageJob(t);
        String reviewers = created(t, job, with(rect(1), "author_email", "cust@example.com")).get("id").asString();
        String token = shareLink(t, job, true, false);
        var cust = visitor(token, "cust@example.com");
        var other = visitor(token, "other@example.com");
        String mine = visitorPost(publicUrl(token), cust, rect(1)).json().get("id").asString();
        String commented = visitorPost(publicUrl(token), cust, rect(2)).json().get("id").asString();
        api.postJson(url(job) + "/" + commented + "/comments", t.key(), Map.of("body", "reviewer replied"));

        var notMine = visitorDelete(publicUrl(token) + "/" + reviewers, cust);
        assertThat(notMine.status()).as("drawn with the API, even under the same email").isEqualTo(403);
        assertThat(notMine.json().get("detail").asString()).contains("someone else's");
        assertThat(visitorDelete(publicUrl(token) + "/" + mine, other).status()).as("another visitor's")
                .isEqualTo(403);
        var threaded = visitorDelete(publicUrl(token) + "/" + commented, cust);
        assertThat(threaded.status()).isEqualTo(403);
        assertThat(threaded.json().get("detail").asString()).contains("commented");
        assertThat(visitorDelete(publicUrl(token) + "/" + mine, NO_HEADERS).status()).as("unidentified")
                .isEqualTo(403);

        // the visitor's own replies do not pin their annotation
        visitorPost(publicUrl(token) + "/" + mine + "/comments", cust, Map.of("body", "note to self"));
        // nor does another link of the same job change who drew it
        String second = shareLink(t, job, true, false);
        var ok = visitorDelete(publicUrl(second) + "/" + mine, visitor(second, "cust@example.com"));
        assertThat(ok.status()).as(ok.text()).isEqualTo(204);
        var deleted = events.of(AnnotationDeleted.class).stream().filter(e -> e.annotationId().equals(mine)).toList();
        assertThat(deleted).hasSize(1);
        assertThat(deleted.get(0).deletedBy()).isEqualTo("cust@example.com");
        assertThat(deleted.get(0).commentsDeleted()).isEqualTo(1);
        assertThat(visitorDelete(publicUrl(token) + "/" + mine, cust).status()).isEqualTo(404);

        var left = new java.util.ArrayList<String>();
        api.get(url(job), t.key()).json().forEach(n -> left.add(n.get("id").asString()));
        assertThat(left).containsExactlyInAnyOrder(reviewers, commented);
    }

    @Test
    void expiredAndRevokedLinksAnswer410OnEveryAnnotationRoute() {
        TenantKey t = newTenant("starter");
        String job = twoPageJob(t);
        String a = created(t, job, rect(1)).get("id").asString();
        var mint = api.postJson("/api/v1/jobs/" + job + "/reports", t.key(),
                Map.of("formats", List.of("json"), "allow_annotations", true, "expiry_days", 1));
        assertThat(mint.status()).isEqualTo(201);
        String expiring = mint.json().get("reports").get(0).get("token").asString();
        var v = visitor(expiring, "cust@example.com");
        assertThat(visitorPost(publicUrl(expiring), v, rect(1)).status()).isEqualTo(201);

        clock.advance(Duration.ofDays(2));
        assertThat(api.get(publicUrl(expiring), null).status()).isEqualTo(410);
        assertThat(visitorPost(publicUrl(expiring), v, rect(1)).status()).isEqualTo(410);
        assertThat(visitorPost(publicUrl(expiring) + "/" + a + "/comments", v, Map.of("body", "x")).status())
                .isEqualTo(410);
        assertThat(visitorDelete(publicUrl(expiring) + "/" + a, v).status()).isEqualTo(410);
        clock.reset();

        String revoked = shareLink(t, job, true, false);
        var rv = visitor(revoked, "cust@example.com");
        assertThat(api.delete("/api/v1/jobs/" + job + "/reports/" + revoked, t.key()).status()).isEqualTo(204);
        var gone = api.get(publicUrl(revoked), null);
        assertThat(gone.status()).isEqualTo(410);
        assertThat(gone.json().get("detail").asString()).contains("revoked");
        assertThat(visitorPost(publicUrl(revoked), rv, rect(1)).status()).isEqualTo(410);
        assertThat(visitorPost(publicUrl(revoked) + "/" + a + "/comments", rv, Map.of("body", "x")).status())
                .isEqualTo(410);
        assertThat(api.get(url(job), t.key()).json()).hasSize(2);
    }

    @Test
    void visitorWritesFollowTheTenantsPlan() {
        TenantKey t = newTenant("starter");
        String job = twoPageJob(t);
        String token = shareLink(t, job, true, false);
        var v = visitor(token, "cust@example.com");
        String a = visitorPost(publicUrl(token), v, rect(1)).json().get("id").asString();
        var plan = api.patchJson("/admin/tenants/" + t.tenantId() + "/plan", ADMIN, Map.of("plan", "viewer"));
        assertThat(plan.status()).isEqualTo(200);
        var draw = visitorPost(publicUrl(token), v, rect(1));
        assertThat(draw.status()).isEqualTo(403);
        assertThat(draw.json().get("code").asString()).isEqualTo("plan_upgrade_required");
        var comment = visitorPost(publicUrl(token) + "/" + a + "/comments", v, Map.of("body", "x"));
        assertThat(comment.status()).isEqualTo(403);
        assertThat(comment.json().get("code").asString()).isEqualTo("plan_upgrade_required");
        assertThat(visitorDelete(publicUrl(token) + "/" + a, v).status()).isEqualTo(403);
        assertThat(api.get(publicUrl(token), null).json()).hasSize(1);
    }

    @Test
    void aLinkReachesOnlyItsOwnJobsAnnotations() {
        TenantKey t = newTenant("starter");
        TenantKey other = newTenant("starter");
        String job = twoPageJob(t);
        String sibling = twoPageJob(t);
        String foreignJob = twoPageJob(other);
        String siblings = created(t, sibling, rect(1)).get("id").asString();
        String foreign = created(other, foreignJob, rect(1)).get("id").asString();
        String token = shareLink(t, job, true, false);
        var v = visitor(token, "cust@example.com");
        for (String id : List.of(siblings, foreign)) {
            assertThat(visitorPost(publicUrl(token) + "/" + id + "/comments", v, Map.of("body", "x")).status())
                    .isEqualTo(404);
            assertThat(visitorDelete(publicUrl(token) + "/" + id, v).status()).isEqualTo(404);
        }
        assertThat(api.get(publicUrl(token), null).json()).isEmpty();
        assertThat(api.get(url(sibling) + "?include=comments", t.key()).json().get(0).get("comments")).isEmpty();
    }
}
