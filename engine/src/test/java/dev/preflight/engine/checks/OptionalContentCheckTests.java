package dev.preflight.engine.checks;

import dev.preflight.engine.Box;
import dev.preflight.engine.Finding;
import dev.preflight.engine.facts.ElementKind;
import dev.preflight.engine.facts.OptionalContentFact;
import dev.preflight.engine.facts.PaintColor;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The layer checks: what each says about which layer, duplicates counted once, hidden content per layer. */
class OptionalContentCheckTests {

    private static List<Finding> run(String id, DocFacts d) {
        return DocumentCheckCasesTests.run(id, d, Map.of());
    }

    private static DocFacts layers(boolean hasConfigs, OptionalContentFact.Group... groups) {
        DocFacts d = DocFacts.clean();
        d.optionalContent = new OptionalContentFact(true, hasConfigs, List.of(groups));
        return d;
    }

    private static OptionalContentFact.Group group(int index, String name, boolean on, String printState) {
        return new OptionalContentFact.Group(index, name, (40 + index) + " 0 R", on, printState, false, null, null);
    }

    @Test
    void layersPresentListsThemAndTheHiddenOnes() {
        DocFacts d = layers(false, group(0, "Text", true, null), group(1, "Notes", false, null));
        assertThat(run("OC_PRESENT", d)).singleElement().satisfies(f -> {
            assertThat(f.message()).isEqualTo("The document has 2 layer(s)");
            assertThat(f.details()).containsEntry("layers", List.of("Text", "Notes"))
                    .containsEntry("hidden", List.of("Notes"));
        });
        assertThat(run("OC_PRESENT", DocFacts.clean())).isEmpty();
    }

    @Test
    void alternateConfigurationsAreReportedOnlyWithLayers() {
        assertThat(run("OC_CONFIGS_PRESENT", layers(true, group(0, "Text", true, null)))).singleElement()
                .satisfies(f -> assertThat(f.message()).isEqualTo("/OCProperties has alternate configurations (/Configs)"));
        assertThat(run("OC_CONFIGS_PRESENT", layers(false, group(0, "Text", true, null)))).isEmpty();
        DocFacts absent = DocFacts.clean();
        absent.optionalContent = new OptionalContentFact(false, true, List.of());
        assertThat(run("OC_CONFIGS_PRESENT", absent)).isEmpty();
    }

    @Test
    void aDuplicateNameIsReportedOnceHoweverOftenItRecurs() {
        DocFacts d = layers(false, group(0, "Text", true, null), group(1, "Text", true, null),
                group(2, "Text", true, null), group(3, null, true, null), group(4, null, true, null));
        assertThat(run("OC_LAYER_NAME_DUPLICATE", d)).extracting(Finding::message).containsExactly(
                "More than one layer is named \"Text\"", "More than one layer is named \"\"");
        assertThat(run("OC_LAYER_NAME_DUPLICATE", d).getFirst().objectId()).isEqualTo("41 0 R");
    }

    @Test
    void layerRulesNameTheLayer() {
        DocFacts d = layers(false, group(0, "Notes", false, "OFF"), group(1, " ", true, null));
        assertThat(run("OC_HIDDEN_LAYERS", d)).singleElement().satisfies(f -> {
            assertThat(f.message()).isEqualTo("Layer \"Notes\" is hidden by default");
            assertThat(f.details()).containsEntry("layer", "Notes").containsEntry("processing_step", false);
        });
        assertThat(run("OC_NOT_PRINTING", d)).singleElement().satisfies(f -> {
            assertThat(f.message()).isEqualTo("Layer \"Notes\" is set not to print");
            assertThat(f.details()).containsEntry("default_on", false);
        });
        assertThat(run("OC_LAYER_NAME_EMPTY", d)).singleElement().satisfies(f -> {
            assertThat(f.message()).isEqualTo("Layer 2 has no name");
            assertThat(f.details()).containsEntry("index", 1);
        });
    }

    @Test
    void hiddenContentIsCountedPerLayer() {
        DocFacts d = DocFacts.clean();
        var e = DocFacts.element(ElementKind.FILL, new Box(10, 10, 20, 20), PaintColor.device("DeviceGray", 0));
        d.page().elements.add(DocFacts.inHiddenLayer(e, "Notes"));
        d.page().elements.add(DocFacts.inHiddenLayer(e, "Notes"));
        d.page().elements.add(DocFacts.inHiddenLayer(e, "Alt"));
        d.page().elements.add(e);
        assertThat(run("OC_HIDDEN_CONTENT", d)).singleElement().satisfies(f -> {
            assertThat(f.message()).isEqualTo("Page 1 has content in hidden layers [Alt, Notes]");
            assertThat(f.details()).containsEntry("elements_per_layer", Map.of("Alt", 1, "Notes", 2));
        });
        assertThat(run("OC_HIDDEN_CONTENT", DocFacts.clean())).isEmpty();
    }
}
