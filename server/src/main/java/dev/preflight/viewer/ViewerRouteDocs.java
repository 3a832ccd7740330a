package dev.preflight.viewer;

import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.media.JsonSchema;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.parameters.Parameter;
import org.springdoc.core.customizers.OperationCustomizer;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.stereotype.Component;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.method.HandlerMethod;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;

/**
 * Documents the viewer routes whose handler takes a {@link ViewedJob}: the path variable the job is resolved from
 * ({@code job_id} or {@code token}, first among the parameters, as a handler's own path variables would be), and on
 * a share-link twin the operation id, summary and description of its {@link SharedOperation}. A handler serves both
 * twins ({@link ViewerRoutes}), so without this the share links would repeat the key's operation (and springdoc
 * would number the second operation id).
 */
@Component
class ViewerRouteDocs implements OperationCustomizer {

    private static final String TOKEN_DESCRIPTION = "the share token of a minted report";

    @Override
    public Operation customize(Operation operation, HandlerMethod handler) {
        boolean viewed = Arrays.stream(handler.getMethodParameters())
                .anyMatch(p -> p.getParameterType() == ViewedJob.class);
        RequestMapping base = AnnotatedElementUtils.findMergedAnnotation(handler.getBeanType(), RequestMapping.class);
        if (!viewed || base == null) {
            return operation;
        }
        String prefix = String.join("", base.path());
        if (prefix.contains("{" + ViewedJobResolver.TOKEN + "}")) {
            SharedOperation shared = handler.getMethodAnnotation(SharedOperation.class);
            if (shared != null) {
                operation.operationId(shared.operationId()).summary(shared.summary())
                        .description(shared.description().isEmpty() ? null : shared.description());
            }
            return pathFirst(operation, new Parameter().name(ViewedJobResolver.TOKEN).in("path")
                    .description(TOKEN_DESCRIPTION).required(true).schema(string()));
        }
        var documented = handler.getMethodAnnotation(io.swagger.v3.oas.annotations.Operation.class);
        if (documented != null) {
            // the twin documented second would otherwise be numbered (getTile_1)
            operation.operationId(documented.operationId());
        }
        return pathFirst(operation, new Parameter().name(ViewedJobResolver.JOB_ID).in("path").required(true)
                .schema(string().format("uuid")));
    }

    /** A string schema; springdoc edits the types of path parameters later, so the set must be mutable. */
    private static Schema<?> string() {
        return new JsonSchema().types(new HashSet<>(Set.of("string")));
    }

    private static Operation pathFirst(Operation operation, Parameter parameter) {
        var parameters = new ArrayList<Parameter>();
        parameters.add(parameter);
        if (operation.getParameters() != null) {
            parameters.addAll(operation.getParameters());
        }
        return operation.parameters(parameters);
    }
}
