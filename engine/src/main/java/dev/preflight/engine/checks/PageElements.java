package dev.preflight.engine.checks;

import dev.preflight.engine.Box;
import dev.preflight.engine.facts.AnnotationFact;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.ElementKind;
import dev.preflight.engine.facts.ImageFact;
import dev.preflight.engine.facts.OptionalContentFact;
import dev.preflight.engine.facts.PageFacts;
import dev.preflight.engine.facts.PaintColor;
import dev.preflight.engine.facts.PaintedElement;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The page elements of GWG D0003 that the content checks judge: elements on the printed surface that put ink down
 * (a fill enclosing no area does not), in the default optional-content state, outside processing-step layers and
 * outside non-printing annotations.
 */
public final class PageElements {

    private PageElements() {
    }

    /** One element together with the page it is on. */
    public record Placed(PageFacts page, PaintedElement element) {

        public int pageNum() {
            return page.pageNum();
        }

        /** Where to point: the visible part when known, else the whole mark. */
        public Box box() {
            return element.visibleBox() != null ? element.visibleBox() : element.bbox();
        }
    }

    /** A colour an element paints with, and in which role (fill, stroke, image). */
    public record Paint(String role, PaintColor color) {
    }

    /**
     * Every D0003 page element of the document, in page and painting order (visible or not). Checks read it from
     * their analysis's {@link dev.preflight.engine.checks.ContentView}, which calls this once.
     */
    public static List<Placed> collect(DocumentFacts facts) {
        Set<String> procSteps = new HashSet<>();
        for (OptionalContentFact.Group g : facts.optionalContent().groups()) {
            if (g.processingStep() && g.name() != null) {
                procSteps.add(g.name());
            }
        }
        var out = new ArrayList<Placed>();
        for (PageFacts p : facts.pages()) {
            Set<String> silentAnnots = new HashSet<>();
            for (AnnotationFact a : p.annotations()) {
                if ((!a.printFlag() || a.hidden()) && a.objectId() != null) {
                    silentAnnots.add("annotation:" + a.objectId());
                }
            }
            for (PaintedElement e : p.elements()) {
                if (e.hiddenByOc() || "outside_page".equals(e.notVisibleReason()) || paintsNothing(e)) {
                    continue;
                }
                if (e.ocgName() != null && procSteps.contains(e.ocgName())) {
                    continue;
                }
                if (e.context() != null && silentAnnots.contains(e.context())) {
                    continue;
                }
                out.add(new Placed(p, e));
            }
        }
        return out;
    }

    /** A fill whose path encloses no area ({@code 0 0 m f}) puts no ink anywhere: it is no page element. */
    public static boolean paintsNothing(PaintedElement e) {
        return "empty".equals(e.notVisibleReason());
    }

    /**
     * The colours an element paints with: fill, stroke, and for images the colour space of the samples ({@code img}
     * is the element's image resource, null when not an image or unknown).
     */
    public static List<Paint> paints(ImageFact img, PaintedElement e) {
        var out = new ArrayList<Paint>(2);
        if (e.kind() == ElementKind.IMAGE) {
            if (img != null && img.color() != null) {
                out.add(new Paint("image", img.color()));
            } else if (e.fill() != null) {
                out.add(new Paint("image", e.fill()));
            }
            return out;
        }
        if (e.kind() == ElementKind.TEXT && e.text() != null && !paintsText(e)) {
            return out;
        }
        if (e.fill() != null) {
            out.add(new Paint("fill", e.fill()));
        }
        if (e.stroke() != null) {
            out.add(new Paint("stroke", e.stroke()));
        }
        return out;
    }

    /** Text shown in render mode 3 (invisible) or 7 (clip only) puts no ink on the page. */
    public static boolean paintsText(PaintedElement e) {
        return e.text() == null || (e.text().renderMode() != 3 && e.text().renderMode() != 7);
    }

    /**
     * The page elements grouped by page (pages without elements are absent). Keyed by identity: a page's record
     * hash would walk all its elements.
     */
    public static Map<PageFacts, List<Placed>> byPage(List<Placed> placed) {
        var out = new IdentityHashMap<PageFacts, List<Placed>>();
        for (Placed pl : placed) {
            out.computeIfAbsent(pl.page(), k -> new ArrayList<>()).add(pl);
        }
        return out;
    }

    /** A line in the GWG sense (D0017, I00004): a stroke, or a thin filled shape. */
    public static boolean isLine(PaintedElement e) {
        return e.kind().strokes() || (e.kind() == ElementKind.FILL && e.lineLikeFill());
    }

    /** The colour a line is painted with: the stroke colour, or the fill of a line-like fill. */
    public static PaintColor lineColor(PaintedElement e) {
        return e.kind().strokes() ? e.stroke() : e.fill();
    }

    /** Overprint of the paint that draws the line. */
    public static boolean lineOverprint(PaintedElement e) {
        return e.kind().strokes() ? e.overprintStroke() : e.overprintFill();
    }

    /** The object id to report: the painted object's reference ("12 0 R") when it is an indirect object. */
    public static String objectId(PaintedElement e) {
        if (ref(e.objectId()) != null) {
            return e.objectId();
        }
        return e.image() == null ? null : ref(e.image().imageObjectId());
    }

    /** The id when it is an object reference such as "12 0 R"; null for inline or direct-object keys. */
    public static String ref(String id) {
        return id != null && REF.matcher(id).matches() ? id : null;
    }

    private static final Pattern REF = Pattern.compile("\\d+ \\d+ R");
}
