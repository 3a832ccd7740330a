package dev.preflight.platform;

import dev.preflight.support.Api;
import dev.preflight.support.SamplePdfs;
import dev.preflight.support.ServerTestBase;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.http.MediaType;
import org.springframework.http.converter.xml.Jaxb2RootElementHttpMessageConverter;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerAdapter;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;

import static org.assertj.core.api.Assertions.assertThat;

/** The application finds its routes through {@link PrefixFilteredHandlerMapping}, with Spring's answers unchanged. */
class RoutingTests extends ServerTestBase {

    @Autowired
    @Qualifier("requestMappingHandlerMapping")
    RequestMappingHandlerMapping mapping;

    @Autowired
    RequestMappingHandlerAdapter adapter;

    @Test
    void responsesAreWrittenWithoutTheJaxbConverterAndStillJson() {
        assertThat(adapter.getMessageConverters()).noneMatch(c -> c instanceof Jaxb2RootElementHttpMessageConverter);
        assertThat(adapter.getMessageConverters()).anyMatch(c -> c.getSupportedMediaTypes()
                .contains(MediaType.APPLICATION_JSON));
        var t = newTenant("growth");
        var r = api.get("/api/v1/jobs?page_size=1", t.key());
        assertThat(r.status()).as(r.text()).isEqualTo(200);
        assertThat(r.header("Content-Type")).startsWith("application/json");
    }

    @Test
    void routesAreFoundThroughTheLiteralStartsWithSpringsAnswersForEverythingElse() {
        assertThat(mapping).isInstanceOf(PrefixFilteredHandlerMapping.class);
        var t = newTenant("growth");
        var r = api.postForm("/api/v1/jobs?wait=30", t.key(), Api.form().file("file", "r.pdf",
                SamplePdfs.clean().bytes()).field("preflight_source", "minimal"));
        assertThat(r.status()).as(r.text()).isEqualTo(200);
        String id = r.json().get("job_id").asString();
        assertThat(api.get("/api/v1/jobs/" + id, t.key()).status()).isEqualTo(200);
        assertThat(api.get("/api/v1/jobs/" + id + "/epm", t.key()).status()).isEqualTo(404);
        var wrongMethod = api.send("PUT", "/api/v1/jobs/" + id, java.util.Map.of("Authorization",
                "Bearer " + t.key()), new byte[0]);
        assertThat(wrongMethod.status()).isEqualTo(405);
        var nowhere = api.get("/api/v1/nowhere/" + id, t.key());
        assertThat(nowhere.status()).isEqualTo(404);
        assertThat(nowhere.json().get("detail").asString()).isNotBlank();
    }
}
