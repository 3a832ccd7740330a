package dev.preflight.platform;

import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.info.Info;
import io.swagger.v3.oas.models.security.SecurityScheme;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The canonical contract at /openapi.json (OpenAPI 3.1), Swagger UI at /docs. */
@Configuration
class OpenApiConfig {

    @Bean
    OpenAPI preflightOpenApi() {
        return new OpenAPI()
                .info(new Info().title("Preflight API").version("v1").description("""
                        Self-hostable PDF preflight service.

                        Authentication: `Authorization: Bearer <API_KEY>` (keys `svc_live_...` or `svc_test_...`) on every
                        route except /health, /ready, /openapi.json, /docs and GET /api/v1/check-names. With
                        PREFLIGHT_AUTH_MODE=none (the self-hosted default) every request acts as one built-in tenant on
                        the top plan. Admin routes (/admin/...) take PREFLIGHT_ADMIN_TOKEN as the bearer token.

                        Job status words: the self-hosted wording (default) is `queued` -> `completed` | `failed`; the
                        hosted wording (PREFLIGHT_STATUS_WORDING=hosted) is `pending` -> `complete` | `failed`.

                        Errors: `{"detail": "<message>"}`; request validation errors
                        `{"detail": [{"loc": [...], "msg": "...", "type": "..."}]}`; plan gates add
                        `"code": "plan_upgrade_required"`.

                        Coordinates are PDF points; bbox is [x0,y0,x1,y1] with the origin at the bottom-left of the page.
                        """))
                .components(new Components().addSecuritySchemes("bearer",
                        new SecurityScheme().type(SecurityScheme.Type.HTTP).scheme("bearer")
                                .description("API key svc_live_... / svc_test_...")));
    }
}
