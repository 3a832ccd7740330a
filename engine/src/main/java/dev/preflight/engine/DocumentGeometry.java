package dev.preflight.engine;

import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.cos.COSArray;
import org.apache.pdfbox.cos.COSDictionary;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.cos.COSNumber;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Page count, version and page boxes: everything the minimal mode needs and nothing more.
 *
 * @param pageCount  pages in the document
 * @param pdfVersion header version
 * @param pages      geometry per page
 */
public record DocumentGeometry(int pageCount, String pdfVersion, List<PageGeometry> pages) {

    /** Reads the geometry of a PDF file. */
    public static DocumentGeometry read(Path file, long maxMainMemoryBytes) throws UnreadablePdfException {
        try (PDDocument doc = PdfOpener.open(file, maxMainMemoryBytes)) {
            return of(doc);
        } catch (java.io.IOException e) {
            throw new UnreadablePdfException("damaged", "The PDF could not be closed cleanly: " + e.getMessage(), e);
        }
    }

    /** Reads the geometry of an open document. */
    public static DocumentGeometry of(PDDocument doc) throws UnreadablePdfException {
        try {
            var pages = new ArrayList<PageGeometry>();
            int n = 0;
            for (PDPage page : doc.getPages()) {
                n++;
                pages.add(pageGeometry(page, n));
            }
            return new DocumentGeometry(n, String.valueOf(doc.getVersion()), pages);
        } catch (RuntimeException | StackOverflowError e) {
            throw new UnreadablePdfException("damaged", "The page tree is damaged: " + PdfOpener.describe(e), e);
        }
    }

    /** The boxes of one page; explicit Trim/Bleed/ArtBox only when the page (or an ancestor) defines them. */
    public static PageGeometry pageGeometry(PDPage page, int pageNum) {
        Box media = box(page.getMediaBox());
        Box crop = box(page.getCropBox());
        // CropBox is clipped to MediaBox by readers; an absent CropBox equals MediaBox.
        Box visible = media.intersection(crop) == null ? media : media.intersection(crop);
        var dict = page.getCOSObject();
        Box trim = dict.containsKey(COSName.TRIM_BOX) ? declared(dict, COSName.TRIM_BOX, page.getTrimBox()) : null;
        Box bleed = dict.containsKey(COSName.BLEED_BOX) ? declared(dict, COSName.BLEED_BOX, page.getBleedBox()) : null;
        Box art = dict.containsKey(COSName.ART_BOX) ? declared(dict, COSName.ART_BOX, page.getArtBox()) : null;
        int rotation = ((page.getRotation() % 360) + 360) % 360;
        float uu = page.getUserUnit();
        return new PageGeometry(pageNum, media, visible, trim, bleed, art, rotation, uu <= 0 ? 1.0 : uu);
    }

    /**
     * A box as the page dictionary declares it. PDFBox clips Trim/Bleed/ArtBox to the MediaBox, which would hide a
     * box that extends beyond the media (the very fault PAGE_BLEED_OUTSIDE_MEDIA and PAGE_TRIM_OUTSIDE_MEDIA
     * report); checks that need the effective area clip it themselves. A malformed entry falls back to PDFBox.
     */
    private static Box declared(COSDictionary dict, COSName key, PDRectangle fallback) {
        COSArray a = dict.getCOSArray(key);
        if (a == null || a.size() != 4) {
            return box(fallback);
        }
        for (int i = 0; i < 4; i++) {
            if (!(a.getObject(i) instanceof COSNumber)) {
                return box(fallback);
            }
        }
        return box(new PDRectangle(a));
    }

    static Box box(PDRectangle r) {
        return new Box(r.getLowerLeftX(), r.getLowerLeftY(), r.getUpperRightX(), r.getUpperRightY());
    }
}
