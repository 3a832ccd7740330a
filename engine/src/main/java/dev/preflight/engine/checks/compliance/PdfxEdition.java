package dev.preflight.engine.checks.compliance;

import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.DocumentInfoFact;

import java.util.List;

/** The PDF/X editions the compliance checks know, and how a document declares them. */
enum PdfxEdition {
    X1A_2001("PDF/X-1a:2001", "PDF/X-1:2001", "PDF/X-1a:2001", "1.3", false, false),
    X1A_2003("PDF/X-1a:2003", "PDF/X-1a:2003", null, "1.4", false, false),
    X3_2002("PDF/X-3:2002", "PDF/X-3:2002", null, "1.3", false, true),
    X3_2003("PDF/X-3:2003", "PDF/X-3:2003", null, "1.4", false, true),
    X4("PDF/X-4", "PDF/X-4", null, "1.6", true, true);

    /** Values of the {@code standard} parameter: an edition, or a family whose edition the document declares. */
    static final List<String> STANDARDS = List.of("PDF/X-1a:2001", "PDF/X-1a:2003", "PDF/X-1a", "PDF/X-3:2002",
            "PDF/X-3:2003", "PDF/X-3", "PDF/X-4");

    final String label;
    /** GTS_PDFXVersion value. */
    final String version;
    /** GTS_PDFXConformance value, when the edition needs one. */
    final String conformance;
    final String maxPdfVersion;
    /** The edition's identification and document metadata live in XMP (PDF/X-4) rather than the Info dictionary. */
    final boolean xmpBased;
    /** ICC-based colour and non-CMYK output conditions are allowed (PDF/X-3 and PDF/X-4). */
    final boolean colourManaged;

    PdfxEdition(String label, String version, String conformance, String maxPdfVersion, boolean xmpBased,
                boolean colourManaged) {
        this.label = label;
        this.version = version;
        this.conformance = conformance;
        this.maxPdfVersion = maxPdfVersion;
        this.xmpBased = xmpBased;
        this.colourManaged = colourManaged;
    }

    static ParamSpec param(String defaultStandard) {
        return ParamSpec.string("standard", defaultStandard, STANDARDS,
                "the PDF/X edition to check against; a family (PDF/X-1a, PDF/X-3) follows the edition the "
                        + "document declares");
    }

    static List<PdfxEdition> candidates(String standard) {
        return switch (standard) {
            case "PDF/X-1a" -> List.of(X1A_2001, X1A_2003);
            case "PDF/X-3" -> List.of(X3_2002, X3_2003);
            default -> List.of(java.util.Arrays.stream(values()).filter(e -> e.label.equals(standard)).findFirst()
                    .orElseThrow(() -> new IllegalArgumentException("unknown PDF/X standard " + standard)));
        };
    }

    /** The edition a check judges against: the declared one when the standard allows it, else the newest allowed. */
    static PdfxEdition resolve(String standard, DocumentFacts facts) {
        List<PdfxEdition> candidates = candidates(standard);
        String declared = declaredVersion(facts);
        return candidates.stream().filter(e -> e.version.equals(declared)).findFirst()
                .orElse(candidates.getLast());
    }

    /** GTS_PDFXVersion as declared: Info first, XMP when Info lacks it. */
    static String declaredVersion(DocumentFacts facts) {
        DocumentInfoFact d = facts.document();
        if (d.gtsPdfxVersion() != null && !d.gtsPdfxVersion().isBlank()) {
            return d.gtsPdfxVersion().strip();
        }
        String x = d.xmp().pdfxVersion();
        return x == null || x.isBlank() ? null : x.strip();
    }

    /** The reference every finding of a compliance check names. */
    String clause() {
        return switch (this) {
            case X1A_2001 -> "ISO 15930-1:2001";
            case X1A_2003 -> "ISO 15930-4:2003";
            case X3_2002 -> "ISO 15930-3:2002";
            case X3_2003 -> "ISO 15930-6:2003";
            case X4 -> "ISO 15930-7";
        };
    }
}
