package dev.preflight.platform;

import dev.preflight.support.DatabaseIndependent;
import com.fasterxml.jackson.annotation.JsonInclude;
import io.swagger.v3.core.converter.AnnotatedType;
import io.swagger.v3.core.converter.ModelConverters;
import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.Paths;
import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.media.JsonSchema;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.responses.ApiResponse;
import io.swagger.v3.oas.models.responses.ApiResponses;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The schema rules on their own: names, nullability, required and closed objects from a record. */
@DatabaseIndependent
class ContractSchemasTests {

    record Sample(String jobId, @Nullable Integer pageCount, @JsonInclude(JsonInclude.Include.NON_NULL)
                  @Nullable String jdfContext, Inner inner, @Nullable Inner maybeInner) {
    }

    record Inner(int fileSize) {
    }

    @Test
    @SuppressWarnings("rawtypes")
    void aResponseRecordIsNamedAsOnTheWireClosedAndRequired() {
        var resolver = new ContractSchemas.Resolver();
        var converters = new ModelConverters(true);
        converters.addConverter(resolver);
        Map<String, Schema> schemas = converters.readAll(new AnnotatedType(Sample.class));
        var api = new OpenAPI().components(new Components().schemas(schemas)).paths(new Paths().addPathItem("/x",
                new PathItem().get(new Operation().responses(new ApiResponses().addApiResponse("200",
                        new ApiResponse().content(new Content().addMediaType("application/json",
                                new MediaType().schema(new JsonSchema().$ref("#/components/schemas/Sample")))))))));
        new ContractSchemas.Rules(resolver).customise(api);

        Schema sample = api.getComponents().getSchemas().get("Sample");
        assertThat(sample.getProperties()).containsOnlyKeys("job_id", "page_count", "jdf_context", "inner",
                "maybe_inner");
        assertThat(sample.getRequired()).containsExactlyInAnyOrder("job_id", "page_count", "inner", "maybe_inner");
        assertThat(sample.getAdditionalProperties()).isEqualTo(Boolean.FALSE);
        assertThat(((Schema) sample.getProperties().get("page_count")).getTypes()).contains("integer", "null");
        assertThat(((Schema) sample.getProperties().get("job_id")).getTypes()).containsExactly("string");
        Schema maybe = (Schema) sample.getProperties().get("maybe_inner");
        assertThat(maybe.getOneOf()).hasSize(2);
        Schema inner = api.getComponents().getSchemas().get("Inner");
        assertThat(inner.getRequired()).isEqualTo(List.of("file_size"));
        assertThat(inner.getAdditionalProperties()).isEqualTo(Boolean.FALSE);
    }
}
