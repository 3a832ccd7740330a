package dev.preflight.engine.facts;

import java.util.List;
import java.util.Map;

/**
 * The conformance side of an analysis: what the file declares, and what validating it found per flavour.
 *
 * @param declared  what the file's XMP declares (pdfaid, pdfuaid) as veraPDF flavour ids ("3u", "ua1"), including
 *                  declarations we cannot validate against ("5x"); null when it was not read (no profile asked)
 * @param results   validation results by flavour id, in the order run
 */
public record ConformanceFacts(List<String> declared, Map<String, ConformanceFact> results) {

    public ConformanceFacts {
        declared = declared == null ? null : List.copyOf(declared);
        results = results == null ? Map.of()
                : java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(results));
    }

    /** Nothing read, nothing validated. */
    public static ConformanceFacts none() {
        return new ConformanceFacts(null, Map.of());
    }

    /** The result of one flavour, or null when it was not validated. */
    public ConformanceFact result(String flavour) {
        return results.get(flavour);
    }
}
