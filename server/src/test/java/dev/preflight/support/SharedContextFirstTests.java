package dev.preflight.support;

import org.junit.jupiter.api.Test;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.context.TestPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/** The class order groups test classes by what makes Spring start a context of their own. */
@DatabaseIndependent
class SharedContextFirstTests {

    static class Plain extends ServerTestBase {
    }

    static class OwnProperties extends ServerTestBase {
        @DynamicPropertySource
        static void props(DynamicPropertyRegistry r) {
            r.add("preflight.test.example", () -> "1");
        }
    }

    @TestPropertySource(properties = "preflight.test.example=2")
    static class Fixed extends ServerTestBase {
    }

    static class FixedToo extends Fixed {
    }

    static class FixedAndDynamic extends Fixed {
        @DynamicPropertySource
        static void props(DynamicPropertyRegistry r) {
            r.add("preflight.test.example", () -> "3");
        }
    }

    @Test
    void theSharedContextIsTheClassesWithoutSettingsOfTheirOwn() {
        assertThat(SharedContextFirst.configuration(Plain.class)).isEmpty();
        assertThat(SharedContextFirst.configuration(OwnProperties.class)).isNotEmpty();
        assertThat(SharedContextFirst.configuration(Fixed.class)).isNotEmpty();
    }

    @Test
    void inheritedSettingsShareAGroupAndDynamicPropertiesMakeANewOne() {
        assertThat(SharedContextFirst.configuration(FixedToo.class))
                .isEqualTo(SharedContextFirst.configuration(Fixed.class));
        assertThat(SharedContextFirst.configuration(FixedAndDynamic.class))
                .isNotEqualTo(SharedContextFirst.configuration(Fixed.class))
                .isNotEqualTo(SharedContextFirst.configuration(OwnProperties.class));
    }
}
