package dev.preflight.engine.view;

import dev.preflight.engine.EngineSettings;
import dev.preflight.engine.PdfOpener;
import dev.preflight.engine.RepairDetector;
import dev.preflight.engine.UnreadablePdfException;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.DocumentInfoFact;
import dev.preflight.engine.facts.FactsCollector;
import dev.preflight.engine.facts.FontFact;
import dev.preflight.engine.facts.OutputIntentFact;
import org.apache.pdfbox.cos.COSArray;
import org.apache.pdfbox.cos.COSBase;
import org.apache.pdfbox.cos.COSDictionary;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.cos.COSNumber;
import org.apache.pdfbox.cos.COSObject;
import org.apache.pdfbox.cos.COSObjectKey;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.font.PDFont;
import org.apache.pdfbox.pdmodel.font.PDFontFactory;
import org.apache.pdfbox.pdmodel.font.PDSimpleFont;
import org.apache.pdfbox.pdmodel.font.PDVectorFont;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The document's info, fonts and layers for the viewer, derived from the facts the engine's collector builds (so
 * an analysis that already has them does not walk the document again), plus a cheap look at simple fonts'
 * /Widths, which the facts do not cover.
 *
 * @param info   document-level information
 * @param fonts  every font that shows glyphs, in the order met
 * @param layers optional-content groups in /OCGs order
 */
public record DocumentInspection(DocumentInfo info, List<FontInfo> fonts, List<Layer> layers) {

    private static final Pattern OBJECT_ID = Pattern.compile("(\\d+) (\\d+) R");
    private static final Pattern DIRECT_ID = Pattern.compile("res:(\\d+):(.+)");
    /** Fonts whose /Widths are compared with their program; beyond it only the facts are reported. */
    private static final int MAX_WIDTH_CHECKS = 500;
    /** Tolerance of the /Widths comparison, in 1/1000 em (PDF/A allows the same). */
    private static final double WIDTH_TOLERANCE = 1.0;

    public DocumentInspection {
        fonts = List.copyOf(fonts);
        layers = List.copyOf(layers);
    }

    /**
     * Opens a PDF, collects its facts and inspects them.
     *
     * @throws UnreadablePdfException when the file is not a PDF, needs a password or cannot be parsed
     */
    public static DocumentInspection inspect(Path pdf, EngineSettings settings) throws UnreadablePdfException {
        long size;
        try {
            size = Files.size(pdf);
        } catch (IOException e) {
            throw new UnreadablePdfException("not_pdf", "The file could not be read: " + e.getMessage(), e);
        }
        try (PDDocument doc = PdfOpener.open(pdf, settings.maxMainMemoryBytes())) {
            DocumentFacts facts;
            try {
                facts = FactsCollector.collect(doc, pdf, size, RepairDetector.problems(pdf), settings);
            } catch (RuntimeException | StackOverflowError e) {
                throw new UnreadablePdfException("damaged", "The PDF's structure could not be read: "
                        + TileRenderer.describe(e), e);
            }
            return of(facts, doc);
        } catch (IOException e) {
            throw new UnreadablePdfException("damaged", "The PDF could not be closed cleanly: " + e.getMessage(), e);
        }
    }

    /**
     * Inspects collected facts.
     *
     * @param doc the open document the facts came from, for the /Widths check; null to skip it
     */
    public static DocumentInspection of(DocumentFacts facts, PDDocument doc) {
        List<Layer> layers = Layers.of(facts.optionalContent());
        var fonts = new ArrayList<FontInfo>(facts.fonts().size());
        int checked = 0;
        for (FontFact f : facts.fonts()) {
            var problems = new ArrayList<GlyphProblem>();
            if (f.damaged()) {
                problems.add(new GlyphProblem("font_unreadable", 1, f.problem() == null
                        ? "The font could not be read." : "The font could not be read: " + f.problem() + "."));
            }
            if (f.glyphsMissing() > 0) {
                problems.add(new GlyphProblem("missing_glyphs", f.glyphsMissing(), f.glyphsMissing()
                        + (f.glyphsMissing() == 1 ? " glyph shown is" : " glyphs shown are")
                        + " missing from the embedded font and print as .notdef."));
            }
            if (doc != null && !f.damaged() && checked < MAX_WIDTH_CHECKS) {
                checked++;
                widths(doc, f, problems);
            }
            fonts.add(new FontInfo(f.name(), f.baseName(), f.type(), f.descendantType(), f.fontFileType(),
                    f.embedded(), f.subset(), f.standard14(), f.pages(), f.glyphsUsed(), problems, f.objectId()));
        }
        return new DocumentInspection(info(facts, layers.size()), fonts, layers);
    }

    private static DocumentInfo info(DocumentFacts facts, int layerCount) {
        DocumentInfoFact d = facts.document();
        DocumentInfoFact.XmpFact x = d.xmp();
        String pdfxVersion = first(d.gtsPdfxVersion(), x.pdfxVersion());
        DocumentInfo.Pdfx pdfx = pdfxVersion == null && d.gtsPdfxConformance() == null ? null
                : new DocumentInfo.Pdfx(pdfxVersion, d.gtsPdfxConformance());
        DocumentInfo.Pdfa pdfa = null;
        if (x.pdfaPart() != null) {
            String conformance = x.pdfaConformance();
            pdfa = new DocumentInfo.Pdfa(x.pdfaPart(), conformance, "PDF/A-" + x.pdfaPart()
                    + (conformance == null ? "" : conformance.toLowerCase(Locale.ROOT)));
        }
        var intents = new ArrayList<OutputIntentInfo>();
        for (OutputIntentFact o : facts.outputIntents()) {
            intents.add(new OutputIntentInfo(o.subtype(), o.outputConditionIdentifier(), o.outputCondition(),
                    o.registryName(), o.info(), o.profileColorSpace(), o.profileDescription(), o.pageNum()));
        }
        return new DocumentInfo(d.pdfVersion(), first(d.infoTitle(), x.title()), d.infoAuthor(),
                first(d.infoCreator(), x.creatorTool()), first(d.infoProducer(), x.producer()),
                first(d.infoCreationDate(), x.createDate()), first(d.infoModDate(), x.modifyDate()),
                first(d.infoTrapped(), x.trapped()), facts.pageCount(), pdfx, pdfa, intents, d.encrypted(),
                layerCount, d.fileSize(), d.hasStructTree(), d.repaired());
    }

    private static String first(String a, String b) {
        return a != null && !a.isBlank() ? a : (b != null && !b.isBlank() ? b : null);
    }

    /** Checks a simple font's /Widths: present, of the right length, agreeing with the embedded program. */
    private static void widths(PDDocument doc, FontFact f, List<GlyphProblem> problems) {
        if (f.type() == null || !List.of("Type1", "MMType1", "TrueType").contains(f.type())) {
            return;
        }
        COSDictionary dict = fontDictionary(doc, f.objectId());
        if (dict == null) {
            return;
        }
        try {
            if (!(dict.getDictionaryObject(COSName.WIDTHS) instanceof COSArray widths)) {
                if (!f.standard14()) {
                    problems.add(new GlyphProblem("widths_missing", 1, "The font has no /Widths, so readers"
                            + " take the widths from whatever font they substitute or embed."));
                }
                return;
            }
            int firstChar = dict.getInt(COSName.FIRST_CHAR, -1);
            int lastChar = dict.getInt(COSName.LAST_CHAR, -1);
            if (firstChar < 0 || lastChar < firstChar || lastChar > 255 || widths.size() != lastChar - firstChar + 1) {
                problems.add(new GlyphProblem("widths_count_mismatch", 1, "/Widths holds " + widths.size()
                        + " entries for character codes " + firstChar + " to " + lastChar + "."));
                return;
            }
            if (!f.embedded()) {
                return;
            }
            PDFont font = PDFontFactory.createFont(dict);
            if (!(font instanceof PDSimpleFont) || !(font instanceof PDVectorFont vector)) {
                return;
            }
            int mismatched = 0;
            for (int code = firstChar; code <= lastChar; code++) {
                if (!(widths.getObject(code - firstChar) instanceof COSNumber declared)
                        || declared.floatValue() <= 0 || !vector.hasGlyph(code)) {
                    continue;
                }
                float actual = font.getWidthFromFont(code);
                if (actual > 0 && Math.abs(actual - declared.floatValue()) > WIDTH_TOLERANCE) {
                    mismatched++;
                }
            }
            if (mismatched > 0) {
                problems.add(new GlyphProblem("widths_mismatch", mismatched, "/Widths disagrees with the embedded"
                        + " font program for " + mismatched + (mismatched == 1 ? " character code" : " character codes")
                        + "; text will be spaced differently from how the glyphs were designed."));
            }
        } catch (IOException | RuntimeException e) {
            // the facts already say when a font is damaged; a width check that cannot run adds nothing
        }
    }

    /** The font dictionary a fact's id names: an indirect object, or a page's /Font resource. */
    private static COSDictionary fontDictionary(PDDocument doc, String objectId) {
        try {
            Matcher m = OBJECT_ID.matcher(objectId == null ? "" : objectId);
            if (m.matches()) {
                COSObject o = doc.getDocument().getObjectFromPool(
                        new COSObjectKey(Long.parseLong(m.group(1)), Integer.parseInt(m.group(2))));
                COSBase b = o == null ? null : o.getObject();
                return b instanceof COSDictionary d ? d : null;
            }
            m = DIRECT_ID.matcher(objectId == null ? "" : objectId);
            if (m.matches()) {
                int pageNum = Integer.parseInt(m.group(1));
                if (pageNum < 1 || pageNum > doc.getNumberOfPages()) {
                    return null;
                }
                PDPage page = doc.getPage(pageNum - 1);
                COSDictionary res = page.getCOSObject().getCOSDictionary(COSName.RESOURCES);
                COSDictionary fonts = res == null ? null : res.getCOSDictionary(COSName.FONT);
                return fonts == null ? null : fonts.getCOSDictionary(COSName.getPDFName(m.group(2)));
            }
        } catch (RuntimeException e) {
            return null;
        }
        return null;
    }
}
