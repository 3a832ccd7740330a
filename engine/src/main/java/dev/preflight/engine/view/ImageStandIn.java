package dev.preflight.engine.view;

import org.apache.pdfbox.cos.COSArray;
import org.apache.pdfbox.cos.COSDictionary;
import org.apache.pdfbox.filter.DecodeOptions;
import org.apache.pdfbox.pdmodel.graphics.color.PDColorSpace;
import org.apache.pdfbox.pdmodel.graphics.image.PDImage;

import java.awt.Paint;
import java.awt.image.BufferedImage;
import java.awt.image.WritableRaster;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;

/**
 * An image handed to PDFBox's page drawer in place of a document's image, whose pixels it computes its own way
 * ({@link StencilCoverage}, {@link TintLookupImage}). The page drawer only reads an image it draws, so the setters
 * refuse, and a stand-in has no stream of its own; what is not overridden comes from the document's image.
 */
abstract class ImageStandIn implements PDImage {

    /** The document's image this one stands in for. */
    final PDImage original;

    ImageStandIn(PDImage original) {
        this.original = original;
    }

    @Override
    public BufferedImage getStencilImage(Paint paint) throws IOException {
        return original.getStencilImage(paint);
    }

    @Override
    public WritableRaster getRawRaster() throws IOException {
        return getImage().getRaster();
    }

    @Override
    public BufferedImage getRawImage() throws IOException {
        return getImage();
    }

    @Override
    public InputStream createInputStream() throws IOException {
        throw new UnsupportedOperationException("a stand-in image has no stream of its own");
    }

    @Override
    public InputStream createInputStream(List<String> stopFilters) throws IOException {
        throw new UnsupportedOperationException("a stand-in image has no stream of its own");
    }

    @Override
    public InputStream createInputStream(DecodeOptions options) throws IOException {
        throw new UnsupportedOperationException("a stand-in image has no stream of its own");
    }

    @Override
    public boolean isEmpty() {
        return original.isEmpty();
    }

    @Override
    public boolean isStencil() {
        return original.isStencil();
    }

    @Override
    public int getBitsPerComponent() {
        return original.getBitsPerComponent();
    }

    @Override
    public PDColorSpace getColorSpace() throws IOException {
        return original.getColorSpace();
    }

    @Override
    public int getWidth() {
        return original.getWidth();
    }

    @Override
    public int getHeight() {
        return original.getHeight();
    }

    @Override
    public COSArray getDecode() {
        return original.getDecode();
    }

    @Override
    public boolean getInterpolate() {
        return original.getInterpolate();
    }

    @Override
    public String getSuffix() {
        return "png";
    }

    /** The original's dictionary: PDFBox reads /Mask and /SMask from it to decide how to apply a soft mask. */
    @Override
    public COSDictionary getCOSObject() {
        return original.getCOSObject();
    }

    @Override
    public void setStencil(boolean isStencil) {
        throw new UnsupportedOperationException("read-only");
    }

    @Override
    public void setBitsPerComponent(int bitsPerComponent) {
        throw new UnsupportedOperationException("read-only");
    }

    @Override
    public void setColorSpace(PDColorSpace colorSpace) {
        throw new UnsupportedOperationException("read-only");
    }

    @Override
    public void setHeight(int height) {
        throw new UnsupportedOperationException("read-only");
    }

    @Override
    public void setWidth(int width) {
        throw new UnsupportedOperationException("read-only");
    }

    @Override
    public void setDecode(COSArray decode) {
        throw new UnsupportedOperationException("read-only");
    }

    @Override
    public void setInterpolate(boolean value) {
        throw new UnsupportedOperationException("read-only");
    }
}
