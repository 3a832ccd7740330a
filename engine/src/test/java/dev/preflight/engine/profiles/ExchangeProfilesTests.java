package dev.preflight.engine.profiles;

import dev.preflight.engine.AnalysisRequest;
import dev.preflight.engine.CheckCatalog;
import dev.preflight.engine.Engine;
import dev.preflight.engine.EngineSettings;
import dev.preflight.engine.Finding;
import dev.preflight.engine.Profile;
import dev.preflight.engine.ProfileCheck;
import dev.preflight.engine.Profiles;
import dev.preflight.engine.testpdf.ExchangePdfs;
import dev.preflight.engine.testpdf.Pdfs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** The PDF/X-4p to PDF/X-6n profiles and PDF/VT-1: which checks each runs, and whole files through them. */
class ExchangeProfilesTests {

    private static final String DATE = "2026-01-02T03:04:05Z";

    @TempDir
    Path tmp;

    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource(delimiter = '|', value = {
            "pdfx-4p  | PDF/X-4p  | ISO 15930-7 | PDFX_EXTERNAL_PROFILE_REF",
            "pdfx-5g  | PDF/X-5g  | ISO 15930-8 | ",
            "pdfx-5pg | PDF/X-5pg | ISO 15930-8 | PDFX_EXTERNAL_PROFILE_REF",
            "pdfx-5n  | PDF/X-5n  | ISO 15930-8 | PDFX_EXTERNAL_PROFILE_REF PDFX_N_COLORANTS",
            "pdfx-6   | PDF/X-6   | ISO 15930-9 | PDFX6_PDF_VERSION PDFX6_PAGE_OUTPUT_INTENT",
            "pdfx-6p  | PDF/X-6p  | ISO 15930-9 | PDFX_EXTERNAL_PROFILE_REF PDFX6_PDF_VERSION PDFX6_PAGE_OUTPUT_INTENT",
            "pdfx-6n  | PDF/X-6n  | ISO 15930-9 | PDFX_EXTERNAL_PROFILE_REF PDFX_N_COLORANTS PDFX6_PDF_VERSION "
                    + "PDFX6_PAGE_OUTPUT_INTENT"})
    void everyEditionRunsThePdfx4ChecksAndItsOwn(String id, String standard, String clause, String own) {
        Profile p = Profiles.validate(Profiles.builtin(id), CheckCatalog.builtin());
        assertThat(p.standard()).isEqualTo(standard);
        List<String> ownIds = own == null ? List.of() : List.of(own.split(" "));
        var edition = Set.of("PDFX_EXTERNAL_PROFILE_REF", "PDFX_N_COLORANTS", "PDFX6_PDF_VERSION",
                "PDFX6_PAGE_OUTPUT_INTENT");
        for (ProfileCheck pc : Profiles.builtin("pdfx-4").checks()) {
            ProfileCheck mine = p.check(pc.checkId());
            assertThat(mine).as(id + " runs " + pc.checkId()).isNotNull();
            assertThat(mine.isoClause()).isEqualTo(clause);
            if (pc.params().containsKey("standard")) {
                assertThat(mine.params()).containsEntry("standard", standard);
            }
        }
        for (String e : edition) {
            assertThat(p.check(e) != null).as(id + " runs " + e).isEqualTo(ownIds.contains(e));
        }
        assertThat(p.checks()).extracting(ProfileCheck::checkId).doesNotContain("PDFX_TRANSPARENCY",
                "PDFX_OPTIONAL_CONTENT", "PDFX_X1A_COLOR_SPACE").doesNotHaveDuplicates();
    }

    @Test
    void pdfx4NowRefusesReferenceXObjectsToo() {
        Profile p = Profiles.builtin("pdfx-4");
        assertThat(p.check("PDFX_EXTERNAL_GRAPHICS_REF").params()).containsEntry("standard", "PDF/X-4");
        assertThat(p.check("PDFX_EXTERNAL_PROFILE_REF")).isNull();
        assertThat(Profiles.builtin("pdfx-3").check("PDFX_EXTERNAL_GRAPHICS_REF")).isNull();
    }

    @Test
    void pdfvt1IsPdfx4WithTheDocumentPartChecks() {
        Profile p = Profiles.validate(Profiles.builtin("pdfvt-1"), CheckCatalog.builtin());
        assertThat(p.standard()).isEqualTo("PDF/VT-1");
        assertThat(p.check("PDFX_VERSION_KEY_MISSING").params()).containsEntry("standard", "PDF/X-4");
        assertThat(p.check("PDFX_VERSION_KEY_MISSING").isoClause()).isEqualTo("ISO 15930-7");
        for (String vt : List.of("PDFVT_VERSION_KEY", "PDFVT_NOT_PDFX4", "PDFVT_DPART_MISSING", "PDFVT_RECORD_INFO")) {
            assertThat(p.check(vt).isoClause()).as(vt).isEqualTo("ISO 16612-2");
        }
        assertThat(p.check("PDFVT_RECORD_INFO").severity().wire()).isEqualTo("info");
    }

    /** A PDF/X-4 identification and metadata packet, with PDF/VT-1 identification when asked. */
    private static String xmp(String pdfx, boolean vt) {
        String vtAttrs = vt ? " pdfvtid:GTS_PDFVTVersion=\"PDF/VT-1\"" : "";
        String vtDate = vt ? "<pdfvtid:GTS_PDFVTModDate>" + DATE + "</pdfvtid:GTS_PDFVTModDate>" : "";
        return "<?xpacket begin=\"\" id=\"W5M0MpCehiHzreSzNTczkc9d\"?>"
                + "<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"><rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\">"
                + "<rdf:Description rdf:about=\"\" xmlns:dc=\"http://purl.org/dc/elements/1.1/\""
                + " xmlns:xmp=\"http://ns.adobe.com/xap/1.0/\" xmlns:pdf=\"http://ns.adobe.com/pdf/1.3/\""
                + " xmlns:pdfxid=\"http://www.npes.org/pdfx/ns/id/\" xmlns:pdfvtid=\"http://www.npes.org/pdfvt/ns/id/\""
                + " pdf:Trapped=\"False\" pdfxid:GTS_PDFXVersion=\"" + pdfx + "\" xmp:CreateDate=\"" + DATE
                + "\" xmp:ModifyDate=\"" + DATE + "\"" + vtAttrs + ">"
                + "<dc:title><rdf:Alt><rdf:li xml:lang=\"x-default\">Mailing</rdf:li></rdf:Alt></dc:title>" + vtDate
                + "</rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end=\"w\"?>";
    }

    private List<String> findings(String profile, Pdfs.Doc d) throws Exception {
        Path file = d.write(tmp.resolve(profile + "-" + System.nanoTime() + ".pdf"));
        List<Finding> f = new Engine(EngineSettings.defaults())
                .analyze(file, new AnalysisRequest(Profiles.builtin(profile), false)).findings();
        return f.stream().map(Finding::inspectionId).toList();
    }

    private static Pdfs.Doc mailing(boolean vt, int records) {
        Pdfs.Doc d = Pdfs.document().xmp(xmp("PDF/X-4", vt)).outputIntent("FOGRA39", true);
        for (int i = 0; i < 2 * records; i++) {
            d.page(400, 400).trimBox(10, 10, 390, 390).fill(Pdfs.cmyk(0, 0, 0, 1)).rect(100, 100, 50, 50);
        }
        if (vt) {
            int[] perRecord = new int[records];
            java.util.Arrays.fill(perRecord, 2);
            ExchangePdfs.documentParts(d, 1, perRecord);
        }
        return d;
    }

    @Test
    void aPdfvt1MailingPassesWithItsRecordsReported() throws Exception {
        assertThat(findings("pdfvt-1", mailing(true, 3))).containsExactly("PDFVT_RECORD_INFO");
    }

    @Test
    void aPlainPdfx4FileIsNoPdfvt1() throws Exception {
        assertThat(findings("pdfvt-1", mailing(false, 2))).containsExactlyInAnyOrder("PDFVT_VERSION_KEY",
                "PDFVT_VERSION_KEY", "PDFVT_DPART_MISSING");
        assertThat(findings("pdfx-4", mailing(false, 2))).isEmpty();
    }

    @Test
    void aPdfx6FileWithAPageForAnotherConditionPasses() throws Exception {
        Pdfs.Doc d = Pdfs.document().version(2.0f).xmp(xmp("PDF/X-6", false)).outputIntent("FOGRA39", true);
        d.page(400, 400).trimBox(10, 10, 390, 390);
        d.page(400, 400).trimBox(10, 10, 390, 390).outputIntent("FOGRA51", true);
        assertThat(findings("pdfx-6", d)).isEmpty();
        Pdfs.Doc old = Pdfs.document().version(1.6f).xmp(xmp("PDF/X-6", false)).outputIntent("FOGRA39", true);
        old.page(400, 400).trimBox(10, 10, 390, 390).outputIntent("sRGB", false);
        assertThat(findings("pdfx-6", old)).containsExactlyInAnyOrder("PDFX6_PDF_VERSION",
                "PDFX6_PAGE_OUTPUT_INTENT");
    }
}
