package dev.preflight.platform;

import io.swagger.v3.core.converter.ModelConverters;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.media.JsonSchema;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.parameters.Parameter;
import io.swagger.v3.oas.models.responses.ApiResponse;
import io.swagger.v3.oas.models.responses.ApiResponses;
import io.swagger.v3.oas.models.security.SecurityRequirement;
import org.springdoc.core.customizers.OpenApiCustomizer;
import org.springframework.core.MethodParameter;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.web.bind.annotation.RequestPart;
import org.springframework.web.method.HandlerMethod;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Documents every non-2xx status an operation can produce, with its body type, from one place instead of
 * {@code @ApiResponse} blocks repeated on every handler:
 * <ul>
 *   <li>401 and the bearer security requirement on every /api route that is not a {@link PublicRoute};</li>
 *   <li>429 with a {@code Retry-After} header on the same routes: requests are rate limited per API key;</li>
 *   <li>404 on every route with a path variable (unknown or foreign ids);</li>
 *   <li>422 with {@code ValidationErrorResponse} on every route that takes query parameters or a body;</li>
 *   <li>the paging parameters of handlers that take a {@link PageRequest};</li>
 *   <li>whatever the handler declares with {@link ApiError} (body {@code ErrorResponse}).</li>
 * </ul>
 * A status that can carry either body (422 from validation and from a plain detail) is documented with both.
 * It also removes what OpenAPI says a document must not carry as parameters ({@code Authorization}, {@code Accept},
 * {@code Content-Type} headers: the security requirement and the media types say those), and lists as required the
 * multipart parts whose handler parameter says {@code @Schema(requiredMode = REQUIRED)} (a handler may take a part as
 * optional to answer its absence with the validation body, as every other missing field is answered).
 */
final class ContractOperations implements OpenApiCustomizer {

    static final String ERROR = "ErrorResponse";
    static final String VALIDATION = "ValidationErrorResponse";
    static final String RETRY_AFTER = "Retry-After";

    private static final Set<String> RESERVED_HEADERS = Set.of("accept", "content-type", "authorization");

    private final RequestMappingHandlerMapping mappings;

    ContractOperations(RequestMappingHandlerMapping mappings) {
        this.mappings = mappings;
    }

    @Override
    public void customise(OpenAPI openApi) {
        if (openApi.getPaths() == null) {
            return;
        }
        addErrorSchemas(openApi);
        Map<String, HandlerMethod> handlers = handlersByRoute();
        openApi.getPaths().forEach((path, item) -> item.readOperationsMap().forEach((method, op) -> {
            HandlerMethod handler = handlers.get(method.name() + " " + path);
            if (handler != null) {
                document(path, method, op, handler);
            }
        }));
    }

    private void document(String path, PathItem.HttpMethod method, Operation op, HandlerMethod handler) {
        dropReservedHeaders(op);
        requireMultipartParts(op, handler);
        // status -> (description, bodies)
        var statuses = new TreeMap<String, Entry>();
        boolean authenticated = path.startsWith("/api/") && !isPublic(handler);
        if (authenticated) {
            statuses.put("401", new Entry("Missing or invalid bearer token", ERROR));
            statuses.put("429", new Entry("Request rate limit of the API key exceeded (requests per minute of the plan); "
                    + "Retry-After says how many seconds to wait", ERROR).header(RETRY_AFTER));
            op.setSecurity(new ArrayList<>(List.of(new SecurityRequirement().addList("bearer"))));
        }
        if (path.contains("{")) {
            statuses.put("404", new Entry(authenticated
                    ? "Unknown id, or an id of another tenant" : "Unknown or no longer valid token or id", ERROR));
        }
        if (PageRequest.isPaged(handler)) {
            addPaging(op, PageRequest.settings(handler));
        }
        boolean takesInput = op.getRequestBody() != null
                || (op.getParameters() != null && !op.getParameters().isEmpty());
        if (takesInput) {
            statuses.put("422", new Entry("Request validation failed (see detail[].loc)", VALIDATION));
        }
        for (ApiError e : declared(handler)) {
            String code = Integer.toString(e.status());
            Entry existing = statuses.get(code);
            if (existing != null && !existing.describedByHandler) {
                existing.bodies.add(ERROR);
                existing.description = e.when() + (existing.bodies.contains(VALIDATION)
                        ? "; or request validation failed (detail is then a list of {loc, msg, type})" : "");
                existing.describedByHandler = true;
            } else if (existing != null) {
                existing.description = existing.description + "; " + e.when();
            } else {
                statuses.put(code, new Entry(e.when(), ERROR).byHandler());
            }
            if (e.planGate()) {
                statuses.get(code).description += " (code: plan_upgrade_required)";
            }
        }
        ApiResponses responses = op.getResponses() == null ? new ApiResponses() : op.getResponses();
        statuses.forEach((code, entry) -> responses.addApiResponse(code, response(entry)));
        if (responses.get("304") != null) {
            // springdoc gives every documented status the handler's body type; "not modified" has no body
            responses.get("304").setContent(null);
        }
        op.setResponses(sorted(responses));
    }

    /** OpenAPI 3.1 (4.8.12.1): header parameters named Accept, Content-Type or Authorization are ignored. */
    private static void dropReservedHeaders(Operation op) {
        if (op.getParameters() == null) {
            return;
        }
        op.getParameters().removeIf(p -> "header".equals(p.getIn()) && p.getName() != null
                && RESERVED_HEADERS.contains(p.getName().toLowerCase(Locale.ROOT)));
        if (op.getParameters().isEmpty()) {
            op.setParameters(null);
        }
    }

    @SuppressWarnings("rawtypes")
    private static void requireMultipartParts(Operation op, HandlerMethod handler) {
        if (op.getRequestBody() == null || op.getRequestBody().getContent() == null) {
            return;
        }
        MediaType form = op.getRequestBody().getContent().get("multipart/form-data");
        if (form == null || form.getSchema() == null || form.getSchema().getProperties() == null) {
            return;
        }
        Schema<?> schema = form.getSchema();
        var required = new LinkedHashSet<String>(schema.getRequired() == null ? List.of() : schema.getRequired());
        for (MethodParameter param : handler.getMethodParameters()) {
            RequestPart part = param.getParameterAnnotation(RequestPart.class);
            io.swagger.v3.oas.annotations.media.Schema doc =
                    param.getParameterAnnotation(io.swagger.v3.oas.annotations.media.Schema.class);
            if (part == null || doc == null
                    || doc.requiredMode() != io.swagger.v3.oas.annotations.media.Schema.RequiredMode.REQUIRED) {
                continue;
            }
            String name = part.name().isEmpty() ? part.value() : part.name();
            if (!name.isEmpty() && schema.getProperties().containsKey(name)) {
                required.add(name);
            }
        }
        if (!required.isEmpty()) {
            schema.setRequired(new ArrayList<>(required));
            op.getRequestBody().setRequired(true);
        }
    }

    /** The two error bodies, resolved like every other model (the schema rules then close them). */
    private static void addErrorSchemas(OpenAPI openApi) {
        if (openApi.getComponents() == null) {
            openApi.setComponents(new io.swagger.v3.oas.models.Components());
        }
        for (Class<?> type : List.of(ErrorBodies.Error.class, ErrorBodies.Validation.class)) {
            ModelConverters.getInstance(true).readAll(type).forEach((name, schema) -> {
                if (openApi.getComponents().getSchemas() == null
                        || !openApi.getComponents().getSchemas().containsKey(name)) {
                    openApi.getComponents().addSchemas(name, schema);
                }
            });
        }
    }

    private static ApiResponses sorted(ApiResponses in) {
        var out = new ApiResponses();
        new TreeMap<>(in).forEach(out::addApiResponse);
        return out;
    }

    private static ApiResponse response(Entry entry) {
        Schema<?> schema;
        if (entry.bodies.size() == 1) {
            schema = new JsonSchema().$ref("#/components/schemas/" + entry.bodies.iterator().next());
        } else {
            var alternatives = new ArrayList<Schema>();
            entry.bodies.forEach(b -> alternatives.add(new JsonSchema().$ref("#/components/schemas/" + b)));
            schema = new JsonSchema().oneOf(alternatives);
        }
        var response = new ApiResponse().description(entry.description)
                .content(new Content().addMediaType("application/json", new MediaType().schema(schema)));
        if (entry.headers.contains(RETRY_AFTER)) {
            response.addHeaderObject(RETRY_AFTER, new io.swagger.v3.oas.models.headers.Header().required(true)
                    .description("seconds until the next request is accepted")
                    .schema(new JsonSchema().types(Set.of("integer")).minimum(java.math.BigDecimal.ONE)));
        }
        return response;
    }

    private static void addPaging(Operation op, PageRequest.Settings settings) {
        List<Parameter> params = op.getParameters() == null ? new ArrayList<>() : new ArrayList<>(op.getParameters());
        params.removeIf(p -> "page".equals(p.getName()) || "page_size".equals(p.getName()));
        params.add(new Parameter().in("query").name("page").required(false)
                .description("1-based page number")
                .schema(new JsonSchema().types(Set.of("integer")).format("int32").minimum(java.math.BigDecimal.ONE)
                        ._default(1)));
        params.add(new Parameter().in("query").name("page_size").required(false)
                .description("entries per page (default " + settings.defaultSize() + ", at most "
                        + settings.maxSize() + ")")
                .schema(new JsonSchema().types(Set.of("integer")).format("int32").minimum(java.math.BigDecimal.ONE)
                        .maximum(java.math.BigDecimal.valueOf(settings.maxSize()))._default(settings.defaultSize())));
        op.setParameters(params);
    }

    private static boolean isPublic(HandlerMethod handler) {
        return handler.hasMethodAnnotation(PublicRoute.class)
                || AnnotatedElementUtils.hasAnnotation(handler.getBeanType(), PublicRoute.class);
    }

    private static List<ApiError> declared(HandlerMethod handler) {
        var out = new ArrayList<ApiError>();
        out.addAll(AnnotatedElementUtils.findMergedRepeatableAnnotations(handler.getBeanType(), ApiError.class));
        out.addAll(AnnotatedElementUtils.findMergedRepeatableAnnotations(handler.getMethod(), ApiError.class));
        return out;
    }

    private Map<String, HandlerMethod> handlersByRoute() {
        return DocumentedHandlers.byRoute(mappings);
    }

    /** One documented status while it is being assembled. */
    private static final class Entry {
        String description;
        final Set<String> bodies = new LinkedHashSet<>();
        final Set<String> headers = new LinkedHashSet<>();
        boolean describedByHandler;

        Entry(String description, String body) {
            this.description = description;
            bodies.add(body);
        }

        Entry header(String name) {
            headers.add(name);
            return this;
        }

        Entry byHandler() {
            describedByHandler = true;
            return this;
        }
    }
}
