package dev.preflight.platform;

import dev.preflight.support.DatabaseIndependent;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

@DatabaseIndependent
class TokenRedactionTests {

    @Test
    void loggedPathsNeverShowShareTokens() {
        String token = "RKnKkGM1HkgZeXLWuP1eHZWL065Ezbhk6gZ71UR11Xo";
        assertThat(ErrorMapping.redactTokens("/r/" + token + ".pdf")).isEqualTo("/r/***.pdf");
        assertThat(ErrorMapping.redactTokens("/api/v1/reports/tokens/" + token + "/findings"))
                .isEqualTo("/api/v1/reports/tokens/***/findings");
        assertThat(ErrorMapping.redactTokens("/api/v1/viewer/public/" + token + "/pages/1/tile"))
                .isEqualTo("/api/v1/viewer/public/***/pages/1/tile");
        assertThat(ErrorMapping.redactTokens("/api/v1/jobs/j/reports/" + token)).isEqualTo("/api/v1/jobs/j/reports/***");
        assertThat(ErrorMapping.redactTokens("/api/v1/jobs/123")).isEqualTo("/api/v1/jobs/123");
    }
}
