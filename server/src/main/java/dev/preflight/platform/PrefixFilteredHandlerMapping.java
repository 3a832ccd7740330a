package dev.preflight.platform;

import jakarta.servlet.http.HttpServletRequest;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.webmvc.autoconfigure.WebMvcRegistrations;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.method.HandlerMethod;
import org.springframework.web.servlet.mvc.condition.PathPatternsRequestCondition;
import org.springframework.web.servlet.mvc.method.RequestMappingInfo;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;
import org.springframework.web.util.ServletRequestPathUtils;
import org.springframework.web.util.pattern.PathPattern;

import java.util.IdentityHashMap;
import java.util.Map;

/**
 * Spring MVC finds the handler of a path with variables ({@code /api/v1/jobs/{job_id}}) by testing every route's
 * conditions in turn: methods, parameters, headers, media types, then the pattern. With a few hundred routes that
 * was a tenth of reading a job. This mapping first compares the path with the literal start of each route's patterns
 * (up to the first variable or wildcard) and skips the route's conditions when none can match; everything else is
 * Spring's own matching. Paths holding percent-escapes or matrix parameters are left to Spring whole (the literal
 * comparison is made on the path as sent, the patterns on its decoded segments).
 */
class PrefixFilteredHandlerMapping extends RequestMappingHandlerMapping {

    private static final String[] ANY = new String[0];

    /**
     * The literal starts by route, keyed by the registry's own mapping objects (compared by identity: a path with
     * variables is compared with every route, so this lookup runs about 150 times a request). Written rarely,
     * copied on write, read without a lock.
     */
    private volatile Map<RequestMappingInfo, String[]> prefixes = new IdentityHashMap<>();

    /**
     * The path being looked up by this thread, when it may be compared literally: read from the request once per
     * lookup rather than once per route (two request-attribute reads through the wrappers each time).
     */
    private static final ThreadLocal<String> LOOKING_UP = new ThreadLocal<>();

    @Override
    protected @Nullable HandlerMethod lookupHandlerMethod(String lookupPath, HttpServletRequest request)
            throws Exception {
        String path = ServletRequestPathUtils.hasParsedRequestPath(request)
                ? ServletRequestPathUtils.getParsedRequestPath(request).pathWithinApplication().value() : null;
        if (path == null || path.indexOf('%') >= 0 || path.indexOf(';') >= 0) {
            return super.lookupHandlerMethod(lookupPath, request);
        }
        String outer = LOOKING_UP.get();
        LOOKING_UP.set(path);
        try {
            return super.lookupHandlerMethod(lookupPath, request);
        } finally {
            if (outer == null) {
                LOOKING_UP.remove();
            } else {
                LOOKING_UP.set(outer);
            }
        }
    }

    @Override
    protected @Nullable RequestMappingInfo getMatchingMapping(RequestMappingInfo info, HttpServletRequest request) {
        String path = LOOKING_UP.get();
        if (path != null && !startsWithAny(path, prefixes(info))) {
            return null;
        }
        return super.getMatchingMapping(info, request);
    }

    private String[] prefixes(RequestMappingInfo info) {
        String[] starts = prefixes.get(info);
        return starts != null ? starts : learn(info);
    }

    private synchronized String[] learn(RequestMappingInfo info) {
        String[] starts = prefixes.get(info);
        if (starts == null) {
            starts = literalStarts(info);
            var copy = new IdentityHashMap<>(prefixes);
            copy.put(info, starts);
            prefixes = copy;
        }
        return starts;
    }

    /** The literal start of each of the route's patterns; {@link #ANY} when one has none worth comparing. */
    static String[] literalStarts(RequestMappingInfo info) {
        PathPatternsRequestCondition condition = info.getPathPatternsCondition();
        if (condition == null || condition.getPatterns().isEmpty()) {
            return ANY;
        }
        String[] starts = new String[condition.getPatterns().size()];
        int i = 0;
        for (PathPattern pattern : condition.getPatterns()) {
            String literal = literalStart(pattern.getPatternString());
            if (literal.length() <= 1) {
                return ANY;
            }
            starts[i++] = literal;
        }
        return starts;
    }

    /** The pattern up to its first variable, wildcard or optional character. */
    static String literalStart(String pattern) {
        int end = pattern.length();
        for (int i = 0; i < pattern.length(); i++) {
            char c = pattern.charAt(i);
            if (c == '{' || c == '*' || c == '?') {
                end = i;
                break;
            }
        }
        return pattern.substring(0, end);
    }

    private static boolean startsWithAny(String path, String[] starts) {
        if (starts == ANY) {
            return true;
        }
        for (String start : starts) {
            if (path.startsWith(start)) {
                return true;
            }
        }
        return false;
    }

    @Configuration(proxyBeanMethods = false)
    static class Registration {

        @Bean
        WebMvcRegistrations prefixFilteredHandlerMapping() {
            return new WebMvcRegistrations() {
                @Override
                public RequestMappingHandlerMapping getRequestMappingHandlerMapping() {
                    return new PrefixFilteredHandlerMapping();
                }
            };
        }
    }
}
