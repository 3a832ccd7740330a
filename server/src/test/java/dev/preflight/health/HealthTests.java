package dev.preflight.health;

import dev.preflight.support.ServerTestBase;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Liveness and readiness answer without authentication and check the real dependencies. */
class HealthTests extends ServerTestBase {

    @Test
    void healthAnswersOk() {
        var r = api.get("/health", null);
        assertThat(r.status()).isEqualTo(200);
        assertThat(r.json().get("status").asString()).isEqualTo("ok");
    }

    @Test
    void readyChecksDatabaseStorageAndGhostscript() {
        var r = api.get("/ready", null);
        assertThat(r.status()).as(r.text()).isEqualTo(200);
        assertThat(r.json().get("status").asString()).isEqualTo("ready");
        var checks = r.json().get("checks");
        assertThat(checks.get("database").asString()).isEqualTo("ok");
        assertThat(checks.get("storage").asString()).isEqualTo("ok");
        assertThat(checks.get("ghostscript").asString()).startsWith("ok (");
    }
}
