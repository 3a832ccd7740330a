package dev.preflight.branding;

import dev.preflight.platform.UnprocessableException;
import dev.preflight.xml.InvalidXmlException;
import dev.preflight.xml.SecureXml;
import org.w3c.dom.Attr;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NamedNodeMap;
import org.w3c.dom.Node;

import javax.imageio.IIOException;
import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageReader;
import javax.imageio.ImageWriteParam;
import javax.imageio.ImageWriter;
import javax.imageio.stream.ImageInputStream;
import javax.imageio.stream.ImageOutputStream;
import javax.xml.XMLConstants;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Makes an uploaded logo safe to serve and embed. PNG and JPEG are decoded (within a pixel bound, before any pixel
 * is read) and encoded afresh, which drops metadata and anything appended to the image. SVG is parsed with DTDs and
 * external entities off and rebuilt from an allow-list: drawing elements only, no scripts, event handlers, style
 * sheets, foreign objects or references outside the document.
 */
final class LogoSanitizer {

    /** A logo ready to store: its bytes, media type and file extension. */
    record Logo(byte[] bytes, String contentType, String extension) {
    }

    static final String SVG_NS = "http://www.w3.org/2000/svg";
    private static final String XLINK_NS = "http://www.w3.org/1999/xlink";

    private static final Set<String> SVG_ELEMENTS = Set.of("svg", "g", "defs", "symbol", "use", "title", "desc",
            "path", "rect", "circle", "ellipse", "line", "polyline", "polygon", "text", "tspan", "linearGradient",
            "radialGradient", "stop", "clipPath", "mask", "pattern");

    private static final Pattern UNSAFE_VALUE = Pattern.compile(
            "(?i)javascript:|vbscript:|data:|expression\\s*\\(|@import|url\\s*\\(\\s*['\"]?\\s*[^#'\"\\s]");

    private LogoSanitizer() {
    }

    static Logo sanitize(byte[] bytes, int maxPixels) {
        if (isPng(bytes)) {
            return new Logo(reencode(bytes, "png", maxPixels), "image/png", "png");
        }
        if (isJpeg(bytes)) {
            return new Logo(reencode(bytes, "jpeg", maxPixels), "image/jpeg", "jpg");
        }
        if (looksLikeXml(bytes)) {
            return new Logo(svg(bytes), "image/svg+xml", "svg");
        }
        throw new UnprocessableException("The logo must be a PNG, JPEG or SVG image.");
    }

    private static boolean isPng(byte[] b) {
        return b.length > 8 && (b[0] & 0xff) == 0x89 && b[1] == 'P' && b[2] == 'N' && b[3] == 'G';
    }

    private static boolean isJpeg(byte[] b) {
        return b.length > 3 && (b[0] & 0xff) == 0xFF && (b[1] & 0xff) == 0xD8 && (b[2] & 0xff) == 0xFF;
    }

    private static boolean looksLikeXml(byte[] b) {
        String head = new String(b, 0, Math.min(b.length, 1024), StandardCharsets.UTF_8).stripLeading();
        if (head.startsWith("\uFEFF")) {
            head = head.substring(1);
        }
        return head.startsWith("<");
    }

    private static byte[] reencode(byte[] bytes, String format, int maxPixels) {
        try (ImageInputStream in = ImageIO.createImageInputStream(new ByteArrayInputStream(bytes))) {
            Iterator<ImageReader> readers = ImageIO.getImageReadersByFormatName(format);
            if (!readers.hasNext()) {
                throw new IllegalStateException("no ImageIO reader for " + format);
            }
            ImageReader reader = readers.next();
            try {
                reader.setInput(in, true, true);
                int w = reader.getWidth(0);
                int h = reader.getHeight(0);
                if (w <= 0 || h <= 0 || w > maxPixels || h > maxPixels) {
                    throw new UnprocessableException("The logo is " + w + " x " + h + " pixels; at most " + maxPixels
                            + " x " + maxPixels + " are accepted.");
                }
                BufferedImage image = reader.read(0);
                return format.equals("png") ? png(image) : jpeg(image);
            } finally {
                reader.dispose();
            }
        } catch (IIOException | IllegalArgumentException | ArrayIndexOutOfBoundsException e) {
            throw new UnprocessableException("The logo could not be read as " + format.toUpperCase(Locale.ROOT)
                    + ": " + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()));
        } catch (IOException e) {
            throw new UnprocessableException("The logo could not be read: " + e.getMessage());
        }
    }

    private static byte[] png(BufferedImage image) throws IOException {
        var out = new ByteArrayOutputStream();
        if (!ImageIO.write(image, "png", out)) {
            throw new UnprocessableException("The logo could not be encoded as PNG.");
        }
        return out.toByteArray();
    }

    private static byte[] jpeg(BufferedImage image) throws IOException {
        // JPEG has no alpha: draw onto an opaque RGB canvas so every colour model encodes the same way.
        var rgb = new BufferedImage(image.getWidth(), image.getHeight(), BufferedImage.TYPE_INT_RGB);
        Graphics2D g = rgb.createGraphics();
        g.drawImage(image, 0, 0, java.awt.Color.WHITE, null);
        g.dispose();
        ImageWriter writer = ImageIO.getImageWritersByFormatName("jpeg").next();
        var out = new ByteArrayOutputStream();
        try (ImageOutputStream ios = ImageIO.createImageOutputStream(out)) {
            writer.setOutput(ios);
            ImageWriteParam p = writer.getDefaultWriteParam();
            p.setCompressionMode(ImageWriteParam.MODE_EXPLICIT);
            p.setCompressionQuality(0.92f);
            writer.write(null, new IIOImage(rgb, null, null), p);
        } finally {
            writer.dispose();
        }
        return out.toByteArray();
    }

    static byte[] svg(byte[] bytes) {
        Document doc;
        try {
            doc = SecureXml.parse(bytes);
        } catch (InvalidXmlException e) {
            throw new UnprocessableException("The SVG logo could not be read as XML (" + e.getMessage()
                    + "); document type declarations are not accepted.");
        }
        Element root = doc.getDocumentElement();
        if (root == null || !"svg".equals(root.getLocalName()) || !SVG_NS.equals(root.getNamespaceURI())) {
            throw new UnprocessableException("The logo is XML but not an SVG image (root element <svg> in the SVG "
                    + "namespace expected).");
        }
        // Processing instructions before the root (xml-stylesheet) and anything else outside it go.
        var outside = new ArrayList<Node>();
        for (Node n = doc.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n != root) {
                outside.add(n);
            }
        }
        outside.forEach(doc::removeChild);
        clean(root);
        return SecureXml.write(doc);
    }

    private static void clean(Element e) {
        NamedNodeMap attrs = e.getAttributes();
        List<Attr> drop = new ArrayList<>();
        for (int i = 0; i < attrs.getLength(); i++) {
            Attr a = (Attr) attrs.item(i);
            if (!safeAttribute(a)) {
                drop.add(a);
            }
        }
        drop.forEach(e::removeAttributeNode);
        var remove = new ArrayList<Node>();
        for (Node n = e.getFirstChild(); n != null; n = n.getNextSibling()) {
            switch (n.getNodeType()) {
                case Node.ELEMENT_NODE -> {
                    Element child = (Element) n;
                    if (SVG_NS.equals(child.getNamespaceURI()) && SVG_ELEMENTS.contains(child.getLocalName())) {
                        clean(child);
                    } else {
                        remove.add(n);
                    }
                }
                case Node.TEXT_NODE, Node.CDATA_SECTION_NODE, Node.COMMENT_NODE -> {
                    // text content of text/title elements; comments are inert
                }
                default -> remove.add(n);
            }
        }
        remove.forEach(e::removeChild);
    }

    private static boolean safeAttribute(Attr a) {
        String ns = a.getNamespaceURI();
        String name = a.getLocalName() == null ? a.getName() : a.getLocalName();
        String value = a.getValue() == null ? "" : a.getValue();
        if (XMLConstants.XMLNS_ATTRIBUTE_NS_URI.equals(ns)) {
            // Keep only the declarations a clean SVG needs.
            return value.equals(SVG_NS) || value.equals(XLINK_NS);
        }
        if (ns != null && !ns.equals(XLINK_NS) && !ns.equals(XMLConstants.XML_NS_URI)) {
            return false;
        }
        if (name.toLowerCase(Locale.ROOT).startsWith("on")) {
            return false;
        }
        if (name.equals("href")) {
            return value.trim().startsWith("#") && !UNSAFE_VALUE.matcher(value).find();
        }
        return !UNSAFE_VALUE.matcher(value).find();
    }
}
