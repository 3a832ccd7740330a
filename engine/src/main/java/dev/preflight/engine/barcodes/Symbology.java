package dev.preflight.engine.barcodes;

import com.google.zxing.BarcodeFormat;

/**
 * The symbologies read, with the numbers their specifications set: modules across the symbol, quiet zones in
 * modules and, for EAN/UPC, the nominal X-dimension and bar height at 100 % magnification.
 *
 * <p>Sources: GS1 General Specifications section 5.2 (EAN/UPC: X 0.330 mm at 100 %, 80-200 %; bar heights 22.85 mm
 * for EAN-13, UPC-A and UPC-E and 18.23 mm for EAN-8; quiet zones EAN-13 11X/7X, EAN-8 7X/7X, UPC-A 9X/9X, UPC-E
 * 9X/7X) and ISO/IEC 15420; ITF-14 (ISO/IEC 16390, GS1 5.3) and Code 128 (ISO/IEC 15417) 10X; Code 39 (ISO/IEC
 * 16388) 10X; QR Code (ISO/IEC 18004) 4X; Data Matrix (ISO/IEC 16022) 1X.
 */
public enum Symbology {
    EAN_13("EAN-13", BarcodeFormat.EAN_13, true, 95, 92, 11, 7, 0.330, 22.85),
    EAN_8("EAN-8", BarcodeFormat.EAN_8, true, 67, 64, 7, 7, 0.330, 18.23),
    UPC_A("UPC-A", BarcodeFormat.UPC_A, true, 95, 92, 9, 9, 0.330, 22.85),
    UPC_E("UPC-E", BarcodeFormat.UPC_E, true, 51, 46.5, 9, 7, 0.330, 22.85),
    ITF_14("ITF-14", BarcodeFormat.ITF, true, 0, 0, 10, 10, null, null),
    CODE_128("Code 128", BarcodeFormat.CODE_128, true, 0, 0, 10, 10, null, null),
    CODE_39("Code 39", BarcodeFormat.CODE_39, true, 0, 0, 10, 10, null, null),
    QR_CODE("QR Code", BarcodeFormat.QR_CODE, false, 0, 0, 4, 4, null, null),
    DATA_MATRIX("Data Matrix", BarcodeFormat.DATA_MATRIX, false, 0, 0, 1, 1, null, null);

    private final String name;
    private final BarcodeFormat format;
    private final boolean linear;
    private final int fixedModules;
    private final double guardSpanModules;
    private final int quietLeft;
    private final int quietRight;
    private final Double nominalXmm;
    private final Double nominalHeightMm;

    Symbology(String name, BarcodeFormat format, boolean linear, int fixedModules, double guardSpanModules,
              int quietLeft, int quietRight, Double nominalXmm, Double nominalHeightMm) {
        this.name = name;
        this.format = format;
        this.linear = linear;
        this.fixedModules = fixedModules;
        this.guardSpanModules = guardSpanModules;
        this.quietLeft = quietLeft;
        this.quietRight = quietRight;
        this.nominalXmm = nominalXmm;
        this.nominalHeightMm = nominalHeightMm;
    }

    /** The symbology ZXing reports as a format, or null for formats not read. */
    public static Symbology of(BarcodeFormat format) {
        for (Symbology s : values()) {
            if (s.format == format) {
                return s;
            }
        }
        return null;
    }

    /** The name reported: GS1-128, GS1 QR Code and GS1 DataMatrix when the code carries GS1 element strings. */
    public String displayName(boolean gs1) {
        if (!gs1) {
            return name;
        }
        return switch (this) {
            case CODE_128 -> "GS1-128";
            case QR_CODE -> "GS1 QR Code";
            case DATA_MATRIX -> "GS1 DataMatrix";
            default -> name;
        };
    }

    BarcodeFormat format() {
        return format;
    }

    public boolean linear() {
        return linear;
    }

    /** EAN/UPC: modules from the outer edge of the first bar to the outer edge of the last; else 0. */
    int fixedModules() {
        return fixedModules;
    }

    /** EAN/UPC: modules between the centres of the start and end guards (ZXing's two result points); else 0. */
    double guardSpanModules() {
        return guardSpanModules;
    }

    /** Quiet zone before the symbol as read (all sides for 2D codes), modules. */
    public int quietLeft() {
        return quietLeft;
    }

    /** Quiet zone after the symbol as read, modules. */
    public int quietRight() {
        return quietRight;
    }

    /** Nominal X-dimension at 100 % magnification (EAN/UPC), mm; else null. */
    public Double nominalXmm() {
        return nominalXmm;
    }

    /** Nominal bar height at 100 % magnification (EAN/UPC), mm; else null. */
    public Double nominalHeightMm() {
        return nominalHeightMm;
    }
}
