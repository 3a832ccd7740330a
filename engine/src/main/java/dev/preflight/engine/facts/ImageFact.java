package dev.preflight.engine.facts;

import java.util.List;

/**
 * An image resource (XObject or inline image), independent of where it is placed.
 *
 * @param objectId         object reference, or "inline:p<page>:<n>" for inline images
 * @param width            pixels
 * @param height           pixels
 * @param bitsPerComponent 1, 2, 4, 8 or 16
 * @param color            colour space of the samples (values empty); null for image masks
 * @param filters          stream filters in order (DCTDecode, JPXDecode, JBIG2Decode, FlateDecode, ...)
 * @param imageMask        /ImageMask true (a stencil painted with the fill colour)
 * @param hasSoftMask      has /SMask (or /SMaskInData)
 * @param usedAsSoftMask   this image is only ever used as another image's soft mask
 * @param hasMask          has /Mask (stencil or colour-key)
 * @param interpolate      /Interpolate true
 * @param upsampleFactor   estimated pixel replication factor (1 = not upsampled; 2 = each pixel repeated 2x2 ...),
 *                         null when not analysed
 * @param hasAlternates    has /Alternates
 * @param hasOpi           has /OPI
 * @param pages            1-based pages where it is placed
 * @param jpegQuality      for an image XObject whose first filter is DCTDecode: the IJG quality (1 to 100) its
 *                         luminance quantisation table implies; else null
 */
public record ImageFact(String objectId, int width, int height, int bitsPerComponent, PaintColor color,
                        List<String> filters, boolean imageMask, boolean hasSoftMask, boolean usedAsSoftMask,
                        boolean hasMask, boolean interpolate, Integer upsampleFactor, boolean hasAlternates,
                        boolean hasOpi, List<Integer> pages, Integer jpegQuality) {

    /** An image without a JPEG quality estimate (hand-built facts in tests). */
    public ImageFact(String objectId, int width, int height, int bitsPerComponent, PaintColor color,
                     List<String> filters, boolean imageMask, boolean hasSoftMask, boolean usedAsSoftMask,
                     boolean hasMask, boolean interpolate, Integer upsampleFactor, boolean hasAlternates,
                     boolean hasOpi, List<Integer> pages) {
        this(objectId, width, height, bitsPerComponent, color, filters, imageMask, hasSoftMask, usedAsSoftMask,
                hasMask, interpolate, upsampleFactor, hasAlternates, hasOpi, pages, null);
    }

    public ImageFact {
        filters = filters == null ? List.of() : List.copyOf(filters);
        pages = pages == null ? List.of() : List.copyOf(pages);
    }

    public boolean jpeg() {
        return filters.contains("DCTDecode");
    }

    public boolean jpeg2000() {
        return filters.contains("JPXDecode");
    }

    public boolean jbig2() {
        return filters.contains("JBIG2Decode");
    }

    /** 1-bit images (GWG R0032) include image masks. */
    public boolean oneBit() {
        return imageMask || bitsPerComponent == 1;
    }
}
