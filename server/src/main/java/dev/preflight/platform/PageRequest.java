package dev.preflight.platform;

import org.springframework.core.MethodParameter;
import org.springframework.web.method.HandlerMethod;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * One page of a list route, from the query parameters {@code page} (1-based, default 1) and {@code page_size}
 * (default and maximum per route, see {@link Sized}). A handler takes it as a parameter; out-of-range values answer
 * 422 before the handler runs, and /openapi.json documents both parameters with their bounds.
 */
public record PageRequest(int page, int pageSize) {

    /** Rows to skip before this page. */
    public long offset() {
        return (long) (page - 1) * pageSize;
    }

    /** The page size a list route uses when the client gives none, and the largest it accepts. */
    @Documented
    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.PARAMETER)
    public @interface Sized {
        int defaultSize() default 25;

        int maxSize() default 200;
    }

    /** Defaults and bounds of one handler's paging. */
    record Settings(int defaultSize, int maxSize) {
        static Settings of(MethodParameter parameter) {
            Sized s = parameter.getParameterAnnotation(Sized.class);
            return s == null ? new Settings(25, 200) : new Settings(s.defaultSize(), s.maxSize());
        }
    }

    static boolean isPaged(HandlerMethod handler) {
        return parameter(handler) != null;
    }

    static Settings settings(HandlerMethod handler) {
        return Settings.of(parameter(handler));
    }

    private static MethodParameter parameter(HandlerMethod handler) {
        for (MethodParameter p : handler.getMethodParameters()) {
            if (p.getParameterType() == PageRequest.class) {
                return p;
            }
        }
        return null;
    }

    /** Parses and bounds-checks the query parameters; collects every problem before answering 422. */
    static PageRequest parse(String page, String pageSize, Settings settings) {
        var v = Validator.query();
        int p = integer(v, "page", page, 1, 1, Integer.MAX_VALUE);
        int s = integer(v, "page_size", pageSize, settings.defaultSize(), 1, settings.maxSize());
        v.throwIfInvalid();
        return new PageRequest(p, s);
    }

    private static int integer(Validator v, String name, String raw, int fallback, int min, int max) {
        if (raw == null || raw.isBlank()) {
            return fallback;
        }
        int value;
        try {
            value = Integer.parseInt(raw.trim());
        } catch (NumberFormatException e) {
            v.add(name, "Input should be a valid integer", "int_parsing");
            return fallback;
        }
        if (value < min) {
            v.add(name, "Input should be greater than or equal to " + min, "greater_than_equal");
        } else if (value > max) {
            v.add(name, "Input should be less than or equal to " + max, "less_than_equal");
        }
        return value;
    }
}
