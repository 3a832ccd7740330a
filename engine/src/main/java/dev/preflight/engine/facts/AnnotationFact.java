package dev.preflight.engine.facts;

import dev.preflight.engine.Box;

/**
 * An annotation (including form-field widgets) on a page.
 *
 * @param subtype        /Subtype (Widget, Link, Text, FreeText, Stamp, PrinterMark, TrapNet, ...)
 * @param rect           /Rect in points
 * @param printFlag      the Print flag (bit 3) is set
 * @param hidden         Hidden or NoView flag set
 * @param hasAppearance  has a normal appearance stream
 * @param fieldName      fully qualified form field name for widgets, else null
 */
public record AnnotationFact(int pageNum, String objectId, String subtype, Box rect, boolean printFlag,
                             boolean hidden, boolean hasAppearance, String fieldName) {
}
