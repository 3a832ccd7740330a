package dev.preflight.engine.checks.processing;

import dev.preflight.engine.Finding;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.PdfFacts;
import dev.preflight.engine.testpdf.Pdfs;
import org.apache.pdfbox.cos.COSName;

import java.util.List;
import java.util.function.UnaryOperator;

/** Packaging files as layout programs write them: a carton with bleed, a die line in its processing-step layer. */
final class PackagingPdfs {

    static final Pdfs.Colour DIE = Pdfs.spot("Die", 1, 0, 1, 0, 0);
    static final Pdfs.Colour CYAN = Pdfs.cmyk(1, 0, 0, 0);
    static final Pdfs.Colour BLACK = Pdfs.cmyk(0, 0, 0, 1);
    /** 3 mm in points: the bleed around the trim 50..350. */
    static final double BLEED = 3 * 72 / 25.4;

    private PackagingPdfs() {
    }

    /** A page with a processing-step layer "Die" (Structural/Cutting) declared, and cyan artwork under the trim. */
    static Pdfs.Page carton(UnaryOperator<Pdfs.Doc> doc) {
        return doc.apply(Pdfs.document().processStepLayer("Die", "Structural", "Cutting")).page(400, 400)
                .trimBox(50, 50, 350, 350).bleedBox(50 - BLEED, 50 - BLEED, 350 + BLEED, 350 + BLEED)
                .fill(CYAN).rect(50 - BLEED, 50 - BLEED, 300 + 2 * BLEED, 300 + 2 * BLEED);
    }

    static Pdfs.Page carton() {
        return carton(d -> d);
    }

    /** The die line on the trim, in the layer "Die", stroked in {@code c} with or without overprint. */
    static Pdfs.Page dieLine(Pdfs.Page p, Pdfs.Colour c, boolean overprint) {
        return p.layer("Die", l -> l.save().overprint(overprint, overprint, 1).stroke(c).lineWidth(0.5)
                .strokeRect(50, 50, 300, 300).restore());
    }

    /** A processing-step layer of a group that takes no type (White, Varnish, ...). */
    static Pdfs.Doc typelessStepLayer(Pdfs.Doc d, String name, String group) {
        d.processStepLayer(name, group, "None");
        d.layerGroup(name).getCOSDictionary(COSName.getPDFName("GTS_Metadata"))
                .removeItem(COSName.getPDFName("GTS_ProcStepsType"));
        return d;
    }

    static List<Finding> run(Check check, Pdfs.Page p, Object... params) {
        return PdfFacts.run(check, p, params);
    }
}
