package dev.preflight.platform;

import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.info.Info;
import io.swagger.v3.oas.models.security.SecurityScheme;
import org.springdoc.core.customizers.OpenApiCustomizer;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.jackson.autoconfigure.JsonMapperBuilderCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;

/**
 * The canonical contract at /openapi.json (OpenAPI 3.1), Swagger UI at /docs. Names, nullability, required flags
 * and error statuses are derived by {@link ContractSchemas} and {@link ContractOperations}, from the same naming
 * rule ({@link JsonNaming}) that Jackson uses on the wire.
 */
@Configuration
class OpenApiConfig {

    /** Jackson 3 (the wire) writes and reads names with the API's naming rule. */
    @Bean
    JsonMapperBuilderCustomizer wireNaming() {
        return builder -> builder.propertyNamingStrategy(JsonNaming.WIRE);
    }

    /** Jackson 2 inside the OpenAPI generator resolves models with the same naming rule. */
    @Bean
    ContractSchemas.Resolver contractModelResolver() {
        return new ContractSchemas.Resolver();
    }

    @Bean
    @Order(2)
    OpenApiCustomizer contractSchemaRules(ContractSchemas.Resolver resolver) {
        return new ContractSchemas.Rules(resolver);
    }

    @Bean
    @Order(1)
    OpenApiCustomizer contractOperations(
            @Qualifier("requestMappingHandlerMapping") RequestMappingHandlerMapping mappings) {
        return new ContractOperations(mappings);
    }

    @Bean
    OpenAPI preflightOpenApi() {
        return new OpenAPI()
                .info(new Info().title("Preflight API").version("v1").description("""
                        Self-hostable PDF preflight service.

                        Authentication: `Authorization: Bearer <API_KEY>` (keys `svc_live_...` or `svc_test_...`) on every
                        route except /health, /ready, /openapi.json, /docs, GET /api/v1/check-names, the presigned links
                        under /blob-links/ (the signature is the permission) and the operator's /actuator/prometheus. With
                        PREFLIGHT_AUTH_MODE=none (the self-hosted default) every request acts as one built-in tenant on
                        the top plan. Admin routes (/admin/...) take PREFLIGHT_ADMIN_TOKEN as the bearer token.

                        Job status words: the self-hosted wording (default) is `queued` -> `completed` | `failed`; the
                        hosted wording (PREFLIGHT_STATUS_WORDING=hosted) is `pending` -> `complete` | `failed`.

                        Errors: `{"detail": "<message>"}`; request validation errors
                        `{"detail": [{"loc": [...], "msg": "...", "type": "..."}]}`; plan gates add
                        `"code": "plan_upgrade_required"`.

                        Coordinates are PDF points; bbox is [x0,y0,x1,y1] with the origin at the bottom-left of the page.
                        """))
                .components(new Components()
                        .addSecuritySchemes("bearer", new SecurityScheme().type(SecurityScheme.Type.HTTP)
                                .scheme("bearer").description("API key svc_live_... / svc_test_..."))
                        .addSecuritySchemes("admin", new SecurityScheme().type(SecurityScheme.Type.HTTP)
                                .scheme("bearer").description("The operator token PREFLIGHT_ADMIN_TOKEN")));
    }
}
