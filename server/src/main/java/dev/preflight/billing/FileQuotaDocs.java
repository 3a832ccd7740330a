package dev.preflight.billing;

import dev.preflight.platform.DocumentedHandlers;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.headers.Header;
import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.media.JsonSchema;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.responses.ApiResponse;
import io.swagger.v3.oas.models.responses.ApiResponses;
import org.springdoc.core.customizers.OpenApiCustomizer;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import org.springframework.web.method.HandlerMethod;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;

import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/** Documents the 402 and the file-pool headers (spec: Limits) of every {@link ChargesFiles} handler. */
@Component
@Order(3)
class FileQuotaDocs implements OpenApiCustomizer {

    private final RequestMappingHandlerMapping mappings;

    FileQuotaDocs(@Qualifier("requestMappingHandlerMapping") RequestMappingHandlerMapping mappings) {
        this.mappings = mappings;
    }

    @Override
    public void customise(OpenAPI openApi) {
        if (openApi.getPaths() == null) {
            return;
        }
        Map<String, HandlerMethod> handlers = DocumentedHandlers.byRoute(mappings);
        openApi.getPaths().forEach((path, item) -> item.readOperationsMap().forEach((method, op) -> {
            HandlerMethod h = handlers.get(method.name() + " " + path);
            if (h == null || !h.hasMethodAnnotation(ChargesFiles.class)) {
                return;
            }
            ApiResponses responses = op.getResponses() == null ? new ApiResponses() : op.getResponses();
            responses.addApiResponse("402", new ApiResponse()
                    .description("The tenant's monthly file pool is empty and overage is off (emits "
                            + "billing.file_quota.exhausted); nothing is stored")
                    .content(new Content().addMediaType("application/json", new MediaType()
                            .schema(new JsonSchema().$ref("#/components/schemas/ErrorResponse")))));
            responses.forEach((code, r) -> {
                if (code.startsWith("2") || code.equals("402")) {
                    headers().forEach(r::addHeaderObject);
                }
            });
            var sorted = new ApiResponses();
            new TreeMap<>(responses).forEach(sorted::addApiResponse);
            op.setResponses(sorted);
        }));
    }

    private static Map<String, Header> headers() {
        var h = new LinkedHashMap<String, Header>();
        h.put("X-RateLimit-Limit", header(true, "integer", "files included in the current billing cycle"));
        h.put("X-RateLimit-Used", header(true, "integer", "files consumed this cycle, this submission included"));
        h.put("X-RateLimit-Remaining", header(true, "integer", "files left before overage"));
        h.put("X-RateLimit-Overage", header(false, "string",
                "`true` once the included allowance is exceeded; absent otherwise (absence means no overage)"));
        h.put("X-RateLimit-Overage-Count", header(false, "integer", "files past the allowance this cycle"));
        h.put("X-RateLimit-Overage-Rate-Cents", header(false, "integer", "price of one file past the allowance"));
        h.put("X-RateLimit-Overage-Cost-Cents", header(false, "integer", "overage accrued this cycle"));
        return h;
    }

    private static Header header(boolean required, String type, String description) {
        var schema = new JsonSchema().types(Set.of(type));
        if (type.equals("integer")) {
            schema.minimum(BigDecimal.ZERO);
        } else {
            schema.setEnum(new java.util.ArrayList<Object>(java.util.List.of("true")));
        }
        return new Header().required(required).description(description).schema(schema);
    }
}
