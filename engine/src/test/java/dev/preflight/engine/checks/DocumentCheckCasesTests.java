package dev.preflight.engine.checks;

import dev.preflight.engine.Box;
import dev.preflight.engine.Finding;
import dev.preflight.engine.ProfileCheck;
import dev.preflight.engine.facts.ActionFact;
import dev.preflight.engine.facts.AnnotationFact;
import dev.preflight.engine.facts.ElementKind;
import dev.preflight.engine.facts.EmbeddedFileFact;
import dev.preflight.engine.facts.FontFact;
import dev.preflight.engine.facts.ImageFact;
import dev.preflight.engine.facts.OptionalContentFact;
import dev.preflight.engine.facts.OutputIntentFact;
import dev.preflight.engine.facts.DocumentPartsFact;
import dev.preflight.engine.facts.PaintColor;
import dev.preflight.engine.facts.ProfileRefFact;
import dev.preflight.engine.facts.ReferenceXObjectFact;
import dev.preflight.engine.facts.RevisionsFact;
import dev.preflight.engine.facts.StorageFact;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Stream;

import static dev.preflight.engine.checks.DocFacts.BLEED;
import static dev.preflight.engine.checks.DocFacts.annotation;
import static dev.preflight.engine.checks.DocFacts.font;
import static dev.preflight.engine.checks.DocFacts.intent;
import static dev.preflight.engine.checks.DocFacts.layer;
import static dev.preflight.engine.checks.DocFacts.step;
import static dev.preflight.engine.checks.DocFacts.text;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * One passing and one failing hand-built document for every document-level check: the passing one must produce no
 * finding, the failing one at least one finding of that check. Further behaviour is tested in DocumentCheckTests.
 */
class DocumentCheckCasesTests {

    /** A check's pass and fail documents, both starting from {@link DocFacts#clean()}, and profile parameters. */
    record Case(String id, Consumer<DocFacts> pass, Consumer<DocFacts> fail, Map<String, Object> params) {
    }

    private static final Consumer<DocFacts> CLEAN = d -> { };

    private static Case c(String id, Consumer<DocFacts> pass, Consumer<DocFacts> fail) {
        return new Case(id, pass, fail, Map.of());
    }

    private static Case c(String id, Consumer<DocFacts> pass, Consumer<DocFacts> fail, Map<String, Object> params) {
        return new Case(id, pass, fail, params);
    }

    static Box inside() {
        return new Box(100, 100, 200, 120);
    }

    static FontFact fontFact(String name, String type, boolean embedded, boolean standard14, Integer fsType,
                             int missing, boolean damaged) {
        boolean subset = name.length() > 7 && name.charAt(6) == '+';
        return new FontFact("11 0 R", name, type, null, embedded ? "FontFile" : null, embedded, subset, standard14,
                fsType, List.of(1), 10, missing, damaged, damaged ? "bad table" : null);
    }

    /** An embedded font showing 10 glyphs, {@code withoutUnicode} of them mapping to no Unicode. */
    static FontFact unicodeFont(int withoutUnicode) {
        return new FontFact("11 0 R", "ABCDEF+Sans", "Type0", "CIDFontType2", "FontFile2", true, true, false, 0,
                List.of(1), 10, 0, false, null, withoutUnicode);
    }

    /** A signature in a 100,000-byte file (the size {@link DocFacts} gives) over the given byte range. */
    static RevisionsFact.SignatureFact signature(List<Long> byteRange) {
        return new RevisionsFact.SignatureFact("Signature1", "adbe.pkcs7.detached", "Signer", byteRange, 100_000);
    }

    static ActionFact action(String type) {
        return new ActionFact(type, "catalog OpenAction", 0, "60 0 R");
    }

    private static final PaintColor DIE = PaintColor.separation("Die", 1, "DeviceCMYK");

    static final List<Case> CASES = List.of(
            // structure
            c("DOC_ENCRYPTED", CLEAN, d -> { d.encrypted = true; d.encryptionFilter = "Standard"; }),
            c("DOC_PRINT_RESTRICTED", CLEAN, d -> { d.encrypted = true; d.canPrintHighRes = false; }),
            c("DOC_DAMAGED", CLEAN, d -> { d.repaired = true; d.repairNotes.add("xref table rebuilt"); }),
            c("PAGE_CONTENT_PROBLEM", CLEAN, d -> d.page().contentProblems.add("unknown operator 'xq'")),
            c("DOC_PDF_VERSION_TOO_OLD", d -> d.pdfVersion = "1.3", d -> d.pdfVersion = "1.2"),
            c("DOC_PDF_VERSION_TOO_NEW", d -> d.pdfVersion = "1.7", d -> d.pdfVersion = "2.0"),
            c("DOC_TAGGED", CLEAN, d -> d.hasStructTree = true),
            c("DOC_UNTAGGED", d -> d.hasStructTree = true, CLEAN),
            c("DOC_LZW_COMPRESSION", d -> d.images.add(new ImageFact("inline:p1:0", 8, 8, 8, null,
                            List.of("FlateDecode"), false, false, false, false, false, null, false, false, List.of(1))),
                    d -> d.lzwStreams.add(new StorageFact.LzwStream(1, "12 0 R", "content"))),
            c("DOC_PAGE_THUMBNAILS", CLEAN, d -> d.thumbnailPages.add(1)),
            c("DOC_EMBEDDED_FILES", CLEAN, d -> d.embeddedFiles.add(new EmbeddedFileFact("a.xls", 10, null, 0, null))),
            c("DOC_FILE_SIZE_LARGE", d -> d.fileSize = 500_000_000, d -> d.fileSize = 500_000_001),
            c("TEXT_NOT_EXTRACTABLE", d -> d.fonts.add(unicodeFont(0)), d -> d.fonts.add(unicodeFont(1))),
            c("DOC_INCREMENTAL_UPDATES", d -> d.revisions = 3, d -> d.revisions = 4,
                    Map.of("max_earlier_revisions", 2)),
            c("DOC_SIGNED", CLEAN, d -> d.signatures.add(signature(List.of(0L, 100L, 200L, 99_800L)))),
            c("DOC_SIGNATURE_BROKEN", d -> d.signatures.add(signature(List.of(0L, 100L, 200L, 99_800L))),
                    d -> d.signatures.add(signature(List.of(0L, 100L, 200L, 99_799L)))),
            c("DOC_JAVASCRIPT", d -> d.actions.add(action("URI")), d -> d.actions.add(action("JavaScript"))),
            c("DOC_LAUNCH_ACTION", d -> d.actions.add(action("URI")), d -> d.actions.add(action("Launch"))),
            c("DOC_SUBMITFORM_ACTION", d -> d.actions.add(action("URI")), d -> d.actions.add(action("SubmitForm"))),
            c("DOC_IMPORTDATA_ACTION", d -> d.actions.add(action("URI")), d -> d.actions.add(action("ImportData"))),
            c("DOC_ACTIONS", d -> d.actions.add(action("URI")), d -> d.actions.add(action("GoTo")),
                    Map.of("allowed_types", List.of("URI"))),
            c("DOC_ACROFORM", CLEAN, d -> d.hasAcroForm = true),
            c("ANNOT_FORM_FIELD_PRINTS", d -> d.page().annotations.add(annotation(1, "Widget", inside(), false)),
                    d -> d.page().annotations.add(annotation(1, "Widget", inside(), true))),
            c("ANNOT_PRINTS", d -> d.page().annotations.add(annotation(1, "PrinterMark", inside(), true)),
                    d -> d.page().annotations.add(annotation(1, "Stamp", inside(), true))),
            c("ANNOT_NO_APPEARANCE",
                    d -> d.page().annotations.add(new AnnotationFact(1, "1 0 R", "Link", inside(), false, false, false, null)),
                    d -> d.page().annotations.add(new AnnotationFact(1, "1 0 R", "Text", inside(), false, false, false, null))),
            c("ANNOT_PRINTER_MARK", d -> d.page().annotations.add(annotation(1, "TrapNet", inside(), true)),
                    d -> d.page().annotations.add(annotation(1, "PrinterMark", inside(), true))),
            c("ANNOT_TRAPNET", d -> d.page().annotations.add(annotation(1, "PrinterMark", inside(), true)),
                    d -> d.page().annotations.add(annotation(1, "TrapNet", inside(), true))),
            c("ANNOT_PRESENT", CLEAN, d -> d.page().annotations.add(annotation(1, "Link", inside(), false))),
            // font
            c("FONT_NOT_EMBEDDED", d -> {
                d.fonts.add(font("12 0 R", "Arial", "TrueType", false, 1));
                d.page().elements.add(text(inside(), "12 0 R", 3));
            }, d -> {
                d.fonts.add(font("12 0 R", "Arial", "TrueType", false, 1));
                d.page().elements.add(text(inside(), "12 0 R", 0));
            }),
            // the clean font is a Type 1 program in /FontFile; the same outlines as CFF are not the old format
            c("FONT_TYPE1", d -> d.fonts.set(0, new FontFact("10 0 R", "ABCDEF+Helvetica", "Type1", null,
                    "FontFile3/Type1C", true, true, false, 0, List.of(1), 20, 0, false, null)), CLEAN),
            c("FONT_TYPE3", CLEAN, d -> d.fonts.add(fontFact("T3", "Type3", true, false, null, 0, false))),
            c("FONT_COURIER", d -> d.fonts.add(fontFact("ABCDEF+Courier-Bold", "Type1", true, false, 0, 0, false)),
                    d -> d.fonts.add(fontFact("ABCDEF+Courier", "Type1", true, false, 0, 0, false))),
            c("FONT_LICENSE_RESTRICTED", d -> d.fonts.add(fontFact("X", "TrueType", true, false, 0x0006, 0, false)),
                    d -> d.fonts.add(fontFact("X", "TrueType", true, false, 0x0002, 0, false))),
            c("FONT_BITMAP_ONLY", d -> d.fonts.add(fontFact("X", "TrueType", true, false, 0x0008, 0, false)),
                    d -> d.fonts.add(fontFact("X", "TrueType", true, false, 0x0208, 0, false))),
            c("FONT_GLYPHS_MISSING", CLEAN, d -> d.fonts.add(fontFact("X", "TrueType", true, false, 0, 3, false))),
            c("FONT_DAMAGED", CLEAN, d -> d.fonts.add(fontFact("X", "TrueType", true, false, null, 0, true))),
            c("FONT_STANDARD14_NOT_EMBEDDED", d -> d.fonts.add(fontFact("Helvetica", "Type1", true, true, 0, 0, false)),
                    d -> d.fonts.add(fontFact("Helvetica", "Type1", false, true, null, 0, false))),
            c("FONT_MULTIPLE_MASTER", CLEAN, d -> d.fonts.add(fontFact("MyriadMM", "MMType1", true, false, null, 0, false))),
            c("FONT_NOT_SUBSET", CLEAN, d -> d.fonts.add(fontFact("Helvetica", "Type1", true, false, 0, 0, false))),
            c("FONT_COUNT_MAX", CLEAN, d -> d.fonts.add(font("12 0 R", "Arial", "TrueType", true, 1)),
                    Map.of("max_fonts", 1)),
            // page
            c("PAGE_TRIMBOX_MISSING", d -> { d.page().art = d.page().trim; d.page().trim = null; },
                    d -> d.page().trim = null),
            c("PAGE_BLEED_INSUFFICIENT", d -> d.page().bleed(8.5), d -> d.page().bleed(2 / 25.4 * 72)),
            c("PAGE_BLEED_TOO_LARGE", d -> d.page().bleed(20 / 25.4 * 72), d -> d.page().bleed(21 / 25.4 * 72)),
            c("PAGE_BLEEDBOX_MISSING", CLEAN, d -> d.page().bleed = null),
            c("PAGE_CROP_NOT_MEDIA", CLEAN, d -> d.page().crop = d.page().trim),
            c("PAGE_TRIM_SIZE_MIXED", DocFacts::addPage,
                    d -> d.addPage().trim = new Box(BLEED, BLEED, BLEED + 500, BLEED + 700)),
            c("PAGE_SIZE_MIXED", d -> d.addPage().rotation = 90, d -> d.addPage().bleed(100)),
            c("PAGE_ORIENTATION_MIXED", DocFacts::addPage, d -> d.addPage().rotation = 270),
            c("PAGE_ROTATED", CLEAN, d -> d.page().rotation = 180),
            c("PAGE_USERUNIT", CLEAN, d -> d.page().userUnit = 10),
            c("PAGE_TRIM_OUTSIDE_BLEED", CLEAN, d -> d.page().bleed = new Box(20, 20, 300, 300)),
            c("PAGE_TRIM_OUTSIDE_MEDIA", CLEAN, d -> d.page().trim = new Box(-5, 0, 300, 300)),
            c("PAGE_BLEED_OUTSIDE_MEDIA", CLEAN, d -> d.page().bleed = new Box(-20, -20, 900, 900)),
            c("DOC_PAGE_COUNT", CLEAN, DocFacts::addPage),
            c("PAGE_SIZE_NOT_EXPECTED", CLEAN, d -> d.page().trim = new Box(0, 0, 300, 300)),
            c("PAGE_SIZE_OUT_OF_RANGE", d -> d.page().userUnit = 16, d -> d.page().userUnit = 17),
            c("PAGE_SAFETY_MARGIN", d -> {
                d.page().elements.add(text(new Box(BLEED + 20, BLEED + 20, 200, 200), "10 0 R", 0));
                d.page().elements.add(DocFacts.element(ElementKind.FILL, d.page().media,
                        PaintColor.device("DeviceCMYK", 0, 0.2, 0, 0)));
            }, d -> d.page().elements.add(text(new Box(BLEED + 2, BLEED + 20, 200, 200), "10 0 R", 0))),
            c("PAGE_CONTENT_BEYOND_BLEED", d -> d.page().elements.add(text(inside(), "10 0 R", 0)), d -> {
                d.page().bleed = new Box(BLEED - 1, BLEED - 1, BLEED + DocFacts.A4_W + 1, BLEED + DocFacts.A4_H + 1);
                d.page().elements.add(DocFacts.element(ElementKind.FILL, d.page().media,
                        PaintColor.device("DeviceCMYK", 0, 0.2, 0, 0)));
            }),
            // metadata
            c("META_TITLE_MISSING", d -> d.infoTitle = null, d -> { d.infoTitle = null; d.xmpTitle = " "; }),
            c("META_TITLE_MISMATCH", d -> d.xmpTitle = null, d -> d.xmpTitle = "Flyer"),
            c("META_XMP_MISSING", CLEAN, d -> d.xmpPresent = false),
            c("META_XMP_UNPARSEABLE", CLEAN, d -> d.xmpProblem = "Unexpected end of XML"),
            c("META_TRAPPED_UNDEFINED", d -> { d.infoTrapped = "/Unknown"; d.xmpTrapped = "True"; },
                    d -> { d.infoTrapped = "Unknown"; d.xmpTrapped = null; }),
            c("META_TRAPPED_MISMATCH", d -> d.infoTrapped = "/False", d -> d.xmpTrapped = "True"),
            c("META_CREATION_DATE_MISSING", d -> d.infoCreationDate = null,
                    d -> { d.infoCreationDate = null; d.xmpCreateDate = null; }),
            c("META_MOD_DATE_MISSING", d -> d.xmpModifyDate = null,
                    d -> { d.infoModDate = null; d.xmpModifyDate = null; }),
            c("META_CREATOR", d -> { d.infoCreator = null; d.infoProducer = null; d.xmpCreatorTool = null;
                d.xmpProducer = null; }, CLEAN),
            // output intents
            c("OI_MISSING", CLEAN, d -> d.outputIntents.clear()),
            c("OI_NOT_CMYK", CLEAN, d -> { d.outputIntents.clear(); d.outputIntents.add(intent("GTS_PDFX", "sRGB", null, "RGB")); }),
            c("OI_PROFILE_MISSING", CLEAN,
                    d -> { d.outputIntents.clear(); d.outputIntents.add(intent("GTS_PDFX", "FOGRA39", "http://www.color.org", null)); }),
            c("OI_MULTIPLE_PDFX", d -> d.outputIntents.add(intent("GTS_PDFA1", "sRGB", null, "RGB")),
                    d -> d.outputIntents.add(DocFacts.cmykIntent())),
            c("OI_PAGE_LEVEL", CLEAN, d -> d.page().hasOutputIntent = true),
            c("OI_IDENTIFIER_MISSING", CLEAN, d -> d.outputIntents.add(intent("GTS_PDFX", "", null, "CMYK"))),
            c("OI_REGISTRY_NAME_MISSING", d -> d.outputIntents.add(intent("GTS_PDFX", "FOGRA39", "http://www.color.org", null)),
                    d -> d.outputIntents.add(intent("GTS_PDFX", "FOGRA39", null, null))),
            c("OI_PROFILE_DAMAGED", CLEAN, d -> d.outputIntents.add(new OutputIntentFact("GTS_PDFX", "X", null, null,
                    null, null, null, "ICC header too short", 0, null))),
            c("OI_PRESENT", d -> d.outputIntents.clear(), CLEAN),
            c("OI_CONDITION_NOT_EXPECTED", CLEAN,
                    d -> { d.outputIntents.clear(); d.outputIntents.add(intent("GTS_PDFX", "Japan Color 2001", null, "CMYK")); }),
            // optional content
            c("OC_CONFIGS_PRESENT", d -> d.optionalContent = new OptionalContentFact(true, false, List.of(layer("A", true))),
                    d -> d.optionalContent = new OptionalContentFact(true, true, List.of(layer("A", true)))),
            c("OC_HIDDEN_LAYERS", d -> d.optionalContent = new OptionalContentFact(true, false, List.of(layer("A", true))),
                    d -> d.optionalContent = new OptionalContentFact(true, false, List.of(layer("A", false)))),
            c("OC_PRESENT", CLEAN, d -> d.optionalContent = new OptionalContentFact(true, false, List.of(layer("A", true)))),
            c("OC_NOT_PRINTING", d -> d.optionalContent = new OptionalContentFact(true, false, List.of(
                            new OptionalContentFact.Group(0, "A", null, true, "ON", false, null, null))),
                    d -> d.optionalContent = new OptionalContentFact(true, false, List.of(
                            new OptionalContentFact.Group(0, "A", null, true, "OFF", false, null, null)))),
            c("OC_LAYER_NAME_DUPLICATE", d -> d.optionalContent = new OptionalContentFact(true, false,
                            List.of(layer("A", true), layer("B", true))),
                    d -> d.optionalContent = new OptionalContentFact(true, false, List.of(layer("A", true), layer("A", true)))),
            c("OC_LAYER_NAME_EMPTY", d -> d.optionalContent = new OptionalContentFact(true, false, List.of(layer("A", true))),
                    d -> d.optionalContent = new OptionalContentFact(true, false, List.of(layer("", true)))),
            c("OC_HIDDEN_CONTENT", d -> d.page().elements.add(text(inside(), "10 0 R", 0)),
                    d -> d.page().elements.add(DocFacts.inHiddenLayer(text(inside(), "10 0 R", 0), "Notes"))),
            // processing steps
            c("PROC_STEPS_PRODUCT_TYPE",
                    d -> d.optionalContent = new OptionalContentFact(true, false, List.of(step("Cut", "Structural", "Cutting"))),
                    d -> d.optionalContent = new OptionalContentFact(true, false, List.of(step("Crease", "Structural", "Creasing")))),
            c("PROC_STEPS_CREASING_REQUIRED",
                    d -> d.optionalContent = new OptionalContentFact(true, false, List.of(step("R", "Structural", "ReverseCreasing"))),
                    d -> d.optionalContent = new OptionalContentFact(true, false, List.of(step("Cut", "Structural", "Cutting")))),
            c("PROC_STEPS_PRESENT", CLEAN,
                    d -> d.optionalContent = new OptionalContentFact(true, false, List.of(step("Cut", "Structural", "Cutting")))),
            c("PROC_STEPS_NOT_SPOT", d -> dieLine(d, DIE, true), d -> dieLine(d, PaintColor.device("DeviceCMYK", 0, 1, 0, 0), true)),
            c("PROC_STEPS_NOT_OVERPRINT", d -> dieLine(d, DIE, true), d -> dieLine(d, DIE, false)),
            c("PROC_STEPS_SPOT_IN_ARTWORK", d -> dieLine(d, DIE, true), d -> {
                dieLine(d, DIE, true);
                d.page().elements.add(DocFacts.paint(ElementKind.FILL, inside(), DIE, false, false, null));
            }),
            c("PROC_STEPS_UNKNOWN_TYPE",
                    d -> d.optionalContent = new OptionalContentFact(true, false, List.of(step("Cut", "Structural", "Cutting"))),
                    d -> d.optionalContent = new OptionalContentFact(true, false, List.of(step("Cut", "Structural", "Laser")))),
            c("PROC_STEPS_PRINTS", d -> d.optionalContent = new OptionalContentFact(true, false, List.of(
                            new OptionalContentFact.Group(0, "Die", "41 0 R", true, "OFF", true, "Structural", "Cutting"))),
                    d -> d.optionalContent = new OptionalContentFact(true, false, List.of(
                            new OptionalContentFact.Group(0, "Die", "41 0 R", false, "ON", true, "Structural", "Cutting")))),
            c("DIELINE_WITHOUT_PROC_STEPS", CLEAN, d -> d.page().elements.add(DocFacts.paint(ElementKind.STROKE, inside(),
                    PaintColor.separation("CutContour", 1, "DeviceCMYK"), true, false, null))),
            c("WHITE_INK_NOT_OVERPRINT", d -> d.page().elements.add(DocFacts.paint(ElementKind.FILL, inside(),
                            PaintColor.separation("White", 1, "DeviceCMYK"), true, true, null)),
                    d -> d.page().elements.add(DocFacts.paint(ElementKind.FILL, inside(),
                            PaintColor.separation("White", 1, "DeviceCMYK"), false, true, null))),
            c("VARNISH_NOT_OVERPRINT", d -> d.page().elements.add(DocFacts.paint(ElementKind.FILL, inside(),
                            PaintColor.separation("Varnish", 1, "DeviceCMYK"), true, true, null)),
                    d -> d.page().elements.add(DocFacts.paint(ElementKind.FILL, inside(),
                            PaintColor.separation("Varnish", 1, "DeviceCMYK"), false, true, null))),
            // compliance
            c("PDFX_VERSION_KEY_MISSING", d -> d.gtsPdfxVersion = null, d -> d.xmpPdfxVersion = null),
            c("PDFX_VERSION_MISMATCH", d -> d.gtsPdfxVersion = null, d -> d.gtsPdfxVersion = "PDF/X-3:2003"),
            c("PDFX_VERSION_NOT_ALLOWED", CLEAN, d -> { d.gtsPdfxVersion = "PDF/X-1a:2003"; d.xmpPdfxVersion = null; }),
            c("PDFX_PDF_VERSION", d -> d.pdfVersion = "1.4", d -> d.pdfVersion = "1.7"),
            c("PDFX_OI_MISSING", d -> d.outputIntents.add(intent("GTS_PDFA1", "sRGB", null, "RGB")),
                    d -> { d.outputIntents.clear(); d.outputIntents.add(intent("GTS_PDFA1", "sRGB", null, "RGB")); }),
            c("PDFX_OI_PROFILE", CLEAN,
                    d -> { d.outputIntents.clear(); d.outputIntents.add(intent("GTS_PDFX", "FOGRA39", "http://www.color.org", null)); }),
            c("PDFX_TRIM_OR_ART_MISSING", d -> { d.page().art = d.page().trim; d.page().trim = null; },
                    d -> d.page().trim = null),
            c("PDFX_TRIM_AND_ART_BOTH", CLEAN, d -> d.page().art = d.page().trim),
            c("PDFX_BOXES_NOT_NESTED", CLEAN, d -> d.page().bleed = new Box(20, 20, 300, 300)),
            c("PDFX_ENCRYPTED", CLEAN, d -> d.encrypted = true),
            c("PDFX_FONTS_NOT_EMBEDDED", CLEAN, d -> {
                d.fonts.add(font("12 0 R", "Arial", "TrueType", false, 1));
                d.page().elements.add(text(inside(), "12 0 R", 3));
            }),
            c("PDFX_ACTIONS_FORBIDDEN", d -> d.actions.add(action("URI")), d -> d.actions.add(action("JavaScript"))),
            c("PDFX_ANNOT_NOT_PRINTING", d -> d.page().annotations.add(annotation(1, "Link", inside(), false)),
                    d -> d.page().annotations.add(annotation(1, "Text", inside(), false))),
            c("PDFX_ANNOT_FORBIDDEN_TYPE", d -> d.page().annotations.add(annotation(1, "Link", inside(), false)),
                    d -> d.page().annotations.add(annotation(1, "Movie", inside(), true))),
            c("PDFX_TRAPPED_INVALID", d -> d.infoTrapped = null, d -> d.xmpTrapped = "Unknown"),
            c("PDFX_TITLE_MISSING", d -> d.infoTitle = null, d -> d.xmpTitle = null),
            c("PDFX_DATES_MISSING", d -> d.infoModDate = null, d -> d.xmpModifyDate = null),
            c("PDFX_XMP_MISSING", CLEAN, d -> d.xmpPresent = false),
            c("PDFX_OPTIONAL_CONTENT", CLEAN,
                    d -> d.optionalContent = new OptionalContentFact(true, false, List.of(layer("A", true)))),
            c("PDFX_TRANSPARENCY", d -> d.page().elements.add(text(inside(), "10 0 R", 0)),
                    d -> d.page().elements.add(DocFacts.withAlpha(text(inside(), "10 0 R", 0), 0.5))),
            c("PDFX_X1A_COLOR_SPACE", d -> d.page().elements.add(text(inside(), "10 0 R", 0)),
                    d -> d.page().elements.add(DocFacts.element(ElementKind.FILL, inside(),
                            PaintColor.device("DeviceRGB", 1, 0, 0)))),
            c("PDFX_EXTERNAL_PROFILE_REF", d -> referenced(d, 16), d -> referenced(d, -1), Map.of("standard", "PDF/X-4p")),
            c("PDFX_EXTERNAL_GRAPHICS_REF", CLEAN, d -> d.referenceXObjects.add(new ReferenceXObjectFact(1, "70 0 R",
                    inside(), null, "artwork.pdf", null, "0", List.of()))),
            c("PDFX_N_COLORANTS", d -> sixColour(d, List.of("Cyan", "Magenta", "Yellow", "Black", "Orange", "Green")),
                    d -> sixColour(d, List.of()), Map.of("standard", "PDF/X-5n")),
            c("PDFX6_PDF_VERSION", d -> d.pdfVersion = "2.0", CLEAN),
            c("PDFX6_PAGE_OUTPUT_INTENT", CLEAN, d -> d.outputIntents.add(new OutputIntentFact("GTS_PDFX", "sRGB", null,
                    null, null, "RGB", null, null, 1, "32 0 R"))),
            c("PDFVT_VERSION_KEY", d -> { d.xmpPdfvtVersion = "PDF/VT-1"; d.xmpPdfvtModDate = "2026-01-01T12:00:00Z"; },
                    CLEAN),
            c("PDFVT_DPART_MISSING", d -> d.documentParts = records(), CLEAN),
            c("PDFVT_NOT_PDFX4", CLEAN, d -> { d.gtsPdfxVersion = "PDF/X-4p"; d.xmpPdfxVersion = "PDF/X-4p"; }),
            c("PDFVT_RECORD_INFO", CLEAN, d -> d.documentParts = records()));

    /** A die line in the processing-step layer "Die" (Structural/Cutting), in a colour, overprinting or not. */
    private static void dieLine(DocFacts d, PaintColor colour, boolean overprint) {
        d.optionalContent = new OptionalContentFact(true, false, List.of(step("Die", "Structural", "Cutting")));
        d.page().elements.add(DocFacts.paint(ElementKind.STROKE, new Box(BLEED, BLEED, 300, 300), colour, overprint,
                true, "Die"));
    }

    /** The output intent without embedded profile, referring to a CMYK one with a checksum of that many bytes. */
    private static void referenced(DocFacts d, int checkSumBytes) {
        d.outputIntents.clear();
        d.outputIntents.add(new OutputIntentFact("GTS_PDFX", "FOGRA39", null, "http://www.color.org", null, null,
                null, null, 0, "30 0 R", false, null, List.of(), new ProfileRefFact(true,
                checkSumBytes < 0 ? null : "00".repeat(checkSumBytes), checkSumBytes, null, "FOGRA39", "CMYK", null,
                List.of(), List.of("https://www.color.org/fogra39.icc"), List.of()), null));
    }

    /** The output intent with an embedded six-colour profile naming the given colorants. */
    private static void sixColour(DocFacts d, List<String> colorants) {
        d.outputIntents.clear();
        d.outputIntents.add(new OutputIntentFact("GTS_PDFX", "6C", null, null, null, "CLR6", null, null, 0, "30 0 R",
                true, 6, colorants, null, null));
    }

    /** One record of the one page. */
    private static DocumentPartsFact records() {
        return new DocumentPartsFact(true, true, 1, List.of("Document", "Recipient"), 1, 2, 1, 1, Map.of(1, 1),
                List.of(), 0, List.of());
    }

    static List<Finding> run(String id, DocFacts facts, Map<String, Object> params) {
        Check check = DocumentChecks.all().stream().filter(c -> c.info().id().equals(id)).findFirst().orElseThrow();
        var ctx = new CheckContext(check.info(), new ProfileCheck(id, null, params, null), 100);
        check.run(facts.build(), ctx);
        return ctx.findings();
    }

    @TestFactory
    Stream<DynamicTest> everyCheckPassesItsCleanCaseAndFailsItsBrokenCase() {
        return CASES.stream().flatMap(k -> Stream.of(
                DynamicTest.dynamicTest(k.id() + " passes", () -> {
                    DocFacts d = DocFacts.clean();
                    k.pass().accept(d);
                    assertThat(run(k.id(), d, k.params())).as(k.id()).isEmpty();
                }),
                DynamicTest.dynamicTest(k.id() + " fails", () -> {
                    DocFacts d = DocFacts.clean();
                    k.fail().accept(d);
                    List<Finding> findings = run(k.id(), d, k.params());
                    assertThat(findings).as(k.id()).isNotEmpty();
                    assertThat(findings).allSatisfy(f -> {
                        assertThat(f.inspectionId()).isEqualTo(k.id());
                        assertThat(f.message()).isNotBlank();
                        assertThat(f.source()).isEqualTo(Finding.SOURCE_ENGINE);
                    });
                })));
    }

    @Test
    void everyDocumentCheckHasACase() {
        var ids = new ArrayList<String>();
        for (Check c : DocumentChecks.all()) {
            ids.add(c.info().id());
        }
        var covered = new LinkedHashMap<String, Case>();
        for (Case k : CASES) {
            assertThat(covered.put(k.id(), k)).as("duplicate case " + k.id()).isNull();
        }
        assertThat(covered.keySet()).containsExactlyInAnyOrderElementsOf(ids);
    }
}
