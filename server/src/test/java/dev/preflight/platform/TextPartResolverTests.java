package dev.preflight.platform;

import dev.preflight.support.DatabaseIndependent;
import org.junit.jupiter.api.Test;
import org.springframework.core.MethodParameter;
import org.springframework.http.HttpMethod;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockMultipartHttpServletRequest;
import org.springframework.mock.web.MockPart;
import org.springframework.web.bind.annotation.RequestPart;
import org.springframework.web.context.request.ServletWebRequest;
import org.springframework.web.multipart.MultipartException;
import org.springframework.web.multipart.MultipartFile;
import org.springframework.web.multipart.support.MissingServletRequestPartException;

import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

@DatabaseIndependent
class TextPartResolverTests {

    @SuppressWarnings("unused")
    void handler(@RequestPart(value = "optional", required = false) String optional,
                 @RequestPart("required") String required,
                 @RequestPart(value = "file", required = false) MultipartFile file,
                 @RequestPart(value = "count", required = false) Integer count) {
    }

    private final TextPartResolver resolver = new TextPartResolver();

    private static MethodParameter parameter(int index) throws NoSuchMethodException {
        return new MethodParameter(TextPartResolverTests.class.getDeclaredMethod("handler", String.class,
                String.class, MultipartFile.class, Integer.class), index);
    }

    private Object resolve(int index, MockHttpServletRequest request) throws Exception {
        return resolver.resolveArgument(parameter(index), null, new ServletWebRequest(request), null);
    }

    private static MockMultipartHttpServletRequest multipart(MockPart... parts) {
        var r = new MockMultipartHttpServletRequest();
        r.setMethod(HttpMethod.POST.name());
        r.setContentType("multipart/form-data; boundary=x");
        for (MockPart p : parts) {
            r.addPart(p);
        }
        return r;
    }

    @Test
    void takesOnlyTextFormFields() throws Exception {
        assertThat(resolver.supportsParameter(parameter(0))).isTrue();
        assertThat(resolver.supportsParameter(parameter(1))).isTrue();
        assertThat(resolver.supportsParameter(parameter(2))).as("files stay with Spring").isFalse();
        assertThat(resolver.supportsParameter(parameter(3))).as("converted types stay with Spring").isFalse();
    }

    @Test
    void readsAFieldAsUtf8UnlessThePartNamesItsCharset() throws Exception {
        var latin = new MockPart("optional", "café".getBytes(StandardCharsets.ISO_8859_1));
        latin.getHeaders().set("Content-Type", "text/plain; charset=ISO-8859-1");
        var request = multipart(new MockPart("required", "größe".getBytes(StandardCharsets.UTF_8)), latin);
        assertThat(resolve(1, request)).isEqualTo("größe");
        assertThat(resolve(0, request)).isEqualTo("café");
    }

    @Test
    void anAbsentOrEmptyOptionalFieldIsNull() throws Exception {
        assertThat(resolve(0, multipart(new MockPart("required", "x".getBytes())))).isNull();
        assertThat(resolve(0, multipart(new MockPart("optional", new byte[0])))).isNull();
    }

    @Test
    void anAbsentRequiredFieldIsAMissingPartAsInSpring() {
        assertThatThrownBy(() -> resolve(1, multipart(new MockPart("optional", "x".getBytes()))))
                .isInstanceOf(MissingServletRequestPartException.class).hasMessageContaining("'required'");
        assertThatThrownBy(() -> resolve(1, multipart(new MockPart("required", new byte[0]))))
                .isInstanceOf(MissingServletRequestPartException.class);
    }

    @Test
    void aRequestThatIsNotMultipartHasNoOptionalFieldsAndFailsARequiredOne() throws Exception {
        var plain = new MockHttpServletRequest("POST", "/x");
        plain.setContentType("application/json");
        assertThat(resolve(0, plain)).isNull();
        assertThatThrownBy(() -> resolve(1, plain)).isInstanceOf(MultipartException.class)
                .hasMessageContaining("not a multipart request");
    }
}
