package dev.preflight.platform;

import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.Part;
import org.springframework.core.MethodParameter;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.RequestPart;
import org.springframework.web.bind.support.WebDataBinderFactory;
import org.springframework.web.context.request.NativeWebRequest;
import org.springframework.web.method.support.HandlerMethodArgumentResolver;
import org.springframework.web.method.support.ModelAndViewContainer;
import org.springframework.web.multipart.MultipartException;
import org.springframework.web.multipart.support.MissingServletRequestPartException;
import org.springframework.web.multipart.support.MultipartResolutionDelegate;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;

/**
 * Reads a {@code @RequestPart String} form field the way Spring MVC does (the part's text in its declared charset,
 * UTF-8 by default; an empty part is null; a missing required part is {@link MissingServletRequestPartException}),
 * without Spring's way of finding out that an optional part is absent: an exception built and caught per absent
 * part, a dozen of them on a plain submit. Registered ahead of Spring's own resolver ({@link PlatformWebConfig}).
 */
final class TextPartResolver implements HandlerMethodArgumentResolver {

    @Override
    public boolean supportsParameter(MethodParameter parameter) {
        return parameter.getParameterType() == String.class && parameter.hasParameterAnnotation(RequestPart.class);
    }

    @Override
    public Object resolveArgument(MethodParameter parameter, ModelAndViewContainer mav, NativeWebRequest webRequest,
                                  WebDataBinderFactory binderFactory) throws Exception {
        HttpServletRequest request = webRequest.getNativeRequest(HttpServletRequest.class);
        RequestPart annotation = parameter.getParameterAnnotation(RequestPart.class);
        String name = annotation.name().isEmpty() ? parameter.getParameterName() : annotation.name();
        String value = null;
        if (request != null && MultipartResolutionDelegate.isMultipartRequest(request)) {
            value = text(part(request, name));
        }
        if (value == null && annotation.required()) {
            if (request == null || !MultipartResolutionDelegate.isMultipartRequest(request)) {
                throw new MultipartException("Current request is not a multipart request");
            }
            throw new MissingServletRequestPartException(name);
        }
        return value;
    }

    private static Part part(HttpServletRequest request, String name) throws IOException {
        try {
            return request.getPart(name);
        } catch (ServletException e) {
            throw new MultipartException("Could not read the multipart request", e);
        }
    }

    /** The part's text, or null when the part is absent or empty (as Spring's message converters answer). */
    static String text(Part part) throws IOException {
        if (part == null) {
            return null;
        }
        byte[] bytes;
        try (InputStream in = part.getInputStream()) {
            bytes = in.readAllBytes();
        }
        if (bytes.length == 0) {
            return null;
        }
        return new String(bytes, charset(part.getContentType()));
    }

    private static Charset charset(String contentType) {
        if (contentType == null || contentType.isBlank()) {
            return StandardCharsets.UTF_8;
        }
        try {
            Charset c = MediaType.parseMediaType(contentType).getCharset();
            return c == null ? StandardCharsets.UTF_8 : c;
        } catch (RuntimeException e) {
            return StandardCharsets.UTF_8;
        }
    }
}
