package dev.preflight.analysis;

import dev.preflight.engine.PagePictures;
import dev.preflight.engine.UnreadablePdfException;
import dev.preflight.engine.view.SoftProof;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Service;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.SortedSet;

/**
 * Small RGB pictures of pages (report thumbnails), drawn by the engine's {@link PagePictures} (Ghostscript out of
 * process, one run for all requested pages, so memory stays bounded however large a page's images are) as soft
 * proofs, like the viewer's tiles: through the file's CMYK output intent, else the profile's condition, else FOGRA39
 * ({@link ProofConditions}).
 */
@Service
public class PageImages {

    private static final Logger log = LoggerFactory.getLogger(PageImages.class);

    private final AnalysisProperties properties;
    private final ProofConditions conditions;
    private final Duration timeout;

    PageImages(AnalysisProperties properties, ProofConditions conditions,
               @Value("${preflight.jobs.analysis-timeout-seconds:600}") int timeoutSeconds) {
        this.properties = properties;
        this.conditions = conditions;
        this.timeout = Duration.ofSeconds(timeoutSeconds);
    }

    /**
     * Renders the pages (1-based) at {@code dpi}. Pages Ghostscript could not draw are absent from the answer; an
     * empty answer means nothing could be drawn (the caller shows no pictures rather than failing).
     *
     * @param scratch   a private directory the rendering may fill; the caller deletes it
     * @param tenantId  the job's tenant and
     * @param profileId its profile: a file without a CMYK output intent is proofed for the profile's condition
     */
    public Map<Integer, BufferedImage> render(Path pdf, SortedSet<Integer> pages, int dpi, Path scratch,
                                              String tenantId, String profileId) {
        var pictures = new PagePictures(properties.ghostscript(), timeout);
        // the output intent's profile is written below a directory of its own, removed here: the caller's clean-up
        // of the scratch directory removes plain files only
        Path profiles = scratch.resolve("icc-" + Long.toHexString(System.nanoTime()));
        PagePictures.Drawn drawn;
        try {
            SoftProof.Condition condition = condition(pdf, profiles, tenantId, profileId);
            drawn = condition == null ? pictures.render(pdf, pages, dpi, scratch)
                    : pictures.render(pdf, pages, dpi, scratch, condition.profile(), condition.viaProof());
        } finally {
            deleteTree(profiles);
        }
        drawn.problems().forEach(p -> log.warn("{}", p));
        return drawn.pictures();
    }

    private static void deleteTree(Path dir) {
        if (!Files.exists(dir)) {
            return;
        }
        try (var walk = Files.walk(dir)) {
            for (Path p : walk.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            log.warn("could not delete {}: {}", dir, e.getMessage());
        }
    }

    /**
     * The output condition of the file (its CMYK intent, else the profile's, else FOGRA39), or null when it cannot
     * be read.
     */
    private SoftProof.Condition condition(Path pdf, Path scratch, String tenantId, String profileId) {
        try {
            Files.createDirectories(scratch);
            return new SoftProof(properties.ghostscript(), scratch, timeout)
                    .condition(pdf, conditions.fallbackFor(tenantId, profileId));
        } catch (IOException | UnreadablePdfException e) {
            log.warn("page pictures without a soft proof: {}", e.getMessage());
            return null;
        }
    }
}
