package dev.preflight.engine.checks;

import dev.preflight.engine.AnalysisRequest;
import dev.preflight.engine.Engine;
import dev.preflight.engine.EngineSettings;
import dev.preflight.engine.Finding;
import dev.preflight.engine.Profile;
import dev.preflight.engine.ProfileCheck;
import dev.preflight.engine.testpdf.Pdfs;
import org.apache.pdfbox.cos.COSArray;
import org.apache.pdfbox.cos.COSDictionary;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.cos.COSStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An output intent whose /DestOutputProfile stream is embedded but whose ICC header cannot be read is "embedded and
 * unreadable", never "missing": its colour space is judged from /N (GWG R0035, PDF/X), at document and page level.
 */
class UnreadableOutputProfileTests {

    @TempDir
    Path tmp;

    /** Junk in place of an ICC profile, with the given /N (null: no /N). */
    private static COSStream junkProfile(Pdfs.Doc d, Integer n) {
        COSStream junk = d.stream("not an ICC profile".getBytes(StandardCharsets.US_ASCII), true);
        if (n != null) {
            junk.setInt(COSName.N, n);
        }
        return junk;
    }

    /** A real CMYK profile whose header colour-space signature is zeroed. */
    private static COSStream zeroedSignature(Pdfs.Doc d) {
        byte[] icc = Pdfs.cmykProfile();
        icc[16] = 0;
        icc[17] = 0;
        icc[18] = 0;
        icc[19] = 0;
        COSStream s = d.stream(icc, true);
        s.setInt(COSName.N, 4);
        return s;
    }

    private static Pdfs.Doc withDocumentProfile(Pdfs.Doc d, java.util.function.Function<Pdfs.Doc, COSStream> p) {
        d.outputIntent("FOGRA39", true);
        COSArray intents = d.catalog().getCOSArray(COSName.OUTPUT_INTENTS);
        ((COSDictionary) intents.getObject(intents.size() - 1)).setItem(COSName.DEST_OUTPUT_PROFILE, p.apply(d));
        return d;
    }

    private List<Finding> run(String id, Map<String, Object> params, UnaryOperator<Pdfs.Doc> setup)
            throws Exception {
        var d = setup.apply(Pdfs.document());
        d.page(400, 400).fill(Pdfs.cmyk(0, 0, 0, 1)).rect(100, 100, 50, 50);
        Path f = d.write(tmp.resolve(id + "-" + System.nanoTime() + ".pdf"));
        Profile profile = new Profile("one-check", id, null, null, false,
                List.of(new ProfileCheck(id, null, params, null)));
        return new Engine(EngineSettings.defaults()).analyze(f, new AnalysisRequest(profile, false)).findings()
                .stream().filter(x -> x.inspectionId().equals(id)).toList();
    }

    private List<Finding> run(String id, UnaryOperator<Pdfs.Doc> setup) throws Exception {
        return run(id, Map.of(), setup);
    }

    @Test
    void unreadableProfileWithThreeComponentsIsNotCmyk() throws Exception {
        assertThat(run("OI_NOT_CMYK", d -> withDocumentProfile(d, x -> junkProfile(x, 3)))).singleElement()
                .satisfies(f -> {
                    assertThat(f.message()).contains("unreadable").contains("/N 3").contains("not CMYK");
                    assertThat(f.details()).containsEntry("profile_color_space", "RGB")
                            .containsEntry("profile_readable", false).containsEntry("profile_components", 3);
                });
    }

    @Test
    void unreadableProfileWithFourComponentsCannotBeConfirmedAsCmyk() throws Exception {
        assertThat(run("OI_NOT_CMYK", d -> withDocumentProfile(d, x -> junkProfile(x, 4)))).singleElement()
                .satisfies(f -> assertThat(f.message()).contains("unreadable").contains("cannot be confirmed"));
        assertThat(run("OI_NOT_CMYK", d -> withDocumentProfile(d, UnreadableOutputProfileTests::zeroedSignature)))
                .singleElement().satisfies(f -> assertThat(f.message()).contains("cannot be confirmed"));
        assertThat(run("OI_NOT_CMYK", d -> withDocumentProfile(d, x -> junkProfile(x, null)))).singleElement()
                .satisfies(f -> assertThat(f.message()).contains("no valid /N"));
    }

    @Test
    void readableCmykProfileStaysSilent() throws Exception {
        assertThat(run("OI_NOT_CMYK", d -> d.outputIntent("FOGRA39", true))).isEmpty();
        assertThat(run("OI_PROFILE_MISSING", d -> d.outputIntent("FOGRA39", true))).isEmpty();
        assertThat(run("PDFX_OI_PROFILE", d -> d.outputIntent("FOGRA39", true))).isEmpty();
    }

    @Test
    void unreadableProfileIsNotReportedAsMissing() throws Exception {
        assertThat(run("OI_PROFILE_MISSING", d -> withDocumentProfile(d, x -> junkProfile(x, 4)))).isEmpty();
        assertThat(run("OI_REGISTRY_NAME_MISSING", d -> {
            withDocumentProfile(d, x -> junkProfile(x, 4));
            COSArray intents = d.catalog().getCOSArray(COSName.OUTPUT_INTENTS);
            ((COSDictionary) intents.getObject(0)).removeItem(COSName.REGISTRY_NAME);
            return d;
        })).isEmpty();
        assertThat(run("OI_PROFILE_DAMAGED", d -> withDocumentProfile(d, x -> junkProfile(x, 4)))).hasSize(1);
        assertThat(run("PDFX_OI_PROFILE", d -> withDocumentProfile(d, x -> junkProfile(x, 4)))).singleElement()
                .satisfies(f -> {
                    assertThat(f.message()).contains("unreadable").doesNotContain("no embedded");
                    assertThat(f.details()).containsEntry("profile_readable", false);
                });
    }

    /** A fill in [/ICCBased profile] with the given profile stream. */
    private List<Finding> contentIcc(String id, java.util.function.Function<Pdfs.Doc, COSStream> profile)
            throws Exception {
        var d = Pdfs.document();
        Pdfs.Page p = d.page(400, 400);
        COSArray cs = new COSArray();
        cs.add(COSName.ICCBASED);
        cs.add(profile.apply(d));
        COSName n = p.resource(COSName.COLORSPACE, cs, "CS");
        p.raw("/" + n.getName() + " cs 1 0 0 sc 100 100 50 50 re f");
        Path f = d.write(tmp.resolve("content-icc-" + System.nanoTime() + ".pdf"));
        Profile one = new Profile("one-check", id, null, null, false,
                List.of(new ProfileCheck(id, null, Map.of(), null)));
        return new Engine(EngineSettings.defaults()).analyze(f, new AnalysisRequest(one, false)).findings()
                .stream().filter(x -> x.inspectionId().equals(id)).toList();
    }

    @Test
    void unreadableContentProfileIsDamageAndItsColourIsJudgedFromN() throws Exception {
        assertThat(contentIcc("DOC_DAMAGED", d -> junkProfile(d, 3))).singleElement().satisfies(f -> {
            assertThat(f.pageNum()).isEqualTo(1);
            assertThat(f.message()).contains("ICC profile").contains("judged from /N 3 as RGB");
            assertThat(f.details()).containsEntry("stream_kind", "icc_profile");
        });
        assertThat(contentIcc("COLOR_RGB_USED", d -> junkProfile(d, 3))).isNotEmpty();
        // a readable profile is no damage
        assertThat(contentIcc("DOC_DAMAGED", d -> {
            COSStream s = d.stream(Pdfs.srgbProfile(), true);
            s.setInt(COSName.N, 3);
            return s;
        })).isEmpty();
    }

    @Test
    void pageLevelUnreadableProfileIsJudgedTheSameWay() throws Exception {
        var d = Pdfs.document();
        d.page(400, 400).outputIntent("FOGRA39", true).fill(Pdfs.cmyk(0, 0, 0, 1)).rect(100, 100, 50, 50);
        COSDictionary page = (COSDictionary) d.catalog().getCOSDictionary(COSName.PAGES).getCOSArray(COSName.KIDS)
                .getObject(0);
        ((COSDictionary) page.getCOSArray(COSName.OUTPUT_INTENTS).getObject(0))
                .setItem(COSName.DEST_OUTPUT_PROFILE, junkProfile(d, 3));
        Path f = d.write(tmp.resolve("page-level.pdf"));
        Profile profile = new Profile("one-check", "OI_NOT_CMYK", null, null, false,
                List.of(new ProfileCheck("OI_NOT_CMYK", null, Map.of(), null)));
        List<Finding> findings = new Engine(EngineSettings.defaults())
                .analyze(f, new AnalysisRequest(profile, false)).findings().stream()
                .filter(x -> x.inspectionId().equals("OI_NOT_CMYK")).toList();
        assertThat(findings).singleElement().satisfies(x -> {
            assertThat(x.pageNum()).isEqualTo(1);
            assertThat(x.message()).contains("unreadable").contains("not CMYK");
        });
    }
}
