package dev.preflight.engine.checks;

import dev.preflight.engine.CheckCatalog;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

class CatalogMarkdownTests {

    /** Maven runs tests in the engine module directory; the docs live at the repository root. */
    private static final Path DOC = Path.of("..", "docs", "checks.md");

    @Test
    void checksDocumentIsCurrentWithTheCatalogue() throws Exception {
        String expected = CatalogMarkdown.render(CheckCatalog.builtin());
        if (Boolean.getBoolean("preflight.regenerate")) {
            Files.writeString(DOC, expected, StandardCharsets.UTF_8);
        }
        assertThat(Files.exists(DOC)).as("docs/checks.md exists").isTrue();
        assertThat(Files.readString(DOC, StandardCharsets.UTF_8))
                .as("docs/checks.md is out of date; regenerate with "
                        + "./mvnw -o -pl engine test -Dtest=CatalogMarkdownTests -Dpreflight.regenerate=true")
                .isEqualTo(expected);
    }

    @Test
    void documentListsEveryCheckOnce() {
        String doc = CatalogMarkdown.render(CheckCatalog.builtin());
        for (var info : CheckCatalog.builtin().infos()) {
            assertThat(doc).contains("| `" + info.id() + "` |");
        }
        assertThat(doc).contains("`min_bleed_mm` number (3.0)");
    }
}
