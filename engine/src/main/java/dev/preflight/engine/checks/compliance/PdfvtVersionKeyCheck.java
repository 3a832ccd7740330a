package dev.preflight.engine.checks.compliance;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.DocumentInfoFact;

import java.util.List;

/** PDFVT_VERSION_KEY: the document does not identify itself as PDF/VT-1 in its XMP metadata. */
public final class PdfvtVersionKeyCheck implements Check {

    static final String CLAUSE = "ISO 16612-2";
    static final String VERSION = "PDF/VT-1";

    private static final CheckInfo INFO = new CheckInfo("PDFVT_VERSION_KEY", "PDF/VT version key missing or wrong",
            "A PDF/VT-1 file (ISO 16612-2) identifies itself in its document XMP metadata: "
                    + "pdfvtid:GTS_PDFVTVersion must be PDF/VT-1 and pdfvtid:GTS_PDFVTModDate must record when it "
                    + "was last modified as PDF/VT. One finding per missing or wrong key.",
            "compliance", Severity.ERROR, "document", List.of(), false);

    @Override
    public CheckInfo info() {
        return INFO;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        DocumentInfoFact.XmpFact xmp = facts.document().xmp();
        String version = xmp.pdfvtVersion();
        if (version == null || version.isBlank()) {
            ctx.finding("XMP pdfvtid:GTS_PDFVTVersion is missing (" + VERSION + ")")
                    .detail("xmp_present", xmp.present())
                    .detail("clause", CLAUSE)
                    .report();
        } else if (!version.strip().equals(VERSION)) {
            ctx.finding("The document declares " + version.strip() + ", expected " + VERSION)
                    .detail("declared", version.strip())
                    .detail("clause", CLAUSE)
                    .report();
        }
        if (xmp.pdfvtModDate() == null || xmp.pdfvtModDate().isBlank()) {
            ctx.finding("XMP pdfvtid:GTS_PDFVTModDate is missing (" + VERSION + ")")
                    .detail("xmp_present", xmp.present())
                    .detail("clause", CLAUSE)
                    .report();
        }
    }
}
