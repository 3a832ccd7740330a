package dev.preflight.engine.checks;

import dev.preflight.engine.Box;
import dev.preflight.engine.ProfileCheck;
import dev.preflight.engine.facts.ActionFact;
import dev.preflight.engine.facts.AnnotationFact;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.EmbeddedFileFact;
import dev.preflight.engine.facts.FontFact;
import dev.preflight.engine.facts.OptionalContentFact;
import dev.preflight.engine.facts.OutputIntentFact;
import dev.preflight.engine.facts.PaintColor;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThatCode;

/** Facts collected from odd files carry nulls and empty lists; no document check may throw on them. */
class DocumentChecksRobustnessTests {

    private static void runAll(DocumentFacts facts) {
        for (Check c : DocumentChecks.all()) {
            var ctx = new CheckContext(c.info(), new ProfileCheck(c.info().id(), null, Map.of(), null), 100);
            assertThatCode(() -> c.run(facts, ctx)).as(c.info().id()).doesNotThrowAnyException();
        }
    }

    @Test
    void documentWithoutPagesOrMetadata() {
        DocFacts d = DocFacts.clean();
        d.pages.clear();
        d.fonts.clear();
        d.outputIntents.clear();
        d.pdfVersion = null;
        d.infoTitle = null;
        d.infoTrapped = null;
        d.infoCreator = null;
        d.infoProducer = null;
        d.infoCreationDate = null;
        d.infoModDate = null;
        d.gtsPdfxVersion = null;
        d.xmpPresent = false;
        runAll(d.build());
    }

    @Test
    void factsWithNullNamesAndTypes() {
        DocFacts d = DocFacts.clean();
        d.pdfVersion = "garbage";
        d.gtsPdfxVersion = "";
        d.fonts.add(new FontFact("12 0 R", null, null, null, null, false, false, false, null, List.of(1), 3, 1,
                true, null));
        d.actions.add(new ActionFact(null, null, 0, null));
        d.embeddedFiles.add(new EmbeddedFileFact(null, 0, null, 0, null));
        d.outputIntents.add(new OutputIntentFact(null, null, null, null, null, null, null, null, 0, null));
        d.optionalContent = new OptionalContentFact(true, true, List.of(
                new OptionalContentFact.Group(0, null, null, false, null, true, null, null)));
        d.page().annotations.add(new AnnotationFact(1, null, null, null, true, false, false, null));
        d.page().annotations.add(new AnnotationFact(1, null, "Widget", new Box(0, 0, 1, 1), true, false, false,
                null));
        d.page().elements.add(DocFacts.element(dev.preflight.engine.facts.ElementKind.FILL, new Box(0, 0, 1, 1),
                new PaintColor("ICCBased", null, null, null, null, null, null, null)));
        d.page().elements.add(DocFacts.image(new Box(0, 0, 10, 10), "missing 0 R"));
        d.page().contentProblems.add("bad");
        runAll(d.build());
    }

    @Test
    void degeneratePageBoxes() {
        DocFacts d = DocFacts.clean();
        var p = d.page();
        p.media = new Box(0, 0, 0, 0);
        p.crop = p.media;
        p.trim = new Box(10, 10, 10, 10);
        p.bleed = new Box(-5, -5, -1, -1);
        p.userUnit = 0.5;
        runAll(d.build());
    }
}
