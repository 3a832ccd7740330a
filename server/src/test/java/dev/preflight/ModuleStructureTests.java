package dev.preflight;

import com.tngtech.archunit.core.domain.JavaClass;
import org.junit.jupiter.api.Test;
import org.springframework.modulith.core.ApplicationModules;

import static org.assertj.core.api.Assertions.assertThat;

/** The house's rooms are checked: no cycles between modules, no reaching into another module's internals. */
class ModuleStructureTests {

    @Test
    void modulesRespectTheirBoundaries() {
        // The engine is a plain library (its own Maven module, no Spring), not a module of this application.
        ApplicationModules modules = ApplicationModules.of(PreflightApplication.class,
                JavaClass.Predicates.resideInAPackage("dev.preflight.engine.."));
        modules.verify();
        assertThat(modules.stream().map(m -> m.getIdentifier().toString()))
                .contains("platform", "tenancy", "jobs", "analysis", "imports", "health");
    }
}
