package dev.preflight;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import dev.preflight.support.DatabaseIndependent;
import org.junit.jupiter.api.Test;
import org.springframework.modulith.core.ApplicationModules;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The house's rooms are checked: every module declares the modules it may use (package-info), nothing reaches into
 * another module's internals, there are no cycles, and only analysis, imports and viewer touch the engine.
 */
@DatabaseIndependent
class ModuleStructureTests {

    /** The server modules allowed to call the engine library (ARCHITECTURE.md). */
    static final String[] ENGINE_USERS = {"dev.preflight.analysis..", "dev.preflight.imports..",
            "dev.preflight.viewer.."};

    static final ArchRule ONLY_ENGINE_USERS_TOUCH_THE_ENGINE = noClasses()
            .that().resideInAPackage("dev.preflight..")
            .and().resideOutsideOfPackage("dev.preflight.engine..")
            .and().resideOutsideOfPackages(ENGINE_USERS)
            .should().dependOnClassesThat().resideInAPackage("dev.preflight.engine..")
            .because("only analysis, imports and viewer call the engine; other modules use their APIs");

    @Test
    void modulesRespectTheirDeclaredBoundaries() {
        // The engine is a plain library (its own Maven module, no Spring), not a module of this application.
        ApplicationModules modules = ApplicationModules.of(PreflightApplication.class,
                JavaClass.Predicates.resideInAPackage("dev.preflight.engine.."));
        modules.verify();
        assertThat(modules.stream().map(m -> m.getIdentifier().toString()))
                .contains("platform", "tenancy", "findings", "jobs", "analysis", "imports", "health", "intake");
    }

    @Test
    void onlyAnalysisImportsAndViewerDependOnTheEngine() {
        JavaClasses server = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("dev.preflight");
        ONLY_ENGINE_USERS_TOUCH_THE_ENGINE.check(server);
    }

    @Test
    void theEngineRuleCatchesAJobsClassThatCallsTheEngine() {
        JavaClasses offender = new ClassFileImporter().importClasses(dev.preflight.jobs.EngineCallingSample.class);
        assertThatThrownBy(() -> ONLY_ENGINE_USERS_TOUCH_THE_ENGINE.check(offender))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("EngineCallingSample")
                .hasMessageContaining("dev.preflight.engine");
    }
}
