package dev.preflight.engine.checks.color;

import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.checks.Colorants;
import dev.preflight.engine.facts.PaintColor;
import dev.preflight.engine.facts.PaintedElement;

import java.util.List;
import java.util.Set;

/**
 * GWG colour binding (R0027-R0029): which colour spaces may be used as intended colour space (for images and for
 * everything else) and as the alternate of Separation/DeviceN colours.
 */
abstract class ColorBindingCheck extends ColorUseCheck {

    private final String mode;
    private final Set<String> forbiddenForImages;
    private final Set<String> forbiddenForOthers;
    private final Set<String> forbiddenAlternates;

    ColorBindingCheck(String id, String mode, String description, Set<String> forbiddenForImages,
                      Set<String> forbiddenForOthers, Set<String> forbiddenAlternates) {
        super(id, "Colour space not allowed for " + mode + " binding", description, Severity.ERROR, "path",
                List.of());
        this.mode = mode;
        this.forbiddenForImages = forbiddenForImages;
        this.forbiddenForOthers = forbiddenForOthers;
        this.forbiddenAlternates = forbiddenAlternates;
    }

    @Override
    String problem(PaintColor c, String role, PaintedElement e, CheckContext ctx) {
        if (c.space().equals("Pattern")) {
            return null;
        }
        String family = Colorants.intendedFamily(c);
        Set<String> forbidden = role.equals("image") ? forbiddenForImages : forbiddenForOthers;
        if (matches(forbidden, family)) {
            return what(role, e) + " uses " + family + ", not allowed as intended colour space for " + mode
                    + " binding";
        }
        if (c.isSpot() && c.alternate() != null && matches(forbiddenAlternates, c.alternate())) {
            return what(role, e) + " uses spot colour " + String.join("+", c.colorants()) + " with alternate "
                    + c.alternate() + ", not allowed for " + mode + " binding";
        }
        return null;
    }

    /** "ICCBased" in a set stands for every ICC space; a bare "ICCBased" family matches it too. */
    private static boolean matches(Set<String> forbidden, String family) {
        if (forbidden.contains(family)) {
            return true;
        }
        return family.startsWith("ICCBased") && forbidden.contains("ICCBased");
    }
}
