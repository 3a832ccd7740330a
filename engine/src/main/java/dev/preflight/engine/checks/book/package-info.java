/**
 * Book covers and bound products: the cover spread against the trim, spine and bleed a printer's template gives,
 * what lies on and across the spine folds and in the barcode area, and the interior's page count, sizes, blank pages
 * and gutter.
 */
package dev.preflight.engine.checks.book;
