package dev.preflight.webapp;

import dev.preflight.support.Api;
import dev.preflight.support.BrowserTestBase;
import dev.preflight.support.SamplePdfs;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import tools.jackson.databind.JsonNode;

import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * PDF/A rules on the job page: the findings of a job validated as PDF/A-1b are grouped by the clause of ISO 19005-1
 * they test (one group per clause, its failed tests inside), while the page stays accessible.
 */
class ConformanceBrowserTests extends BrowserTestBase {

    @Test
    void conformanceFindingsAreGroupedByClause() {
        TenantKey tenant = newTenant("growth");
        byte[] pdf = SamplePdfs.clean().pages(2).rgbImage(64, 100).bytes();
        var r = api.postForm("/api/v1/jobs?wait=120", tenant.key(),
                Api.form().file("file", "archive.pdf", pdf).field("profile_id", "pdfa-1b"));
        assertThat(r.status()).as(r.text()).isEqualTo(200);
        JsonNode job = r.json();
        assertThat(job.get("status").asString()).isEqualTo("completed");
        Map<String, Set<String>> byClause = new TreeMap<>();
        job.get("findings").forEach(f -> {
            if (f.get("category").asString().equals("conformance") && f.get("iso_clause").isString()) {
                byClause.computeIfAbsent(f.get("iso_clause").asString(), k -> new TreeSet<>())
                        .add(f.get("inspection_id").asString());
            }
        });
        assertThat(byClause).as("a generated PDF breaks several PDF/A-1b clauses").hasSizeGreaterThan(1);
        assertThat(byClause.values()).as("and one clause with more than one test")
                .anyMatch(rules -> rules.size() > 1);

        signIn(tenant);
        browser.go("/app/jobs/" + job.get("job_id").asString());
        browser.awaitText("#findings-title", "of " + job.get("findings").size() + ")", 30);
        var groups = browser.all(".group[data-clause]");
        assertThat(groups.stream().map(g -> g.getDomAttribute("data-clause")).toList())
                .containsExactlyInAnyOrderElementsOf(byClause.keySet());
        for (WebElement g : groups) {
            String clause = g.getDomAttribute("data-clause");
            assertThat(g.getDomAttribute("data-check")).isNull();
            assertThat(g.findElements(By.cssSelector("button.finding")).stream()
                    .map(b -> b.getDomAttribute("data-rule")).collect(Collectors.toSet()))
                    .as(clause).isEqualTo(byClause.get(clause));
            int rules = byClause.get(clause).size();
            assertThat(g.findElement(By.cssSelector(".group-head")).getText())
                    .contains(clause).contains(rules == 1 ? "1 rule" : rules + " rules");
        }
        browser.assertAccessible("conformance-by-clause");
    }
}
