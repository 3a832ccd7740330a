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
     * The font paints visible glyphs: at least one painted element of its pages that mentions it must paint
     * (render mode other than 3 invisible) outside a hidden layer. Text in render mode 7 (clip only) paints nothing
     * and has no element, so a font no element mentions on fully collected pages is used for clipping only. A page
     * whose elements are missing (none recorded at all, or cut off at the cap) cannot tell, so the use counts as
     * visible there.
     */
    static boolean visiblyUsed(FontFact f, DocumentFacts facts) {
        if (!used(f)) {
            return false;
        }
        boolean unknown = false;
        for (PageFacts p : facts.pages()) {
            if (!f.pages().isEmpty() && !f.pages().contains(p.pageNum())) {
                continue;
            }
            if (p.elements().isEmpty() || p.elementsTruncated()) {
                unknown = true;
            }
            for (PaintedElement e : p.elements()) {
                if (e.text() == null || !java.util.Objects.equals(f.objectId(), e.text().fontObjectId())) {
                    continue;
                }
                int mode = e.text().renderMode();
                if (mode != 3 && mode != 7 && !e.hiddenByOc()) {
                    return true;
                }
            }
        }
        return unknown;
    }

    static Integer firstPage(FontFact f) {
        return f.pages().isEmpty() ? 0 : f.pages().getFirst();
    }
}
