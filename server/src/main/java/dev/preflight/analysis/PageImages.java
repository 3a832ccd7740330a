package dev.preflight.analysis;

import dev.preflight.engine.render.Ghostscript;
import dev.preflight.engine.render.RenderException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Service;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.StringJoiner;

/**
 * Small RGB pictures of pages (report thumbnails), drawn by Ghostscript out of process in one run for all requested
 * pages: memory stays bounded however large a page's images are. The picture shows the CropBox turned by /Rotate,
 * as a viewer does.
 */
@Service
public class PageImages {

    private static final Logger log = LoggerFactory.getLogger(PageImages.class);

    private final AnalysisProperties properties;
    private final Duration timeout;

    PageImages(AnalysisProperties properties,
               @Value("${preflight.jobs.analysis-timeout-seconds:600}") int timeoutSeconds) {
        this.properties = properties;
        this.timeout = Duration.ofSeconds(timeoutSeconds);
    }

    /**
     * Renders the pages (1-based) at {@code dpi}. Pages Ghostscript could not draw are absent from the answer; an
     * empty answer means nothing could be drawn (the caller shows no pictures rather than failing).
     *
     * @param scratch a private directory the rendering may fill; the caller deletes it
     */
    public Map<Integer, BufferedImage> render(Path pdf, SortedSet<Integer> pages, int dpi, Path scratch) {
        var out = new LinkedHashMap<Integer, BufferedImage>();
        if (pages.isEmpty()) {
            return out;
        }
        var list = new StringJoiner(",");
        pages.forEach(p -> list.add(Integer.toString(p)));
        List<String> args = new ArrayList<>(List.of("-dSAFER", "-dBATCH", "-dNOPAUSE", "-dQUIET", "-sDEVICE=png16m",
                "-r" + dpi, "-dUseCropBox", "-dTextAlphaBits=4", "-dGraphicsAlphaBits=4", "-sPageList=" + list,
                "-o", scratch.resolve("page-%d.png").toString(), pdf.toAbsolutePath().toString()));
        try {
            Ghostscript.Result r = new Ghostscript(properties.ghostscript()).run(args, scratch, timeout);
            if (r.exitCode() != 0) {
                log.warn("ghostscript could not draw page pictures (exit {}): {}", r.exitCode(), r.stderr());
            }
        } catch (RenderException e) {
            log.warn("ghostscript could not draw page pictures: {}", e.getMessage());
        }
        int i = 1;
        for (int page : pages) {
            Path png = scratch.resolve("page-" + i++ + ".png");
            if (!Files.exists(png)) {
                continue;
            }
            try {
                BufferedImage img = ImageIO.read(png.toFile());
                if (img != null) {
                    out.put(page, img);
                }
                Files.deleteIfExists(png);
            } catch (IOException e) {
                log.warn("page picture {} unreadable: {}", page, e.getMessage());
            }
        }
        return out;
    }
}
