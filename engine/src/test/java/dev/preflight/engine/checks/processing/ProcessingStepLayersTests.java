package dev.preflight.engine.checks.processing;

import dev.preflight.engine.Finding;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.testpdf.Pdfs;
import org.apache.pdfbox.cos.COSDictionary;
import org.apache.pdfbox.cos.COSName;
import org.junit.jupiter.api.Test;

import java.util.List;

import static dev.preflight.engine.checks.processing.PackagingPdfs.BLACK;
import static dev.preflight.engine.checks.processing.PackagingPdfs.run;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * PROC_STEPS_UNKNOWN_TYPE and PROC_STEPS_PRINTS: the processing-step layers' metadata against the ISO 19593-1
 * registry, and their print usage.
 */
class ProcessingStepLayersTests {


    private final Check unknownType = new StepsUnknownTypeCheck();

    private List<Finding> layer(String group, String type, Object... params) {
        Pdfs.Page p = Pdfs.document().processStepLayer("Step", group, type).page(400, 400)
                .fill(BLACK).rect(10, 10, 5, 5);
        return run(unknownType, p, params);
    }

    @Test
    void registeredGroupsAndTypesPass() {
        assertThat(layer("Structural", "Cutting")).isEmpty();
        assertThat(layer("Structural", "ReverseCreasing")).isEmpty();
        assertThat(layer("Positions", "Barcode")).isEmpty();
    }

    @Test
    void anUnregisteredTypeFailsNamingTheLayer() {
        assertThat(layer("Structural", "Laser")).singleElement().satisfies(f -> {
            assertThat(f.message()).isEqualTo("Processing-step layer \"Step\": type \"Laser\" is not an ISO "
                    + "19593-1 type of group Structural");
            assertThat(f.details()).containsEntry("layer", "Step").containsEntry("group", "Structural")
                    .containsEntry("type", "Laser");
            assertThat(f.objectType()).isEqualTo("document");
        });
    }

    @Test
    void aCaseOnlyDifferenceIsReportedWithTheRegisteredSpelling() {
        assertThat(layer("Structural", "cutting")).singleElement().satisfies(f -> assertThat(f.message())
                .isEqualTo("Processing-step layer \"Step\": type \"cutting\" is not an ISO 19593-1 type of "
                        + "group Structural (registered as \"Cutting\")"));
        assertThat(layer("structural", "Cutting")).singleElement().satisfies(f -> assertThat(f.message())
                .isEqualTo("Processing-step layer \"Step\": group \"structural\" is not in the ISO 19593-1 "
                        + "registry (registered as \"Structural\")"));
    }

    @Test
    void secondClassNamesPassUnlessRefused() {
        assertThat(layer("Structural", "ACME_Laser")).isEmpty();
        assertThat(layer("ACME_Finishing", "Anything")).isEmpty();
        assertThat(layer("Structural", "ACME_Laser", "allow_second_class", false)).hasSize(1);
        assertThat(layer("ACME_Finishing", "Anything", "allow_second_class", false)).singleElement()
                .satisfies(f -> assertThat(f.message()).endsWith("group \"ACME_Finishing\" is not in the "
                        + "ISO 19593-1 registry"));
    }

    @Test
    void extraTypesExtendTheRegistry() {
        assertThat(layer("Structural", "Laser", "extra_types", List.of("Structural/Laser"))).isEmpty();
        assertThat(layer("Glue", "Hotmelt", "extra_types", List.of("Glue/Hotmelt"))).isEmpty();
        assertThat(layer("Glue", "Cold", "extra_types", List.of("Glue/Hotmelt"))).singleElement()
                .satisfies(f -> assertThat(f.message()).endsWith("type \"Cold\" is not among the extra types "
                        + "of group Glue"));
    }

    @Test
    void typelessGroupsTakeNoTypeAndTypedGroupsNeedOne() {
        assertThat(StepsUnknownTypeCheck.problem("White", null, List.of(), true)).isNull();
        assertThat(StepsUnknownTypeCheck.problem("White", "Glossy", List.of(), true))
                .isEqualTo("group White takes no /GTS_ProcStepsType, but it is \"Glossy\"");
        assertThat(StepsUnknownTypeCheck.problem("Structural", null, List.of(), true))
                .isEqualTo("group Structural needs a /GTS_ProcStepsType");
        assertThat(StepsUnknownTypeCheck.problem("Structural", " ", List.of(), true))
                .isEqualTo("group Structural needs a /GTS_ProcStepsType");
        assertThat(StepsUnknownTypeCheck.problem("Structural", null, List.of("Structural"), true)).isNull();
        assertThat(StepsUnknownTypeCheck.problem("Glue", null, List.of("Glue"), true)).isNull();
        assertThat(StepsUnknownTypeCheck.problem("Glue", "Hot", List.of("Glue"), true))
                .isEqualTo("type \"Hot\" is not among the extra types of group Glue");
        assertThat(StepsUnknownTypeCheck.problem(null, "Cutting", List.of(), true))
                .isEqualTo("/GTS_ProcStepsGroup is missing");
    }

    @Test
    void aLayerWithoutAGroupFails() {
        Pdfs.Doc d = Pdfs.document().processStepLayer("Step", "Structural", "Cutting");
        d.layerGroup("Step").getCOSDictionary(COSName.getPDFName("GTS_Metadata"))
                .removeItem(COSName.getPDFName("GTS_ProcStepsGroup"));
        assertThat(run(unknownType, d.page(400, 400))).singleElement().satisfies(f -> assertThat(f.message())
                .isEqualTo("Processing-step layer \"Step\": /GTS_ProcStepsGroup is missing"));
    }

    @Test
    void theRegistryHoldsTheSevenGroups() {
        assertThat(StepsUnknownTypeCheck.REGISTRY.keySet()).containsExactly("Structural", "Positions",
                "Dimensions", "Braille", "Legend", "White", "Varnish");
        assertThat(StepsUnknownTypeCheck.REGISTRY.get("Positions")).containsExactly("Hologram", "Barcode",
                "ContentArea", "CodingMarking", "Imprinting");
    }


    private final Check prints = new StepsPrintCheck();

    private Pdfs.Page withPrintState(boolean on, String printState) {
        Pdfs.Doc d = Pdfs.document().layer("Die", on).processStepLayer("Die", "Structural", "Cutting");
        if (printState != null) {
            COSDictionary print = new COSDictionary();
            print.setItem(COSName.getPDFName("PrintState"), COSName.getPDFName(printState));
            COSDictionary usage = new COSDictionary();
            usage.setItem(COSName.PRINT, print);
            d.layerGroup("Die").setItem(COSName.USAGE, usage);
        }
        return d.page(400, 400).fill(BLACK).rect(10, 10, 5, 5);
    }

    @Test
    void aLayerSetNotToPrintPasses() {
        assertThat(run(prints, withPrintState(true, "OFF"))).isEmpty();
        assertThat(run(prints, withPrintState(false, null))).isEmpty();
    }

    @Test
    void aLayerSetToPrintFails() {
        assertThat(run(prints, withPrintState(false, "ON"))).singleElement().satisfies(f -> {
            assertThat(f.message()).isEqualTo("Processing-step layer \"Die\" (Structural/Cutting) prints: its "
                    + "/Usage /Print /PrintState is ON");
            assertThat(f.details()).containsEntry("print_state", "ON").containsEntry("default_on", false)
                    .containsEntry("step", "Structural/Cutting").containsEntry("layer", "Die");
        });
    }

    @Test
    void aLayerOnByDefaultWithoutPrintStatePrintsAsShownUnlessThatIsNotAsked() {
        assertThat(run(prints, withPrintState(true, null))).singleElement().satisfies(f -> {
            assertThat(f.message()).isEqualTo("Processing-step layer \"Die\" (Structural/Cutting) prints: it "
                    + "has no /Usage /Print and is on by default, so it prints as shown");
            assertThat(f.details()).containsEntry("default_on", true).doesNotContainKey("print_state");
        });
        assertThat(run(prints, withPrintState(true, null), "unset_prints", false)).isEmpty();
    }
}
