package dev.preflight.engine.fixups;

import dev.preflight.engine.AnalysisRequest;
import dev.preflight.engine.Engine;
import dev.preflight.engine.EngineSettings;
import dev.preflight.engine.Finding;
import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.Profiles;
import dev.preflight.engine.Severity;
import org.apache.pdfbox.cos.COSDictionary;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.cos.COSStream;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDDocumentCatalog;
import org.apache.pdfbox.pdmodel.PDDocumentInformation;
import org.apache.pdfbox.pdmodel.common.PDMetadata;
import org.apache.pdfbox.pdmodel.graphics.color.PDOutputIntent;
import org.apache.xmpbox.XMPMetadata;
import org.apache.xmpbox.schema.AdobePDFSchema;
import org.apache.xmpbox.schema.DublinCoreSchema;
import org.apache.xmpbox.schema.XMPBasicSchema;
import org.apache.xmpbox.schema.XMPSchema;
import org.apache.xmpbox.xml.DomXmpParser;
import org.apache.xmpbox.xml.XmpSerializer;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Calendar;
import java.util.GregorianCalendar;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TimeZone;
import java.util.TreeSet;

/**
 * SET_OUTPUT_INTENT: a GTS_PDFX output intent from the ICC catalogue, and the PDF/X identification (Info and XMP)
 * when the file, so marked, passes our own PDF/X profile with no error; otherwise the intent alone, with the reasons.
 */
final class SetOutputIntentFixup implements Fixup {

    static final String ID = "SET_OUTPUT_INTENT";
    static final String PDFX_ID_NS = "http://www.npes.org/pdfx/ns/id/";

    private static final FixupInfo INFO = new FixupInfo(ID, "Set the output intent and PDF/X identification",
            "Attaches a GTS_PDFX output intent for a printing condition of the ICC catalogue (its ICC profile "
                    + "embedded as DestOutputProfile, its OutputConditionIdentifier, OutputCondition and "
                    + "RegistryName). With pdfx set it also identifies the file as that PDF/X edition "
                    + "(Info /GTS_PDFXVersion, XMP pdfxid:GTS_PDFXVersion) and fills in the metadata the "
                    + "identification needs where it is missing: a title (the title parameter, else 'Untitled'), "
                    + "creation and modification dates, Trapped False, and the XMP packet. The identification is "
                    + "kept only when the file so marked passes the built-in PDF/X profile (pdfx-4 or pdfx-1a) "
                    + "without an error; otherwise the file gets the output intent alone and the notes name the "
                    + "findings that stood in the way. It never converts colours (CONVERT_TO_OUTPUT_INTENT does) and "
                    + "leaves an existing PDF/X output intent alone unless replace is set.",
            "color",
            List.of(ParamSpec.string("condition", "fogra39", null,
                            "printing condition: an id of the ICC catalogue (fogra39, fogra51, gracol2013, ...)"),
                    ParamSpec.string("pdfx", "PDF/X-4", List.of("none", "PDF/X-4", "PDF/X-1a:2003"),
                            "PDF/X edition to identify the file as when it conforms, or none"),
                    ParamSpec.string("title", null, null, "document title to use when the file has none"),
                    ParamSpec.bool("replace", false, "replace a GTS_PDFX output intent that is already there")),
            List.of("OI_MISSING", "PDFX_OI_MISSING", "PDFX_VERSION_KEY_MISSING", "PDFX_TITLE_MISSING",
                    "PDFX_DATES_MISSING", "PDFX_TRAPPED_INVALID", "PDFX_XMP_MISSING"), "pdfbox");

    @Override
    public FixupInfo info() {
        return INFO;
    }

    @Override
    public AppliedFixup apply(Path in, Path out, Map<String, Object> params, FixupSettings settings)
            throws FixupException {
        String conditionId = (String) params.get("condition");
        Optional<OutputCondition> found = settings.conditions().apply(conditionId);
        if (found.isEmpty()) {
            throw new FixupException(ID, "The ICC catalogue has no printing condition '" + conditionId + "'");
        }
        OutputCondition condition = found.get();
        if (condition.profile() == null || !Files.isReadable(condition.profile())) {
            throw new FixupException(ID, "The ICC catalogue names '" + conditionId + "' without an ICC profile "
                    + "this service holds, so there is no profile to embed as DestOutputProfile");
        }
        String pdfx = (String) params.get("pdfx");
        List<String> notes = new ArrayList<>();
        if ("none".equals(pdfx)) {
            return PdfEdit.run(ID, in, out, settings, doc -> edit(doc, params, condition, null, notes));
        }
        AppliedFixup marked = PdfEdit.run(ID, in, out, settings, doc -> edit(doc, params, condition, pdfx, notes));
        TreeSet<String> blocking = blocking(out, pdfx, settings);
        if (blocking.isEmpty()) {
            return marked;
        }
        notes.clear();
        notes.add("not identified as " + pdfx + ": the file so marked still fails the built-in "
                + ("PDF/X-4".equals(pdfx) ? "pdfx-4" : "pdfx-1a") + " profile with " + String.join(", ", blocking)
                + "; only the output intent was attached");
        return PdfEdit.run(ID, in, out, settings, doc -> edit(doc, params, condition, null, notes));
    }

    private AppliedFixup edit(PDDocument doc, Map<String, Object> params, OutputCondition condition, String pdfx,
                              List<String> notes) throws IOException {
        int changed = 0;
        PDDocumentCatalog catalog = doc.getDocumentCatalog();
        List<PDOutputIntent> intents = new ArrayList<>(catalog.getOutputIntents());
        boolean hasPdfx = intents.stream().anyMatch(SetOutputIntentFixup::isPdfx);
        boolean replace = (Boolean) params.get("replace");
        if (hasPdfx && !replace) {
            notes.add("a GTS_PDFX output intent was already there; left as it was (set replace to change it)");
        } else {
            if (hasPdfx) {
                intents.removeIf(SetOutputIntentFixup::isPdfx);
                catalog.setOutputIntents(intents);
                changed++;
            }
            PDOutputIntent oi = new PDOutputIntent(new COSDictionary());
            oi.getCOSObject().setItem(COSName.TYPE, COSName.getPDFName("OutputIntent"));
            oi.getCOSObject().setItem(COSName.S, COSName.getPDFName("GTS_PDFX"));
            oi.getCOSObject().setItem(COSName.DEST_OUTPUT_PROFILE, iccStream(doc, condition.profile()));
            oi.setOutputConditionIdentifier(condition.outputConditionIdentifier());
            oi.setOutputCondition(condition.outputCondition());
            oi.setInfo(condition.outputCondition());
            oi.setRegistryName(condition.registryName());
            catalog.addOutputIntent(oi);
            changed++;
        }
        if (pdfx != null) {
            changed += identify(doc, pdfx, (String) params.get("title"), notes);
        }
        return new AppliedFixup(ID, params, List.of(), changed, notes);
    }

    /** The catalogue's profile embedded byte for byte (PDFBox's own constructor re-encodes it through AWT). */
    private static COSStream iccStream(PDDocument doc, Path profile) throws IOException {
        byte[] icc = Files.readAllBytes(profile);
        if (icc.length < 128) {
            throw new IOException("the catalogue's ICC profile " + profile.getFileName() + " is too short");
        }
        String space = new String(icc, 16, 4, java.nio.charset.StandardCharsets.US_ASCII);
        int n = switch (space) {
            case "CMYK" -> 4;
            case "RGB " -> 3;
            case "GRAY" -> 1;
            default -> throw new IOException("the catalogue's ICC profile " + profile.getFileName()
                    + " has colour space '" + space.trim() + "', not CMYK, RGB or GRAY");
        };
        COSStream stream = doc.getDocument().createCOSStream();
        try (var out = stream.createOutputStream(COSName.FLATE_DECODE)) {
            out.write(icc);
        }
        stream.setInt(COSName.N, n);
        return stream;
    }

    private static boolean isPdfx(PDOutputIntent oi) {
        return "GTS_PDFX".equals(oi.getCOSObject().getNameAsString(COSName.S));
    }

    /** Info and XMP identification, with the title, dates and trapped state PDF/X asks for; returns entries set. */
    private static int identify(PDDocument doc, String pdfx, String title, List<String> notes) throws IOException {
        int changed = 0;
        PDDocumentInformation info = doc.getDocumentInformation();
        XMPMetadata xmp = readXmp(doc);
        DublinCoreSchema dc = xmp.getDublinCoreSchema();
        String existingTitle = blank(info.getTitle()) ? xmpTitle(dc) : info.getTitle();
        if (blank(existingTitle)) {
            existingTitle = blank(title) ? "Untitled" : title;
            notes.add("the file had no title; set to '" + existingTitle + "'");
            changed++;
        }
        Calendar now = new GregorianCalendar(TimeZone.getTimeZone("UTC"));
        Calendar created = info.getCreationDate() == null ? now : info.getCreationDate();
        if (info.getCreationDate() == null) {
            notes.add("the file had no creation date; set to now");
            changed++;
        }
        String trapped = info.getTrapped();
        if (!"True".equals(trapped) && !"False".equals(trapped)) {
            trapped = "False";
            notes.add("the trapped state was not declared; declared False (not trapped)");
            changed++;
        }
        info.setTitle(existingTitle);
        info.setCreationDate(created);
        info.setModificationDate(now);
        info.setTrapped(trapped);
        info.getCOSObject().setString(COSName.getPDFName("GTS_PDFXVersion"), pdfx);
        changed++;

        if (dc == null) {
            dc = xmp.createAndAddDublinCoreSchema();
        }
        dc.setTitle(existingTitle);
        XMPBasicSchema basic = xmp.getXMPBasicSchema();
        if (basic == null) {
            basic = xmp.createAndAddXMPBasicSchema();
        }
        basic.setCreateDate(created);
        basic.setModifyDate(now);
        basic.setMetadataDate(now);
        AdobePDFSchema pdf = xmp.getAdobePDFSchema();
        if (pdf == null) {
            pdf = xmp.createAndAddAdobePDFSchema();
        }
        pdf.setTextPropertyValue("Trapped", trapped);
        XMPSchema id = xmp.getSchema(PDFX_ID_NS);
        if (id == null) {
            id = new XMPSchema(xmp, PDFX_ID_NS, "pdfxid");
            xmp.addSchema(id);
        }
        id.setTextPropertyValue("GTS_PDFXVersion", pdfx);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try {
            new XmpSerializer().serialize(xmp, bytes, true);
        } catch (javax.xml.transform.TransformerException e) {
            throw new IOException("the XMP metadata could not be written: " + e.getMessage(), e);
        }
        PDMetadata meta = new PDMetadata(doc);
        try (var o = meta.createOutputStream()) {
            o.write(bytes.toByteArray());
        }
        doc.getDocumentCatalog().setMetadata(meta);
        if ("PDF/X-4".equals(pdfx) && doc.getVersion() < 1.6f) {
            // PDF/X-4 is based on PDF 1.6; a lower header is upgraded, never a higher one lowered
            doc.setVersion(1.6f);
        }
        return changed;
    }

    private static String xmpTitle(DublinCoreSchema dc) {
        try {
            return dc == null ? null : dc.getTitle();
        } catch (org.apache.xmpbox.type.BadFieldValueException e) {
            return null;
        }
    }

    private static XMPMetadata readXmp(PDDocument doc) {
        PDMetadata meta = doc.getDocumentCatalog().getMetadata();
        if (meta != null) {
            try (InputStream in = meta.exportXMPMetadata()) {
                DomXmpParser parser = new DomXmpParser();
                parser.setStrictParsing(false);
                return parser.parse(in);
            } catch (Exception e) {
                // an unreadable packet is replaced by a fresh one below
            }
        }
        return XMPMetadata.createXMPMetadata();
    }

    private static TreeSet<String> blocking(Path marked, String pdfx, FixupSettings settings) throws FixupException {
        String profile = "PDF/X-4".equals(pdfx) ? "pdfx-4" : "pdfx-1a";
        List<Finding> findings;
        try {
            EngineSettings es = EngineSettings.defaults();
            findings = new Engine(es).analyze(marked, new AnalysisRequest(Profiles.builtin(profile), false))
                    .findings();
        } catch (Exception e) {
            throw new FixupException(ID, "The marked file could not be checked against " + profile + ": "
                    + e.getMessage(), e);
        }
        TreeSet<String> out = new TreeSet<>();
        for (Finding f : findings) {
            if (f.severity() == Severity.ERROR) {
                out.add(f.inspectionId());
            }
        }
        return out;
    }

    private static boolean blank(String s) {
        return s == null || s.isBlank();
    }
}
