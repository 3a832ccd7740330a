package dev.preflight.engine.facts;

import dev.preflight.engine.testpdf.Pdfs;
import org.junit.jupiter.api.Test;

import org.apache.pdfbox.cos.COSArray;
import org.apache.pdfbox.cos.COSDictionary;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.cos.COSStream;

import java.nio.charset.StandardCharsets;
import java.util.Map;

import static dev.preflight.engine.facts.FactsFixture.elements;
import static dev.preflight.engine.facts.FactsFixture.facts;
import static org.assertj.core.api.Assertions.assertThat;

class DocumentFactsTests {

    @Test
    void pageGeometryAndDocumentInfo() {
        byte[] pdf = Pdfs.document().version(1.6f).info("Flyer", "False", "PDF/X-4")
                .page(612, 792).trimBox(9, 9, 603, 783).bleedBox(0, 0, 612, 792).rotate(90).userUnit(2)
                .done().bytes();
        DocumentFacts f = facts(pdf);
        var g = f.pages().get(0).geometry();
        assertThat(g.trimBox().sameAs(new dev.preflight.engine.Box(9, 9, 603, 783), 1e-3)).isTrue();
        assertThat(g.rotation()).isEqualTo(90);
        assertThat(g.userUnit()).isEqualTo(2.0);
        assertThat(g.artBox()).isNull();
        var d = f.document();
        assertThat(d.pdfVersion()).isEqualTo("1.6");
        assertThat(d.infoTitle()).isEqualTo("Flyer");
        assertThat(d.infoTrapped()).isEqualTo("False");
        assertThat(d.gtsPdfxVersion()).isEqualTo("PDF/X-4");
        assertThat(d.encrypted()).isFalse();
        assertThat(d.canPrint()).isTrue();
        assertThat(d.repaired()).isFalse();
        assertThat(d.fileSize()).isEqualTo(pdf.length);
    }

    @Test
    void encryptionAndPermissions() {
        byte[] pdf = Pdfs.document().encrypt("owner", "", false, false).page(200, 200).rect(0, 0, 1, 1).done()
                .bytes();
        var d = facts(pdf).document();
        assertThat(d.encrypted()).isTrue();
        assertThat(d.encryptionFilter()).isEqualTo("Standard");
        assertThat(d.canPrint()).isFalse();
        assertThat(d.canModify()).isFalse();
    }

    @Test
    void outputIntentsReadTheIccHeader() {
        byte[] pdf = Pdfs.document().outputIntent("FOGRA39", true).page(200, 200).done().bytes();
        DocumentFacts f = facts(pdf);
        assertThat(f.outputIntents()).singleElement().satisfies(oi -> {
            assertThat(oi.subtype()).isEqualTo("GTS_PDFX");
            assertThat(oi.outputConditionIdentifier()).isEqualTo("FOGRA39");
            assertThat(oi.profileColorSpace()).isEqualTo("CMYK");
            assertThat(oi.profileDescription()).isNotBlank();
            assertThat(oi.profileProblem()).isNull();
            assertThat(oi.pageNum()).isZero();
        });
        byte[] rgb = Pdfs.document().outputIntent("sRGB", false).page(200, 200).done().bytes();
        assertThat(facts(rgb).outputIntents().get(0).profileColorSpace()).isEqualTo("RGB");
    }

    @Test
    void xmpPropertiesAreReadAsElementsOrAttributes() {
        String xmp = """
                <?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?>
                <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
                <rdf:Description rdf:about="" xmlns:pdfxid="http://www.npes.org/pdfx/ns/id/"
                  xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/" xmlns:xmp="http://ns.adobe.com/xap/1.0/"
                  xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:pdf="http://ns.adobe.com/pdf/1.3/"
                  pdfxid:GTS_PDFXVersion="PDF/X-4" pdfaid:part="2" pdf:Trapped="False">
                  <pdfaid:conformance>B</pdfaid:conformance>
                  <xmp:CreateDate>2024-01-02T03:04:05Z</xmp:CreateDate>
                  <dc:title><rdf:Alt><rdf:li xml:lang="x-default">Poster</rdf:li></rdf:Alt></dc:title>
                </rdf:Description></rdf:RDF></x:xmpmeta>
                <?xpacket end="w"?>
                """;
        var x = facts(Pdfs.document().xmp(xmp).page(100, 100).done().bytes()).document().xmp();
        assertThat(x.present()).isTrue();
        assertThat(x.parseProblem()).isNull();
        assertThat(x.pdfxVersion()).isEqualTo("PDF/X-4");
        assertThat(x.pdfaPart()).isEqualTo("2");
        assertThat(x.pdfaConformance()).isEqualTo("B");
        assertThat(x.trapped()).isEqualTo("False");
        assertThat(x.title()).isEqualTo("Poster");
        assertThat(x.createDate()).isEqualTo("2024-01-02T03:04:05Z");
    }

    @Test
    void xmpWithExternalEntitiesIsRefusedAsAProblem() {
        String hostile = """
                <?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]>
                <x:xmpmeta xmlns:x="adobe:ns:meta/">&e;</x:xmpmeta>""";
        var x = facts(Pdfs.document().xmp(hostile).page(100, 100).done().bytes()).document().xmp();
        assertThat(x.present()).isTrue();
        assertThat(x.parseProblem()).isNotNull();
        assertThat(x.title()).isNull();
    }

    @Test
    void optionalContentConfigsUsageAndProcessingSteps() {
        byte[] pdf = Pdfs.document().layerConfigs()
                .layerPrintState("Notes", true, false)
                .processStepLayer("Cut", "Structural", "Cutting")
                .page(100, 100).done().bytes();
        var oc = facts(pdf).optionalContent();
        assertThat(oc.present()).isTrue();
        assertThat(oc.hasConfigs()).isTrue();
        assertThat(oc.groups()).hasSize(2);
        var notes = oc.groups().get(0);
        assertThat(notes.printState()).isEqualTo("OFF");
        assertThat(notes.processingStep()).isFalse();
        var cut = oc.groups().get(1);
        assertThat(cut.index()).isEqualTo(1);
        assertThat(cut.processingStep()).isTrue();
        assertThat(cut.procStepGroup()).isEqualTo("Structural");
        assertThat(cut.procStepType()).isEqualTo("Cutting");
        assertThat(cut.objectId()).matches("\\d+ 0 R");
    }

    @Test
    void annotationsPrintFlagAndAppearanceElements() {
        byte[] pdf = Pdfs.document().page(595, 842)
                .annotation("Square", 100, 100, 50, 20, true, false, Pdfs.rgb(1, 0, 0))
                .annotation("Square", 300, 100, 50, 20, false, false, Pdfs.rgb(0, 0, 1))
                .annotation("Stamp", 300, 300, 50, 20, true, true, Pdfs.rgb(0, 1, 0))
                .done().bytes();
        DocumentFacts f = facts(pdf);
        var annots = f.pages().get(0).annotations();
        assertThat(annots).extracting(AnnotationFact::printFlag).containsExactly(true, false, true);
        assertThat(annots).extracting(AnnotationFact::hidden).containsExactly(false, false, true);
        assertThat(annots).allMatch(AnnotationFact::hasAppearance);
        assertThat(annots.get(0).rect().sameAs(new dev.preflight.engine.Box(100, 100, 150, 120), 1e-3)).isTrue();
        var els = elements(f, 1);
        assertThat(els).singleElement().satisfies(e -> {
            assertThat(e.context()).isEqualTo("annotation:" + annots.get(0).objectId());
            assertThat(e.fill().isRgb()).isTrue();
            assertThat(e.bbox().sameAs(new dev.preflight.engine.Box(100, 100, 150, 120), 1e-3)).isTrue();
        });
    }

    @Test
    void actionsAreFoundWhereverTheyHang() {
        var doc = Pdfs.document().openActionJavaScript("app.alert('hi')").namedJavaScript("init", "var a = 1;");
        doc.page(595, 842).openJavaScript("this.print()")
                .link(10, 10, 50, 10, "https://example.com")
                .textField("form.name", 100, 100, 100, 20, "AFNumber_Keystroke(2)");
        DocumentFacts f = facts(doc.bytes());
        assertThat(f.actions()).extracting(ActionFact::type, ActionFact::trigger, ActionFact::pageNum)
                .containsExactlyInAnyOrder(
                        org.assertj.core.groups.Tuple.tuple("JavaScript", "catalog OpenAction", 0),
                        org.assertj.core.groups.Tuple.tuple("JavaScript", "names JavaScript", 0),
                        org.assertj.core.groups.Tuple.tuple("JavaScript", "page AA/O", 1),
                        org.assertj.core.groups.Tuple.tuple("URI", "annotation A", 1),
                        org.assertj.core.groups.Tuple.tuple("JavaScript", "field AA/K", 1));
        var widget = f.pages().get(0).annotations().stream().filter(a -> a.subtype().equals("Widget")).findFirst()
                .orElseThrow();
        assertThat(widget.fieldName()).isEqualTo("form.name");
        assertThat(f.document().hasAcroForm()).isTrue();
    }

    @Test
    void launchOpenActionIsReportedByType() {
        byte[] pdf = Pdfs.document().openAction("Launch", Map.of("F", "calc.exe")).page(100, 100).done().bytes();
        assertThat(facts(pdf).actions()).extracting(ActionFact::type).containsExactly("Launch");
    }

    @Test
    void fileAttachmentAnnotationsAndPageOutputIntents() {
        var doc = Pdfs.document();
        var page = doc.page(200, 200).outputIntent("FOGRA51", true);
        COSStream ef = page.done().stream("hello".getBytes(StandardCharsets.US_ASCII), false);
        ef.setItem(COSName.SUBTYPE, COSName.getPDFName("text/plain"));
        COSDictionary efd = new COSDictionary();
        efd.setItem(COSName.F, ef);
        COSDictionary fs = new COSDictionary();
        fs.setItem(COSName.TYPE, COSName.FILESPEC);
        fs.setString(COSName.UF, "note.txt");
        fs.setItem(COSName.EF, efd);
        COSDictionary annot = new COSDictionary();
        annot.setItem(COSName.TYPE, COSName.ANNOT);
        annot.setItem(COSName.SUBTYPE, COSName.getPDFName("FileAttachment"));
        COSArray rect = new COSArray();
        for (int v : new int[] {10, 10, 30, 30}) {
            rect.add(org.apache.pdfbox.cos.COSInteger.get(v));
        }
        annot.setItem(COSName.RECT, rect);
        annot.setItem(COSName.FS, fs);
        page.annotation(annot);
        DocumentFacts f = facts(doc.bytes());
        assertThat(f.embeddedFiles()).singleElement().satisfies(e -> {
            assertThat(e.name()).isEqualTo("note.txt");
            assertThat(e.pageNum()).isEqualTo(1);
            assertThat(e.size()).isEqualTo(5);
            assertThat(e.mimeType()).isEqualTo("text/plain");
        });
        assertThat(f.pages().get(0).hasOutputIntent()).isTrue();
        assertThat(f.outputIntents()).singleElement().satisfies(oi -> {
            assertThat(oi.pageNum()).isEqualTo(1);
            assertThat(oi.profileColorSpace()).isEqualTo("CMYK");
        });
    }

    @Test
    void embeddedFilesFromTheNameTree() {
        byte[] data = "a,b\n1,2\n".getBytes(StandardCharsets.US_ASCII);
        byte[] pdf = Pdfs.document().embeddedFile("data.csv", data, "text/csv").page(100, 100).done().bytes();
        assertThat(facts(pdf).embeddedFiles()).singleElement().satisfies(e -> {
            assertThat(e.name()).isEqualTo("data.csv");
            assertThat(e.size()).isEqualTo(data.length);
            assertThat(e.mimeType()).isEqualTo("text/csv");
            assertThat(e.pageNum()).isZero();
        });
    }
}
