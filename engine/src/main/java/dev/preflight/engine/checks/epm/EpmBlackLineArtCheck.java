package dev.preflight.engine.checks.epm;

import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.checks.Colorants;
import dev.preflight.engine.checks.PageElements;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.ElementKind;
import dev.preflight.engine.facts.ImageFact;
import dev.preflight.engine.facts.PaintedElement;

import java.util.List;

/** EPM 012: 1-bit black line art (scans, image masks) becomes fine three-plate detail. */
public final class EpmBlackLineArtCheck extends EpmElementCheck {

    public EpmBlackLineArtCheck() {
        super("BLACK_LINEART", "EPM: black 1-bit line art",
                "A 1-bit image or image mask printing in black only (scanned text, line drawings) becomes fine "
                        + "detail built from three plates on a CMY-only press: tier B.",
                "B", "012", List.of());
    }

    @Override
    String problem(DocumentFacts facts, PageElements.Placed pl, CheckContext ctx) {
        PaintedElement e = pl.element();
        if (e.kind() == ElementKind.IMAGE_MASK) {
            return Colorants.isBlackOnly(e.fill()) ? "Black image mask (1-bit line art)" : null;
        }
        if (e.kind() != ElementKind.IMAGE) {
            return null;
        }
        ImageFact img = ctx.content(facts).image(e);
        if (img == null || img.bitsPerComponent() != 1 || img.color() == null) {
            return null;
        }
        return img.color().isGray() || "DeviceGray".equals(img.color().base())
                ? "Black 1-bit image (line art)" : null;
    }
}
