package dev.preflight.analysis;

import dev.preflight.engine.PagePictures;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Service;

import java.awt.image.BufferedImage;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.SortedSet;

/**
 * Small RGB pictures of pages (report thumbnails), drawn by the engine's {@link PagePictures} (Ghostscript out of
 * process, one run for all requested pages, so memory stays bounded however large a page's images are).
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
        PagePictures.Drawn drawn = new PagePictures(properties.ghostscript(), timeout).render(pdf, pages, dpi, scratch);
        drawn.problems().forEach(p -> log.warn("{}", p));
        return drawn.pictures();
    }
}
