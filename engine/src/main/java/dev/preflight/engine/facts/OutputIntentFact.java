package dev.preflight.engine.facts;

/**
 * One output intent.
 *
 * @param subtype            GTS_PDFX, GTS_PDFA1, ISO_PDFE1, ...
 * @param profileColorSpace  colour space of the DestOutputProfile (GRAY, RGB, CMYK, LAB, or n-colour "CLR6"), or
 *                           null when no profile is embedded
 * @param profileDescription the ICC profile's description tag, when readable
 * @param profileProblem     why the profile could not be read, else null
 * @param pageNum            0 for document level, else the page that carries it (PDF 2.0)
 */
public record OutputIntentFact(String subtype, String outputConditionIdentifier, String outputCondition,
                               String registryName, String info, String profileColorSpace,
                               String profileDescription, String profileProblem, int pageNum, String objectId) {

    public boolean hasDestProfile() {
        return profileColorSpace != null;
    }
}
