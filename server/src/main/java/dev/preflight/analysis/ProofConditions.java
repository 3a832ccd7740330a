package dev.preflight.analysis;

import dev.preflight.engine.ProfileCheck;
import dev.preflight.engine.view.SoftProof;
import dev.preflight.platform.PlatformProperties;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.stereotype.Component;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Optional;

/**
 * The output condition a job's pages are proofed for when its file has no CMYK output intent of its own (tiles,
 * plates, heatmaps, thumbnails, report pictures): the condition its preflight profile expects, else the service
 * default, FOGRA39.
 *
 * <p>A profile expects a condition through {@code OI_CONDITION_NOT_EXPECTED}: the first of its {@code expected}
 * texts that names a CMYK condition of the ICC catalogue with a bundled profile (by catalogue id, e.g.
 * {@code fogra29}, or output condition identifier, e.g. {@code FOGRA29}, case-insensitive) is the profile's
 * condition. Texts the catalogue bundles no profile for (FOGRA51, a newspaper condition) are passed over. The
 * catalogue itself is the intake module's; it answers through {@link Catalogue}.
 */
@Component
public class ProofConditions {

    /** The service default when neither the file nor the profile names a condition. */
    public static final String DEFAULT_CONDITION = "FOGRA39";
    private static final String DEFAULT_PROFILE = "icc/profiles/fogra39.icc";
    private static final String EXPECTING_CHECK = "OI_CONDITION_NOT_EXPECTED";

    /** The ICC catalogue's CMYK conditions, for the profile's expected texts. */
    public interface Catalogue {
        /** The CMYK condition this text names (catalogue id or output condition identifier) with its profile. */
        Optional<CatalogueProfile> cmyk(String text);
    }

    /**
     * A catalogue condition's bundled profile.
     *
     * @param id         catalogue id, e.g. fogra29
     * @param identifier output condition identifier, e.g. FOGRA29
     * @param profile    the ICC profile's bytes
     */
    public record CatalogueProfile(String id, String identifier, byte[] profile) {
    }

    private final ProfileService profiles;
    private final ObjectProvider<Catalogue> catalogue;
    private final Path directory;
    private volatile SoftProof.Condition fallback;
    /** Catalogue conditions already written where the renderers read them, by catalogue id. */
    private final java.util.concurrent.ConcurrentMap<String, SoftProof.Condition> catalogueConditions =
            new java.util.concurrent.ConcurrentHashMap<>();

    ProofConditions(ProfileService profiles, ObjectProvider<Catalogue> catalogue, PlatformProperties platform) {
        this.profiles = profiles;
        this.catalogue = catalogue;
        this.directory = platform.scratchDir().resolve("icc");
    }

    /** The condition for a job's file without a CMYK output intent: its profile's, else FOGRA39. */
    public SoftProof.Condition fallbackFor(String tenantId, String profileId) throws IOException {
        Optional<CatalogueProfile> expected = expected(tenantId, profileId);
        if (expected.isEmpty()) {
            return defaultCondition();
        }
        CatalogueProfile c = expected.get();
        SoftProof.Condition known = catalogueConditions.get(c.id());
        if (known != null) {
            return known;
        }
        // written and hashed once per catalogue condition: its bytes do not change while the service runs
        SoftProof.Condition made = SoftProof.named(c.identifier(), write(c.id() + ".icc", c.profile()));
        SoftProof.Condition raced = catalogueConditions.putIfAbsent(c.id(), made);
        return raced != null ? raced : made;
    }

    /** The first condition the profile expects that the catalogue bundles a CMYK profile for. */
    Optional<CatalogueProfile> expected(String tenantId, String profileId) {
        Catalogue cat = catalogue.getIfAvailable();
        if (cat == null || profileId == null) {
            return Optional.empty();
        }
        ProfileCheck check = profiles.find(tenantId, profileId).map(p -> p.check(EXPECTING_CHECK)).orElse(null);
        if (check == null || !(check.params().get("expected") instanceof List<?> texts)) {
            return Optional.empty();
        }
        for (Object text : texts) {
            Optional<CatalogueProfile> c = cat.cmyk(String.valueOf(text));
            if (c.isPresent()) {
                return c;
            }
        }
        return Optional.empty();
    }

    /** FOGRA39, copied once from the classpath to the scratch directory, where Ghostscript can read it. */
    public SoftProof.Condition defaultCondition() throws IOException {
        SoftProof.Condition c = fallback;
        if (c != null) {
            return c;
        }
        synchronized (this) {
            if (fallback == null) {
                byte[] bytes;
                try (InputStream in = ProofConditions.class.getClassLoader().getResourceAsStream(DEFAULT_PROFILE)) {
                    if (in == null) {
                        throw new IOException("the default profile " + DEFAULT_PROFILE + " is not on the classpath");
                    }
                    bytes = in.readAllBytes();
                }
                fallback = SoftProof.named(DEFAULT_CONDITION, write("fogra39.icc", bytes));
            }
            return fallback;
        }
    }

    /** A profile written once (and again when a different copy is found) where the renderers can read it. */
    private Path write(String name, byte[] bytes) throws IOException {
        Path file = directory.resolve(name);
        if (Files.isRegularFile(file) && Files.size(file) == bytes.length
                && java.util.Arrays.equals(Files.readAllBytes(file), bytes)) {
            return file;
        }
        Files.createDirectories(directory);
        Path tmp = Files.createTempFile(directory, name, ".tmp");
        Files.write(tmp, bytes);
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        return file;
    }
}
