package dev.preflight.engine.checks.font;

import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.FontFact;
import dev.preflight.engine.facts.PageFacts;
import dev.preflight.engine.facts.PaintedElement;

/** Whether a font actually shows glyphs, and whether any of them can be seen. */
final class FontUse {

    private FontUse() {
    }

    /** The font shows glyphs somewhere (a font that is only declared in resources does not count). */
    static boolean used(FontFact f) {
        return f.glyphsUsed() > 0 || !f.pages().isEmpty();
    }

    /**
     * The font paints visible glyphs: when the painted elements of its pages mention it, at least one of them
     * must paint (render mode other than 3 invisible / 7 clip only) outside a hidden layer; when no element
     * mentions it (elements not collected), its use counts as visible.
     */
    static boolean visiblyUsed(FontFact f, DocumentFacts facts) {
        if (!used(f)) {
            return false;
        }
        boolean mentioned = false;
        for (PageFacts p : facts.pages()) {
            if (!f.pages().isEmpty() && !f.pages().contains(p.pageNum())) {
                continue;
            }
            for (PaintedElement e : p.elements()) {
                if (e.text() == null || !java.util.Objects.equals(f.objectId(), e.text().fontObjectId())) {
                    continue;
                }
                mentioned = true;
                int mode = e.text().renderMode();
                if (mode != 3 && mode != 7 && !e.hiddenByOc()) {
                    return true;
                }
            }
        }
        return !mentioned;
    }

    static Integer firstPage(FontFact f) {
        return f.pages().isEmpty() ? 0 : f.pages().getFirst();
    }
}
