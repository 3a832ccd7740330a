package dev.preflight.reports;

import dev.preflight.platform.Digests;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The database holds share tokens only encrypted and as their SHA-256 (read straight from the table here), while
 * every route that shows a link again still shows it, lookups by token still work and an altered token is 404.
 */
class ShareTokenStorageTests extends ReportFixtures {

    @Autowired
    JdbcClient jdbc;

    /** Every value of the token rows of the job, as text, column by column. */
    private List<Map<String, Object>> rows(String jobId) {
        return jdbc.sql("SELECT * FROM report_tokens WHERE job_id = ?").param(jobId).query().listOfRows();
    }

    private static String tokenOf(JsonNode row) {
        return row.get("token").asString();
    }

    @Test
    void afterMintingTheTableHoldsNoPlainTokenOnlyItsHashAndItsSealedValue() {
        TenantKey t = newTenant("scale");
        String job = completedJob(t);
        var minted = minted(t, job, "pdf", "html", "json");
        var idempotent = mint(t, job, Map.of("formats", List.of("xml")), "order-storage-1");
        assertThat(idempotent.status()).as(idempotent.text()).isEqualTo(201);
        var tokens = new ArrayList<String>();
        minted.values().forEach(r -> tokens.add(tokenOf(r)));
        tokens.add(tokenOf(idempotent.json().get("reports").get(0)));

        List<Map<String, Object>> rows = rows(job);
        assertThat(rows).hasSize(4);
        assertThat(rows.getFirst().keySet()).map(String::toLowerCase).doesNotContain("token")
                .contains("token_hash", "token_sealed");
        for (Map<String, Object> row : rows) {
            for (Object value : row.values()) {
                for (String token : tokens) {
                    assertThat(String.valueOf(value)).as("a stored value").doesNotContain(token);
                }
            }
            assertThat(String.valueOf(value(row, "token_sealed"))).startsWith("v1.");
        }
        assertThat(rows).map(r -> String.valueOf(value(r, "token_hash")))
                .containsExactlyInAnyOrderElementsOf(tokens.stream().map(Digests::sha256Hex).toList());
    }

    @Test
    void everyRouteThatShowsALinkAgainStillShowsItAndLookupsByTokenStillWork() {
        TenantKey t = newTenant("scale");
        String job = completedJob(t);
        var minted = minted(t, job, "pdf", "html");
        String pdf = tokenOf(minted.get("pdf"));
        String html = tokenOf(minted.get("html"));

        JsonNode list = api.get("/api/v1/jobs/" + job + "/reports", t.key()).json().get("reports");
        assertThat(list).hasSize(2);
        assertThat(List.of(tokenOf(list.get(0)), tokenOf(list.get(1)))).containsExactlyInAnyOrder(pdf, html);
        JsonNode state = api.get("/api/v1/jobs/" + job + "/state?include=reports", t.key()).json().get("reports");
        assertThat(List.of(tokenOf(state.get(0)), tokenOf(state.get(1)))).containsExactlyInAnyOrder(pdf, html);
        JsonNode links = api.get("/api/v1/jobs/" + job, t.key()).json().get("reports");
        assertThat(links.get("pdf").asString()).isEqualTo(minted.get("pdf").get("url").asString()).contains(pdf);
        assertThat(links.get("html").asString()).contains(html);

        assertThat(api.get("/api/v1/reports/tokens/" + pdf, null).status()).isEqualTo(200);
        assertThat(api.get("/api/v1/reports/tokens/" + pdf, null).json().get("job_id").asString()).isEqualTo(job);
        assertThat(api.get(path(minted.get("pdf")), null).status()).isEqualTo(200);
        assertThat(api.get("/r/" + html, null).status()).isEqualTo(200);
        assertThat(api.get("/api/v1/viewer/public/" + pdf + "/config", null).status()).isEqualTo(200);

        // The same Idempotency-Key answers the same token, found by its hash.
        String first = tokenOf(mint(t, job, Map.of("formats", List.of("json")), "order-storage-2").json()
                .get("reports").get(0));
        String again = tokenOf(mint(t, job, Map.of("formats", List.of("json")), "order-storage-2").json()
                .get("reports").get(0));
        assertThat(again).isEqualTo(first);
    }

    @Test
    void anAlteredTokenIs404OnEveryRouteThatTakesOne() {
        TenantKey t = newTenant("scale");
        String job = completedJob(t);
        String token = tokenOf(minted(t, job, "pdf").get("pdf"));
        String altered = token.substring(0, 20) + (token.charAt(20) == 'A' ? 'B' : 'A') + token.substring(21);

        assertThat(api.get("/api/v1/reports/tokens/" + altered, null).status()).isEqualTo(404);
        assertThat(api.get("/api/v1/reports/tokens/" + altered + "/findings", null).status()).isEqualTo(404);
        assertThat(api.get("/r/" + altered, null).status()).isEqualTo(404);
        assertThat(api.get("/r/" + altered + ".pdf", null).status()).isEqualTo(404);
        assertThat(api.get("/api/v1/viewer/public/" + altered + "/config", null).status()).isEqualTo(404);
        assertThat(api.delete("/api/v1/jobs/" + job + "/reports/" + altered, t.key()).status()).isEqualTo(404);
        // The real one is untouched by all that.
        assertThat(api.get("/api/v1/reports/tokens/" + token, null).status()).isEqualTo(200);
        assertThat(api.delete("/api/v1/jobs/" + job + "/reports/" + token, t.key()).status()).isEqualTo(204);
    }

    private static Object value(Map<String, Object> row, String column) {
        return row.entrySet().stream().filter(e -> e.getKey().equalsIgnoreCase(column)).findFirst()
                .map(Map.Entry::getValue).orElseThrow();
    }
}
