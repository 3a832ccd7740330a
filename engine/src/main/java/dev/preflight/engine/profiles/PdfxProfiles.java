package dev.preflight.engine.profiles;

import dev.preflight.engine.Profile;
import dev.preflight.engine.ProfileCheck;
import dev.preflight.engine.Severity;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The PDF/X and PDF/VT conformance profiles. Each PDFX_* check takes the edition as its {@code standard} parameter;
 * the family profiles (PDF/X-1a, PDF/X-3) accept either edition and judge a file by the edition it declares.
 */
final class PdfxProfiles {

    /** The PDFX_* checks every edition runs. */
    private static final List<String> COMMON = List.of("PDFX_VERSION_KEY_MISSING", "PDFX_VERSION_MISMATCH",
            "PDFX_VERSION_NOT_ALLOWED", "PDFX_PDF_VERSION", "PDFX_OI_MISSING", "PDFX_OI_PROFILE",
            "PDFX_TRIM_OR_ART_MISSING", "PDFX_TRIM_AND_ART_BOTH", "PDFX_BOXES_NOT_NESTED", "PDFX_ENCRYPTED",
            "PDFX_FONTS_NOT_EMBEDDED", "PDFX_ACTIONS_FORBIDDEN", "PDFX_ANNOT_NOT_PRINTING",
            "PDFX_ANNOT_FORBIDDEN_TYPE", "PDFX_TRAPPED_INVALID", "PDFX_TITLE_MISSING", "PDFX_DATES_MISSING");

    /** The editions based on PDF/X-4's XMP identification, live transparency and layers. */
    private static final List<String> XMP_EDITIONS = List.of("PDF/X-4", "PDF/X-4p", "PDF/X-5g", "PDF/X-5pg",
            "PDF/X-5n", "PDF/X-6", "PDF/X-6p", "PDF/X-6n");

    private PdfxProfiles() {
    }

    /** The conformance checks of one standard (an edition or a family), every finding carrying the clause. */
    static List<ProfileCheck> conformance(String standard, String clause) {
        var ids = new ArrayList<>(COMMON);
        boolean xmp = XMP_EDITIONS.contains(standard);
        if (xmp) {
            ids.add("PDFX_XMP_MISSING");
            ids.add("PDFX_EXTERNAL_GRAPHICS_REF");
        } else {
            ids.add("PDFX_OPTIONAL_CONTENT");
            ids.add("PDFX_TRANSPARENCY");
        }
        if (standard.startsWith("PDF/X-1a")) {
            ids.add("PDFX_X1A_COLOR_SPACE");
        }
        if (List.of("PDF/X-4p", "PDF/X-5pg", "PDF/X-5n", "PDF/X-6p", "PDF/X-6n").contains(standard)) {
            ids.add("PDFX_EXTERNAL_PROFILE_REF");
        }
        if (List.of("PDF/X-5n", "PDF/X-6n").contains(standard)) {
            ids.add("PDFX_N_COLORANTS");
        }
        if (standard.startsWith("PDF/X-6")) {
            ids.add("PDFX6_PDF_VERSION");
            ids.add("PDFX6_PAGE_OUTPUT_INTENT");
        }
        var out = new ArrayList<ProfileCheck>();
        for (String id : ids) {
            out.add(new ProfileCheck(id, Severity.ERROR, Map.of("standard", standard), clause));
        }
        out.add(new ProfileCheck("OI_MULTIPLE_PDFX", Severity.ERROR, Map.of(), clause));
        out.add(new ProfileCheck("OI_IDENTIFIER_MISSING", Severity.ERROR, Map.of(), clause));
        out.add(new ProfileCheck("OI_PROFILE_DAMAGED", Severity.ERROR, Map.of(), clause));
        out.add(new ProfileCheck("DOC_DAMAGED", Severity.ERROR, Map.of(), clause));
        if (xmp) {
            out.add(new ProfileCheck("META_XMP_UNPARSEABLE", Severity.ERROR, Map.of(), clause));
        }
        return out;
    }

    /** PDF/VT-1: PDF/X-4 with the document parts, identification and records of ISO 16612-2. */
    static List<ProfileCheck> pdfvt1() {
        var out = new ArrayList<>(conformance("PDF/X-4", "ISO 15930-7"));
        String clause = "ISO 16612-2";
        out.add(new ProfileCheck("PDFVT_VERSION_KEY", Severity.ERROR, Map.of(), clause));
        out.add(new ProfileCheck("PDFVT_NOT_PDFX4", Severity.ERROR, Map.of(), clause));
        out.add(new ProfileCheck("PDFVT_DPART_MISSING", Severity.ERROR, Map.of(), clause));
        out.add(new ProfileCheck("PDFVT_RECORD_INFO", Severity.INFO, Map.of(), clause));
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
                        "PDF/X-4", true, conformance("PDF/X-4", "ISO 15930-7")),
                new Profile("pdfx-4p", "PDF/X-4p",
                        "Conformance with PDF/X-4p (ISO 15930-7): PDF/X-4 whose output profile may stay outside "
                                + "the file, named by a DestOutputProfileRef the receiver can fetch and verify.",
                        "PDF/X-4p", true, conformance("PDF/X-4p", "ISO 15930-7")),
                new Profile("pdfx-5g", "PDF/X-5g",
                        "Conformance with PDF/X-5g (ISO 15930-8): PDF/X-4 whose graphics may stay outside the "
                                + "file in reference XObjects that name and identify their target; the output "
                                + "profile is embedded.",
                        "PDF/X-5g", true, conformance("PDF/X-5g", "ISO 15930-8")),
                new Profile("pdfx-5pg", "PDF/X-5pg",
                        "Conformance with PDF/X-5pg (ISO 15930-8): external graphics in reference XObjects and an "
                                + "external output profile, each named so the receiver can find and verify it.",
                        "PDF/X-5pg", true, conformance("PDF/X-5pg", "ISO 15930-8")),
                new Profile("pdfx-5n", "PDF/X-5n",
                        "Conformance with PDF/X-5n (ISO 15930-8): an n-colour printing condition, its profile "
                                + "embedded or referenced, with every colorant named.",
                        "PDF/X-5n", true, conformance("PDF/X-5n", "ISO 15930-8")),
                new Profile("pdfx-6", "PDF/X-6",
                        "Conformance with PDF/X-6 (ISO 15930-9): PDF 2.0 with live transparency and layers, an "
                                + "embedded output profile, and page-level output intents of the document's colour "
                                + "space where pages need their own.",
                        "PDF/X-6", true, conformance("PDF/X-6", "ISO 15930-9")),
                new Profile("pdfx-6p", "PDF/X-6p",
                        "Conformance with PDF/X-6p (ISO 15930-9): PDF/X-6 whose output profiles may stay outside "
                                + "the file, named by a DestOutputProfileRef the receiver can fetch and verify.",
                        "PDF/X-6p", true, conformance("PDF/X-6p", "ISO 15930-9")),
                new Profile("pdfx-6n", "PDF/X-6n",
                        "Conformance with PDF/X-6n (ISO 15930-9): PDF/X-6 for an n-colour printing condition, its "
                                + "profile embedded or referenced, with every colorant named and mixing hints that "
                                + "name only those colorants.",
                        "PDF/X-6n", true, conformance("PDF/X-6n", "ISO 15930-9")),
                new Profile("pdfvt-1", "PDF/VT-1",
                        "Conformance with PDF/VT-1 (ISO 16612-2): a PDF/X-4 file for variable-data printing, "
                                + "identified as PDF/VT-1 in XMP, its pages divided into document parts (records) "
                                + "by a DPartRoot; the records and their page counts are reported.",
                        "PDF/VT-1", true, pdfvt1()));
    }
}
