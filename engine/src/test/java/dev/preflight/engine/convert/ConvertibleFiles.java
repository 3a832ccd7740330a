package dev.preflight.engine.convert;

import dev.preflight.engine.render.Ghostscript;
import org.w3c.dom.Element;

import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageTypeSpecifier;
import javax.imageio.ImageWriter;
import javax.imageio.metadata.IIOMetadata;
import javax.imageio.metadata.IIOMetadataNode;
import javax.imageio.stream.ImageOutputStream;
import java.awt.Color;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/** Writes the convertible files the tests need: images with a declared resolution, PostScript and EPS. */
final class ConvertibleFiles {

    private ConvertibleFiles() {
    }

    static BufferedImage rgb(int width, int height) {
        var image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        var g = image.createGraphics();
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, width, height);
        g.setColor(new Color(200, 30, 30));
        g.fillRect(0, 0, width / 2, height);
        g.dispose();
        return image;
    }

    /** An RGB JPEG whose JFIF segment declares {@code dpi}. */
    static Path jpeg(Path file, int width, int height, int dpi) {
        try {
            ImageWriter writer = ImageIO.getImageWritersByFormatName("jpeg").next();
            BufferedImage image = rgb(width, height);
            IIOMetadata meta = writer.getDefaultImageMetadata(ImageTypeSpecifier.createFromRenderedImage(image),
                    writer.getDefaultWriteParam());
            var root = (IIOMetadataNode) meta.getAsTree("javax_imageio_jpeg_image_1.0");
            var jfif = (Element) root.getElementsByTagName("app0JFIF").item(0);
            jfif.setAttribute("resUnits", "1");
            jfif.setAttribute("Xdensity", String.valueOf(dpi));
            jfif.setAttribute("Ydensity", String.valueOf(dpi));
            meta.setFromTree("javax_imageio_jpeg_image_1.0", root);
            write(writer, file, List.of(new IIOImage(image, null, meta)));
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A PNG (pHYs) or TIFF (XResolution) with one frame per entry of {@code frames}, each at {@code dpi}. */
    static Path raster(Path file, String format, int dpi, List<BufferedImage> frames) {
        try {
            ImageWriter writer = ImageIO.getImageWritersByFormatName(format).next();
            var images = new java.util.ArrayList<IIOImage>();
            for (BufferedImage image : frames) {
                IIOMetadata meta = writer.getDefaultImageMetadata(ImageTypeSpecifier.createFromRenderedImage(image),
                        writer.getDefaultWriteParam());
                if (dpi > 0 && format.equals("png")) {
                    var root = new IIOMetadataNode("javax_imageio_png_1.0");
                    var phys = new IIOMetadataNode("pHYs");
                    String perMetre = String.valueOf(Math.round(dpi / 0.0254));
                    phys.setAttribute("pixelsPerUnitXAxis", perMetre);
                    phys.setAttribute("pixelsPerUnitYAxis", perMetre);
                    phys.setAttribute("unitSpecifier", "meter");
                    root.appendChild(phys);
                    meta.mergeTree("javax_imageio_png_1.0", root);
                } else if (dpi > 0) {
                    var root = new IIOMetadataNode("javax_imageio_1.0");
                    var dim = new IIOMetadataNode("Dimension");
                    for (String name : new String[] {"HorizontalPixelSize", "VerticalPixelSize"}) {
                        var n = new IIOMetadataNode(name);
                        n.setAttribute("value", String.valueOf(25.4 / dpi));
                        dim.appendChild(n);
                    }
                    root.appendChild(dim);
                    meta.mergeTree("javax_imageio_1.0", root);
                }
                images.add(new IIOImage(image, null, meta));
            }
            write(writer, file, images);
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void write(ImageWriter writer, Path file, List<IIOImage> images) throws IOException {
        Files.deleteIfExists(file);
        try (ImageOutputStream out = ImageIO.createImageOutputStream(file.toFile())) {
            writer.setOutput(out);
            if (images.size() == 1) {
                writer.write(null, images.getFirst(), writer.getDefaultWriteParam());
            } else {
                writer.prepareWriteSequence(null);
                for (IIOImage image : images) {
                    writer.writeToSequence(image, writer.getDefaultWriteParam());
                }
                writer.endWriteSequence();
            }
        } finally {
            writer.dispose();
        }
    }

    /** PostScript painting a page of the given size: left half 100 % cyan, right half 100 % black. */
    static String halfCyanHalfBlack(int width, int height) {
        return "%!PS-Adobe-3.0\n<< /PageSize [" + width + " " + height + "] >> setpagedevice\n"
                + "1 0 0 0 setcmykcolor 0 0 " + width / 2 + " " + height + " rectfill\n"
                + "0 0 0 1 setcmykcolor " + width / 2 + " 0 " + (width - width / 2) + " " + height + " rectfill\n"
                + "showpage\n";
    }

    static String eps(int width, int height) {
        return "%!PS-Adobe-3.0 EPSF-3.0\n%%BoundingBox: 0 0 " + width + " " + height + "\n"
                + "0 0 0 1 setcmykcolor 0 0 " + width + " " + height + " rectfill\n";
    }

    /** A DOS EPS binary: 30-byte header, the PostScript section, then a dummy preview the converter must skip. */
    static Path dosEps(Path file, String postScript) throws IOException {
        byte[] ps = postScript.getBytes(StandardCharsets.US_ASCII);
        byte[] preview = "NOT POSTSCRIPT: A PREVIEW".getBytes(StandardCharsets.US_ASCII);
        var header = ByteBuffer.allocate(30).order(ByteOrder.LITTLE_ENDIAN);
        header.put(new byte[] {(byte) 0xC5, (byte) 0xD0, (byte) 0xD3, (byte) 0xC6});
        header.putInt(30).putInt(ps.length).putInt(0).putInt(0).putInt(30 + ps.length).putInt(preview.length);
        header.putShort((short) 0xFFFF);
        var out = new ByteArrayOutputStream();
        out.write(header.array());
        out.write(ps);
        out.write(preview);
        return Files.write(file, out.toByteArray());
    }

    /** A CMYK JPEG (Adobe, inverted) as prepress tools write it, made by Ghostscript's jpegcmyk device. */
    static Path cmykJpeg(Path file, Path workDir) throws Exception {
        return ghostscriptImage(file, workDir, "jpegcmyk");
    }

    /** A 32-bit CMYK TIFF, made by Ghostscript's tiff32nc device. */
    static Path cmykTiff(Path file, Path workDir) throws Exception {
        return ghostscriptImage(file, workDir, "tiff32nc");
    }

    /** Renders the half cyan, half black page (72 x 36 pt) at 72 dpi with a Ghostscript image device. */
    private static Path ghostscriptImage(Path file, Path workDir, String device) throws Exception {
        Path ps = Files.writeString(workDir.resolve(device + "-source.ps"), halfCyanHalfBlack(72, 36));
        new Ghostscript("gs").run(List.of("-q", "-dSAFER", "-dBATCH", "-dNOPAUSE", "-sDEVICE=" + device, "-r72",
                "-sOutputFile=" + file.toAbsolutePath(), ps.toAbsolutePath().toString()), workDir,
                Duration.ofSeconds(30));
        return file;
    }
}
