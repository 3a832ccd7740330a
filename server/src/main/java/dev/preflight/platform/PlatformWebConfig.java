package dev.preflight.platform;

import org.springdoc.core.utils.SpringDocUtils;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.MethodParameter;
import org.springframework.http.converter.HttpMessageConverters;
import org.springframework.http.converter.xml.Jaxb2RootElementHttpMessageConverter;
import org.springframework.web.bind.support.WebDataBinderFactory;
import org.springframework.web.context.request.NativeWebRequest;
import org.springframework.web.method.support.HandlerMethodArgumentResolver;
import org.springframework.web.method.support.ModelAndViewContainer;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerAdapter;

import java.util.ArrayList;
import java.util.List;

/**
 * Hands validated {@link PageRequest}s to list handlers, and form fields to multipart handlers cheaply; leaves the JAXB
 * message converter out.
 */
@Configuration
class PlatformWebConfig implements WebMvcConfigurer {

    /** Puts {@link TextPartResolver} ahead of Spring's resolver of {@code @RequestPart} arguments. */
    @Bean
    static BeanPostProcessor textPartsFirst() {
        return new BeanPostProcessor() {
            @Override
            public Object postProcessAfterInitialization(Object bean, String beanName) {
                if (bean instanceof RequestMappingHandlerAdapter adapter && adapter.getArgumentResolvers() != null) {
                    var resolvers = new ArrayList<HandlerMethodArgumentResolver>();
                    resolvers.add(new TextPartResolver());
                    resolvers.addAll(adapter.getArgumentResolvers());
                    adapter.setArgumentResolvers(resolvers);
                }
                return bean;
            }
        };
    }

    static {
        // Paging is documented by ContractOperations as two query parameters, not as a request object.
        SpringDocUtils.getConfig().addRequestWrapperToIgnore(PageRequest.class);
    }

    /**
     * No JAXB converter: the API speaks JSON, none of its types is a JAXB type, and the converter Spring adds because
     * a library brings JAXB onto the class path searched every response's type for JAXB annotations before the JSON
     * converter was asked (a tenth of writing a small body).
     */
    @Override
    public void configureMessageConverters(HttpMessageConverters.ServerBuilder builder) {
        builder.configureMessageConvertersList(converters ->
                converters.removeIf(c -> c instanceof Jaxb2RootElementHttpMessageConverter));
    }

    @Override
    public void addArgumentResolvers(List<HandlerMethodArgumentResolver> resolvers) {
        resolvers.add(new HandlerMethodArgumentResolver() {
            @Override
            public boolean supportsParameter(MethodParameter parameter) {
                return parameter.getParameterType() == PageRequest.class;
            }

            @Override
            public Object resolveArgument(MethodParameter parameter, ModelAndViewContainer mav,
                                          NativeWebRequest request, WebDataBinderFactory binderFactory) {
                return PageRequest.parse(request.getParameter("page"), request.getParameter("page_size"),
                        PageRequest.Settings.of(parameter));
            }
        });
    }
}
