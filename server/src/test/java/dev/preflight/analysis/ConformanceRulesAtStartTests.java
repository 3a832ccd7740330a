package dev.preflight.analysis;

import dev.preflight.support.DatabaseIndependent;
import org.junit.jupiter.api.Test;
import org.springframework.mock.env.MockEnvironment;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

@DatabaseIndependent
class ConformanceRulesAtStartTests {

    @Test
    void theKeptRulesAreLookedForInTheConfiguredDirectoryThenTheDataDirectorysCache() {
        var env = new MockEnvironment().withProperty("preflight.platform.data-dir", "/var/lib/preflight")
                .withProperty("preflight.platform.conformance-rules-dir", "/usr/lib/preflight/app");
        // run from classes (tests), there is no application jar to look beside
        assertThat(ConformanceRulesAtStart.keptIn(env)).containsExactly(Path.of("/usr/lib/preflight/app"),
                Path.of("/var/lib/preflight/cache"));
        assertThat(ConformanceRulesAtStart.keptIn(new MockEnvironment()
                .withProperty("preflight.platform.data-dir", "data"))).containsExactly(Path.of("data/cache"));
    }
}
