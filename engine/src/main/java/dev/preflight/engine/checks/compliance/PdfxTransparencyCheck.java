package dev.preflight.engine.checks.compliance;

import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.checks.PageElements;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.ImageFact;
import dev.preflight.engine.facts.PageFacts;
import dev.preflight.engine.facts.PaintedElement;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** PDFX_TRANSPARENCY: PDF/X-1a and PDF/X-3 files must not use transparency. */
public final class PdfxTransparencyCheck extends PdfxCheck {

    public PdfxTransparencyCheck() {
        super("PDFX_TRANSPARENCY", "Transparency in PDF/X-1a or PDF/X-3",
                "PDF/X-1a and PDF/X-3 files must be flattened: no constant alpha below 1, no blend mode other than "
                        + "Normal/Compatible, no soft masks (ExtGState or image /SMask) and no transparency groups. One "
                        + "finding per page. Not applicable to PDF/X-4 and later editions, which allow live "
                        + "transparency.",
                "page", "PDF/X-1a");
    }

    @Override
    void judge(DocumentFacts facts, PdfxEdition edition, CheckContext ctx) {
        if (edition.liveTransparency()) {
            return;
        }
        Map<String, ImageFact> images = new HashMap<>();
        facts.images().forEach(i -> images.put(i.objectId(), i));
        for (PageFacts p : facts.pages()) {
            var uses = new ArrayList<String>();
            int elements = 0;
            for (PaintedElement e : p.elements()) {
                if (PageElements.paintsNothing(e)) {
                    continue;
                }
                boolean softMaskedImage = false;
                if (e.image() != null) {
                    ImageFact img = images.get(e.image().imageObjectId());
                    softMaskedImage = img != null && img.hasSoftMask();
                }
                if (!e.opaqueNormal() || softMaskedImage) {
                    elements++;
                    if (e.fillAlpha() < 1.0 || e.strokeAlpha() < 1.0) {
                        addOnce(uses, "alpha");
                    }
                    if (e.softMask() || softMaskedImage) {
                        addOnce(uses, "soft_mask");
                    }
                    if (e.blendMode() != null && !e.blendMode().equals("Normal") && !e.blendMode().equals("Compatible")) {
                        addOnce(uses, "blend_mode");
                    }
                }
            }
            if (!p.groups().isEmpty()) {
                addOnce(uses, "transparency_group");
            }
            if (!uses.isEmpty()) {
                ctx.finding("Page " + p.pageNum() + " uses transparency (" + String.join(", ", uses) + ") ("
                                + edition.label + ")")
                        .page(p.pageNum())
                        .detail("uses", uses)
                        .detail("elements", elements)
                        .detail("groups", p.groups().size())
                        .detail("clause", edition.clause())
                        .report();
            }
        }
    }

    private static void addOnce(List<String> list, String s) {
        if (!list.contains(s)) {
            list.add(s);
        }
    }
}
