/**
 * Barcodes on rendered pages: found and decoded with ZXing, then measured against their symbology's specification
 * (X-dimension, bar height, quiet zones, reflectance in red light) so that the barcode checks only judge.
 */
package dev.preflight.engine.barcodes;
