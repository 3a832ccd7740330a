package dev.preflight.engine.view;

import dev.preflight.engine.Box;

/**
 * One placement of an image on a page.
 *
 * @param imageObjectId the image's {@link ImageInfo#objectId()}
 * @param pageNum       1-based page
 * @param bbox          where it is painted, PDF points (origin bottom-left)
 * @param ppiX          resolution along the image's width as placed, pixels per inch
 * @param ppiY          resolution along its height
 * @param effectivePpi  the smaller of the two
 */
public record PlacedImage(String imageObjectId, int pageNum, Box bbox, double ppiX, double ppiY,
                          double effectivePpi) {
}
