package dev.preflight.reports;

import dev.preflight.findings.Finding;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.io.IOUtils;
import org.apache.pdfbox.io.RandomAccessReadBufferedFile;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDDocumentCatalog;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.PDResources;
import org.apache.pdfbox.pdmodel.PDAppearanceContentStream;
import org.apache.pdfbox.pdmodel.interactive.annotation.PDAppearanceDictionary;
import org.apache.pdfbox.pdmodel.interactive.annotation.PDAppearanceStream;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.font.PDFont;
import org.apache.pdfbox.pdmodel.font.PDType0Font;
import org.apache.pdfbox.pdmodel.graphics.color.PDColor;
import org.apache.pdfbox.pdmodel.graphics.color.PDDeviceRGB;
import org.apache.pdfbox.pdmodel.graphics.optionalcontent.PDOptionalContentGroup;
import org.apache.pdfbox.pdmodel.graphics.optionalcontent.PDOptionalContentProperties;
import org.apache.pdfbox.pdmodel.interactive.annotation.PDAnnotation;
import org.apache.pdfbox.pdmodel.interactive.annotation.PDAnnotationSquare;
import org.apache.pdfbox.pdmodel.interactive.annotation.PDBorderStyleDictionary;
import org.apache.pdfbox.pdmodel.interactive.documentnavigation.destination.PDPageFitDestination;
import org.apache.pdfbox.pdmodel.interactive.documentnavigation.destination.PDPageXYZDestination;
import org.apache.pdfbox.pdmodel.interactive.documentnavigation.outline.PDDocumentOutline;
import org.apache.pdfbox.pdmodel.interactive.documentnavigation.outline.PDOutlineItem;

import java.awt.Color;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The annotated formats: the job's own PDF with a mark at every located finding, an inserted summary page and
 * bookmarks (severity, then check, then finding). {@code annotated_pdf} adds one Square annotation per finding at
 * its rectangle (colour = severity, subject = check name, contents = message); {@code annotated_pdf_markup} draws the
 * same marks in a new content stream inside an optional-content layer named after the report, so a reader can
 * switch them off. The original pages' content streams are never rewritten: marks are annotations or streams
 * appended after them. The document is read and written through temp files, not held in memory.
 */
final class AnnotatedPdf {

    private static final float MIN_SIDE = 2f;
    private static final float LINE = 1.5f;

    private AnnotatedPdf() {
    }

    /**
     * Writes the annotated document.
     *
     * @param summary   the summary page(s) as a PDF to insert in front, or null for none
     * @param layerName the optional-content layer of the markup variant
     * @param author    the annotations' author (T), or null
     */
    static void render(Path source, ReportModel m, byte[] summary, boolean markup, String layerName, String author,
                       OutputStream out) throws IOException {
        try (PDDocument doc = Loader.loadPDF(new RandomAccessReadBufferedFile(source.toFile()), "", null, null,
                IOUtils.createTempFileOnlyStreamCache());
             PDDocument summaryDoc = summary == null ? null : Loader.loadPDF(summary)) {
            List<PDPage> original = new ArrayList<>();
            doc.getPages().forEach(original::add);
            Map<ReportModel.Item, PDPage> placed = markup
                    ? drawLayer(doc, original, m, layerName) : annotate(doc, original, m, author);
            PDPage first = null;
            if (summaryDoc != null && !original.isEmpty()) {
                for (int i = summaryDoc.getNumberOfPages() - 1; i >= 0; i--) {
                    PDPage imported = doc.importPage(summaryDoc.getPage(i));
                    doc.getPages().remove(imported);
                    doc.getPages().insertBefore(imported, first == null ? original.get(0) : first);
                    first = imported;
                }
            }
            outline(doc.getDocumentCatalog(), m, placed, first);
            doc.save(out);
        }
    }

    private static Map<ReportModel.Item, PDPage> annotate(PDDocument doc, List<PDPage> pages, ReportModel m,
                                                          String author) throws IOException {
        var placed = new LinkedHashMap<ReportModel.Item, PDPage>();
        for (ReportModel.CheckGroup g : m.groups()) {
            for (ReportModel.Item item : g.items()) {
                Finding f = item.finding();
                if (item.marker() == 0 || f.pageNum() > pages.size()) {
                    continue;
                }
                PDPage page = pages.get(f.pageNum() - 1);
                var sq = new PDAnnotationSquare();
                sq.setRectangle(rect(f.bbox()));
                sq.setColor(color(f.severity()));
                sq.setSubject(g.name());
                sq.setContents(f.message());
                if (author != null) {
                    sq.setTitlePopup(author);
                }
                sq.setAnnotationName("finding-" + (f.findingId() != null ? f.findingId() : item.marker()));
                sq.setPrinted(true);
                var border = new PDBorderStyleDictionary();
                border.setWidth(LINE);
                sq.setBorderStyle(border);
                appearance(doc, sq, f.severity());
                page.getAnnotations().add(sq);
                page.getCOSObject().setNeedToBeUpdated(true);
                placed.put(item, page);
            }
        }
        return placed;
    }

    private static Map<ReportModel.Item, PDPage> drawLayer(PDDocument doc, List<PDPage> pages, ReportModel m,
                                                           String layerName) throws IOException {
        PDDocumentCatalog catalog = doc.getDocumentCatalog();
        PDOptionalContentProperties props = catalog.getOCProperties();
        if (props == null) {
            props = new PDOptionalContentProperties();
            catalog.setOCProperties(props);
        }
        var layer = new PDOptionalContentGroup(layerName);
        props.addGroup(layer);
        props.setGroupEnabled(layer, true);
        PDFont font;
        try (InputStream in = AnnotatedPdf.class.getResourceAsStream(PdfReport.FONT)) {
            font = PDType0Font.load(doc, in, true);
        }
        var byPage = new LinkedHashMap<Integer, List<ReportModel.Item>>();
        var placed = new LinkedHashMap<ReportModel.Item, PDPage>();
        for (ReportModel.CheckGroup g : m.groups()) {
            for (ReportModel.Item item : g.items()) {
                if (item.marker() > 0 && item.finding().pageNum() <= pages.size()) {
                    byPage.computeIfAbsent(item.finding().pageNum(), k -> new ArrayList<>()).add(item);
                }
            }
        }
        for (Map.Entry<Integer, List<ReportModel.Item>> e : byPage.entrySet()) {
            PDPage page = pages.get(e.getKey() - 1);
            try (var cs = new PDPageContentStream(doc, page, PDPageContentStream.AppendMode.APPEND, true, true)) {
                cs.beginMarkedContent(COSName.OC, layer);
                cs.setLineWidth(1.5f);
                for (ReportModel.Item item : e.getValue()) {
                    Finding f = item.finding();
                    PDRectangle r = rect(f.bbox());
                    Color c = Thumbnails.color(f.severity());
                    cs.setStrokingColor(c);
                    cs.addRect(r.getLowerLeftX(), r.getLowerLeftY(), r.getWidth(), r.getHeight());
                    cs.stroke();
                    cs.setNonStrokingColor(c);
                    float x = r.getLowerLeftX();
                    float y = r.getUpperRightY();
                    String label = Integer.toString(item.marker());
                    float w = font.getStringWidth(label) / 1000f * 8f + 4f;
                    cs.addRect(x, y, w, 10f);
                    cs.fill();
                    cs.setNonStrokingColor(Color.WHITE);
                    cs.beginText();
                    cs.setFont(font, 8f);
                    cs.newLineAtOffset(x + 2f, y + 2f);
                    cs.showText(label);
                    cs.endText();
                    placed.put(item, page);
                }
                cs.endMarkedContent();
            }
        }
        return placed;
    }

    private static void outline(PDDocumentCatalog catalog, ReportModel m, Map<ReportModel.Item, PDPage> placed,
                                PDPage summary) {
        var outline = new PDDocumentOutline();
        if (summary != null) {
            var dest = new PDPageFitDestination();
            dest.setPage(summary);
            var item = new PDOutlineItem();
            item.setTitle("Summary");
            item.setDestination(dest);
            outline.addLast(item);
        }
        for (HtmlReport.Severity sev : HtmlReport.severities(m)) {
            var sevItem = new PDOutlineItem();
            int total = sev.groups().stream().mapToInt(ReportModel.CheckGroup::count).sum();
            sevItem.setTitle(sev.label() + " (" + total + ")");
            PDPage firstPage = null;
            for (ReportModel.CheckGroup g : sev.groups()) {
                var checkItem = new PDOutlineItem();
                checkItem.setTitle(g.name() + " (" + g.count() + ")");
                PDPage checkPage = null;
                for (ReportModel.Item i : g.items()) {
                    PDPage page = placed.get(i);
                    if (page == null) {
                        continue;
                    }
                    var dest = new PDPageXYZDestination();
                    dest.setPage(page);
                    dest.setLeft((int) Math.floor(i.finding().bbox().get(0)));
                    dest.setTop((int) Math.ceil(Math.max(i.finding().bbox().get(1), i.finding().bbox().get(3))) + 20);
                    var findingItem = new PDOutlineItem();
                    findingItem.setTitle(i.marker() + ". p. " + i.finding().pageNum() + ": " + shorten(i.finding().message()));
                    findingItem.setDestination(dest);
                    checkItem.addLast(findingItem);
                    checkPage = checkPage == null ? page : checkPage;
                }
                if (checkPage != null) {
                    var dest = new PDPageFitDestination();
                    dest.setPage(checkPage);
                    checkItem.setDestination(dest);
                    firstPage = firstPage == null ? checkPage : firstPage;
                } else if (summary != null) {
                    var dest = new PDPageFitDestination();
                    dest.setPage(summary);
                    checkItem.setDestination(dest);
                }
                sevItem.addLast(checkItem);
            }
            PDPage target = firstPage != null ? firstPage : summary;
            if (target != null) {
                var dest = new PDPageFitDestination();
                dest.setPage(target);
                sevItem.setDestination(dest);
            }
            outline.addLast(sevItem);
        }
        catalog.setDocumentOutline(outline);
        catalog.setPageMode(org.apache.pdfbox.pdmodel.PageMode.USE_OUTLINES);
    }

    /**
     * The square's look, drawn inside its rectangle so that the annotation's /Rect is exactly the finding's bbox
     * (PDFBox's own appearance grows the rectangle by the border); /RD says the border's inset.
     */
    private static void appearance(PDDocument doc, PDAnnotationSquare sq, String severity) throws IOException {
        PDRectangle r = sq.getRectangle();
        var ap = new PDAppearanceStream(doc);
        ap.setBBox(new PDRectangle(0, 0, r.getWidth(), r.getHeight()));
        ap.setResources(new PDResources());
        float inset = Math.min(LINE / 2, Math.min(r.getWidth(), r.getHeight()) / 4);
        try (var cs = new PDAppearanceContentStream(ap)) {
            cs.setStrokingColor(Thumbnails.color(severity));
            cs.setLineWidth(Math.min(LINE, inset * 2));
            cs.addRect(inset, inset, r.getWidth() - 2 * inset, r.getHeight() - 2 * inset);
            cs.stroke();
        }
        var dict = new PDAppearanceDictionary();
        dict.setNormalAppearance(ap);
        sq.setAppearance(dict);
        sq.setRectDifferences(inset, inset, inset, inset);
    }

    /** The finding's rectangle, at least {@value #MIN_SIDE} pt each way so a hairline still shows. */
    static PDRectangle rect(List<Double> bbox) {
        float x0 = (float) Math.min(bbox.get(0), bbox.get(2));
        float y0 = (float) Math.min(bbox.get(1), bbox.get(3));
        float x1 = (float) Math.max(bbox.get(0), bbox.get(2));
        float y1 = (float) Math.max(bbox.get(1), bbox.get(3));
        if (x1 - x0 < MIN_SIDE) {
            float c = (x0 + x1) / 2;
            x0 = c - MIN_SIDE / 2;
            x1 = c + MIN_SIDE / 2;
        }
        if (y1 - y0 < MIN_SIDE) {
            float c = (y0 + y1) / 2;
            y0 = c - MIN_SIDE / 2;
            y1 = c + MIN_SIDE / 2;
        }
        return new PDRectangle(x0, y0, x1 - x0, y1 - y0);
    }

    private static PDColor color(String severity) {
        Color c = Thumbnails.color(severity);
        return new PDColor(new float[] {c.getRed() / 255f, c.getGreen() / 255f, c.getBlue() / 255f},
                PDDeviceRGB.INSTANCE);
    }

    private static String shorten(String s) {
        return s.length() <= 120 ? s : s.substring(0, 117) + "...";
    }

    static boolean isOurs(PDAnnotation a) {
        return a.getAnnotationName() != null && a.getAnnotationName().startsWith("finding-");
    }
}
