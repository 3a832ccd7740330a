package dev.preflight.engine.conformance;

import dev.preflight.engine.Profile;
import dev.preflight.engine.ProfileCheck;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The built-in conformance profiles, made from the library's validation profiles when loaded: one per served flavour
 * holding exactly its rules (pinned to it), and {@code pdfa-auto}, which validates what the file declares.
 */
public final class ConformanceProfiles {

    /** Id of the profile that validates against the declared flavours. */
    public static final String AUTO = "pdfa-auto";

    private ConformanceProfiles() {
    }

    /** Every conformance profile, in flavour order, then {@code pdfa-auto}. */
    public static List<Profile> all() {
        ConformanceRules rules = ConformanceRules.get();
        var out = new ArrayList<Profile>();
        for (String flavour : rules.flavours()) {
            var checks = rules.idsOf(flavour).stream()
                    .map(id -> new ProfileCheck(id, null, Map.of("flavour", flavour), null)).toList();
            String standard = rules.standardOf(flavour);
            out.add(new Profile(ConformanceRules.profileOf(flavour), standard + " (veraPDF)",
                    "Every rule of veraPDF's " + standard + " validation profile (" + checks.size()
                            + " rules), each reported as its own check.", standard, true, checks));
        }
        out.add(new Profile(AUTO, "Declared PDF/A or PDF/UA (veraPDF)",
                "Validates the file against the PDF/A and PDF/UA flavours its XMP metadata declares; a file that "
                        + "declares none gets a finding saying so.", null, true,
                List.of(new ProfileCheck(DeclaredConformanceCheck.ID, null, Map.of(), null))));
        return out;
    }
}
