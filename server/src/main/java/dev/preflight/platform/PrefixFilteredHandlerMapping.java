package dev.preflight.platform;

import jakarta.servlet.http.HttpServletRequest;
import org.springframework.boot.webmvc.autoconfigure.WebMvcRegistrations;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.servlet.mvc.condition.PathPatternsRequestCondition;
import org.springframework.web.servlet.mvc.method.RequestMappingInfo;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;
import org.springframework.web.util.ServletRequestPathUtils;
import org.springframework.web.util.pattern.PathPattern;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

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

    private final Map<RequestMappingInfo, String[]> prefixes = new ConcurrentHashMap<>();

    @Override
    protected RequestMappingInfo getMatchingMapping(RequestMappingInfo info, HttpServletRequest request) {
        if (ServletRequestPathUtils.hasParsedRequestPath(request)) {
            String path = ServletRequestPathUtils.getParsedRequestPath(request).pathWithinApplication().value();
            if (path.indexOf('%') < 0 && path.indexOf(';') < 0 && !startsWithAny(path, prefixes(info))) {
                return null;
            }
        }
        return super.getMatchingMapping(info, request);
    }

    private String[] prefixes(RequestMappingInfo info) {
        return prefixes.computeIfAbsent(info, PrefixFilteredHandlerMapping::literalStarts);
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
