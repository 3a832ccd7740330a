package dev.preflight.engine.view;

/**
 * One output intent as the viewer shows it.
 *
 * @param subtype                   /S: GTS_PDFX, GTS_PDFA1, ISO_PDFE1, ...
 * @param outputConditionIdentifier /OutputConditionIdentifier, e.g. {@code FOGRA39}
 * @param outputCondition           /OutputCondition, or null
 * @param registryName              /RegistryName, or null
 * @param info                      /Info, or null
 * @param profileColorSpace         colour space of the /DestOutputProfile (GRAY, RGB, CMYK, LAB, or n-colour as
 *                                  {@code CLR6}), or null when no profile is embedded
 * @param profileDescription        the profile's description tag, when readable
 * @param pageNum                   0 for the document's intent, else the page that carries it (PDF 2.0)
 */
public record OutputIntentInfo(String subtype, String outputConditionIdentifier, String outputCondition,
                               String registryName, String info, String profileColorSpace,
                               String profileDescription, int pageNum) {
}
