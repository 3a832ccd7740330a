package dev.preflight.engine.view;

import java.util.List;

/**
 * What the viewer's info panel shows about a document. Text fields come from the Info dictionary, else from the
 * XMP metadata; null when neither has them.
 *
 * @param pdfVersion       header/catalog version, e.g. {@code 1.6}
 * @param title            Info /Title, else XMP dc:title
 * @param author           Info /Author
 * @param creator          Info /Creator, else XMP xmp:CreatorTool
 * @param producer         Info /Producer, else XMP pdf:Producer
 * @param creationDate     Info /CreationDate as written (PDF date string), else XMP xmp:CreateDate
 * @param modificationDate Info /ModDate as written, else XMP xmp:ModifyDate
 * @param trapped          Info /Trapped, else XMP pdf:Trapped (True, False, Unknown)
 * @param pageCount        pages
 * @param pdfx             PDF/X identification, or null when the document claims none
 * @param pdfa             PDF/A identification, or null when the document claims none
 * @param outputIntents    document and page output intents
 * @param encrypted        has an /Encrypt dictionary (it opened, so without a user password)
 * @param layerCount       optional-content groups
 * @param fileSize         bytes
 * @param tagged           has a structure tree
 * @param repaired         the cross-reference data was broken and had to be rebuilt
 */
public record DocumentInfo(String pdfVersion, String title, String author, String creator, String producer,
                           String creationDate, String modificationDate, String trapped, int pageCount,
                           Pdfx pdfx, Pdfa pdfa, List<OutputIntentInfo> outputIntents, boolean encrypted,
                           int layerCount, long fileSize, boolean tagged, boolean repaired) {

    public DocumentInfo {
        outputIntents = List.copyOf(outputIntents);
    }

    /**
     * A PDF/X claim.
     *
     * @param version     Info /GTS_PDFXVersion, else XMP pdfxid:GTS_PDFXVersion (e.g. {@code PDF/X-4})
     * @param conformance Info /GTS_PDFXConformance (PDF/X-1a and X-3 of 2001 and 2002), or null
     */
    public record Pdfx(String version, String conformance) {
    }

    /**
     * A PDF/A claim from the XMP pdfaid schema.
     *
     * @param part        pdfaid:part (1 to 4)
     * @param conformance pdfaid:conformance (A, B, U, E, F), or null (PDF/A-4 may have none)
     * @param label       e.g. {@code PDF/A-2b}
     */
    public record Pdfa(String part, String conformance, String label) {
    }
}
