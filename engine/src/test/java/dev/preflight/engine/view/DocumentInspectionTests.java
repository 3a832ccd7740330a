package dev.preflight.engine.view;

import dev.preflight.engine.EngineSettings;
import dev.preflight.engine.testpdf.Pdfs;
import org.apache.pdfbox.cos.COSArray;
import org.apache.pdfbox.cos.COSDictionary;
import org.apache.pdfbox.cos.COSInteger;
import org.apache.pdfbox.cos.COSName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class DocumentInspectionTests {

    private static final String PDFA_2B = """
            <?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?>
            <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
            <rdf:Description rdf:about="" xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/"
              xmlns:xmp="http://ns.adobe.com/xap/1.0/" pdfaid:part="2" pdfaid:conformance="B"
              xmp:CreatorTool="XMP creator"/>
            </rdf:RDF></x:xmpmeta><?xpacket end="w"?>""";

    @TempDir
    Path dir;

    private DocumentInspection inspect(Path pdf) throws Exception {
        return DocumentInspection.inspect(pdf, EngineSettings.defaults());
    }

    @Test
    void infoNamesVersionProducerStandardsAndOutputIntents() throws Exception {
        Pdfs.Doc doc = Pdfs.document().version(1.6f).info("Spring brochure", "False", "PDF/X-4")
                .outputIntent("FOGRA39", true).layer("Dielines", true).layer("Varnish", false).xmp(PDFA_2B);
        doc.infoDictionary().setString(COSName.PRODUCER, "Acrobat Distiller 23");
        doc.page(595, 842).done().page(595, 842);
        Path pdf = doc.write(dir.resolve("info.pdf"));

        DocumentInfo info = inspect(pdf).info();

        assertThat(info.pdfVersion()).isEqualTo("1.6");
        assertThat(info.title()).isEqualTo("Spring brochure");
        assertThat(info.creator()).as("from XMP when Info has none").isEqualTo("XMP creator");
        assertThat(info.producer()).isEqualTo("Acrobat Distiller 23");
        assertThat(info.trapped()).isEqualTo("False");
        assertThat(info.pageCount()).isEqualTo(2);
        assertThat(info.pdfx()).isEqualTo(new DocumentInfo.Pdfx("PDF/X-4", null));
        assertThat(info.pdfa()).isEqualTo(new DocumentInfo.Pdfa("2", "B", "PDF/A-2b"));
        assertThat(info.outputIntents()).hasSize(1);
        OutputIntentInfo intent = info.outputIntents().getFirst();
        assertThat(intent.subtype()).isEqualTo("GTS_PDFX");
        assertThat(intent.outputConditionIdentifier()).isEqualTo("FOGRA39");
        assertThat(intent.info()).isEqualTo("FOGRA39");
        assertThat(intent.registryName()).isEqualTo("http://www.color.org");
        assertThat(intent.profileColorSpace()).isEqualTo("CMYK");
        assertThat(intent.pageNum()).isZero();
        assertThat(info.encrypted()).isFalse();
        assertThat(info.layerCount()).isEqualTo(2);
        assertThat(info.fileSize()).isEqualTo(Files.size(pdf));
        assertThat(info.repaired()).isFalse();
    }

    @Test
    void aPlainDocumentClaimsNoStandard() throws Exception {
        Path pdf = Pdfs.document().page(100, 100).done().encrypt("owner", "", true, true)
                .write(dir.resolve("plain.pdf"));

        DocumentInspection inspection = inspect(pdf);

        assertThat(inspection.info().pdfx()).isNull();
        assertThat(inspection.info().pdfa()).isNull();
        assertThat(inspection.info().outputIntents()).isEmpty();
        assertThat(inspection.info().encrypted()).isTrue();
        assertThat(inspection.info().layerCount()).isZero();
        assertThat(inspection.layers()).isEmpty();
        assertThat(inspection.fonts()).isEmpty();
    }

    @Test
    void fontsSayTypeEmbeddingPagesAndMissingGlyphs() throws Exception {
        Pdfs.Doc doc = Pdfs.document().layer("Notes", false);
        doc.page(300, 300).font(Pdfs.Font.HELVETICA).text(20, 200, 12, "Standard")
                .font(Pdfs.Font.EMBEDDED_SANS).text(20, 100, 12, "Subset").done();
        Pdfs.Page two = doc.page(300, 300).font(Pdfs.Font.EMBEDDED_TRUETYPE).text(20, 200, 12, "Whole")
                .font(Pdfs.Font.EMBEDDED_SANS).text(20, 100, 12, "Again");
        // code 1 has no glyph name in WinAnsiEncoding, so the TrueType font shows .notdef for it
        COSName tt = two.resource(COSName.FONT, doc.fontDictionary(Pdfs.Font.EMBEDDED_TRUETYPE), "F");
        two.raw("BT /" + tt.getName() + " 12 Tf 20 50 Td <410142> Tj ET");
        Path pdf = two.done().write(dir.resolve("fonts.pdf"));

        DocumentInspection inspection = inspect(pdf);

        assertThat(inspection.layers()).containsExactly(new Layer("Notes", 0, false));
        List<FontInfo> fonts = inspection.fonts();
        assertThat(fonts).hasSize(3);
        FontInfo helvetica = byBase(fonts, "Helvetica");
        assertThat(helvetica.type()).isEqualTo("Type1");
        assertThat(helvetica.embedded()).isFalse();
        assertThat(helvetica.standard14()).isTrue();
        assertThat(helvetica.pages()).containsExactly(1);
        assertThat(helvetica.problems()).isEmpty();
        FontInfo subset = fonts.stream().filter(f -> "Type0".equals(f.type())).findFirst().orElseThrow();
        assertThat(subset.subset()).isTrue();
        assertThat(subset.name()).matches("[A-Z]{6}\\+LiberationSans");
        assertThat(subset.baseName()).isEqualTo("LiberationSans");
        assertThat(subset.descendantType()).isEqualTo("CIDFontType2");
        assertThat(subset.embedded()).isTrue();
        assertThat(subset.pages()).containsExactly(1, 2);
        assertThat(subset.problems()).isEmpty();
        FontInfo trueType = fonts.stream().filter(f -> "TrueType".equals(f.type())).findFirst().orElseThrow();
        assertThat(trueType.fontFileType()).isEqualTo("FontFile2");
        assertThat(trueType.pages()).containsExactly(2);
        assertThat(trueType.glyphsUsed()).isEqualTo(8);
        assertThat(trueType.problems()).containsExactly(new GlyphProblem("missing_glyphs", 1,
                "1 glyph shown is missing from the embedded font and print as .notdef."));
    }

    @Test
    void widthsThatDisagreeWithTheProgramOrAreMissingAreReported() throws Exception {
        assertThat(trueTypeProblems(widths -> widths.set(65 - 32, COSInteger.get(100))))
                .containsExactly(new GlyphProblem("widths_mismatch", 1, "/Widths disagrees with the embedded font"
                        + " program for 1 character code; text will be spaced differently from how the glyphs were"
                        + " designed."));
        assertThat(trueTypeProblems(widths -> widths.remove(widths.size() - 1)))
                .extracting(GlyphProblem::kind).containsExactly("widths_count_mismatch");
        assertThat(trueTypeProblems(null)).extracting(GlyphProblem::kind).containsExactly("widths_missing");
        assertThat(trueTypeProblems(widths -> { })).isEmpty();
    }

    @Test
    void anAnalysisHandsOverItsFactsSoTheFileIsWalkedOnce() throws Exception {
        Pdfs.Doc doc = Pdfs.document().info("Analysed", null, null).layer("Cut", true);
        Path pdf = doc.page(300, 300).font(Pdfs.Font.EMBEDDED_TRUETYPE).text(20, 200, 12, "Once").done()
                .write(dir.resolve("analysed.pdf"));
        var engine = new dev.preflight.engine.Engine(EngineSettings.defaults());
        var profile = new dev.preflight.engine.Profile("p", "p", "", null, false, List.of());
        var seen = new java.util.ArrayList<DocumentInspection>();

        engine.analyze(pdf, new dev.preflight.engine.AnalysisRequest(profile, false),
                (facts, document) -> seen.add(DocumentInspection.of(facts, document)));

        assertThat(seen).containsExactly(inspect(pdf));
        assertThat(seen.getFirst().info().title()).isEqualTo("Analysed");
    }

    /** Problems of the embedded TrueType font after changing its /Widths (null: removing them). */
    private List<GlyphProblem> trueTypeProblems(java.util.function.Consumer<COSArray> change) throws Exception {
        Pdfs.Doc doc = Pdfs.document();
        Pdfs.Page page = doc.page(300, 300).font(Pdfs.Font.EMBEDDED_TRUETYPE).text(20, 200, 12, "Widths");
        COSDictionary font = doc.fontDictionary(Pdfs.Font.EMBEDDED_TRUETYPE);
        assertThat(font.getInt(COSName.FIRST_CHAR)).isEqualTo(32);
        if (change == null) {
            font.removeItem(COSName.WIDTHS);
        } else {
            change.accept((COSArray) font.getDictionaryObject(COSName.WIDTHS));
        }
        Path pdf = page.done().write(Files.createTempFile(dir, "widths", ".pdf"));
        return inspect(pdf).fonts().getFirst().problems();
    }

    private static FontInfo byBase(List<FontInfo> fonts, String base) {
        return fonts.stream().filter(f -> base.equals(f.baseName())).findFirst().orElseThrow();
    }
}
