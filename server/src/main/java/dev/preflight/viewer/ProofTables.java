package dev.preflight.viewer;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.preflight.analysis.ProofConditions;
import dev.preflight.engine.view.ProofLut;
import dev.preflight.engine.view.SoftProof;
import dev.preflight.platform.PlatformProperties;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

import java.awt.color.ICC_ColorSpace;
import java.awt.color.ICC_Profile;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;

/**
 * What pictures composed from a page's separations (plates with inks hidden, the heatmap's grey page, the colour
 * picker) need of an output condition, each made once per condition: the soft proof's CMYK-to-screen conversion
 * sampled from Ghostscript ({@link ProofLut}), and the condition's CMYK profile as a Java colour space for spot
 * colours whose alternate is not CMYK.
 */
@Component
class ProofTables {

    private static final Logger log = LoggerFactory.getLogger(ProofTables.class);

    private final SoftProof softProof;
    private final Path scratch;
    private final RenderWorkers workers;
    private final ProofConditions conditions;
    private final Cache<String, ProofLut> luts = Caffeine.newBuilder().maximumSize(32).build();
    private final Cache<String, ICC_ColorSpace> spaces = Caffeine.newBuilder().maximumSize(32).build();

    ProofTables(ViewerProperties properties, PlatformProperties platform, RenderWorkers workers,
                ProofConditions conditions) {
        this.scratch = platform.scratchDir().resolve("viewer").resolve("lut");
        this.softProof = new SoftProof(properties.ghostscript(), scratch, properties.renderTimeout());
        this.workers = workers;
        this.conditions = conditions;
    }

    /** The soft proof's conversion for a condition, sampled on a render worker the first time. */
    ProofLut lut(SoftProof.Condition condition) {
        String key = condition.digest() + (condition.viaProof() ? "p" : "");
        return luts.get(key, k -> {
            RenderWorkers.Work<ProofLut> sample = () -> ProofLut.sample(softProof, condition, scratch);
            if (RenderWorkers.onWorker()) {
                try {
                    return sample.call();
                } catch (Exception e) {
                    throw ViewerErrors.translate(e);
                }
            }
            return workers.run(sample);
        });
    }

    /**
     * The condition's CMYK profile as a colour space, read once per profile. A profile Java's colour engine cannot
     * link to sRGB (a damaged or tag-less output intent that Ghostscript gets past) gives way to FOGRA39: it only
     * places spot colours with an RGB, Lab or ICC-based alternate in CMYK.
     */
    ICC_ColorSpace cmyk(SoftProof.Condition condition) {
        return spaces.get(condition.digest(), d -> {
            try {
                var space = new ICC_ColorSpace(ICC_Profile.getInstance(condition.profile().toString()));
                space.toRGB(new float[4]); // links the profile now, not halfway through a page
                return space;
            } catch (IOException | RuntimeException e) {
                log.info("the output condition {} cannot place spot colours in CMYK ({}); FOGRA39 stands in",
                        condition.name(), e.toString());
                try {
                    return new ICC_ColorSpace(ICC_Profile.getInstance(
                            conditions.defaultCondition().profile().toString()));
                } catch (IOException io) {
                    throw new UncheckedIOException("the default output condition cannot be read", io);
                }
            }
        });
    }
}
