package dev.preflight.engine.facts;

import dev.preflight.engine.DocumentGeometry;
import dev.preflight.engine.EngineSettings;
import dev.preflight.engine.PageGeometry;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDDocumentInformation;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.encryption.AccessPermission;

import java.util.ArrayList;
import java.util.List;

/** Builds {@link DocumentFacts} from an open document in one pass. */
public final class FactsCollector {

    private FactsCollector() {
    }

    /**
     * Collects the facts of an open document.
     *
     * @param doc      the open document
     * @param fileSize size of the file in bytes
     * @param repairProblems why the cross-reference information had to be rebuilt (empty when sound)
     */
    public static DocumentFacts collect(PDDocument doc, long fileSize, List<String> repairProblems,
                                        EngineSettings settings) {
        boolean repaired = !repairProblems.isEmpty();
        var problems = new ArrayList<String>();
        var pages = new ArrayList<PageFacts>();
        int n = 0;
        for (PDPage page : doc.getPages()) {
            n++;
            PageGeometry g = DocumentGeometry.pageGeometry(page, n);
            pages.add(new PageFacts(g, List.of(), List.of(), List.of(),
                    page.getCOSObject().containsKey(COSName.getPDFName("OutputIntents")), List.of(), false));
        }
        PDDocumentInformation info = doc.getDocumentInformation();
        AccessPermission ap = doc.getCurrentAccessPermission();
        boolean encrypted = doc.isEncrypted();
        var docInfo = new DocumentInfoFact(String.valueOf(doc.getVersion()), fileSize, encrypted,
                encrypted ? doc.getEncryption().getFilter() : null,
                ap.canPrint(), ap.canPrintFaithful(), ap.canModify(), repaired,
                repairProblems,
                info.getTitle(), info.getAuthor(), info.getCreator(), info.getProducer(), info.getTrapped(),
                null, null, info.getCustomMetadataValue("GTS_PDFXVersion"),
                info.getCustomMetadataValue("GTS_PDFXConformance"), null,
                doc.getDocumentCatalog().getAcroForm() != null, doc.getDocumentCatalog().getStructureTreeRoot() != null);
        return new DocumentFacts(docInfo, pages, List.of(), List.of(), List.of(), null, List.of(), List.of(),
                null, problems);
    }
}
