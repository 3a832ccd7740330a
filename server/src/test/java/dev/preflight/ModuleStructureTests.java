package dev.preflight;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import dev.preflight.support.DatabaseIndependent;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.springframework.modulith.core.ApplicationModules;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The house's rooms are checked: every module declares the modules it may use (package-info), nothing reaches into
 * another module's internals, there are no cycles, and only analysis, imports, viewer and fixups touch the engine,
 * through its API packages.
 */
@DatabaseIndependent
class ModuleStructureTests {

    /** The server modules allowed to call the engine library (ARCHITECTURE.md). */
    static final String[] ENGINE_USERS = {"dev.preflight.analysis..", "dev.preflight.imports..",
            "dev.preflight.viewer..", "dev.preflight.fixups.."};

    /** The engine's API: its base package and the entry points it names for the viewer and the importers. */
    static final String[] ENGINE_API = {"dev.preflight.engine", "dev.preflight.engine.view",
            "dev.preflight.engine.imports", "dev.preflight.engine.fixups"};

    static final ArchRule ONLY_ENGINE_USERS_TOUCH_THE_ENGINE = noClasses()
            .that().resideInAPackage("dev.preflight..")
            .and().resideOutsideOfPackage("dev.preflight.engine..")
            .and().resideOutsideOfPackages(ENGINE_USERS)
            .should().dependOnClassesThat().resideInAPackage("dev.preflight.engine..")
            .because("only analysis, imports, viewer and fixups call the engine; other modules use their APIs");

    static final ArchRule THE_ENGINE_IS_CALLED_THROUGH_ITS_API = noClasses()
            .that().resideInAPackage("dev.preflight..")
            .and().resideOutsideOfPackage("dev.preflight.engine..")
            .should().dependOnClassesThat(resideInAPackage("dev.preflight.engine..")
                    .and(not(resideInAnyPackage(ENGINE_API))))
            .because("the engine's API is its base package and the view and import entry points it names; its"
                    + " facts, renderers, checks and profiles stay inside");

    /**
     * The modules that submit, wait for and re-analyse jobs (fixups submits the job holding a fixed file); every
     * other module reads through JobReader.
     */
    static final String[] JOB_SERVICE_USERS = {"dev.preflight.jobs..", "dev.preflight.intake..",
            "dev.preflight.fixups.."};

    static final ArchRule ONLY_SUBMITTERS_USE_THE_JOB_SERVICE = noClasses()
            .that().resideInAPackage("dev.preflight..")
            .and().resideOutsideOfPackages(JOB_SERVICE_USERS)
            .should().dependOnClassesThat().areAssignableTo(dev.preflight.jobs.JobService.class)
            .because("modules built on jobs read them through JobReader and learn of changes through events");

    @Test
    void modulesRespectTheirDeclaredBoundaries() {
        // The engine and the XML set-up are plain libraries (Maven modules of their own, no Spring), not modules of
        // this application.
        ApplicationModules modules = ApplicationModules.of(PreflightApplication.class,
                resideInAnyPackage("dev.preflight.engine..", "dev.preflight.xml.."));
        modules.verify();
        assertThat(modules.stream().map(m -> m.getIdentifier().toString()))
                .contains("platform", "tenancy", "findings", "jobs", "analysis", "imports", "health", "intake");
    }

    @Test
    void onlyAnalysisImportsViewerAndFixupsDependOnTheEngine() {
        ONLY_ENGINE_USERS_TOUCH_THE_ENGINE.check(serverClasses());
    }

    @Test
    void theServerCallsTheEngineOnlyThroughItsApiPackages() {
        THE_ENGINE_IS_CALLED_THROUGH_ITS_API.check(serverClasses());
    }

    /** The application's and the engine's classes, imported once for the three rules (an import takes seconds). */
    private static @Nullable JavaClasses serverClasses;

    private static synchronized JavaClasses serverClasses() {
        if (serverClasses == null) {
            serverClasses = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                    .importPackages("dev.preflight");
        }
        return serverClasses;
    }

    @Test
    void theEngineRuleCatchesAJobsClassThatCallsTheEngine() {
        JavaClasses offender = new ClassFileImporter().importClasses(dev.preflight.jobs.EngineCallingSample.class);
        assertThatThrownBy(() -> ONLY_ENGINE_USERS_TOUCH_THE_ENGINE.check(offender))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("EngineCallingSample")
                .hasMessageContaining("dev.preflight.engine");
    }

    @Test
    void theApiRuleCatchesAViewerClassThatReachesIntoTheEngineFacts() {
        JavaClasses offender = new ClassFileImporter()
                .importClasses(dev.preflight.viewer.EngineInternalsSample.class);

        // the viewer may call the engine: what is wrong is where it reaches
        assertThatThrownBy(() -> THE_ENGINE_IS_CALLED_THROUGH_ITS_API.check(offender))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("EngineInternalsSample")
                .hasMessageContaining("dev.preflight.engine.facts.PageFacts");
    }

    @Test
    void onlyTheModulesThatSubmitJobsUseTheJobService() {
        ONLY_SUBMITTERS_USE_THE_JOB_SERVICE.check(serverClasses());
    }

    @Test
    void theJobServiceRuleCatchesAReportsClassThatUsesTheWholeService() {
        JavaClasses offender = new ClassFileImporter()
                .importClasses(dev.preflight.reports.JobServiceCallingSample.class);
        assertThatThrownBy(() -> ONLY_SUBMITTERS_USE_THE_JOB_SERVICE.check(offender))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("JobServiceCallingSample")
                .hasMessageContaining("JobService");
    }
}
