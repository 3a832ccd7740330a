package dev.preflight.engine.checks.compliance;

import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.checks.PageElements;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.ImageFact;
import dev.preflight.engine.facts.PageFacts;
import dev.preflight.engine.facts.PaintColor;
import dev.preflight.engine.facts.PaintedElement;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/** PDFX_X1A_COLOR_SPACE: PDF/X-1a allows only CMYK, gray and spot colour. */
public final class PdfxColorSpaceCheck extends PdfxCheck {

    /** Intended colour spaces PDF/X-1a allows (Indexed and uncoloured Pattern are judged by their base). */
    private static final Set<String> ALLOWED = Set.of("DeviceCMYK", "DeviceGray", "Separation", "DeviceN", "Pattern");

    public PdfxColorSpaceCheck() {
        super("PDFX_X1A_COLOR_SPACE", "Colour space not allowed in PDF/X-1a",
                "PDF/X-1a allows only DeviceCMYK, DeviceGray, Separation and DeviceN as intended colour spaces (and "
                        + "Indexed or Pattern over them): RGB, CalRGB, CalGray, Lab and ICC-based colour are not "
                        + "allowed. One finding per page and colour space. Not applicable to PDF/X-3 and PDF/X-4.",
                "page", "PDF/X-1a");
    }

    @Override
    void judge(DocumentFacts facts, PdfxEdition edition, CheckContext ctx) {
        if (edition.colourManaged) {
            return;
        }
        Map<String, ImageFact> images = new HashMap<>();
        facts.images().forEach(i -> images.put(i.objectId(), i));
        for (PageFacts p : facts.pages()) {
            Map<String, Integer> bad = new TreeMap<>();
            for (PaintedElement e : p.elements()) {
                if (PageElements.paintsNothing(e)) {
                    continue;
                }
                note(bad, e.fill());
                note(bad, e.stroke());
                if (e.image() != null) {
                    ImageFact img = images.get(e.image().imageObjectId());
                    if (img != null) {
                        note(bad, img.color());
                    }
                }
            }
            for (var entry : bad.entrySet()) {
                ctx.finding("Page " + p.pageNum() + " uses " + entry.getKey() + " (" + edition.label + ")")
                        .page(p.pageNum())
                        .detail("color_space", entry.getKey())
                        .detail("elements", entry.getValue())
                        .detail("clause", edition.clause())
                        .report();
            }
        }
    }

    private static void note(Map<String, Integer> bad, PaintColor c) {
        if (c == null || c.space() == null) {
            return;
        }
        String family = c.effectiveFamily();
        if (c.space().equals("Pattern")) {
            family = c.base() == null ? "Pattern" : c.base();
        }
        if (!ALLOWED.contains(family)) {
            bad.merge(family, 1, Integer::sum);
        }
    }
}
