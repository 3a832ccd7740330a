package dev.preflight.engine.facts;

import java.util.List;

/**
 * Document-level facts.
 *
 * @param pdfVersion       header/catalog version, e.g. "1.6"
 * @param fileSize         bytes
 * @param encrypted        has an /Encrypt dictionary
 * @param encryptionFilter /Filter of the encryption dictionary (Standard, ...), else null
 * @param canPrint         permissions allow printing (true when not encrypted)
 * @param canPrintHighRes  permissions allow faithful (high-resolution) printing
 * @param canModify        permissions allow modification
 * @param repaired         the cross-reference table was broken and had to be rebuilt, or objects were unreadable
 * @param repairNotes      what was repaired, in words
 * @param infoTitle        Info /Title
 * @param infoTrapped      Info /Trapped (True, False, Unknown) or null
 * @param gtsPdfxVersion   Info /GTS_PDFXVersion or null
 * @param gtsPdfxConformance Info /GTS_PDFXConformance or null
 * @param xmp              XMP facts; never null
 * @param hasAcroForm      the catalog has /AcroForm with fields
 * @param hasStructTree    tagged PDF
 */
public record DocumentInfoFact(String pdfVersion, long fileSize, boolean encrypted, String encryptionFilter,
                               boolean canPrint, boolean canPrintHighRes, boolean canModify, boolean repaired,
                               List<String> repairNotes, String infoTitle, String infoAuthor, String infoCreator,
                               String infoProducer, String infoTrapped, String infoCreationDate,
                               String infoModDate, String gtsPdfxVersion, String gtsPdfxConformance,
                               XmpFact xmp, boolean hasAcroForm, boolean hasStructTree) {

    public DocumentInfoFact {
        repairNotes = repairNotes == null ? List.of() : List.copyOf(repairNotes);
        xmp = xmp == null ? XmpFact.absent() : xmp;
    }

    /**
     * Document-level XMP metadata (GWG I00001: only the catalog's /Metadata is considered).
     *
     * @param present        the catalog has /Metadata
     * @param parseProblem   why it could not be parsed, else null
     * @param pdfxVersion    pdfxid:GTS_PDFXVersion
     * @param pdfaPart       pdfaid:part
     * @param pdfaConformance pdfaid:conformance
     * @param pdfvtVersion   pdfvtid:GTS_PDFVTVersion (ISO 16612-2)
     * @param pdfvtModDate   pdfvtid:GTS_PDFVTModDate
     */
    public record XmpFact(boolean present, String parseProblem, String title, String creatorTool,
                          String producer, String trapped, String pdfxVersion, String pdfaPart,
                          String pdfaConformance, String createDate, String modifyDate, String pdfvtVersion,
                          String pdfvtModDate) {

        /** XMP facts of a packet without PDF/VT identification. */
        public XmpFact(boolean present, String parseProblem, String title, String creatorTool, String producer,
                       String trapped, String pdfxVersion, String pdfaPart, String pdfaConformance, String createDate,
                       String modifyDate) {
            this(present, parseProblem, title, creatorTool, producer, trapped, pdfxVersion, pdfaPart,
                    pdfaConformance, createDate, modifyDate, null, null);
        }

        public static XmpFact absent() {
            return new XmpFact(false, null, null, null, null, null, null, null, null, null, null);
        }
    }
}
