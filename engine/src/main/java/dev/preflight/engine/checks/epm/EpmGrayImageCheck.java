package dev.preflight.engine.checks.epm;

import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.checks.Colorants;
import dev.preflight.engine.checks.PageElements;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.ElementKind;
import dev.preflight.engine.facts.ImageFact;

import java.util.List;

/** EPM 014: greyscale photographs become three-colour neutrals whose balance drifts. */
public final class EpmGrayImageCheck extends EpmElementCheck {

    public EpmGrayImageCheck() {
        super("GRAY_IMAGE", "EPM: greyscale image",
                "A continuous-tone greyscale image (DeviceGray, CalGray or ICC Gray) is rebuilt from balanced "
                        + "C=M=Y; black-and-white "
                        + "photographs show a colour cast with any press drift: tier B.",
                "B", "014", List.of());
    }

    @Override
    String problem(DocumentFacts facts, PageElements.Placed pl, CheckContext ctx) {
        if (pl.element().kind() != ElementKind.IMAGE) {
            return null;
        }
        ImageFact img = ctx.content(facts).image(pl.element());
        if (img == null || img.imageMask() || img.bitsPerComponent() < 2 || img.color() == null
                || !img.color().isGray()) {
            return null;
        }
        return "Greyscale image (" + Colorants.describeSpace(img.color()) + ") becomes a three-colour neutral";
    }
}
