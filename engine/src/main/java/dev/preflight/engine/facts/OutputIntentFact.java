package dev.preflight.engine.facts;

import java.util.List;

/**
 * One output intent. "Embedded" and "parsed" are separate facts: a /DestOutputProfile stream can be present while
 * its ICC header is unreadable, and then the intent has a profile whose colour space is known only from /N.
 *
 * @param subtype            GTS_PDFX, GTS_PDFA1, ISO_PDFE1, ...
 * @param profileColorSpace  colour space read from the DestOutputProfile's ICC header (GRAY, RGB, CMYK, LAB, or
 *                           n-colour "CLR6"), or null when no profile is embedded or its header is unreadable
 * @param profileDescription the ICC profile's description tag, when readable
 * @param profileProblem     why the profile could not be read, else null
 * @param pageNum            0 for document level, else the page that carries it (PDF 2.0)
 * @param profileEmbedded    a /DestOutputProfile stream is present, readable or not
 * @param profileComponents  the profile stream's /N (number of colour components), or null when absent or invalid
 * @param profileColorants   the colorant names of the embedded profile's colorant table (n-colour profiles), in
 *                           order; empty when it has none
 * @param profileRef         the /DestOutputProfileRef to a profile outside the file, or null when absent
 * @param mixingHints        /MixingHints, or null when absent
 */
public record OutputIntentFact(String subtype, String outputConditionIdentifier, String outputCondition,
                               String registryName, String info, String profileColorSpace,
                               String profileDescription, String profileProblem, int pageNum, String objectId,
                               boolean profileEmbedded, Integer profileComponents, List<String> profileColorants,
                               ProfileRefFact profileRef, MixingHintsFact mixingHints) {

    public OutputIntentFact {
        profileColorants = profileColorants == null ? List.of() : List.copyOf(profileColorants);
    }

    /** An intent without external profile, colorant table or mixing hints. */
    public OutputIntentFact(String subtype, String outputConditionIdentifier, String outputCondition,
                            String registryName, String info, String profileColorSpace, String profileDescription,
                            String profileProblem, int pageNum, String objectId, boolean profileEmbedded,
                            Integer profileComponents) {
        this(subtype, outputConditionIdentifier, outputCondition, registryName, info, profileColorSpace,
                profileDescription, profileProblem, pageNum, objectId, profileEmbedded, profileComponents, List.of(),
                null, null);
    }

    /** An intent whose embedded profile, if any, was read (hand-built facts in tests). */
    public OutputIntentFact(String subtype, String outputConditionIdentifier, String outputCondition,
                            String registryName, String info, String profileColorSpace, String profileDescription,
                            String profileProblem, int pageNum, String objectId) {
        this(subtype, outputConditionIdentifier, outputCondition, registryName, info, profileColorSpace,
                profileDescription, profileProblem, pageNum, objectId, profileColorSpace != null,
                componentsOf(profileColorSpace));
    }

    /** A destination profile stream is embedded (it may still be unreadable: see {@link #profileParsed()}). */
    public boolean hasDestProfile() {
        return profileEmbedded;
    }

    /** The embedded profile's colour space was read from its ICC header. */
    public boolean profileParsed() {
        return profileColorSpace != null;
    }

    /**
     * The profile's colour space as far as it can be judged: the header's when readable, else from /N (1 GRAY,
     * 3 RGB, 4 CMYK; an unreadable 4-component profile cannot be confirmed as CMYK, see {@link #profileParsed()}).
     */
    public String judgedColorSpace() {
        if (profileColorSpace != null || profileComponents == null) {
            return profileColorSpace;
        }
        return switch (profileComponents) {
            case 1 -> "GRAY";
            case 3 -> "RGB";
            case 4 -> "CMYK";
            default -> "N" + profileComponents;
        };
    }

    private static Integer componentsOf(String space) {
        if (space == null) {
            return null;
        }
        return switch (space) {
            case "GRAY" -> 1;
            case "RGB", "LAB", "XYZ", "CMY" -> 3;
            case "CMYK" -> 4;
            default -> space.startsWith("CLR") ? Integer.valueOf(space.substring(3)) : null;
        };
    }
}
