package dev.preflight.jobs;

import dev.preflight.support.DatabaseIndependent;
import dev.preflight.platform.Json;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Summaries stored as JSON before waived_count existed (audit reruns keep them) still read. */
@DatabaseIndependent
class SummaryJsonTests {

    @Test
    void aStoredSummaryWithoutWaivedCountReadsAsZeroWaived() {
        Summary s = Json.read("{\"total_findings\":3,\"error_count\":1,\"warning_count\":1,\"advisory_count\":1,"
                + "\"passed\":false,\"page_count\":2,\"file_size_bytes\":1234}", Summary.class);
        assertThat(s).isEqualTo(new Summary(3, 1, 1, 1, false, 2, 1234, 0));
        assertThat(Json.read(Json.write(s.withWaivedCount(2)), Summary.class).waivedCount()).isEqualTo(2);
    }
}
