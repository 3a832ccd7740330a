package dev.preflight.platform;

import dev.preflight.support.DatabaseIndependent;
import org.junit.jupiter.api.Test;
import org.springframework.boot.SpringApplication;
import org.springframework.mock.env.MockEnvironment;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * When a start may use the bean definitions the build wrote ({@link BuildTimeBeans}); the packaged jar's own start is
 * shown by the generated-client module's {@code PackagedStartTests} and the cluster test.
 */
@DatabaseIndependent
class BuildTimeBeansTests {

    @Test
    void theDefinitionsHoldWithoutASettingThatChoosesBeans() {
        var env = new MockEnvironment()
                .withProperty("preflight.tracing.otlp-endpoint", " ")
                .withProperty("preflight.platform.blob-store", "s3")
                .withProperty("spring.datasource.url", "jdbc:postgresql://db/preflight");

        assertThat(BuildTimeBeans.mismatch(env)).isEmpty();
    }

    @Test
    void eachSettingThatChoosesBeansIsNamed() {
        assertThat(BuildTimeBeans.BEAN_CHOOSING_SETTINGS).containsExactly(
                "preflight.tracing.otlp-endpoint", "management.server.port", "spring.profiles.active",
                "spring.profiles.include", "spring.autoconfigure.exclude");
        for (String setting : BuildTimeBeans.BEAN_CHOOSING_SETTINGS) {
            assertThat(BuildTimeBeans.mismatch(new MockEnvironment().withProperty(setting, "x"))).contains(setting);
        }
    }

    @Test
    void onlyClassesFromAPackagedJarCount() {
        assertThat(BuildTimeBeans.packaged("jar:nested:/opt/preflight/preflight.jar/!BOOT-INF/classes/!/")).isTrue();
        assertThat(BuildTimeBeans.packaged("file:/opt/preflight/app/preflight.jar")).isTrue();
        assertThat(BuildTimeBeans.packaged("file:/work/server/target/classes/")).isFalse();
        assertThat(BuildTimeBeans.packaged(null)).isFalse();
    }

    @Test
    void runsBeforeTheTracingSwitchAddsItsOwnExclusions() {
        assertThat(new BuildTimeBeans(destination -> destination.get()).getOrder())
                .isLessThan(org.springframework.core.Ordered.LOWEST_PRECEDENCE);
    }

    @Test
    void classesOutsideAJarLeaveSpringsSwitchAlone() {
        // These tests run from target/classes: a development run, whose generated definitions may be stale.
        String before = System.getProperty(BuildTimeBeans.SWITCH);
        new BuildTimeBeans(destination -> destination.get())
                .postProcessEnvironment(new MockEnvironment(), new SpringApplication());
        assertThat(System.getProperty(BuildTimeBeans.SWITCH)).isEqualTo(before);
    }

    @Test
    void aOneOffRunHappensOnlyWhenItsPropertyAsksForIt() {
        assertThat(OneOffRun.requested("/tmp/train")).isTrue();
        assertThat(OneOffRun.requested(null)).isFalse();
        assertThat(OneOffRun.requested(" ")).isFalse();
        assertThat(OneOffRun.requested("false")).isFalse();
    }
}
