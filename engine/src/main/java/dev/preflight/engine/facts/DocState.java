package dev.preflight.engine.facts;

import dev.preflight.engine.EngineSettings;
import org.apache.pdfbox.cos.COSArray;
import org.apache.pdfbox.cos.COSBase;
import org.apache.pdfbox.cos.COSDictionary;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.cos.COSStream;

import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/** What the page walkers of one document share: colour, font and image tallies and optional-content state. */
final class DocState {

    final EngineSettings settings;
    final ColorFacts colors = new ColorFacts();
    final FontTally fonts = new FontTally();
    final ImageTally images;
    final OptionalContentResolver oc;
    /** Decode facts of the streams the page walks touch, each stream checked once. */
    final StreamIntegrity streams;
    /** Pages whose dictionary has a /Thumb image, in page order. */
    final List<Integer> thumbnails = new java.util.ArrayList<>();
    /** Reference XObjects drawn so far, in page and painting order. */
    final List<ReferenceXObjectFact> references = new java.util.ArrayList<>();
    /** Shading colour spaces already described, by their (dereferenced) /ColorSpace object. */
    final Map<COSBase, PaintColor> shadingSpaces = new IdentityHashMap<>();
    /** All page walks together stop here, so a hostile file with many slow pages stays bounded too. */
    final long deadlineNanos = System.nanoTime() + DOCUMENT_WALK_NANOS;

    static final long DOCUMENT_WALK_NANOS = 10L * 60 * 1_000_000_000L;

    DocState(EngineSettings settings, COSDictionary ocProperties, List<String> problems, StreamIntegrity streams) {
        this.settings = settings;
        this.streams = streams;
        colors.recordDamageIn(streams);
        this.images = new ImageTally(colors, problems, streams);
        this.oc = new OptionalContentResolver(ocProperties);
    }

    /** Family of a transparency group's /CS: a device name, or ICCBased(RGB) and the like. */
    String groupColorSpace(COSBase cs) {
        if (cs == null) {
            return null;
        }
        if (cs instanceof COSName n) {
            return n.getName();
        }
        if (cs instanceof COSArray a && a.size() > 0 && a.getObject(0) instanceof COSName family) {
            if (family.equals(COSName.ICCBASED) && a.size() > 1 && a.getObject(1) instanceof COSStream s) {
                IccHeader h = colors.icc(s);
                // an unreadable header is judged from /N, as the content colour facts do
                String space = h.colorSpace() != null ? h.colorSpace() : switch (s.getInt(COSName.N, -1)) {
                    case 1 -> "GRAY";
                    case 3 -> "RGB";
                    case 4 -> "CMYK";
                    default -> "?";
                };
                return "ICCBased(" + space + ")";
            }
            return family.getName();
        }
        return null;
    }
}
