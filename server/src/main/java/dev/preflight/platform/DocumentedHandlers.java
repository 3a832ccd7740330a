package dev.preflight.platform;

import org.springframework.web.method.HandlerMethod;
import org.springframework.web.servlet.mvc.method.RequestMappingInfo;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The handler behind each documented operation, keyed {@code "POST /api/v1/jobs"} as /openapi.json writes paths,
 * for OpenAPI customizers that document what a handler's annotations declare.
 */
public final class DocumentedHandlers {

    private DocumentedHandlers() {
    }

    /** Every mapped handler method by {@code "<METHOD> <path pattern>"}. */
    public static Map<String, HandlerMethod> byRoute(RequestMappingHandlerMapping mappings) {
        var out = new HashMap<String, HandlerMethod>();
        for (Map.Entry<RequestMappingInfo, HandlerMethod> e : mappings.getHandlerMethods().entrySet()) {
            RequestMappingInfo info = e.getKey();
            Set<String> patterns = info.getPathPatternsCondition() != null
                    ? info.getPathPatternsCondition().getPatternValues() : info.getPatternValues();
            var methods = info.getMethodsCondition().getMethods();
            for (String pattern : patterns) {
                for (var m : methods) {
                    // The document names path variables without their regex: /r/{token:[a-z]+} is /r/{token}.
                    out.put(m.name().toUpperCase(Locale.ROOT) + " " + pattern.replaceAll("\\{([^}:]+):[^}]*}", "{$1}"),
                            e.getValue());
                }
            }
        }
        return out;
    }
}
