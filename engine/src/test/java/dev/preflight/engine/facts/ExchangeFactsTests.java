package dev.preflight.engine.facts;

import dev.preflight.engine.Box;
import dev.preflight.engine.testpdf.ExchangePdfs;
import dev.preflight.engine.testpdf.Pdfs;
import org.apache.pdfbox.cos.COSArray;
import org.apache.pdfbox.cos.COSDictionary;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.cos.COSString;
import org.junit.jupiter.api.Test;

import java.security.MessageDigest;
import java.util.List;
import java.util.Map;

import static dev.preflight.engine.facts.FactsFixture.facts;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The facts of partial exchange and variable data: external profile references, n-colour profiles and mixing
 * hints, reference XObjects, the PDF/VT document parts and XMP identification.
 */
class ExchangeFactsTests {

    private static Pdfs.Doc doc() {
        return Pdfs.document();
    }

    private static OutputIntentFact onlyIntent(DocumentFacts f) {
        assertThat(f.outputIntents()).hasSize(1);
        return f.outputIntents().getFirst();
    }

    @Test
    void anExternalProfileReferenceIsRead() {
        Pdfs.Doc d = doc();
        byte[] sum = new byte[16];
        sum[0] = (byte) 0xAB;
        ExchangePdfs.intent(d, "FOGRA39", null).setItem(COSName.getPDFName("DestOutputProfileRef"),
                ExchangePdfs.profileRef(sum, "Coated FOGRA39", "CMYK", List.of("Cyan", "Magenta"),
                        List.of(ExchangePdfs.url("https://www.color.org/x.icc"), new COSString("ftp://h/y.icc"),
                                ExchangePdfs.file("local.icc"), new COSString("x.icc"), COSName.A)));
        OutputIntentFact oi = onlyIntent(facts(d.page(100, 100).done().bytes()));
        assertThat(oi.hasDestProfile()).isFalse();
        ProfileRefFact ref = oi.profileRef();
        assertThat(ref.dictionary()).isTrue();
        assertThat(ref.checkSum()).isEqualTo("ab000000000000000000000000000000");
        assertThat(ref.checkSumBytes()).isEqualTo(16);
        assertThat(ref.checkSumMatches()).isNull();
        assertThat(ref.profileName()).isEqualTo("Coated FOGRA39");
        assertThat(ref.profileCs()).isEqualTo("CMYK");
        assertThat(ref.iccVersion()).isNull();
        assertThat(ref.colorantTable()).containsExactly("Cyan", "Magenta");
        assertThat(ref.urls()).containsExactly("https://www.color.org/x.icc", "ftp://h/y.icc");
        assertThat(ref.urlProblems()).containsExactly("entry 3 is a file specification without /FS /URL",
                "entry 4 is not a URL: x.icc", "entry 5 is neither a string nor a file specification");
    }

    @Test
    void aReferenceThatIsNoDictionaryOrAbsentIsSaidSo() {
        Pdfs.Doc d = doc();
        ExchangePdfs.intent(d, "X", null).setString(COSName.getPDFName("DestOutputProfileRef"), "fogra.icc");
        ProfileRefFact ref = onlyIntent(facts(d.page(100, 100).done().bytes())).profileRef();
        assertThat(ref.dictionary()).isFalse();
        assertThat(ref.urlProblems()).containsExactly("/DestOutputProfileRef is not a dictionary");
        Pdfs.Doc plain = doc();
        ExchangePdfs.intent(plain, "X", Pdfs.cmykProfile());
        assertThat(onlyIntent(facts(plain.page(100, 100).done().bytes())).profileRef()).isNull();
    }

    @Test
    void theChecksumIsComparedWithAProfileEmbeddedBesideTheReference() throws Exception {
        byte[] profile = Pdfs.cmykProfile();
        byte[] md5 = MessageDigest.getInstance("MD5").digest(profile);
        Pdfs.Doc d = doc();
        ExchangePdfs.intent(d, "X", profile).setItem(COSName.getPDFName("DestOutputProfileRef"),
                ExchangePdfs.cmykRef(md5));
        assertThat(onlyIntent(facts(d.page(100, 100).done().bytes())).profileRef().checkSumMatches()).isTrue();
        // the ICC profile ID: MD5 with the flags, rendering intent and ID fields zeroed
        byte[] zeroed = profile.clone();
        java.util.Arrays.fill(zeroed, 44, 48, (byte) 0);
        java.util.Arrays.fill(zeroed, 64, 68, (byte) 0);
        java.util.Arrays.fill(zeroed, 84, 100, (byte) 0);
        Pdfs.Doc id = doc();
        ExchangePdfs.intent(id, "X", profile).setItem(COSName.getPDFName("DestOutputProfileRef"),
                ExchangePdfs.cmykRef(MessageDigest.getInstance("MD5").digest(zeroed)));
        assertThat(onlyIntent(facts(id.page(100, 100).done().bytes())).profileRef().checkSumMatches()).isTrue();
        Pdfs.Doc other = doc();
        md5[0] ^= 1;
        ExchangePdfs.intent(other, "X", profile).setItem(COSName.getPDFName("DestOutputProfileRef"),
                ExchangePdfs.cmykRef(md5));
        assertThat(onlyIntent(facts(other.page(100, 100).done().bytes())).profileRef().checkSumMatches()).isFalse();
    }

    @Test
    void anNColourProfileNamesItsColorantsAndTheIntentItsMixingHints() {
        Pdfs.Doc d = doc();
        ExchangePdfs.intent(d, "7C", ExchangePdfs.nColourProfile(7, List.of("Cyan", "Magenta", "Yellow", "Black",
                "Orange", "Green", "Violet"))).setItem(COSName.getPDFName("MixingHints"), ExchangePdfs.mixingHints(
                List.of("Yellow", "Magenta"), Map.of("Orange", 0.5), List.of("Green")));
        OutputIntentFact oi = onlyIntent(facts(d.page(100, 100).done().bytes()));
        assertThat(oi.profileColorSpace()).isEqualTo("CLR7");
        assertThat(oi.profileComponents()).isEqualTo(7);
        assertThat(oi.profileColorants()).containsExactly("Cyan", "Magenta", "Yellow", "Black", "Orange", "Green",
                "Violet");
        assertThat(oi.mixingHints().printingOrder()).containsExactly("Yellow", "Magenta");
        assertThat(oi.mixingHints().solidities()).containsOnlyKeys("Orange");
        assertThat(oi.mixingHints().solidities().get("Orange")).isCloseTo(0.5, within(1e-6));
        assertThat(oi.mixingHints().dotGain()).containsExactly("Green");
    }

    @Test
    void aProfileWithoutColorantTableHasNoColorants() {
        Pdfs.Doc d = doc();
        ExchangePdfs.intent(d, "6C", ExchangePdfs.nColourProfile(6, null));
        OutputIntentFact oi = onlyIntent(facts(d.page(100, 100).done().bytes()));
        assertThat(oi.profileColorSpace()).isEqualTo("CLR6");
        assertThat(oi.profileColorants()).isEmpty();
        assertThat(oi.mixingHints()).isNull();
    }

    @Test
    void aReferenceXObjectIsRecordedWhereItIsDrawn() {
        Pdfs.Page p = doc().page(400, 400);
        ExchangePdfs.referenceXObject(p, ExchangePdfs.ref(ExchangePdfs.file("artwork.pdf"), 0, ExchangePdfs.ids()),
                100, 200);
        ExchangePdfs.referenceXObject(p, ExchangePdfs.ref(new COSString("logo.pdf"), "iv", null), 10, 10);
        ExchangePdfs.referenceXObject(p, new COSString("not a dictionary"), 300, 300);
        DocumentFacts f = facts(p.done().bytes());
        assertThat(f.referenceXObjects()).hasSize(3);
        ReferenceXObjectFact a = f.referenceXObjects().get(0);
        assertThat(a.pageNum()).isEqualTo(1);
        assertThat(a.bbox()).isEqualTo(new Box(100, 200, 150, 250));
        assertThat(a.file()).isEqualTo("artwork.pdf");
        assertThat(a.fileSystem()).isNull();
        assertThat(a.targetPage()).isEqualTo("0");
        assertThat(a.ids()).containsExactly("000102030405060708090a0b0c0d0e0f", "f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff");
        assertThat(a.refProblem()).isNull();
        ReferenceXObjectFact b = f.referenceXObjects().get(1);
        assertThat(b.file()).isEqualTo("logo.pdf");
        assertThat(b.targetPage()).isEqualTo("iv");
        assertThat(b.ids()).isEmpty();
        assertThat(f.referenceXObjects().get(2).refProblem()).isEqualTo("/Ref is not a dictionary");
        // the proxy is drawn as ordinary content
        assertThat(f.pages().getFirst().elements()).hasSize(3);
    }

    @Test
    void theDocumentPartsGiveRecordsAndTheirPages() {
        Pdfs.Doc d = doc();
        for (int i = 0; i < 7; i++) {
            d.page(100, 100);
        }
        ExchangePdfs.documentParts(d, 1, 2, 2, 3);
        DocumentPartsFact parts = facts(d.bytes()).documentParts();
        assertThat(parts.present()).isTrue();
        assertThat(parts.rootNode()).isTrue();
        assertThat(parts.recordLevel()).isEqualTo(1);
        assertThat(parts.nodeNames()).containsExactly("Document", "Recipient");
        assertThat(parts.depth()).isEqualTo(1);
        assertThat(parts.parts()).isEqualTo(4);
        assertThat(parts.leaves()).isEqualTo(3);
        assertThat(parts.records()).isEqualTo(3);
        assertThat(parts.pagesPerRecord()).containsExactly(Map.entry(2, 2), Map.entry(3, 1));
        assertThat(parts.pagesOutside()).isEmpty();
        assertThat(parts.pagesOutsideCount()).isZero();
        assertThat(parts.problems()).isEmpty();
    }

    @Test
    void pagesNoPartCoversAreListedAndWithoutARecordLevelEveryLeafIsARecord() {
        Pdfs.Doc d = doc();
        for (int i = 0; i < 5; i++) {
            d.page(100, 100);
        }
        ExchangePdfs.documentParts(d, null, 1, 2);
        DocumentPartsFact parts = facts(d.bytes()).documentParts();
        assertThat(parts.recordLevel()).isNull();
        assertThat(parts.records()).isEqualTo(2);
        assertThat(parts.pagesPerRecord()).containsExactly(Map.entry(1, 1), Map.entry(2, 1));
        assertThat(parts.pagesOutside()).containsExactly(4, 5);
        assertThat(parts.pagesOutsideCount()).isEqualTo(2);
    }

    @Test
    void aDamagedHierarchyIsDescribedNotFollowedForever() {
        Pdfs.Doc d = doc();
        for (int i = 0; i < 3; i++) {
            d.page(100, 100);
        }
        COSDictionary root = ExchangePdfs.documentParts(d, 1, 1, 2);
        COSDictionary node = root.getCOSDictionary(COSName.getPDFName("DPartRootNode"));
        COSArray records = (COSArray) ((COSArray) node.getDictionaryObject(COSName.getPDFName("DParts")))
                .getObject(0);
        // the second record ends before it starts, and a record lists the root node again
        COSDictionary second = (COSDictionary) records.getObject(1);
        COSArray kids = ExchangePdfs.pages(d);
        second.setItem(COSName.getPDFName("Start"), kids.getObject(2));
        second.setItem(COSName.getPDFName("End"), kids.getObject(1));
        COSArray loop = new COSArray();
        loop.add(node);
        COSArray groups = new COSArray();
        groups.add(loop);
        ((COSDictionary) records.getObject(0)).setItem(COSName.getPDFName("DParts"), groups);
        DocumentPartsFact parts = facts(d.bytes()).documentParts();
        assertThat(parts.problems()).containsExactly(
                "a document part is reached twice (the hierarchy loops or shares a node)",
                "a document part ends (page 2) before it starts (page 3)");
        assertThat(parts.pagesOutside()).containsExactly(2, 3);
    }

    @Test
    void aFileWithoutDocumentPartsHasNone() {
        assertThat(facts(doc().page(100, 100).done().bytes()).documentParts()).isEqualTo(DocumentPartsFact.none());
    }

    @Test
    void theXmpGivesThePdfvtIdentification() {
        DocumentFacts f = facts(doc().xmp(ExchangePdfs.xmp("PDF/X-4", "PDF/VT-1", "2026-01-02T03:04:05Z"))
                .page(100, 100).done().bytes());
        assertThat(f.document().xmp().pdfxVersion()).isEqualTo("PDF/X-4");
        assertThat(f.document().xmp().pdfvtVersion()).isEqualTo("PDF/VT-1");
        assertThat(f.document().xmp().pdfvtModDate()).isEqualTo("2026-01-02T03:04:05Z");
    }
}
