package dev.preflight.engine.facts;

import dev.preflight.engine.EngineSettings;
import dev.preflight.engine.testpdf.Pdfs;
import org.apache.pdfbox.cos.COSArray;
import org.apache.pdfbox.cos.COSBase;
import org.apache.pdfbox.cos.COSDictionary;
import org.apache.pdfbox.cos.COSName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.nio.charset.StandardCharsets;
import java.util.List;

import static dev.preflight.engine.facts.FactsFixture.elements;
import static dev.preflight.engine.facts.FactsFixture.facts;
import static org.assertj.core.api.Assertions.assertThat;

class VisibilityFactsTests {

    @Test
    void opaqueRectanglePaintedLaterCoversWhatIsBelow() {
        byte[] pdf = Pdfs.document().page(595, 842)
                .fill(Pdfs.cmyk(0, 0, 0, 1)).text(100, 100, 10, "hidden")
                .fill(Pdfs.cmyk(0, 0, 0, 0)).rect(50, 50, 300, 200)
                .done().bytes();
        List<PaintedElement> els = elements(facts(pdf), 1);
        assertThat(els.get(0).visible()).isFalse();
        assertThat(els.get(0).notVisibleReason()).isEqualTo("covered");
        assertThat(els.get(1).visible()).isTrue();
        // the cover is in front of nothing visible
        assertThat(els.get(1).overlapping()).isFalse();
    }

    @Test
    void overprintingTransparentOrPartialCoversDoNotHide() {
        byte[] pdf = Pdfs.document().page(595, 842)
                .rect(100, 100, 10, 10)
                .save().overprint(true, true, 1).rect(50, 50, 300, 200).restore()
                .rect(400, 100, 10, 10)
                .save().alpha(0.5, 0.5).rect(350, 50, 200, 200).restore()
                .rect(100, 500, 50, 50)
                .rect(120, 520, 50, 50)
                .done().bytes();
        List<PaintedElement> els = elements(facts(pdf), 1);
        assertThat(els).allMatch(PaintedElement::visible);
        assertThat(els.get(1).overlapping()).isTrue();
        assertThat(els.get(3).overlapping()).isTrue();
        assertThat(els.get(5).overlapping()).isTrue();
        assertThat(els.get(4).overlapping()).isFalse();
    }

    @Test
    void opaqueImageCoversButMaskedImageDoesNot() {
        var doc = Pdfs.document();
        doc.page(595, 842)
                .rect(100, 100, 10, 10)
                .image(Pdfs.image(10, 10).rgb().softMask(), 50, 50, 200, 200)
                .rect(400, 100, 10, 10)
                .image(Pdfs.image(10, 10).rgb(), 350, 50, 200, 200);
        List<PaintedElement> els = elements(facts(doc.bytes()), 1);
        assertThat(els.get(0).visible()).isTrue();
        assertThat(els.get(2).notVisibleReason()).isEqualTo("covered");
    }

    @Test
    void clippedAndOutsidePageElementsAreNotVisible() {
        byte[] pdf = Pdfs.document().page(200, 200)
                .save().clipRect(0, 0, 50, 50).rect(100, 100, 10, 10).rect(40, 40, 20, 20).restore()
                .rect(300, 300, 10, 10)
                .done().bytes();
        List<PaintedElement> els = elements(facts(pdf), 1);
        assertThat(els.get(0).visibleBox()).isNull();
        assertThat(els.get(0).notVisibleReason()).isEqualTo("clipped");
        assertThat(els.get(1).visible()).isTrue();
        assertThat(els.get(1).visibleBox().sameAs(new dev.preflight.engine.Box(40, 40, 50, 50), 1e-6)).isTrue();
        assertThat(els.get(2).notVisibleReason()).isEqualTo("outside_page");
    }

    @Test
    void clipEndsWithRestoreAndHairlinesStayVisible() {
        byte[] pdf = Pdfs.document().page(200, 200)
                .save().clipRect(0, 0, 50, 50).restore()
                .rect(100, 100, 10, 10)
                .lineWidth(0).line(10, 150, 190, 150)
                .save().clipRect(0, 0, 100, 200).lineWidth(0).line(50, 20, 150, 20).restore()
                .done().bytes();
        List<PaintedElement> els = elements(facts(pdf), 1);
        assertThat(els.get(0).visible()).isTrue();
        assertThat(els.get(1).lineWidth()).isZero();
        assertThat(els.get(1).visible()).isTrue();
        assertThat(els.get(2).visibleBox().sameAs(new dev.preflight.engine.Box(50, 20, 100, 20), 1e-6)).isTrue();
    }

    @Test
    void cropBoxBoundsVisibility() {
        byte[] pdf = Pdfs.document().page(200, 200).cropBox(50, 50, 150, 150)
                .rect(0, 0, 20, 20)
                .done().bytes();
        PaintedElement e = elements(facts(pdf), 1).get(0);
        assertThat(e.visible()).isFalse();
        assertThat(e.notVisibleReason()).isEqualTo("outside_page");
    }

    @Test
    void contentInAnOffLayerIsHiddenAndOnLayerIsNot() {
        byte[] pdf = Pdfs.document().layer("Visible", true).layer("Dieline", false)
                .page(595, 842)
                .layer("Dieline", c -> c.rect(10, 10, 10, 10))
                .layer("Visible", c -> c.rect(30, 10, 10, 10))
                .layerMembership("AllOn", List.of("Visible", "Dieline"), c -> c.rect(50, 10, 10, 10))
                .layerMembership("AnyOn", List.of("Visible", "Dieline"), c -> c.rect(70, 10, 10, 10))
                .done().bytes();
        DocumentFacts f = facts(pdf);
        List<PaintedElement> els = elements(f, 1);
        assertThat(els.get(0).hiddenByOc()).isTrue();
        assertThat(els.get(0).ocgName()).isEqualTo("Dieline");
        assertThat(els.get(0).notVisibleReason()).isEqualTo("hidden_oc");
        assertThat(els.get(1).hiddenByOc()).isFalse();
        assertThat(els.get(1).ocgName()).isEqualTo("Visible");
        assertThat(els.get(1).visible()).isTrue();
        assertThat(els.get(2).hiddenByOc()).isTrue();
        assertThat(els.get(3).hiddenByOc()).isFalse();
        assertThat(f.optionalContent().groups()).extracting(OptionalContentFact.Group::name,
                OptionalContentFact.Group::defaultOn).containsExactly(
                org.assertj.core.groups.Tuple.tuple("Visible", true),
                org.assertj.core.groups.Tuple.tuple("Dieline", false));
    }

    @Test
    void visibilityExpressionsAreEvaluated() {
        var doc = Pdfs.document().layer("A", true).layer("B", false);
        var page = doc.page(200, 200);
        COSDictionary a = doc.layerGroup("A");
        COSDictionary b = doc.layerGroup("B");
        COSArray not = new COSArray();
        not.add(COSName.getPDFName("Not"));
        not.add(b);
        COSName n1 = page.resource(COSName.PROPERTIES, ocmd(a, not), "MC");
        COSName n2 = page.resource(COSName.PROPERTIES, ocmd(a, b), "MC");
        page.raw("/OC /" + n1.getName() + " BDC 0 0 10 10 re f EMC /OC /" + n2.getName()
                + " BDC 20 0 10 10 re f EMC");
        List<PaintedElement> els = elements(facts(doc.bytes()), 1);
        assertThat(els.get(0).hiddenByOc()).as("A and not B").isFalse();
        assertThat(els.get(1).hiddenByOc()).as("A and B").isTrue();
        assertThat(els.get(1).ocgName()).isNull();
    }

    /** An OCMD whose visibility expression is [/And first second]. */
    private static COSDictionary ocmd(COSBase first, COSBase second) {
        COSArray ve = new COSArray();
        ve.add(COSName.getPDFName("And"));
        ve.add(first);
        ve.add(second);
        COSDictionary d = new COSDictionary();
        d.setItem(COSName.TYPE, COSName.OCMD);
        d.setItem(COSName.VE, ve);
        return d;
    }

    @Test
    void hiddenLayerContentDoesNotCoverOrOverlap() {
        byte[] pdf = Pdfs.document().layer("Off", false).page(200, 200)
                .rect(10, 10, 10, 10)
                .layer("Off", c -> c.rect(0, 0, 100, 100))
                .done().bytes();
        List<PaintedElement> els = elements(facts(pdf), 1);
        assertThat(els.get(0).visible()).isTrue();
    }

    @Test
    void elementListIsCappedPerPage() {
        var page = Pdfs.document().page(200, 200);
        for (int i = 0; i < 50; i++) {
            page.rect(i, i, 1, 1);
        }
        EngineSettings d = EngineSettings.defaults();
        var capped = new EngineSettings(d.maxLocationsPerCheck(), d.maxMainMemoryBytes(), 10, d.inkDpi(),
                d.ghostscript(), d.renderTimeout(), d.scratchDir());
        PageFacts p = facts(page.done().bytes(), capped).pages().get(0);
        assertThat(p.elements()).hasSize(10);
        assertThat(p.elementsTruncated()).isTrue();
    }

    @Test
    @Timeout(60)
    void hundredThousandElementsStayFast() {
        StringBuilder sb = new StringBuilder("0 0 0 1 k\n");
        for (int i = 0; i < 100_000; i++) {
            sb.append(i % 500).append(' ').append(i / 500 % 800).append(" 3 3 re f\n");
        }
        sb.append("0 0 0 0 k 0 0 600 900 re f\n");
        byte[] pdf = Pdfs.document().page(600, 900).rawContent(sb.toString().getBytes(StandardCharsets.US_ASCII))
                .done().bytes();
        long t0 = System.nanoTime();
        PageFacts p = facts(pdf).pages().get(0);
        long ms = (System.nanoTime() - t0) / 1_000_000;
        assertThat(p.elements()).hasSize(100_001);
        assertThat(p.elements().get(0).notVisibleReason()).isEqualTo("covered");
        assertThat(p.elements().get(99_999).notVisibleReason()).isEqualTo("covered");
        assertThat(p.elements().get(100_000).visible()).isTrue();
        assertThat(ms).as("walk time in ms").isLessThan(30_000);
    }
}
