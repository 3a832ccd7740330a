package dev.preflight.engine;

import dev.preflight.engine.testpdf.Pdfs;
import org.apache.pdfbox.cos.COSDictionary;
import org.apache.pdfbox.cos.COSName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The built-in packaging profile on a carton prepared for finishing, and on one prepared the old way. */
class PackagingProfileTests {

    private static final Pdfs.Colour DIE = Pdfs.spot("Die", 1, 0, 1, 0, 0);
    private static final Pdfs.Colour CYAN = Pdfs.cmyk(1, 0, 0, 0);

    @TempDir
    Path tmp;

    private List<Finding> analyze(Pdfs.Doc doc) throws Exception {
        Path file = doc.write(tmp.resolve("carton-" + System.nanoTime() + ".pdf"));
        return new Engine(EngineSettings.defaults())
                .analyze(file, new AnalysisRequest(Profiles.builtin("packaging"), false)).findings();
    }

    /** Usage /Print /PrintState OFF on a declared layer. */
    private static Pdfs.Doc notPrinting(Pdfs.Doc d, String layer) {
        COSDictionary print = new COSDictionary();
        print.setItem(COSName.getPDFName("PrintState"), COSName.OFF);
        COSDictionary usage = new COSDictionary();
        usage.setItem(COSName.PRINT, print);
        d.layerGroup(layer).setItem(COSName.USAGE, usage);
        return d;
    }

    private static Pdfs.Page carton(Pdfs.Doc d) {
        return d.page(400, 400).trimBox(50, 50, 350, 350).bleedBox(40, 40, 360, 360).fill(CYAN)
                .rect(40, 40, 320, 320);
    }

    @Test
    void theProfileIsValidAndCitesIso19593ForTheProcessingSteps() {
        Profile p = Profiles.validate(Profiles.builtin("packaging"), CheckCatalog.builtin());
        assertThat(p.check("PROC_STEPS_NOT_SPOT").isoClause()).isEqualTo("ISO 19593-1 6.3");
        assertThat(p.check("PROC_STEPS_PRODUCT_TYPE").params()).containsEntry("required", List.of("Cutting"));
        assertThat(p.checks()).extracting(ProfileCheck::checkId).contains("PROC_STEPS_UNKNOWN_TYPE",
                "PROC_STEPS_NOT_OVERPRINT", "PROC_STEPS_SPOT_IN_ARTWORK", "PROC_STEPS_PRINTS",
                "DIELINE_WITHOUT_PROC_STEPS", "WHITE_INK_NOT_OVERPRINT", "VARNISH_NOT_OVERPRINT");
    }

    @Test
    void aCartonPreparedForFinishingRaisesOnlyTheStepReport() throws Exception {
        Pdfs.Doc d = notPrinting(Pdfs.document().processStepLayer("Die", "Structural", "Cutting"), "Die");
        carton(d).layer("Die", l -> l.save().overprint(true, true, 1).stroke(DIE).lineWidth(0.5)
                .strokeRect(50, 50, 300, 300).restore())
                .save().overprint(true, true, 1).fill(Pdfs.spot("Spot UV", 1, 0, 0, 0.1, 0)).rect(100, 100, 50, 50)
                .restore();
        assertThat(analyze(d)).extracting(Finding::inspectionId).containsExactly("PROC_STEPS_PRESENT");
    }

    @Test
    void aCartonPreparedTheOldWayIsToldWhatToChange() throws Exception {
        Pdfs.Doc d = Pdfs.document();
        carton(d).stroke(Pdfs.spot("CutContour", 1, 0, 1, 0, 0)).lineWidth(0.5).strokeRect(50, 50, 300, 300)
                .fill(Pdfs.spot("Opaque White", 1, 0, 0, 0, 0.05)).rect(100, 100, 50, 50);
        assertThat(analyze(d)).extracting(Finding::inspectionId).containsExactlyInAnyOrder(
                "PROC_STEPS_PRODUCT_TYPE", "DIELINE_WITHOUT_PROC_STEPS", "WHITE_INK_NOT_OVERPRINT");
    }
}
