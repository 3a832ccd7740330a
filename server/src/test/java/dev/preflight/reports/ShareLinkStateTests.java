package dev.preflight.reports;

import dev.preflight.support.DatabaseIndependent;
import org.junit.jupiter.api.Test;

import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;

/** When a share token still works (not revoked, not swept, not expired) and when its visitor may look. */
@DatabaseIndependent
class ShareLinkStateTests {

    private static final Instant NOW = Instant.parse("2026-11-20T10:00:00Z");

    private static ReportToken token(Instant expiresAt, Instant revokedAt, Instant expiredAt) {
        return new ReportToken("id", "mint", "t1", "job", "tok", "hash", "html", "blob", "text/html", 10, "r.html",
                expiresAt, NOW.minusSeconds(3600), revokedAt, expiredAt, 0, false, false);
    }

    private static ShareLink link(boolean requireEmail, String email) {
        return new ShareLink("id", "t1", "job", "html", null, false, requireEmail, email, null, "mint");
    }

    @Test
    void aTokenWithoutExpiryIsActiveUntilRevokedOrSwept() {
        assertThat(token(null, null, null).activeAt(NOW)).isTrue();
        assertThat(token(null, NOW.minusSeconds(1), null).activeAt(NOW)).isFalse();
        assertThat(token(null, null, NOW.minusSeconds(1)).activeAt(NOW)).isFalse();
    }

    @Test
    void aTokenStopsWorkingAtItsExpiryInstant() {
        assertThat(token(NOW.plusSeconds(1), null, null).activeAt(NOW)).isTrue();
        assertThat(token(NOW, null, null).activeAt(NOW)).isFalse();
        assertThat(token(NOW.minusSeconds(1), null, null).activeAt(NOW)).isFalse();
    }

    @Test
    void aRevokedTokenBeforeItsExpiryIsNotActive() {
        assertThat(token(NOW.plusSeconds(3600), NOW.minusSeconds(1), null).activeAt(NOW)).isFalse();
    }

    @Test
    void aTokenKnowsItsFormat() {
        assertThat(token(null, null, null).reportFormat()).isEqualTo(ReportFormat.of("html").orElseThrow());
    }

    @Test
    void aVisitorIsLetInWhenNoEmailIsRequiredOrOneWasGiven() {
        assertThat(link(false, null).visitorAllowed()).isTrue();
        assertThat(link(false, "a@b.test").visitorAllowed()).isTrue();
        assertThat(link(true, "a@b.test").visitorAllowed()).isTrue();
        assertThat(link(true, null).visitorAllowed()).isFalse();
    }
}
