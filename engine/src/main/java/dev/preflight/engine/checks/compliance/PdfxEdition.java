package dev.preflight.engine.checks.compliance;

import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.DocumentInfoFact;

import java.util.List;

/** The PDF/X editions the compliance checks know, and how a document declares them. */
enum PdfxEdition {
    X1A_2001("PDF/X-1a:2001", "PDF/X-1:2001", "PDF/X-1a:2001", "1.3", false, false, Exchange.COMPLETE),
    X1A_2003("PDF/X-1a:2003", "PDF/X-1a:2003", null, "1.4", false, false, Exchange.COMPLETE),
    X3_2002("PDF/X-3:2002", "PDF/X-3:2002", null, "1.3", false, true, Exchange.COMPLETE),
    X3_2003("PDF/X-3:2003", "PDF/X-3:2003", null, "1.4", false, true, Exchange.COMPLETE),
    X4("PDF/X-4", "PDF/X-4", null, "1.6", true, true, Exchange.COMPLETE),
    X4P("PDF/X-4p", "PDF/X-4p", null, "1.6", true, true, Exchange.EXTERNAL_PROFILE),
    X5G("PDF/X-5g", "PDF/X-5g", null, "1.6", true, true, Exchange.EXTERNAL_GRAPHICS),
    X5PG("PDF/X-5pg", "PDF/X-5pg", null, "1.6", true, true, Exchange.EXTERNAL_PROFILE_AND_GRAPHICS),
    X5N("PDF/X-5n", "PDF/X-5n", null, "1.6", true, true, Exchange.N_COLORANT),
    X6("PDF/X-6", "PDF/X-6", null, "2.0", true, true, Exchange.COMPLETE),
    X6P("PDF/X-6p", "PDF/X-6p", null, "2.0", true, true, Exchange.EXTERNAL_PROFILE),
    X6N("PDF/X-6n", "PDF/X-6n", null, "2.0", true, true, Exchange.N_COLORANT);

    /** What a partial exchange may keep outside the file, and the n-colour printing conditions. */
    enum Exchange {
        /** Everything inside the file. */
        COMPLETE,
        /** The output profile may be referenced (DestOutputProfileRef). */
        EXTERNAL_PROFILE,
        /** Graphics may be referenced (reference XObjects). */
        EXTERNAL_GRAPHICS,
        /** Both. */
        EXTERNAL_PROFILE_AND_GRAPHICS,
        /** An n-colour printing condition, whose profile may be referenced. */
        N_COLORANT
    }

    /** Values of the {@code standard} parameter: an edition, or a family whose edition the document declares. */
    static final List<String> STANDARDS = List.of("PDF/X-1a:2001", "PDF/X-1a:2003", "PDF/X-1a", "PDF/X-3:2002",
            "PDF/X-3:2003", "PDF/X-3", "PDF/X-4", "PDF/X-4p", "PDF/X-5g", "PDF/X-5pg", "PDF/X-5n", "PDF/X-6",
            "PDF/X-6p", "PDF/X-6n");

    final String label;
    /** GTS_PDFXVersion value. */
    final String version;
    /** GTS_PDFXConformance value, when the edition needs one. */
    final String conformance;
    final String maxPdfVersion;
    /** The edition's identification and document metadata live in XMP (PDF/X-4 and later) rather than Info. */
    final boolean xmpBased;
    /** ICC-based colour and non-CMYK output conditions are allowed (PDF/X-3 and later). */
    final boolean colourManaged;
    final Exchange exchange;

    PdfxEdition(String label, String version, String conformance, String maxPdfVersion, boolean xmpBased,
                boolean colourManaged, Exchange exchange) {
        this.label = label;
        this.version = version;
        this.conformance = conformance;
        this.maxPdfVersion = maxPdfVersion;
        this.xmpBased = xmpBased;
        this.colourManaged = colourManaged;
        this.exchange = exchange;
    }

    /** The output profile may be kept outside the file (PDF/X-4p, -5pg, -5n, -6p, -6n). */
    boolean externalProfile() {
        return exchange == Exchange.EXTERNAL_PROFILE || exchange == Exchange.EXTERNAL_PROFILE_AND_GRAPHICS
                || exchange == Exchange.N_COLORANT;
    }

    /** Graphics may be kept outside the file in reference XObjects (PDF/X-5g, -5pg). */
    boolean externalGraphics() {
        return exchange == Exchange.EXTERNAL_GRAPHICS || exchange == Exchange.EXTERNAL_PROFILE_AND_GRAPHICS;
    }

    /** The printing condition is an n-colour one (PDF/X-5n, -6n). */
    boolean nColorant() {
        return exchange == Exchange.N_COLORANT;
    }

    /** Based on PDF 2.0 (PDF/X-6, -6p, -6n): page-level output intents are part of it. */
    boolean pdf20() {
        return maxPdfVersion.equals("2.0");
    }

    /** Live transparency and layers are allowed (PDF/X-4 and later). */
    boolean liveTransparency() {
        return xmpBased;
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
            case X4, X4P -> "ISO 15930-7";
            case X5G, X5PG, X5N -> "ISO 15930-8";
            case X6, X6P, X6N -> "ISO 15930-9";
        };
    }
}
