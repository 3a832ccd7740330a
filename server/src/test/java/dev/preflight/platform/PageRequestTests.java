package dev.preflight.platform;

import dev.preflight.support.DatabaseIndependent;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

@DatabaseIndependent
class PageRequestTests {

    private final PageRequest.Settings settings = new PageRequest.Settings(50, 200);

    @Test
    void defaultsToTheFirstPageOfTheRouteSize() {
        assertThat(PageRequest.parse(null, null, settings)).isEqualTo(new PageRequest(1, 50));
        assertThat(PageRequest.parse("3", "10", settings).offset()).isEqualTo(20);
    }

    @Test
    void reportsEveryBadParameterAtOnce() {
        assertThatThrownBy(() -> PageRequest.parse("0", "201", settings))
                .isInstanceOfSatisfying(RequestValidationException.class, e -> {
                    assertThat(e.errors()).extracting(ErrorBodies.FieldError::loc)
                            .containsExactly(java.util.List.of("query", "page"), java.util.List.of("query", "page_size"));
                    assertThat(e.errors()).extracting(ErrorBodies.FieldError::type)
                            .containsExactly("greater_than_equal", "less_than_equal");
                });
        assertThatThrownBy(() -> PageRequest.parse("x", null, settings))
                .isInstanceOfSatisfying(RequestValidationException.class,
                        e -> assertThat(e.errors().get(0).type()).isEqualTo("int_parsing"));
    }
}
