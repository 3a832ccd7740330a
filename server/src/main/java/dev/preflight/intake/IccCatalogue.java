package dev.preflight.intake;

import dev.preflight.platform.Digests;
import dev.preflight.platform.Json;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The built-in output conditions (resource {@code icc/catalogue.json}) and, where a freely redistributable profile
 * exists, its bytes (resource {@code icc/profiles/}, built by {@code bin/build-icc-profiles} from the
 * characterization data of Debian's icc-profiles-free). Every bundled profile's header is checked at start-up.
 */
@Component
class IccCatalogue {

    /** A characterization data set. */
    record Data(String name, String publisher, String reference) {
    }

    /** One catalogue line as the resource declares it. */
    record Declared(String id, String name, List<String> alsoKnownAs, String outputConditionIdentifier,
                    String outputCondition, String registryName, String standard, String colorSpace,
                    Data characterizationData, @Nullable String profileFile, @Nullable Integer totalInkLimit,
                    @Nullable String dataFile) {
    }

    /** A built-in entry with its profile's bytes, header and digest when one is bundled. */
    record Entry(Declared declared, @Nullable IccHeader header, byte @Nullable [] profile, @Nullable String sha256) {

        /** How the bundled bytes were made, or why there are none. */
        String note() {
            Declared d = declared;
            if (profile == null) {
                return "No freely redistributable profile or characterization data for " + d.outputConditionIdentifier()
                        + " is available to this server: build a profile from " + d.characterizationData().name()
                        + (d.alsoKnownAs().isEmpty() ? "" : " or obtain one (e.g. " + d.alsoKnownAs().get(0) + ")")
                        + " and upload it with POST /api/v1/icc-profiles.";
            }
            return "Built with ArgyllCMS colprof (medium quality, total ink limit " + d.totalInkLimit()
                    + " %, black limit 100 %) from " + d.dataFile() + " of Debian's icc-profiles-free; free to "
                    + "redistribute. Characterization data: " + d.characterizationData().reference() + ".";
        }
    }

    private final Map<String, Entry> entries;

    IccCatalogue() {
        Declared[] declared;
        try (InputStream in = resource("icc/catalogue.json")) {
            declared = Json.mapper().readValue(in, Declared[].class);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the ICC catalogue", e);
        }
        var map = new LinkedHashMap<String, Entry>();
        for (Declared d : declared) {
            map.put(d.id(), entry(d));
        }
        this.entries = java.util.Collections.unmodifiableMap(map);
    }

    List<Entry> all() {
        return List.copyOf(entries.values());
    }

    Optional<Entry> find(String id) {
        return Optional.ofNullable(entries.get(id));
    }

    private static Entry entry(Declared d) {
        if (d.profileFile() == null) {
            return new Entry(d, null, null, null);
        }
        try (InputStream in = resource("icc/profiles/" + d.profileFile())) {
            byte[] bytes = in.readAllBytes();
            IccHeader header = IccHeader.read(bytes, bytes.length);
            if (!header.colorSpace().equals(d.colorSpace())) {
                throw new IllegalStateException("bundled profile " + d.profileFile() + " is " + header.colorSpace()
                        + ", the catalogue says " + d.colorSpace());
            }
            return new Entry(d, header, bytes, sha256(bytes));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read bundled profile " + d.profileFile(), e);
        } catch (IccHeader.InvalidException e) {
            throw new IllegalStateException("bundled profile " + d.profileFile() + " is invalid: " + e.getMessage(), e);
        }
    }

    static String sha256(byte[] bytes) {
        return Digests.sha256Hex(bytes);
    }

    private static InputStream resource(String path) throws IOException {
        InputStream in = IccCatalogue.class.getClassLoader().getResourceAsStream(path);
        if (in == null) {
            throw new java.io.FileNotFoundException("classpath:" + path);
        }
        return in;
    }
}
