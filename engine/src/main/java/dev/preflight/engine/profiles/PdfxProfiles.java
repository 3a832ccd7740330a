package dev.preflight.engine.profiles;

import dev.preflight.engine.Profile;
import dev.preflight.engine.ProfileCheck;
import dev.preflight.engine.Severity;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The PDF/X conformance profiles. Each PDFX_* check takes the edition as its {@code standard} parameter; the
 * family profiles (PDF/X-1a, PDF/X-3) accept either edition and judge a file by the edition it declares.
 */
final class PdfxProfiles {

    /** The PDFX_* checks every edition runs. */
    private static final List<String> COMMON = List.of("PDFX_VERSION_KEY_MISSING", "PDFX_VERSION_MISMATCH",
            "PDFX_VERSION_NOT_ALLOWED", "PDFX_PDF_VERSION", "PDFX_OI_MISSING", "PDFX_OI_PROFILE",
            "PDFX_TRIM_OR_ART_MISSING", "PDFX_TRIM_AND_ART_BOTH", "PDFX_BOXES_NOT_NESTED", "PDFX_ENCRYPTED",
            "PDFX_FONTS_NOT_EMBEDDED", "PDFX_ACTIONS_FORBIDDEN", "PDFX_ANNOT_NOT_PRINTING",
            "PDFX_ANNOT_FORBIDDEN_TYPE", "PDFX_TRAPPED_INVALID", "PDFX_TITLE_MISSING", "PDFX_DATES_MISSING");

    private PdfxProfiles() {
    }

    /** The conformance checks of one standard (an edition or a family), every finding carrying the clause. */
    static List<ProfileCheck> conformance(String standard, String clause) {
        var ids = new ArrayList<>(COMMON);
        if (standard.equals("PDF/X-4")) {
            ids.add("PDFX_XMP_MISSING");
        } else {
            ids.add("PDFX_OPTIONAL_CONTENT");
            ids.add("PDFX_TRANSPARENCY");
        }
        if (standard.startsWith("PDF/X-1a")) {
            ids.add("PDFX_X1A_COLOR_SPACE");
        }
        var out = new ArrayList<ProfileCheck>();
        for (String id : ids) {
            out.add(new ProfileCheck(id, Severity.ERROR, Map.of("standard", standard), clause));
        }
        out.add(new ProfileCheck("OI_MULTIPLE_PDFX", Severity.ERROR, Map.of(), clause));
        out.add(new ProfileCheck("OI_IDENTIFIER_MISSING", Severity.ERROR, Map.of(), clause));
        out.add(new ProfileCheck("OI_PROFILE_DAMAGED", Severity.ERROR, Map.of(), clause));
        out.add(new ProfileCheck("DOC_DAMAGED", Severity.ERROR, Map.of(), clause));
        if (standard.equals("PDF/X-4")) {
            out.add(new ProfileCheck("META_XMP_UNPARSEABLE", Severity.ERROR, Map.of(), clause));
        }
        return out;
    }

    static List<Profile> all() {
        return List.of(
                new Profile("pdfx-1a", "PDF/X-1a",
                        "Conformance with PDF/X-1a:2001 (ISO 15930-1) or PDF/X-1a:2003 (ISO 15930-4), whichever "
                                + "the file declares: CMYK and spot colour only, no transparency, everything "
                                + "embedded, a CMYK output intent.",
                        "PDF/X-1a", true, conformance("PDF/X-1a", "ISO 15930-1:2001 / ISO 15930-4:2003")),
                new Profile("pdfx-3", "PDF/X-3",
                        "Conformance with PDF/X-3:2002 (ISO 15930-3) or PDF/X-3:2003 (ISO 15930-6), whichever the "
                                + "file declares: colour-managed data allowed, no transparency, everything "
                                + "embedded, an output intent.",
                        "PDF/X-3", true, conformance("PDF/X-3", "ISO 15930-3:2002 / ISO 15930-6:2003")),
                new Profile("pdfx-4", "PDF/X-4",
                        "Conformance with PDF/X-4 (ISO 15930-7): PDF 1.6 with live transparency and layers, "
                                + "identification and metadata in XMP, an embedded output profile.",
                        "PDF/X-4", true, conformance("PDF/X-4", "ISO 15930-7")));
    }
}
