package dev.preflight.reports;

import dev.preflight.analysis.PageBoxes;
import dev.preflight.analysis.PageImages;
import dev.preflight.findings.Finding;

import javax.imageio.ImageIO;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.Point2D;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Page thumbnails for HTML and PDF reports: each page drawn small (Ghostscript, out of process, so a page with huge
 * images cannot exhaust the heap) with a numbered marker and an outline in the severity colour at every located
 * finding, as JPEG data URIs so a saved report needs nothing else.
 */
final class Thumbnails {

    /** A marker: its number, where (the finding's bbox in PDF points) and its severity. */
    record Marker(int number, List<Double> bbox, String severity) {
    }

    /** A rendered thumbnail: PNG data URI and width in pixels. */
    record Rendered(String dataUri, int width) {
    }

    private Thumbnails() {
    }

    /**
     * Draws the pages' pictures (Ghostscript, through the analysis module) and the markers on them. Pages that cannot
     * be drawn get a white frame of the page's size with their markers, so a damaged page still shows where.
     */
    static Map<Integer, Rendered> render(PageImages images, Path pdf, List<PageBoxes> boxes, Collection<Integer> pages,
                                         Map<Integer, List<Marker>> markers, int dpi, Path scratch, String tenantId,
                                         String profileId) throws IOException {
        var out = new LinkedHashMap<Integer, Rendered>();
        var byNum = new java.util.HashMap<Integer, PageBoxes>();
        boxes.forEach(b -> byNum.put(b.pageNum(), b));
        var wanted = new java.util.TreeSet<Integer>();
        for (int p : pages) {
            if (byNum.containsKey(p)) {
                wanted.add(p);
            }
        }
        Map<Integer, BufferedImage> drawn = images.render(pdf, wanted, dpi, scratch, tenantId, profileId);
        float scale = dpi / 72f;
        for (int pageNum : wanted) {
            PageBoxes page = byNum.get(pageNum);
            BufferedImage image = drawn.get(pageNum);
            if (image == null) {
                image = new BufferedImage(Math.max(1, (int) Math.round(page.widthPts() * scale)),
                        Math.max(1, (int) Math.round(page.heightPts() * scale)), BufferedImage.TYPE_INT_RGB);
                Graphics2D g = image.createGraphics();
                g.setColor(Color.WHITE);
                g.fillRect(0, 0, image.getWidth(), image.getHeight());
                g.dispose();
            }
            draw(image, page, markers.getOrDefault(pageNum, List.of()), scale);
            out.put(pageNum, new Rendered(dataUri(image), image.getWidth()));
        }
        return out;
    }

    static Color color(String severity) {
        return switch (severity) {
            case "error" -> new Color(0xC6, 0x28, 0x28);
            case "warning" -> new Color(0xE6, 0x6A, 0x00);
            case "advisory" -> new Color(0x15, 0x65, 0xC0);
            default -> new Color(0x60, 0x7D, 0x8B);
        };
    }

    private static void draw(BufferedImage image, PageBoxes page, List<Marker> markers, float scale) {
        if (markers.isEmpty()) {
            return;
        }
        Graphics2D g = image.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        PageBoxes.Box crop = page.cropBox();
        int rotation = ((page.rotation() % 360) + 360) % 360;
        int r = 8;
        g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 10));
        var placed = new ArrayList<int[]>();
        for (Marker m : markers) {
            Point2D a = toImage(m.bbox().get(0), m.bbox().get(1), crop, rotation, scale);
            Point2D b = toImage(m.bbox().get(2), m.bbox().get(3), crop, rotation, scale);
            int x0 = (int) Math.floor(Math.min(a.getX(), b.getX()));
            int y0 = (int) Math.floor(Math.min(a.getY(), b.getY()));
            int x1 = (int) Math.ceil(Math.max(a.getX(), b.getX()));
            int y1 = (int) Math.ceil(Math.max(a.getY(), b.getY()));
            Color c = color(m.severity());
            g.setColor(c);
            g.setStroke(new BasicStroke(1.5f));
            g.drawRect(x0, y0, Math.max(1, x1 - x0), Math.max(1, y1 - y0));
            int cx = Math.max(r, Math.min(image.getWidth() - r, x0));
            int cy = Math.max(r, Math.min(image.getHeight() - r, y0));
            // Markers of findings at the same place sit side by side instead of on top of each other.
            for (int tries = 0; tries < 40 && overlaps(placed, cx, cy, r); tries++) {
                cx += 2 * r + 1;
                if (cx > image.getWidth() - r) {
                    cx = r;
                    cy = Math.min(image.getHeight() - r, cy + 2 * r + 1);
                }
            }
            placed.add(new int[] {cx, cy});
            g.fillOval(cx - r, cy - r, 2 * r, 2 * r);
            g.setColor(Color.WHITE);
            String label = Integer.toString(m.number());
            var fm = g.getFontMetrics();
            g.drawString(label, cx - fm.stringWidth(label) / 2, cy + fm.getAscent() / 2 - 1);
        }
        g.dispose();
    }

    private static boolean overlaps(List<int[]> placed, int cx, int cy, int r) {
        for (int[] p : placed) {
            if (Math.abs(p[0] - cx) < 2 * r && Math.abs(p[1] - cy) < 2 * r) {
                return true;
            }
        }
        return false;
    }

    /** PDF user space (origin bottom-left) to thumbnail pixels (origin top-left of the rendered, rotated crop box). */
    static Point2D toImage(double x, double y, PageBoxes.Box crop, int rotation, float scale) {
        double u = x - crop.x0();
        double v = y - crop.y0();
        double w = crop.x1() - crop.x0();
        double h = crop.y1() - crop.y0();
        double px;
        double py;
        switch (rotation) {
            case 90 -> {
                px = v;
                py = u;
            }
            case 180 -> {
                px = w - u;
                py = v;
            }
            case 270 -> {
                px = h - v;
                py = w - u;
            }
            default -> {
                px = u;
                py = h - v;
            }
        }
        return new Point2D.Double(px * scale, py * scale);
    }

    /** JPEG: a thumbnail of a photographic page is a tenth of its PNG, which matters at hundreds of pages. */
    private static String dataUri(BufferedImage image) throws IOException {
        var bytes = new ByteArrayOutputStream();
        javax.imageio.ImageWriter writer = ImageIO.getImageWritersByFormatName("jpeg").next();
        try (var ios = ImageIO.createImageOutputStream(bytes)) {
            writer.setOutput(ios);
            var p = writer.getDefaultWriteParam();
            p.setCompressionMode(javax.imageio.ImageWriteParam.MODE_EXPLICIT);
            p.setCompressionQuality(0.85f);
            writer.write(null, new javax.imageio.IIOImage(image, null, null), p);
        } finally {
            writer.dispose();
        }
        return "data:image/jpeg;base64," + Base64.getEncoder().encodeToString(bytes.toByteArray());
    }

    /** Markers per page from the model's located findings. */
    static Map<Integer, List<Marker>> markers(ReportModel model) {
        var out = new LinkedHashMap<Integer, List<Marker>>();
        for (ReportModel.CheckGroup g : model.groups()) {
            for (ReportModel.Item i : g.items()) {
                Finding f = i.finding();
                if (i.marker() > 0) {
                    out.computeIfAbsent(f.pageNum(), k -> new ArrayList<>())
                            .add(new Marker(i.marker(), f.bbox(), f.severity()));
                }
            }
        }
        return out;
    }
}
