package dev.preflight.engine.checks.compliance;

import dev.preflight.engine.Finding;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.ContentFacts;
import dev.preflight.engine.checks.PdfFacts;
import dev.preflight.engine.testpdf.ExchangePdfs;
import dev.preflight.engine.testpdf.Pdfs;
import org.apache.pdfbox.cos.COSBase;
import org.apache.pdfbox.cos.COSDictionary;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.cos.COSString;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * PDF/X-4p, -5g, -5pg, -5n, -6, -6p and -6n on generated files: external profile references, reference XObjects,
 * n-colour output intents, PDF 2.0 and page-level output intents, and the existing PDF/X checks under the new
 * editions.
 */
class PdfxNewerEditionsTests {

    private static final COSName REF = COSName.getPDFName("DestOutputProfileRef");
    private static final COSName MIXING_HINTS = COSName.getPDFName("MixingHints");
    private static final byte[] SUM = new byte[16];
    private static final List<String> SIX = List.of("Cyan", "Magenta", "Yellow", "Black", "Orange", "Green");

    /** A one-page document shaped by {@code setup}. */
    private static byte[] pdf(Consumer<Pdfs.Doc> setup) {
        Pdfs.Doc d = Pdfs.document();
        setup.accept(d);
        if (ExchangePdfs.pages(d) == null || ExchangePdfs.pages(d).size() == 0) {
            d.page(400, 400);
        }
        return d.bytes();
    }

    private static List<Finding> run(Check check, String standard, byte[] pdf, Object... params) {
        var p = new ArrayList<Object>(List.of("standard", standard));
        p.addAll(List.of(params));
        return ContentFacts.run(check, PdfFacts.of(pdf), ContentFacts.params(p.toArray()));
    }

    /** A document output intent without embedded profile, referring to one outside with {@code ref}. */
    private static Consumer<Pdfs.Doc> referenced(COSBase ref) {
        return d -> ExchangePdfs.intent(d, "FOGRA39", null).setItem(REF, ref);
    }

    // ------------------------------------------------------------------------------------------ external profile

    private final Check profileRef = new PdfxExternalProfileRefCheck();

    @Test
    void aCompleteExternalProfileReferencePasses() {
        assertThat(run(profileRef, "PDF/X-4p", pdf(referenced(ExchangePdfs.cmykRef(SUM))))).isEmpty();
    }

    @Test
    void aReferenceWithoutChecksumFails() {
        COSDictionary ref = ExchangePdfs.cmykRef(null);
        assertThat(run(profileRef, "PDF/X-4p", pdf(referenced(ref)))).singleElement().satisfies(f -> {
            assertThat(f.message()).isEqualTo("The DestOutputProfileRef of output intent FOGRA39 has no /CheckSum to "
                    + "verify the profile with (PDF/X-4p)");
            assertThat(f.details()).containsEntry("problem", "checksum_missing")
                    .containsEntry("output_condition_identifier", "FOGRA39").containsEntry("clause", "ISO 15930-7");
            assertThat(f.pageNum()).isZero();
        });
        assertThat(run(profileRef, "PDF/X-4p", pdf(referenced(ref)), "required_keys",
                List.of("ProfileName", "ProfileCS", "URLs"))).isEmpty();
    }

    @ParameterizedTest(name = "a {0}-byte checksum: {1} findings")
    @CsvSource({"15, 1", "16, 0", "17, 1", "0, 1"})
    void theChecksumIsAnMd5Of16Bytes(int bytes, int findings) {
        List<Finding> f = run(profileRef, "PDF/X-5pg", pdf(referenced(ExchangePdfs.cmykRef(new byte[bytes]))));
        assertThat(f).hasSize(findings);
        if (findings > 0) {
            assertThat(f.getFirst().message()).isEqualTo("The DestOutputProfileRef of output intent FOGRA39 has a "
                    + "/CheckSum of " + bytes + " bytes, not the 16 of an MD5 (PDF/X-5pg)");
            assertThat(f.getFirst().details()).containsEntry("problem", "checksum_length")
                    .containsEntry("clause", "ISO 15930-8");
        }
    }

    @Test
    void aProfileEmbeddedBesideTheReferenceMustHaveItsChecksum() throws Exception {
        byte[] profile = Pdfs.cmykProfile();
        byte[] md5 = MessageDigest.getInstance("MD5").digest(profile);
        byte[] good = pdf(d -> ExchangePdfs.intent(d, "FOGRA39", profile).setItem(REF, ExchangePdfs.cmykRef(md5)));
        assertThat(run(profileRef, "PDF/X-4p", good)).isEmpty();
        byte[] other = md5.clone();
        other[15] ^= 1;
        byte[] bad = pdf(d -> ExchangePdfs.intent(d, "FOGRA39", profile).setItem(REF, ExchangePdfs.cmykRef(other)));
        assertThat(run(profileRef, "PDF/X-4p", bad)).singleElement().satisfies(f -> {
            assertThat(f.details()).containsEntry("problem", "checksum_mismatch");
            assertThat(f.message()).contains("has a /CheckSum (" + java.util.HexFormat.of().formatHex(other)
                    + ") that is not the checksum of the profile embedded beside it");
        });
    }

    @Test
    void everyLocationMustBeAnAbsoluteUrl() {
        COSDictionary ok = ExchangePdfs.profileRef(SUM, "P", "CMYK", null, List.of(ExchangePdfs.url(
                "https://www.color.org/p.icc"), new COSString("ftp://host/p.icc"), new COSString("file:///p.icc")));
        assertThat(run(profileRef, "PDF/X-4p", pdf(referenced(ok)))).isEmpty();
        COSDictionary relative = ExchangePdfs.profileRef(SUM, "P", "CMYK", null, List.of(ExchangePdfs.url(
                "profiles/p.icc"), ExchangePdfs.file("p.icc")));
        assertThat(run(profileRef, "PDF/X-4p", pdf(referenced(relative)))).extracting(Finding::message)
                .containsExactly("The DestOutputProfileRef of output intent FOGRA39 /URLs: entry 1 is not a URL: "
                                + "profiles/p.icc (PDF/X-4p)",
                        "The DestOutputProfileRef of output intent FOGRA39 /URLs: entry 2 is a file specification "
                                + "without /FS /URL (PDF/X-4p)");
        COSDictionary none = ExchangePdfs.profileRef(SUM, "P", "CMYK", null, null);
        assertThat(run(profileRef, "PDF/X-4p", pdf(referenced(none)))).singleElement().satisfies(f -> assertThat(
                f.details()).containsEntry("problem", "urls_missing"));
    }

    @Test
    void theProfileMustBeNamedWithItsColourSpace() {
        COSDictionary bare = ExchangePdfs.profileRef(SUM, null, null, null,
                List.of(ExchangePdfs.url("https://www.color.org/p.icc")));
        assertThat(run(profileRef, "PDF/X-6p", pdf(referenced(bare)))).extracting(f -> f.details().get("problem"))
                .containsExactly("profile_name_missing", "profile_cs_missing");
        assertThat(run(profileRef, "PDF/X-6p", pdf(referenced(bare)), "required_keys",
                List.of("ICCVersion", "ColorantTable"))).extracting(f -> f.details().get("problem"))
                .containsExactly("icc_version_missing", "colorant_table_missing");
    }

    @Test
    void aReferenceThatIsNoDictionaryFails() {
        assertThat(run(profileRef, "PDF/X-4p", pdf(referenced(new COSString("fogra39.icc"))))).singleElement()
                .satisfies(f -> assertThat(f.message()).isEqualTo("The DestOutputProfileRef of output intent FOGRA39 "
                        + "is not a dictionary (PDF/X-4p)"));
    }

    @Test
    void editionsWithoutExternalProfilesLeaveTheReferenceToTheProfileCheck() {
        byte[] broken = pdf(referenced(ExchangePdfs.profileRef(null, null, null, null, null)));
        for (String standard : List.of("PDF/X-4", "PDF/X-5g", "PDF/X-6", "PDF/X-3")) {
            assertThat(run(profileRef, standard, broken)).as(standard).isEmpty();
        }
        assertThat(run(profileRef, "PDF/X-5n", broken)).hasSize(4);
    }

    @Test
    void pageIntentsCountInPdfx6p() {
        Pdfs.Doc d = Pdfs.document();
        ExchangePdfs.intent(d, "FOGRA39", Pdfs.cmykProfile());
        ExchangePdfs.pageIntent(d.page(400, 400), "FOGRA51", null).setItem(REF, ExchangePdfs.profileRef(SUM, "F51",
                "CMYK", null, null));
        List<Finding> f = run(profileRef, "PDF/X-6p", d.bytes());
        assertThat(f).singleElement().satisfies(x -> {
            assertThat(x.pageNum()).isEqualTo(1);
            assertThat(x.message()).isEqualTo("The DestOutputProfileRef of output intent FOGRA51 on page 1 has no "
                    + "/URLs to fetch the profile from (PDF/X-6p)");
        });
        Pdfs.Doc same = Pdfs.document();
        ExchangePdfs.intent(same, "FOGRA39", Pdfs.cmykProfile());
        ExchangePdfs.pageIntent(same.page(400, 400), "FOGRA51", null).setItem(REF, ExchangePdfs.profileRef(SUM, "F51",
                "CMYK", null, null));
        assertThat(run(profileRef, "PDF/X-4p", same.bytes())).as("page intents are no part of PDF/X-4p").isEmpty();
    }

    // ------------------------------------------------------------------------------------------ PDFX_OI_PROFILE

    private final Check oiProfile = new PdfxOutputProfileCheck();

    @Test
    void anExternalProfileSatisfiesTheOutputProfileRuleOnlyWhereAllowed() {
        byte[] referencedOnly = pdf(referenced(ExchangePdfs.cmykRef(SUM)));
        assertThat(run(oiProfile, "PDF/X-4p", referencedOnly)).isEmpty();
        assertThat(run(oiProfile, "PDF/X-4", referencedOnly)).singleElement().satisfies(f -> assertThat(f.message())
                .isEqualTo("The GTS_PDFX output intent has no embedded destination profile, only a "
                        + "DestOutputProfileRef, which only PDF/X-4p, -5pg, -5n, -6p and -6n allow (PDF/X-4)"));
        byte[] neither = pdf(d -> ExchangePdfs.intent(d, "FOGRA39", null));
        assertThat(run(oiProfile, "PDF/X-4p", neither)).singleElement().satisfies(f -> assertThat(f.message())
                .isEqualTo("The GTS_PDFX output intent has neither an embedded destination profile nor a "
                        + "DestOutputProfileRef (PDF/X-4p)"));
        assertThat(run(oiProfile, "PDF/X-4", neither)).singleElement().satisfies(f -> assertThat(f.message())
                .isEqualTo("The GTS_PDFX output intent has no embedded destination profile (PDF/X-4)"));
    }

    @ParameterizedTest(name = "{0} with ProfileCS {1}: {2} findings")
    @CsvSource({"PDF/X-4p, CMYK, 0", "PDF/X-4p, 'RGB ', 0", "PDF/X-4p, Lab, 1", "PDF/X-4p, 6CLR, 1",
            "PDF/X-5n, 6CLR, 0", "PDF/X-6n, 7CLR, 0", "PDF/X-6n, GRAY, 0"})
    void aReferencedProfileIsJudgedByItsColourSpace(String standard, String cs, int findings) {
        byte[] pdf = pdf(referenced(ExchangePdfs.profileRef(SUM, "P", cs, null,
                List.of(ExchangePdfs.url("https://www.color.org/p.icc")))));
        assertThat(run(oiProfile, standard, pdf)).hasSize(findings);
    }

    @Test
    void anNColourProfileIsAllowedInTheNColourEditionsOnly() {
        byte[] pdf = pdf(d -> ExchangePdfs.intent(d, "6C", ExchangePdfs.nColourProfile(6, SIX)));
        assertThat(run(oiProfile, "PDF/X-5n", pdf)).isEmpty();
        assertThat(run(oiProfile, "PDF/X-4", pdf)).singleElement().satisfies(f -> assertThat(f.message())
                .isEqualTo("The GTS_PDFX output intent has a CLR6 profile (PDF/X-4)"));
    }

    // ------------------------------------------------------------------------------------------ external graphics

    private final Check graphics = new PdfxExternalGraphicsRefCheck();

    private static byte[] withReference(COSBase ref) {
        Pdfs.Page p = Pdfs.document().page(400, 400);
        ExchangePdfs.referenceXObject(p, ref, 100, 120);
        return p.done().bytes();
    }

    @Test
    void aReferenceThatNamesAndIdentifiesItsTargetPasses() {
        byte[] pdf = withReference(ExchangePdfs.ref(ExchangePdfs.file("artwork.pdf"), 0, ExchangePdfs.ids()));
        assertThat(run(graphics, "PDF/X-5g", pdf)).isEmpty();
        assertThat(run(graphics, "PDF/X-5pg", pdf)).isEmpty();
        assertThat(run(graphics, "PDF/X-5g", withReference(ExchangePdfs.ref(new COSString("a.pdf"), "iv",
                ExchangePdfs.ids())))).as("a page label and a plain file name").isEmpty();
    }

    @Test
    void otherEditionsDoNotAllowReferenceXObjects() {
        byte[] pdf = withReference(ExchangePdfs.ref(ExchangePdfs.file("artwork.pdf"), 0, ExchangePdfs.ids()));
        assertThat(run(graphics, "PDF/X-4", pdf)).singleElement().satisfies(f -> {
            assertThat(f.message()).isEqualTo("Reference XObject on page 1 draws graphics from another file "
                    + "(artwork.pdf), which only PDF/X-5g and -5pg allow (PDF/X-4)");
            assertThat(f.pageNum()).isEqualTo(1);
            assertThat(f.bbox()).containsExactly(100.0, 120.0, 150.0, 170.0);
            assertThat(f.details()).containsEntry("problem", "not_allowed").containsEntry("file", "artwork.pdf")
                    .containsEntry("target_page", "0").containsEntry("clause", "ISO 15930-7");
        });
        for (String standard : List.of("PDF/X-4p", "PDF/X-5n", "PDF/X-6", "PDF/X-6p", "PDF/X-6n", "PDF/X-1a:2003")) {
            assertThat(run(graphics, standard, pdf)).as(standard).hasSize(1);
        }
    }

    @Test
    void theTargetMustBeNamedAndIdentified() {
        assertThat(run(graphics, "PDF/X-5g", withReference(ExchangePdfs.ref(null, null, null))))
                .extracting(f -> f.details().get("problem"))
                .containsExactly("file_missing", "page_missing", "id_missing");
        assertThat(run(graphics, "PDF/X-5g", withReference(ExchangePdfs.ref(ExchangePdfs.file("a.pdf"), 0,
                List.of(new byte[16]))))).singleElement().satisfies(f -> {
                    assertThat(f.details()).containsEntry("problem", "id_invalid");
                    assertThat(f.message()).isEqualTo("Reference XObject on page 1 has an /ID that is not two "
                            + "non-empty byte strings (PDF/X-5g)");
                });
        assertThat(run(graphics, "PDF/X-5g", withReference(ExchangePdfs.ref(ExchangePdfs.file("a.pdf"), 0,
                List.of(new byte[16], new byte[0]))))).hasSize(1);
        assertThat(run(graphics, "PDF/X-5g", withReference(ExchangePdfs.ref(ExchangePdfs.file("a.pdf"), 0, null)),
                "require_id", false)).isEmpty();
        assertThat(run(graphics, "PDF/X-5g", withReference(new COSString("a.pdf")))).singleElement()
                .satisfies(f -> assertThat(f.details()).containsEntry("problem", "ref_not_dictionary"));
    }

    // ------------------------------------------------------------------------------------------ n colorants

    private final Check nColorants = new PdfxNColorantsCheck();

    private static byte[] nColour(byte[] profile, COSDictionary hints) {
        return pdf(d -> {
            COSDictionary oi = ExchangePdfs.intent(d, "7C", profile);
            if (hints != null) {
                oi.setItem(MIXING_HINTS, hints);
            }
        });
    }

    @Test
    void anNColourProfileNamingEveryColorantPasses() {
        assertThat(run(nColorants, "PDF/X-5n", nColour(ExchangePdfs.nColourProfile(6, SIX), null))).isEmpty();
        assertThat(run(nColorants, "PDF/X-6n", nColour(ExchangePdfs.nColourProfile(6, SIX),
                ExchangePdfs.mixingHints(List.of("Yellow", "Magenta", "Cyan", "Black", "Orange", "Green"),
                        Map.of("Orange", 1.0, "Default", 0.0), List.of("Default", "Green"))))).isEmpty();
    }

    @Test
    void aProcessProfileIsNoNColourCondition() {
        assertThat(run(nColorants, "PDF/X-5n", nColour(Pdfs.cmykProfile(), null))).singleElement().satisfies(f -> {
            assertThat(f.message()).isEqualTo("The output intent 7C has a CMYK profile, not an n-colour one "
                    + "(PDF/X-5n)");
            assertThat(f.details()).containsEntry("problem", "not_n_colorant")
                    .containsEntry("profile_color_space", "CMYK");
        });
    }

    @Test
    void theColorantsMustBeNamedOncePerChannel() {
        assertThat(run(nColorants, "PDF/X-5n", nColour(ExchangePdfs.nColourProfile(6, null), null)))
                .singleElement().satisfies(f -> assertThat(f.message()).isEqualTo("The output intent 7C has a profile "
                        + "without a colorant table naming its colorants (PDF/X-5n)"));
        assertThat(run(nColorants, "PDF/X-5n", nColour(ExchangePdfs.nColourProfile(6, SIX.subList(0, 5)), null)))
                .singleElement().satisfies(f -> {
                    assertThat(f.message()).isEqualTo("The output intent 7C names 5 colorants for a 6-colour profile "
                            + "(PDF/X-5n)");
                    assertThat(f.details()).containsEntry("colorants", SIX.subList(0, 5));
                });
        assertThat(run(nColorants, "PDF/X-5n", nColour(ExchangePdfs.nColourProfile(6, List.of("Cyan", "Magenta",
                "Yellow", "Black", "Orange", "Orange")), null))).singleElement().satisfies(f -> assertThat(f.details())
                .containsEntry("problem", "colorant_names"));
    }

    @Test
    void aReferencedNColourProfileNamesItsColorantsInTheReference() {
        byte[] ok = pdf(referenced(ExchangePdfs.profileRef(SUM, "7C", "6CLR", SIX,
                List.of(ExchangePdfs.url("https://www.color.org/7c.icc")))));
        assertThat(run(nColorants, "PDF/X-5n", ok)).isEmpty();
        byte[] missing = pdf(referenced(ExchangePdfs.profileRef(SUM, "7C", "6CLR", null,
                List.of(ExchangePdfs.url("https://www.color.org/7c.icc")))));
        assertThat(run(nColorants, "PDF/X-5n", missing)).singleElement().satisfies(f -> assertThat(f.message())
                .isEqualTo("The output intent FOGRA39 has no /ColorantTable naming the colorants of its profile "
                        + "(PDF/X-5n)"));
    }

    @Test
    void mixingHintsMustFitTheColorants() {
        byte[] profile = ExchangePdfs.nColourProfile(6, SIX);
        Map<String, Double> solidities = new LinkedHashMap<>();
        solidities.put("Orange", 0.9);
        assertThat(run(nColorants, "PDF/X-6n", nColour(profile, ExchangePdfs.mixingHints(null, solidities, null))))
                .singleElement().satisfies(f -> {
                    assertThat(f.message()).isEqualTo("The output intent 7C gives /Solidities but no /PrintingOrder "
                            + "(PDF/X-6n)");
                    assertThat(f.details()).containsEntry("clause", "ISO 15930-9");
                });
        assertThat(run(nColorants, "PDF/X-6n", nColour(profile, ExchangePdfs.mixingHints(List.of("Cyan", "Red"),
                null, List.of("Blue"))))).singleElement().satisfies(f -> assertThat(f.message()).isEqualTo(
                "The output intent 7C has /MixingHints for [Red, Blue], which are not colorants of its profile "
                        + "[Cyan, Magenta, Yellow, Black, Orange, Green] (PDF/X-6n)"));
    }

    @ParameterizedTest(name = "solidity {0}: {1} findings")
    @CsvSource({"0, 0", "1, 0", "1.01, 1", "-0.01, 1"})
    void soliditiesLieBetweenZeroAndOne(double solidity, int findings) {
        byte[] pdf = nColour(ExchangePdfs.nColourProfile(6, SIX), ExchangePdfs.mixingHints(SIX,
                Map.of("Green", solidity), null));
        List<Finding> f = run(nColorants, "PDF/X-5n", pdf);
        assertThat(f).hasSize(findings);
        if (findings > 0) {
            assertThat(f.getFirst().details()).containsEntry("problem", "solidity_range");
        }
    }

    @Test
    void mixingHintsCanBeRequired() {
        byte[] pdf = nColour(ExchangePdfs.nColourProfile(6, SIX), null);
        assertThat(run(nColorants, "PDF/X-6n", pdf, "require_mixing_hints", true)).singleElement()
                .satisfies(f -> assertThat(f.details()).containsEntry("problem", "mixing_hints_missing"));
    }

    @Test
    void otherEditionsAreNotJudgedForColorants() {
        byte[] pdf = nColour(ExchangePdfs.nColourProfile(6, null), null);
        for (String standard : List.of("PDF/X-4", "PDF/X-4p", "PDF/X-5g", "PDF/X-6", "PDF/X-6p")) {
            assertThat(run(nColorants, standard, pdf)).as(standard).isEmpty();
        }
    }

    // ------------------------------------------------------------------------------------------ PDF/X-6

    private final Check pdf20 = new Pdfx6PdfVersionCheck();
    private final Check pageIntent = new Pdfx6PageOutputIntentCheck();

    @ParameterizedTest(name = "{0} in PDF {1}: {2} findings")
    @CsvSource({"PDF/X-6, 2.0, 0", "PDF/X-6, 1.7, 1", "PDF/X-6p, 1.6, 1", "PDF/X-6n, 2.0, 0", "PDF/X-4, 1.6, 0",
            "PDF/X-5g, 1.4, 0"})
    void pdfx6IsPdf20(String standard, float version, int findings) {
        byte[] pdf = pdf(d -> d.version(version));
        List<Finding> f = run(pdf20, standard, pdf);
        assertThat(f).hasSize(findings);
        if (findings > 0) {
            assertThat(f.getFirst().message()).isEqualTo("PDF version " + version + " is not 2.0 (" + standard + ")");
            assertThat(f.getFirst().details()).containsEntry("required_version", "2.0");
        }
    }

    private static Pdfs.Doc withDocumentIntent() {
        Pdfs.Doc d = Pdfs.document().version(2.0f);
        ExchangePdfs.intent(d, "FOGRA39", Pdfs.cmykProfile());
        return d;
    }

    @Test
    void aPageIntentOfTheDocumentsColourSpacePasses() {
        Pdfs.Doc d = withDocumentIntent();
        ExchangePdfs.pageIntent(d.page(400, 400), "FOGRA51", Pdfs.cmykProfile());
        assertThat(run(pageIntent, "PDF/X-6", d.bytes())).isEmpty();
    }

    @Test
    void aPageIntentOfAnotherColourSpaceFails() {
        Pdfs.Doc d = withDocumentIntent();
        d.page(400, 400);
        ExchangePdfs.pageIntent(d.page(400, 400), "sRGB", Pdfs.srgbProfile());
        assertThat(run(pageIntent, "PDF/X-6", d.bytes())).singleElement().satisfies(f -> {
            assertThat(f.message()).isEqualTo("The output intent sRGB on page 2 has a RGB profile, the document's "
                    + "intent a CMYK one (PDF/X-6)");
            assertThat(f.pageNum()).isEqualTo(2);
            assertThat(f.details()).containsEntry("problem", "color_space_differs")
                    .containsEntry("document_color_space", "CMYK").containsEntry("profile_color_space", "RGB");
        });
    }

    @Test
    void aPageIntentNeedsAProfileAndStandsAlone() {
        Pdfs.Doc d = withDocumentIntent();
        Pdfs.Page p = d.page(400, 400);
        ExchangePdfs.pageIntent(p, "Nothing", null);
        ExchangePdfs.pageIntent(p, "FOGRA51", Pdfs.cmykProfile());
        assertThat(run(pageIntent, "PDF/X-6", d.bytes())).extracting(f -> f.details().get("problem"))
                .containsExactly("multiple", "profile_missing");
        Pdfs.Doc referenced = withDocumentIntent();
        ExchangePdfs.pageIntent(referenced.page(400, 400), "FOGRA51", null).setItem(REF, ExchangePdfs.cmykRef(SUM));
        assertThat(run(pageIntent, "PDF/X-6p", referenced.bytes())).isEmpty();
        Pdfs.Doc notAllowed = withDocumentIntent();
        ExchangePdfs.pageIntent(notAllowed.page(400, 400), "FOGRA51", null).setItem(REF, ExchangePdfs.cmykRef(SUM));
        assertThat(run(pageIntent, "PDF/X-6", notAllowed.bytes())).singleElement().satisfies(f -> assertThat(
                f.message()).isEqualTo("The output intent FOGRA51 on page 1 has no destination profile (PDF/X-6)"));
    }

    @Test
    void earlierEditionsLeavePageIntentsToTheirOwnCheck() {
        Pdfs.Doc d = withDocumentIntent();
        ExchangePdfs.pageIntent(d.page(400, 400), "sRGB", Pdfs.srgbProfile());
        byte[] pdf = d.bytes();
        for (String standard : List.of("PDF/X-4", "PDF/X-4p", "PDF/X-5n")) {
            assertThat(run(pageIntent, standard, pdf)).as(standard).isEmpty();
        }
    }

    // ------------------------------------------------------------------------------------------ taught editions

    @Test
    void theNewerEditionsAllowLiveTransparencyAndLayersAndKeepTheirMetadataInXmp() {
        byte[] transparent = Pdfs.document().page(400, 400).alpha(0.5, 0.5).rect(10, 10, 50, 50).done().bytes();
        byte[] layered = Pdfs.document().layer("A", true).page(400, 400).done().bytes();
        for (String standard : List.of("PDF/X-4p", "PDF/X-5g", "PDF/X-5pg", "PDF/X-5n", "PDF/X-6", "PDF/X-6p",
                "PDF/X-6n")) {
            assertThat(run(new PdfxTransparencyCheck(), standard, transparent)).as(standard).isEmpty();
            assertThat(run(new PdfxOptionalContentCheck(), standard, layered)).as(standard).isEmpty();
            assertThat(run(new PdfxXmpMissingCheck(), standard, layered)).as(standard).hasSize(1);
            assertThat(run(new PdfxVersionKeyMissingCheck(), standard, layered)).as(standard).singleElement()
                    .satisfies(f -> assertThat(f.message()).isEqualTo("XMP pdfxid:GTS_PDFXVersion is missing ("
                            + standard + ")"));
        }
    }

    @ParameterizedTest(name = "{0} declared and checked as {1}: clause {2}")
    @CsvSource({"PDF/X-4p, ISO 15930-7", "PDF/X-5g, ISO 15930-8", "PDF/X-5pg, ISO 15930-8",
            "PDF/X-5n, ISO 15930-8", "PDF/X-6, ISO 15930-9", "PDF/X-6p, ISO 15930-9", "PDF/X-6n, ISO 15930-9"})
    void eachEditionIsDeclaredByItsOwnVersionAndCitesItsPart(String standard, String clause) {
        byte[] declared = Pdfs.document().xmp(ExchangePdfs.xmp(standard, null, null)).page(400, 400).done().bytes();
        assertThat(run(new PdfxVersionNotAllowedCheck(), standard, declared)).isEmpty();
        assertThat(run(new PdfxVersionNotAllowedCheck(), "PDF/X-4", declared)).singleElement().satisfies(f -> {
            assertThat(f.message()).isEqualTo("The document declares " + standard + ", expected PDF/X-4");
            assertThat(f.details()).containsEntry("clause", "ISO 15930-7");
        });
        byte[] noTitle = Pdfs.document().xmp(ExchangePdfs.xmp(standard, null, null)).page(400, 400).done().bytes();
        assertThat(run(new PdfxTitleMissingCheck(), standard, noTitle)).singleElement().satisfies(f -> assertThat(
                f.details()).containsEntry("clause", clause));
    }

    @ParameterizedTest(name = "{0} in PDF {1}: {2} findings")
    @CsvSource({"PDF/X-4p, 1.6, 0", "PDF/X-4p, 1.7, 1", "PDF/X-5n, 1.7, 1", "PDF/X-6, 2.0, 0"})
    void theNewerEditionsCapThePdfVersion(String standard, float version, int findings) {
        assertThat(run(new PdfxPdfVersionCheck(), standard, pdf(d -> d.version(version)))).hasSize(findings);
    }
}
