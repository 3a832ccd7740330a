package dev.preflight.platform;

import dev.preflight.support.ServerTestBase;
import org.junit.jupiter.api.Test;
import org.springdoc.core.service.OpenAPIService;
import org.springframework.beans.factory.annotation.Autowired;

import java.util.Locale;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** /openapi.json is built once the server has started, before any client asks, and one document serves every locale. */
class OpenApiWarmupTests extends ServerTestBase {

    @Autowired
    OpenApiWarmup warmup;

    @Autowired
    OpenAPIService openApi;

    @Test
    void theDocumentIsBuiltAtStartUpAndServedToEveryLocaleFromThatOneBuild() throws Exception {
        Thread builder = warmup.builder();
        assertThat(builder).as("the warm-up started when the application was ready").isNotNull();
        builder.join(120_000);
        assertThat(builder.isAlive()).isFalse();
        assertThat(openApi.getCachedOpenAPI(Locale.ENGLISH)).as("built before any test asked").isNotNull();

        var english = api.get("/openapi.json", null);
        var german = api.getWithHeaders("/openapi.json", Map.of("Accept-Language", "de-DE"));
        assertThat(english.status()).isEqualTo(200);
        assertThat(german.text()).isEqualTo(english.text());
        assertThat(openApi.getCachedOpenAPI(Locale.GERMANY)).as("no second build for another locale").isNull();
    }
}
