package dev.preflight.engine.view;

import java.util.List;

/**
 * An image resource of the document as the viewer lists it, independent of where it is placed.
 *
 * @param objectId         object reference, or {@code inline:p<page>:<n>} for an inline image
 * @param width            pixels
 * @param height           pixels
 * @param bitsPerComponent 1, 2, 4, 8 or 16
 * @param colorSpace       colour space family of the samples; null for an image mask
 * @param iccSpace         for ICCBased samples: GRAY, RGB, CMYK or LAB from the profile; else null
 * @param filters          stream filters in order
 * @param imageMask        a stencil painted with the fill colour
 * @param hasSoftMask      has /SMask (or /SMaskInData)
 */
public record ImageInfo(String objectId, int width, int height, int bitsPerComponent, String colorSpace,
                        String iccSpace, List<String> filters, boolean imageMask, boolean hasSoftMask) {

    public ImageInfo {
        filters = List.copyOf(filters);
    }
}
