package dev.preflight.engine.checks.compliance;

import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.OutputIntentFact;
import dev.preflight.engine.facts.ProfileRefFact;

import java.util.List;
import java.util.Locale;

/** What a PDF/X output intent's destination profile is, whether embedded or referenced from outside the file. */
final class OutputProfiles {

    private OutputProfiles() {
    }

    /** The GTS_PDFX output intents a PDF/X check judges: the document's, and the pages' in PDF 2.0 editions. */
    static List<OutputIntentFact> judged(DocumentFacts facts, PdfxEdition edition) {
        return facts.outputIntents().stream().filter(oi -> "GTS_PDFX".equals(oi.subtype()))
                .filter(oi -> oi.pageNum() == 0 || edition.pdf20()).toList();
    }

    /** The intent refers to a profile outside the file with a reference dictionary. */
    static boolean referenced(OutputIntentFact oi) {
        return oi.profileRef() != null && oi.profileRef().dictionary();
    }

    /**
     * The profile's colour space: the embedded profile's (from its header, else its /N), else the reference's
     * /ProfileCS; GRAY, RGB, CMYK, LAB, CLR&lt;n&gt; for n-colour profiles (N&lt;n&gt; when judged from /N only), or
     * null.
     */
    static String colorSpace(OutputIntentFact oi) {
        if (oi.hasDestProfile()) {
            return oi.judgedColorSpace();
        }
        return referenced(oi) ? signature(oi.profileRef().profileCs()) : null;
    }

    /** An ICC colour space signature ("CMYK", "RGB ", "6CLR") as our family name, or null when it is none. */
    static String signature(String profileCs) {
        if (profileCs == null) {
            return null;
        }
        String sig = profileCs.strip().toUpperCase(Locale.ROOT);
        return switch (sig) {
            case "GRAY", "RGB", "CMYK", "LAB", "XYZ", "CMY" -> sig;
            default -> {
                if (sig.length() == 4 && sig.endsWith("CLR")) {
                    int n = Character.digit(sig.charAt(0), 16);
                    yield n >= 2 ? "CLR" + n : null;
                }
                yield null;
            }
        };
    }

    /** The number of colorants of an n-colour space (CLR6, N6), or 0 when it is no n-colour space. */
    static int nColorants(String space) {
        if (space == null || !(space.startsWith("CLR") || space.startsWith("N"))) {
            return 0;
        }
        try {
            int n = Integer.parseInt(space.substring(space.startsWith("CLR") ? 3 : 1));
            return n >= 2 ? n : 0;
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    /** The colorant names of the profile: the embedded profile's colorant table, else the reference's. */
    static List<String> colorants(OutputIntentFact oi) {
        if (oi.hasDestProfile()) {
            return oi.profileColorants();
        }
        ProfileRefFact ref = oi.profileRef();
        return ref == null ? List.of() : ref.colorantTable();
    }

    /** "FOGRA39" or "(no identifier)", with the page of a page-level intent. */
    static String describe(OutputIntentFact oi) {
        String id = oi.outputConditionIdentifier() == null || oi.outputConditionIdentifier().isBlank()
                ? "(no identifier)" : oi.outputConditionIdentifier();
        return oi.pageNum() == 0 ? id : id + " on page " + oi.pageNum();
    }
}
