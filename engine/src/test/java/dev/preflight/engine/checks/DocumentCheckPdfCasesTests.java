package dev.preflight.engine.checks;

import dev.preflight.engine.AnalysisRequest;
import dev.preflight.engine.Engine;
import dev.preflight.engine.EngineSettings;
import dev.preflight.engine.Finding;
import dev.preflight.engine.Profile;
import dev.preflight.engine.ProfileCheck;
import dev.preflight.engine.testpdf.ExchangePdfs;
import dev.preflight.engine.testpdf.Pdfs;
import org.apache.pdfbox.cos.COSArray;
import org.apache.pdfbox.cos.COSDictionary;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.cos.COSStream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A passing and a failing PDF, generated with PDFBox, for every document-level check: each runs through the real
 * engine under a profile holding only that check. The failing file must produce a finding of the check (on the
 * expected page, where the check reports pages), the passing file none.
 */
class DocumentCheckPdfCasesTests {

    /**
     * The files of one check: {@code failPage} is the page the failing file's findings must name, or null for
     * document-level findings that carry no meaningful page.
     */
    record Case(Supplier<byte[]> pass, Supplier<byte[]> fail, Map<String, Object> params, Integer failPage) {
    }

    /** Checks that no PDF PDFBox can write triggers, with the reason. */
    static final Map<String, String> EXEMPT = Map.of();

    private static final double MM = 72 / 25.4;
    private static final double MM3 = 3 * MM;
    private static final double A4_W = 595.276;
    private static final double A4_H = 841.89;
    private static final double MEDIA_W = A4_W + 2 * MM3;
    private static final double MEDIA_H = A4_H + 2 * MM3;

    static final Map<String, Case> CASES = new LinkedHashMap<>();

    private static void doc(String id, Supplier<byte[]> pass, Supplier<byte[]> fail) {
        add(id, new Case(pass, fail, Map.of(), null));
    }

    private static void doc(String id, Supplier<byte[]> pass, Supplier<byte[]> fail, Map<String, Object> params) {
        add(id, new Case(pass, fail, params, null));
    }

    private static void page(String id, int failPage, Supplier<byte[]> pass, Supplier<byte[]> fail) {
        add(id, new Case(pass, fail, Map.of(), failPage));
    }

    private static void add(String id, Case c) {
        if (CASES.put(id, c) != null) {
            throw new IllegalStateException("two cases for " + id);
        }
    }

    /** A4 with 3 mm bleed (MediaBox = BleedBox), embedded black text well inside the trim. */
    private static Pdfs.Page a4(Pdfs.Doc d) {
        return d.page(MEDIA_W, MEDIA_H).trimBox(MM3, MM3, MEDIA_W - MM3, MEDIA_H - MM3).bleedBox(0, 0, MEDIA_W, MEDIA_H)
                .font(Pdfs.Font.EMBEDDED_SANS).fill(Pdfs.cmyk(0, 0, 0, 1)).text(100, 400, 12, "Hello");
    }

    /** One sound A4 page, with document and page changes. */
    private static Supplier<byte[]> pdf(UnaryOperator<Pdfs.Doc> docSetup, UnaryOperator<Pdfs.Page> pageSetup) {
        return () -> {
            Pdfs.Doc d = docSetup.apply(Pdfs.document());
            return pageSetup.apply(a4(d)).done().bytes();
        };
    }

    private static Supplier<byte[]> docPdf(UnaryOperator<Pdfs.Doc> docSetup) {
        return pdf(docSetup, p -> p);
    }

    private static Supplier<byte[]> pagePdf(UnaryOperator<Pdfs.Page> pageSetup) {
        return pdf(d -> d, pageSetup);
    }

    private static final Supplier<byte[]> SOUND = pdf(d -> d, p -> p);

    /** Two pages: a sound A4 page, then a second one drawn by {@code second}. */
    private static Supplier<byte[]> twoPages(java.util.function.Function<Pdfs.Doc, Pdfs.Page> second) {
        return () -> {
            Pdfs.Doc d = Pdfs.document();
            a4(d).done();
            return second.apply(d).font(Pdfs.Font.EMBEDDED_SANS).text(100, 100, 12, "Two").done().bytes();
        };
    }

    /** A page of any MediaBox size with trim and bleed boxes as given (null: absent) and text at (20, 20). */
    private static Supplier<byte[]> boxes(double w, double h, double[] trim, double[] bleed) {
        return () -> {
            Pdfs.Page p = Pdfs.document().page(w, h);
            if (trim != null) {
                p.trimBox(trim[0], trim[1], trim[2], trim[3]);
            }
            if (bleed != null) {
                p.bleedBox(bleed[0], bleed[1], bleed[2], bleed[3]);
            }
            return p.font(Pdfs.Font.EMBEDDED_SANS).text(w / 2, h / 2, 6, "x").done().bytes();
        };
    }

    private static double[] box(double x0, double y0, double x1, double y1) {
        return new double[] {x0, y0, x1, y1};
    }

    private static final double[] TRIM = box(MM3, MM3, MEDIA_W - MM3, MEDIA_H - MM3);
    private static final double[] MEDIA = box(0, 0, MEDIA_W, MEDIA_H);

    // ------------------------------------------------------------------------------------------ fixtures

    /** An XMP packet with the given properties (null ones left out). */
    static String xmp(String title, String trapped, String pdfxVersion, String createDate, String modifyDate) {
        var attrs = new StringBuilder();
        if (trapped != null) {
            attrs.append(" pdf:Trapped=\"").append(trapped).append('"');
        }
        if (pdfxVersion != null) {
            attrs.append(" pdfxid:GTS_PDFXVersion=\"").append(pdfxVersion).append('"');
        }
        if (createDate != null) {
            attrs.append(" xmp:CreateDate=\"").append(createDate).append('"');
        }
        if (modifyDate != null) {
            attrs.append(" xmp:ModifyDate=\"").append(modifyDate).append('"');
        }
        String titleXml = title == null ? "" : "<dc:title><rdf:Alt><rdf:li xml:lang=\"x-default\">" + title
                + "</rdf:li></rdf:Alt></dc:title>";
        return "<?xpacket begin=\"\" id=\"W5M0MpCehiHzreSzNTczkc9d\"?>"
                + "<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"><rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\">"
                + "<rdf:Description rdf:about=\"\" xmlns:dc=\"http://purl.org/dc/elements/1.1/\""
                + " xmlns:xmp=\"http://ns.adobe.com/xap/1.0/\" xmlns:pdf=\"http://ns.adobe.com/pdf/1.3/\""
                + " xmlns:pdfxid=\"http://www.npes.org/pdfx/ns/id/\"" + attrs + ">" + titleXml
                + "</rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end=\"w\"?>";
    }

    private static final String DATE = "2026-01-02T03:04:05Z";

    private static final Pdfs.Colour DIE_INK = Pdfs.spot("Die", 1, 0, 1, 0, 0);

    /** A document output intent without embedded profile, referring to one outside the file. */
    private static Pdfs.Doc referencedIntent(Pdfs.Doc d, COSDictionary ref) {
        ExchangePdfs.intent(d, "FOGRA39", null).setItem(COSName.getPDFName("DestOutputProfileRef"), ref);
        return d;
    }

    /** A document output intent with a six-colour profile naming the given colorants (null: no colorant table). */
    private static Pdfs.Doc nColourIntent(Pdfs.Doc d, List<String> colorants) {
        ExchangePdfs.intent(d, "6C", ExchangePdfs.nColourProfile(6, colorants));
        return d;
    }

    /** The sound A4 page as one PDF/VT record. */
    private static Supplier<byte[]> recordsOfOnePage() {
        return () -> {
            Pdfs.Doc d = Pdfs.document();
            a4(d).done();
            ExchangePdfs.documentParts(d, 1, 1);
            return d.bytes();
        };
    }

    /**
     * A carton die line on the trim in an ISO 19593-1 layer (Structural/Cutting) over cyan artwork, in {@code ink},
     * set to overprint or not, with artwork painted in the die ink too when asked.
     */
    private static Supplier<byte[]> dieLine(Pdfs.Colour ink, boolean overprint, boolean artworkInDieInk) {
        return pdf(d -> d.processStepLayer("Die", "Structural", "Cutting"), p -> {
            p.fill(Pdfs.cmyk(1, 0, 0, 0)).rect(MEDIA[0], MEDIA[1], MEDIA[2], MEDIA[3]);
            if (artworkInDieInk) {
                p.fill(DIE_INK).rect(200, 200, 50, 50);
            }
            return p.layer("Die", l -> l.save().overprint(overprint, overprint, 1).stroke(ink).lineWidth(0.5)
                    .strokeRect(TRIM[0], TRIM[1], TRIM[2] - TRIM[0], TRIM[3] - TRIM[1]).restore());
        });
    }

    /** A spot ink of the given name over cyan artwork, set to overprint or not. */
    private static Supplier<byte[]> specialInk(String name, boolean overprint) {
        return pagePdf(p -> p.fill(Pdfs.cmyk(1, 0, 0, 0)).rect(100, 100, 300, 300).save()
                .overprint(overprint, overprint, 1).fill(Pdfs.spot(name, 1, 0, 0, 0.1, 0)).rect(150, 150, 100, 100)
                .restore());
    }

    /** A form-field widget with an appearance, printing or not, listed in the AcroForm. */
    private static Pdfs.Page widget(Pdfs.Page p, Pdfs.Doc d, boolean print) {
        COSDictionary w = new COSDictionary();
        w.setItem(COSName.TYPE, COSName.ANNOT);
        w.setItem(COSName.SUBTYPE, COSName.WIDGET);
        w.setItem(COSName.RECT, rect(100, 200, 200, 220));
        w.setInt(COSName.F, print ? 4 : 0);
        w.setItem(COSName.FT, COSName.TX);
        w.setString(COSName.T, "name");
        COSStream ap = d.stream("0.9 g 0 0 100 20 re f".getBytes(StandardCharsets.US_ASCII), false);
        ap.setItem(COSName.TYPE, COSName.XOBJECT);
        ap.setItem(COSName.SUBTYPE, COSName.FORM);
        ap.setItem(COSName.BBOX, rect(0, 0, 100, 20));
        COSDictionary apd = new COSDictionary();
        apd.setItem(COSName.N, ap);
        w.setItem(COSName.AP, apd);
        COSDictionary acro = new COSDictionary();
        COSArray fields = new COSArray();
        fields.add(w);
        acro.setItem(COSName.FIELDS, fields);
        d.catalog().setItem(COSName.ACRO_FORM, acro);
        return p.annotation(w);
    }

    private static COSArray rect(double x0, double y0, double x1, double y1) {
        COSArray a = new COSArray();
        for (double v : new double[] {x0, y0, x1, y1}) {
            a.add(new org.apache.pdfbox.cos.COSFloat((float) v));
        }
        return a;
    }

    /** A page drawing {@code text} in a font dictionary of the test's own making, as raw codes. */
    private static Pdfs.Page showWith(Pdfs.Page p, COSDictionary font, String hexCodes) {
        COSName n = p.resource(COSName.FONT, font, "F");
        return p.raw("BT /" + n.getName() + " 12 Tf 100 300 Td <" + hexCodes + "> Tj ET");
    }

    /** The embedded TrueType font with its OS/2 fsType set to {@code fsType}. */
    private static Pdfs.Page trueTypeWithFsType(Pdfs.Doc d, Pdfs.Page p, int fsType) {
        p.font(Pdfs.Font.EMBEDDED_TRUETYPE).text(100, 300, 12, "Licensed");
        COSDictionary desc = d.fontDictionary(Pdfs.Font.EMBEDDED_TRUETYPE).getCOSDictionary(COSName.FONT_DESC);
        COSStream ff = (COSStream) desc.getDictionaryObject(COSName.FONT_FILE2);
        byte[] b;
        try (InputStream in = ff.createInputStream()) {
            b = in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        int tables = ((b[4] & 0xFF) << 8) | (b[5] & 0xFF);
        for (int i = 0; i < tables; i++) {
            int r = 12 + 16 * i;
            if (new String(b, r, 4, StandardCharsets.ISO_8859_1).equals("OS/2")) {
                int off = ((b[r + 8] & 0xFF) << 24) | ((b[r + 9] & 0xFF) << 16) | ((b[r + 10] & 0xFF) << 8)
                        | (b[r + 11] & 0xFF);
                b[off + 8] = (byte) (fsType >> 8);
                b[off + 9] = (byte) fsType;
            }
        }
        COSStream patched = d.stream(b, true);
        patched.setInt(COSName.LENGTH1, b.length);
        desc.setItem(COSName.FONT_FILE2, patched);
        return p;
    }

    /** A one-glyph Type 3 font drawing a square for "a". */
    private static COSDictionary type3(Pdfs.Doc d) {
        return type3(d, "a");
    }

    /** A one-glyph Type 3 font drawing a square for code 97, its glyph named {@code glyphName}. */
    private static COSDictionary type3(Pdfs.Doc d, String glyphName) {
        COSDictionary f = new COSDictionary();
        f.setItem(COSName.TYPE, COSName.FONT);
        f.setItem(COSName.SUBTYPE, COSName.TYPE3);
        f.setItem(COSName.FONT_BBOX, rect(0, 0, 1000, 1000));
        f.setItem(COSName.FONT_MATRIX, matrix());
        COSDictionary procs = new COSDictionary();
        procs.setItem(COSName.getPDFName(glyphName),
                d.stream("1000 0 0 0 1000 1000 d1 0 0 1000 1000 re f".getBytes(StandardCharsets.US_ASCII), false));
        f.setItem(COSName.CHAR_PROCS, procs);
        COSDictionary enc = new COSDictionary();
        COSArray diffs = new COSArray();
        diffs.add(org.apache.pdfbox.cos.COSInteger.get(97));
        diffs.add(COSName.getPDFName(glyphName));
        enc.setItem(COSName.DIFFERENCES, diffs);
        f.setItem(COSName.ENCODING, enc);
        f.setInt(COSName.FIRST_CHAR, 97);
        f.setInt(COSName.LAST_CHAR, 97);
        COSArray widths = new COSArray();
        widths.add(org.apache.pdfbox.cos.COSInteger.get(1000));
        f.setItem(COSName.WIDTHS, widths);
        f.setItem(COSName.RESOURCES, new COSDictionary());
        return f;
    }

    private static COSArray matrix() {
        COSArray m = new COSArray();
        for (float v : new float[] {0.001f, 0, 0, 0.001f, 0, 0}) {
            m.add(new org.apache.pdfbox.cos.COSFloat(v));
        }
        return m;
    }

    /** A non-embedded multiple master Type 1 font dictionary. */
    private static COSDictionary multipleMaster() {
        COSDictionary f = new COSDictionary();
        f.setItem(COSName.TYPE, COSName.FONT);
        f.setItem(COSName.SUBTYPE, COSName.MM_TYPE1);
        f.setName(COSName.BASE_FONT, "MyriadMM_400_600_");
        f.setItem(COSName.ENCODING, COSName.WIN_ANSI_ENCODING);
        return f;
    }

    /** The document's last output intent dictionary. */
    private static COSDictionary lastIntent(Pdfs.Doc d) {
        COSArray oi = d.catalog().getCOSArray(COSName.OUTPUT_INTENTS);
        return (COSDictionary) oi.getObject(oi.size() - 1);
    }

    private static Pdfs.Doc intentWithoutProfile(Pdfs.Doc d, boolean registry) {
        COSDictionary oi = lastIntent(d.outputIntent("FOGRA39", true));
        oi.removeItem(COSName.DEST_OUTPUT_PROFILE);
        if (!registry) {
            oi.removeItem(COSName.REGISTRY_NAME);
        }
        return d;
    }

    /** A second optional-content group with the same name as an existing one. */
    private static Pdfs.Doc duplicateLayer(Pdfs.Doc d, String name) {
        d.layer(name, true);
        COSDictionary g = new COSDictionary();
        g.setItem(COSName.TYPE, COSName.OCG);
        g.setString(COSName.NAME, name);
        COSDictionary oc = d.catalog().getCOSDictionary(COSName.OCPROPERTIES);
        ((COSArray) oc.getDictionaryObject(COSName.OCGS)).add(g);
        ((COSArray) oc.getCOSDictionary(COSName.D).getDictionaryObject(COSName.ON)).add(g);
        return d;
    }

    /** The bytes of a classic-xref file with the xref entry of object 1 pointing one byte off. */
    private static byte[] brokenXref(byte[] pdf) {
        String s = new String(pdf, StandardCharsets.ISO_8859_1);
        int xref = s.lastIndexOf("\nxref\n");
        int entry = s.indexOf(" 00000 n", xref) - 10;
        long offset = Long.parseLong(s.substring(entry, entry + 10));
        String fixed = s.substring(0, entry) + String.format("%010d", offset + 1) + s.substring(entry + 10);
        return fixed.getBytes(StandardCharsets.ISO_8859_1);
    }

    /** The same file with header version {@code version} (same length as the original "1.4"). */
    private static byte[] header(byte[] pdf, String version) {
        byte[] b = pdf.clone();
        String head = new String(b, 0, 8, StandardCharsets.ISO_8859_1);
        assertThat(head).isEqualTo("%PDF-1.4");
        System.arraycopy(version.getBytes(StandardCharsets.ISO_8859_1), 0, b, 5, 3);
        return b;
    }

    private static Pdfs.Colour black() {
        return Pdfs.cmyk(0, 0, 0, 1);
    }

    /** A stream of {@code data} compressed with {@code filter} (LZWDecode, FlateDecode). */
    static COSStream compressed(Pdfs.Doc d, byte[] data, COSName filter) {
        COSStream s = d.stream(new byte[0], false);
        try (java.io.OutputStream out = s.createOutputStream(filter)) {
            out.write(data);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return s;
    }

    /** A cyan square drawn through a form XObject whose content is compressed with {@code filter}. */
    private static Supplier<byte[]> formCompressedWith(COSName filter) {
        return () -> {
            Pdfs.Doc d = Pdfs.document();
            Pdfs.Page p = a4(d);
            COSStream form = compressed(d, "1 0 0 0 k 0 0 50 50 re f".getBytes(StandardCharsets.US_ASCII), filter);
            form.setItem(COSName.TYPE, COSName.XOBJECT);
            form.setItem(COSName.SUBTYPE, COSName.FORM);
            form.setItem(COSName.BBOX, rect(0, 0, 50, 50));
            COSName n = p.resource(COSName.XOBJECT, form, "Fm");
            return p.raw("q 1 0 0 1 100 100 cm /" + n.getName() + " Do Q").done().bytes();
        };
    }

    /** {@code data} LZW-encoded (PDFBox's encoder, EarlyChange 1) and written as hex digits. */
    private static String lzwHex(byte[] data) {
        COSStream s = new COSStream();
        try {
            try (java.io.OutputStream out = s.createOutputStream(COSName.LZW_DECODE)) {
                out.write(data);
            }
            try (InputStream in = s.createRawInputStream()) {
                return java.util.HexFormat.of().formatHex(in.readAllBytes());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The dictionary of the document's first page. */
    private static COSDictionary firstPage(Pdfs.Doc d) {
        COSArray kids = (COSArray) d.catalog().getCOSDictionary(COSName.PAGES).getDictionaryObject(COSName.KIDS);
        return (COSDictionary) kids.getObject(0);
    }

    /** A 4 x 4 gray thumbnail image, its data compressed with {@code filter}. */
    private static COSStream thumbnail(Pdfs.Doc d, COSName filter) {
        COSStream thumb = compressed(d, new byte[16], filter);
        thumb.setInt(COSName.WIDTH, 4);
        thumb.setInt(COSName.HEIGHT, 4);
        thumb.setInt(COSName.BITS_PER_COMPONENT, 8);
        thumb.setItem(COSName.COLORSPACE, COSName.DEVICEGRAY);
        return thumb;
    }

    /** The sound page with a thumbnail in /Thumb, its data compressed with {@code filter}. */
    private static Supplier<byte[]> withThumbnail(COSName filter) {
        return () -> {
            Pdfs.Doc d = Pdfs.document();
            a4(d).done();
            firstPage(d).setItem(COSName.getPDFName("Thumb"), thumbnail(d, filter));
            return d.bytes();
        };
    }

    /**
     * The sound page with a line of text in a simple font whose /FontFile is a PostScript Type 1 program: URW's
     * Nimbus Sans from the fonts-urw-base35 package that Ghostscript depends on (a clear-text header and a binary
     * encrypted part, the layout PDF embeds).
     */
    private static Supplier<byte[]> type1Program() {
        return () -> {
            byte[] pfa;
            try {
                pfa = Files.readAllBytes(Path.of("/usr/share/fonts/type1/urw-base35/NimbusSans-Regular.t1"));
            } catch (IOException e) {
                throw new UncheckedIOException("the Type 1 test font comes with Ghostscript's fonts-urw-base35", e);
            }
            // three parts, as PDF embeds them: the clear text up to eexec, the encrypted binary part, the 512 zeros
            String text = new String(pfa, StandardCharsets.ISO_8859_1);
            int clear = text.indexOf("eexec") + "eexec".length();
            while (text.charAt(clear) == '\r' || text.charAt(clear) == '\n') {
                clear++;
            }
            int zeros = text.indexOf("0".repeat(64), clear);
            byte[] program = pfa;
            Pdfs.Doc d = Pdfs.document();
            Pdfs.Page p = a4(d);
            COSStream fontFile = d.stream(program, true);
            fontFile.setInt(COSName.LENGTH1, clear);
            fontFile.setInt(COSName.LENGTH2, zeros - clear);
            fontFile.setInt(COSName.LENGTH3, program.length - zeros);
            COSDictionary desc = new COSDictionary();
            desc.setItem(COSName.TYPE, COSName.FONT_DESC);
            desc.setName(COSName.FONT_NAME, "NimbusSans-Regular");
            desc.setInt(COSName.FLAGS, 32);
            desc.setItem(COSName.FONT_BBOX, rect(-210, -300, 1032, 1075));
            desc.setInt(COSName.ITALIC_ANGLE, 0);
            desc.setInt(COSName.ASCENT, 729);
            desc.setInt(COSName.DESCENT, -218);
            desc.setInt(COSName.CAP_HEIGHT, 729);
            desc.setInt(COSName.STEM_V, 80);
            desc.setItem(COSName.FONT_FILE, fontFile);
            COSDictionary f = new COSDictionary();
            f.setItem(COSName.TYPE, COSName.FONT);
            f.setItem(COSName.SUBTYPE, COSName.TYPE1);
            f.setName(COSName.BASE_FONT, "NimbusSans-Regular");
            f.setItem(COSName.ENCODING, COSName.WIN_ANSI_ENCODING);
            f.setInt(COSName.FIRST_CHAR, 72);
            f.setInt(COSName.LAST_CHAR, 72);
            COSArray widths = new COSArray();
            widths.add(org.apache.pdfbox.cos.COSInteger.get(722));
            f.setItem(COSName.WIDTHS, widths);
            f.setItem(COSName.FONT_DESC, desc);
            return showWith(p, f, "48").done().bytes();
        };
    }

    static {
        // structure
        page("ANNOT_FORM_FIELD_PRINTS", 1, () -> {
            Pdfs.Doc d = Pdfs.document();
            return widget(a4(d), d, false).done().bytes();
        }, () -> {
            Pdfs.Doc d = Pdfs.document();
            return widget(a4(d), d, true).done().bytes();
        });
        page("ANNOT_NO_APPEARANCE", 1,
                pagePdf(p -> p.annotation("Text", 100, 100, 20, 20, false, false, Pdfs.gray(0.5))),
                pagePdf(p -> p.annotation("Text", 100, 100, 20, 20, false, false, null)));
        page("ANNOT_PRESENT", 1, SOUND, pagePdf(p -> p.link(100, 100, 50, 20, "https://example.com")));
        page("ANNOT_PRINTER_MARK", 1,
                pagePdf(p -> p.annotation("TrapNet", 100, 100, 50, 50, true, false, black())),
                pagePdf(p -> p.annotation("PrinterMark", 100, 100, 50, 50, true, false, black())));
        page("ANNOT_PRINTS", 1,
                () -> Pdfs.document().page(MEDIA_W + 200, MEDIA_H).trimBox(TRIM[0], TRIM[1], TRIM[2], TRIM[3])
                        .bleedBox(0, 0, MEDIA_W, MEDIA_H)
                        .annotation("Stamp", MEDIA_W + 50, 100, 50, 50, true, false, black()).done().bytes(),
                pagePdf(p -> p.annotation("Stamp", 100, 100, 50, 50, true, false, black())));
        page("ANNOT_TRAPNET", 1,
                pagePdf(p -> p.annotation("PrinterMark", 100, 100, 50, 50, true, false, black())),
                pagePdf(p -> p.annotation("TrapNet", 100, 100, 50, 50, true, false, black())));
        doc("DOC_ACROFORM", SOUND, () -> {
            Pdfs.Doc d = Pdfs.document();
            return widget(a4(d), d, false).done().bytes();
        });
        doc("DOC_ACTIONS", pagePdf(p -> p.link(100, 100, 50, 20, "https://example.com")),
                docPdf(d -> d.openAction("GoTo", Map.of("D", "chapter1"))), Map.of("allowed_types", List.of("URI")));
        doc("DOC_DAMAGED", docPdf(Pdfs.Doc::classicXref), () -> brokenXref(docPdf(Pdfs.Doc::classicXref).get()));
        doc("DOC_LZW_COMPRESSION", formCompressedWith(COSName.FLATE_DECODE), formCompressedWith(COSName.LZW_DECODE));
        page("DOC_PAGE_THUMBNAILS", 1, SOUND, withThumbnail(COSName.FLATE_DECODE));
        doc("DOC_EMBEDDED_FILES", SOUND, docPdf(d -> d.embeddedFile("data.csv", new byte[] {1, 2, 3}, "text/csv")));
        doc("DOC_ENCRYPTED", SOUND, docPdf(d -> d.encrypt("owner", "", true, true)));
        doc("DOC_FILE_SIZE_LARGE", SOUND, pagePdf(p -> p.image(Pdfs.image(300, 300), 100, 100, 200, 200)),
                Map.of("max_megabytes", 0.1));
        // one earlier revision is allowed here: one update passes, a second fails
        doc("DOC_INCREMENTAL_UPDATES", () -> incrementalUpdate(SOUND.get()),
                () -> incrementalUpdate(incrementalUpdate(SOUND.get())), Map.of("max_earlier_revisions", 1));
        doc("DOC_SIGNED", SOUND, () -> signed(SOUND.get()));
        doc("DOC_SIGNATURE_BROKEN", () -> signed(SOUND.get()), () -> incrementalUpdate(signed(SOUND.get())));
        doc("DOC_IMPORTDATA_ACTION", docPdf(d -> d.openAction("URI", Map.of("URI", "https://example.com"))),
                docPdf(d -> d.openAction("ImportData", Map.of("F", "data.fdf"))));
        page("DOC_JAVASCRIPT", 1, docPdf(d -> d.openAction("URI", Map.of("URI", "https://example.com"))),
                pagePdf(p -> p.openJavaScript("app.alert('hi')")));
        doc("DOC_LAUNCH_ACTION", docPdf(d -> d.openAction("URI", Map.of("URI", "https://example.com"))),
                docPdf(d -> d.openAction("Launch", Map.of("F", "run.exe"))));
        doc("DOC_PDF_VERSION_TOO_NEW", SOUND, docPdf(d -> d.version(2.0f)));
        // classic xref: PDFBox writes an xref stream otherwise, which needs PDF 1.5
        doc("DOC_PDF_VERSION_TOO_OLD", docPdf(Pdfs.Doc::classicXref),
                () -> header(docPdf(Pdfs.Doc::classicXref).get(), "1.2"));
        doc("DOC_PRINT_RESTRICTED", docPdf(d -> d.encrypt("owner", "", true, false)),
                docPdf(d -> d.encrypt("owner", "", false, false)));
        doc("DOC_SUBMITFORM_ACTION", docPdf(d -> d.openAction("URI", Map.of("URI", "https://example.com"))),
                docPdf(d -> d.openAction("SubmitForm", Map.of("F", "https://example.com/submit"))));
        doc("DOC_TAGGED", SOUND, docPdf(d -> {
            COSDictionary root = new COSDictionary();
            root.setItem(COSName.TYPE, COSName.STRUCT_TREE_ROOT);
            d.catalog().setItem(COSName.STRUCT_TREE_ROOT, root);
            return d;
        }));
        doc("DOC_UNTAGGED", CASES.get("DOC_TAGGED").fail(), SOUND);
        page("PAGE_CONTENT_PROBLEM", 1, SOUND, pagePdf(p -> p.raw("/NoSuchFont 12 Tf")));

        // font
        page("FONT_BITMAP_ONLY", 1, () -> {
            Pdfs.Doc d = Pdfs.document();
            return trueTypeWithFsType(d, a4(d), 0x0008).done().bytes();
        }, () -> {
            Pdfs.Doc d = Pdfs.document();
            return trueTypeWithFsType(d, a4(d), 0x0208).done().bytes();
        });
        doc("FONT_COUNT_MAX", SOUND, pagePdf(p -> p.font(Pdfs.Font.TIMES).text(100, 300, 12, "Second font")),
                Map.of("max_fonts", 1));
        page("FONT_COURIER", 1, pagePdf(p -> p.font(Pdfs.Font.TIMES).text(100, 300, 12, "Roman")),
                pagePdf(p -> p.font(Pdfs.Font.COURIER).text(100, 300, 12, "Typewriter")));
        page("FONT_DAMAGED", 1, pagePdf(p -> p.font(Pdfs.Font.EMBEDDED_TRUETYPE).text(100, 300, 12, "Sound")), () -> {
            Pdfs.Doc d = Pdfs.document();
            Pdfs.Page p = a4(d).font(Pdfs.Font.EMBEDDED_TRUETYPE).text(100, 300, 12, "Broken");
            COSDictionary desc = d.fontDictionary(Pdfs.Font.EMBEDDED_TRUETYPE).getCOSDictionary(COSName.FONT_DESC);
            byte[] junk = "this is not a TrueType font program at all, only words".getBytes(StandardCharsets.US_ASCII);
            COSStream s = d.stream(junk, true);
            s.setInt(COSName.LENGTH1, junk.length);
            desc.setItem(COSName.FONT_FILE2, s);
            return p.done().bytes();
        });
        page("FONT_GLYPHS_MISSING", 1, pagePdf(p -> p.font(Pdfs.Font.EMBEDDED_TRUETYPE).text(100, 300, 12, "Abc")
                        .font(Pdfs.Font.EMBEDDED_SANS).text(100, 200, 12, "Subset with spaces, 1 2 3")),
                () -> {
                    Pdfs.Doc d = Pdfs.document();
                    Pdfs.Page p = a4(d).font(Pdfs.Font.EMBEDDED_TRUETYPE).text(100, 300, 12, "Abc");
                    // code 1 has no glyph name in WinAnsiEncoding, so the font shows .notdef for it
                    return showWith(p, d.fontDictionary(Pdfs.Font.EMBEDDED_TRUETYPE), "41010142").done().bytes();
                });
        page("FONT_LICENSE_RESTRICTED", 1, () -> {
            Pdfs.Doc d = Pdfs.document();
            return trueTypeWithFsType(d, a4(d), 0x0004).done().bytes();
        }, () -> {
            Pdfs.Doc d = Pdfs.document();
            return trueTypeWithFsType(d, a4(d), 0x0002).done().bytes();
        });
        page("FONT_MULTIPLE_MASTER", 1, pagePdf(p -> p.font(Pdfs.Font.TIMES).text(100, 300, 12, "Roman")),
                pagePdf(p -> showWith(p, multipleMaster(), "4d4d")));
        page("FONT_NOT_EMBEDDED", 1,
                pagePdf(p -> p.font(Pdfs.Font.HELVETICA).textRenderMode(3).text(100, 300, 12, "OCR layer")),
                pagePdf(p -> p.font(Pdfs.Font.HELVETICA).text(100, 300, 12, "Visible")));
        page("FONT_NOT_SUBSET", 1, SOUND, pagePdf(p -> p.font(Pdfs.Font.EMBEDDED_TRUETYPE).text(100, 300, 12, "Full")));
        page("FONT_STANDARD14_NOT_EMBEDDED", 1, SOUND,
                pagePdf(p -> p.font(Pdfs.Font.HELVETICA).text(100, 300, 12, "Standard 14")));
        page("FONT_TYPE1", 1, SOUND, type1Program());
        page("FONT_TYPE3", 1, SOUND, () -> {
            Pdfs.Doc d = Pdfs.document();
            return showWith(a4(d), type3(d), "6161").done().bytes();
        });
        // a glyph named "a" maps to U+0061 by the Adobe Glyph List; one named "g1" maps to nothing
        page("TEXT_NOT_EXTRACTABLE", 1, () -> {
            Pdfs.Doc d = Pdfs.document();
            return showWith(a4(d), type3(d, "a"), "6161").done().bytes();
        }, () -> {
            Pdfs.Doc d = Pdfs.document();
            return showWith(a4(d), type3(d, "g1"), "6161").done().bytes();
        });

        // page
        doc("DOC_PAGE_COUNT", SOUND, twoPages(d -> d.page(MEDIA_W, MEDIA_H)));
        page("PAGE_BLEEDBOX_MISSING", 1, SOUND, boxes(MEDIA_W, MEDIA_H, TRIM, null));
        page("PAGE_BLEED_INSUFFICIENT", 1, SOUND,
                boxes(MEDIA_W, MEDIA_H, TRIM, box(MM3 - 2 * MM, 0, MEDIA_W, MEDIA_H)));
        page("PAGE_BLEED_OUTSIDE_MEDIA", 1, SOUND, boxes(MEDIA_W, MEDIA_H, TRIM, box(-5, -5, MEDIA_W + 5, MEDIA_H + 5)));
        double big = 25 * MM;
        page("PAGE_BLEED_TOO_LARGE", 1,
                boxes(A4_W + 2 * big, A4_H + 2 * big, box(big, big, big + A4_W, big + A4_H),
                        box(big - 19 * MM, big - 19 * MM, big + A4_W + 19 * MM, big + A4_H + 19 * MM)),
                boxes(A4_W + 2 * big, A4_H + 2 * big, box(big, big, big + A4_W, big + A4_H),
                        box(big - 21 * MM, big - 21 * MM, big + A4_W + 21 * MM, big + A4_H + 21 * MM)));
        page("PAGE_CONTENT_BEYOND_BLEED", 1,
                pagePdf(p -> p.fill(Pdfs.cmyk(0, 0.2, 0, 0)).rect(0, 0, MEDIA_W, MEDIA_H)), () -> Pdfs.document().page(MEDIA_W, MEDIA_H)
                .trimBox(TRIM[0], TRIM[1], TRIM[2], TRIM[3]).bleedBox(MM3 - 1, MM3 - 1, MEDIA_W - MM3 + 1,
                        MEDIA_H - MM3 + 1)
                .fill(Pdfs.cmyk(0, 0.2, 0, 0)).rect(0, 0, MEDIA_W, MEDIA_H).done().bytes());
        page("PAGE_CROP_NOT_MEDIA", 1, SOUND, pagePdf(p -> p.cropBox(MM3, MM3, MEDIA_W - MM3, MEDIA_H - MM3)));
        page("PAGE_ORIENTATION_MIXED", 2, twoPages(d -> d.page(MEDIA_H, MEDIA_W).rotate(90)),
                twoPages(d -> d.page(MEDIA_H, MEDIA_W)));
        page("PAGE_ROTATED", 1, SOUND, pagePdf(p -> p.rotate(180)));
        page("PAGE_SAFETY_MARGIN", 1, pagePdf(p -> p.text(MM3 + 3 * MM + 1, 400, 12, "Edge")), pagePdf(p -> p.text(MM3 + 1, 400, 12, "Edge")));
        page("PAGE_SIZE_MIXED", 2, twoPages(d -> d.page(MEDIA_H, MEDIA_W)), twoPages(d -> d.page(400, 400)));
        page("PAGE_SIZE_NOT_EXPECTED", 1, SOUND, boxes(300, 300, box(0, 0, 300, 300), null));
        page("PAGE_SIZE_OUT_OF_RANGE", 1, boxes(30, 30, null, null), boxes(20, 20, null, null));
        page("PAGE_TRIMBOX_MISSING", 1,
                () -> Pdfs.document().page(MEDIA_W, MEDIA_H).artBox(TRIM[0], TRIM[1], TRIM[2], TRIM[3]).done().bytes(),
                boxes(MEDIA_W, MEDIA_H, null, MEDIA));
        page("PAGE_TRIM_OUTSIDE_BLEED", 1, SOUND,
                boxes(MEDIA_W, MEDIA_H, TRIM, box(MM3 + 10, MM3 + 10, MEDIA_W - MM3 - 10, MEDIA_H - MM3 - 10)));
        page("PAGE_TRIM_OUTSIDE_MEDIA", 1, SOUND, boxes(A4_W, A4_H, box(-5, -5, A4_W + 5, A4_H + 5), null));
        page("PAGE_TRIM_SIZE_MIXED", 2, twoPages(d -> d.page(MEDIA_W + 40, MEDIA_H + 40).trimBox(TRIM[0] + 20,
                TRIM[1] + 20, TRIM[2] + 20, TRIM[3] + 20)), twoPages(d -> d.page(MEDIA_W, MEDIA_H).trimBox(MM3, MM3, 500, 700)));
        page("PAGE_USERUNIT", 1, SOUND, pagePdf(p -> p.userUnit(2)));

        // metadata
        doc("META_CREATION_DATE_MISSING", docPdf(d -> d.xmp(xmp(null, null, null, DATE, null))), SOUND);
        doc("META_CREATOR", SOUND, docPdf(d -> {
            d.infoDictionary().setString(COSName.CREATOR, "Layout App 3");
            return d;
        }));
        doc("META_MOD_DATE_MISSING", docPdf(d -> {
            d.infoDictionary().setString(COSName.MOD_DATE, "D:20260102030405Z");
            return d;
        }), SOUND);
        doc("META_TITLE_MISMATCH", docPdf(d -> d.info("Brochure", null, null).xmp(xmp("Brochure", null, null, null,
                null))), docPdf(d -> d.info("Brochure", null, null).xmp(xmp("Flyer", null, null, null, null))));
        doc("META_TITLE_MISSING", docPdf(d -> d.info("Brochure", null, null)), docPdf(d -> d.info(" ", null, null)));
        doc("META_TRAPPED_MISMATCH", docPdf(d -> d.info(null, "False", null).xmp(xmp(null, "False", null, null,
                null))), docPdf(d -> d.info(null, "False", null).xmp(xmp(null, "True", null, null, null))));
        doc("META_TRAPPED_UNDEFINED", docPdf(d -> d.info(null, "Unknown", null).xmp(xmp(null, "True", null, null, null))), docPdf(d -> d.info(null, "Unknown",
                null)));
        doc("META_XMP_MISSING", docPdf(d -> d.xmp(xmp("T", null, null, null, null))), SOUND);
        doc("META_XMP_UNPARSEABLE", docPdf(d -> d.xmp(xmp("T", null, null, null, null))),
                docPdf(d -> d.xmp("<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"><rdf:RDF")));

        // output intents
        doc("OI_CONDITION_NOT_EXPECTED", docPdf(d -> d.outputIntent("FOGRA39", true)),
                docPdf(d -> d.outputIntent("Japan Color 2001 Coated", true)));
        doc("OI_IDENTIFIER_MISSING", docPdf(d -> d.outputIntent("FOGRA39", true)),
                docPdf(d -> d.outputIntent("", true)));
        doc("OI_MISSING", docPdf(d -> d.outputIntent("FOGRA39", true)), SOUND);
        doc("OI_MULTIPLE_PDFX", docPdf(d -> d.outputIntent("FOGRA39", true)),
                docPdf(d -> d.outputIntent("FOGRA39", true).outputIntent("FOGRA51", true)));
        doc("OI_NOT_CMYK", docPdf(d -> d.outputIntent("FOGRA39", true)),
                docPdf(d -> d.outputIntent("sRGB IEC61966-2.1", false)));
        page("OI_PAGE_LEVEL", 1, SOUND, pagePdf(p -> p.outputIntent("FOGRA39", true)));
        doc("OI_PRESENT", SOUND, docPdf(d -> d.outputIntent("FOGRA39", true)));
        doc("OI_PROFILE_DAMAGED", docPdf(d -> d.outputIntent("FOGRA39", true)), docPdf(d -> {
            COSStream junk = d.stream("not an ICC profile".getBytes(StandardCharsets.US_ASCII), true);
            junk.setInt(COSName.N, 4);
            lastIntent(d.outputIntent("FOGRA39", true)).setItem(COSName.DEST_OUTPUT_PROFILE, junk);
            return d;
        }));
        doc("OI_PROFILE_MISSING", docPdf(d -> d.outputIntent("FOGRA39", true)),
                docPdf(d -> intentWithoutProfile(d, true)));
        doc("OI_REGISTRY_NAME_MISSING", docPdf(d -> intentWithoutProfile(d, true)),
                docPdf(d -> intentWithoutProfile(d, false)));

        // optional content
        doc("OC_CONFIGS_PRESENT", docPdf(d -> d.layer("A", true)), docPdf(d -> d.layer("A", true).layerConfigs()));
        page("OC_HIDDEN_CONTENT", 1, pdf(d -> d.layer("Notes", true), p -> p.layer("Notes", c -> c.rect(50, 50, 20,
                20))), pdf(d -> d.layer("Notes", false), p -> p.layer("Notes", c -> c.rect(50, 50, 20, 20))));
        doc("OC_HIDDEN_LAYERS", docPdf(d -> d.layer("A", true)), docPdf(d -> d.layer("A", false)));
        doc("OC_LAYER_NAME_DUPLICATE", docPdf(d -> d.layer("A", true).layer("B", true)),
                docPdf(d -> duplicateLayer(d, "A")));
        doc("OC_LAYER_NAME_EMPTY", docPdf(d -> d.layer("A", true)), docPdf(d -> d.layer("", true)));
        doc("OC_NOT_PRINTING", docPdf(d -> d.layerPrintState("A", true, true)),
                docPdf(d -> d.layerPrintState("A", true, false)));
        doc("OC_PRESENT", SOUND, docPdf(d -> d.layer("A", true)));

        // processing steps
        doc("PROC_STEPS_CREASING_REQUIRED", docPdf(d -> d.processStepLayer("Crease", "Structural", "ReverseCreasing")),
                docPdf(d -> d.processStepLayer("Die", "Structural", "Cutting")));
        doc("PROC_STEPS_PRESENT", SOUND, docPdf(d -> d.processStepLayer("Die", "Structural", "Cutting")));
        doc("PROC_STEPS_PRODUCT_TYPE", docPdf(d -> d.processStepLayer("Die", "Structural", "Cutting")),
                docPdf(d -> d.processStepLayer("Crease", "Structural", "Creasing")));
        page("PROC_STEPS_NOT_SPOT", 1, dieLine(DIE_INK, true, false), dieLine(Pdfs.cmyk(0, 1, 0, 0), true, false));
        page("PROC_STEPS_NOT_OVERPRINT", 1, dieLine(DIE_INK, true, false), dieLine(DIE_INK, false, false));
        page("PROC_STEPS_SPOT_IN_ARTWORK", 1, dieLine(DIE_INK, true, false), dieLine(DIE_INK, true, true));
        doc("PROC_STEPS_UNKNOWN_TYPE", docPdf(d -> d.processStepLayer("Die", "Structural", "Cutting")),
                docPdf(d -> d.processStepLayer("Die", "Structural", "Laser")));
        doc("PROC_STEPS_PRINTS", docPdf(d -> d.layerPrintState("Die", true, false)
                        .processStepLayer("Die", "Structural", "Cutting")),
                docPdf(d -> d.layerPrintState("Die", false, true).processStepLayer("Die", "Structural", "Cutting")));
        page("DIELINE_WITHOUT_PROC_STEPS", 1, pagePdf(p -> p.stroke(Pdfs.spot("PANTONE 185 C", 1, 0, 1, 0.8, 0))
                        .strokeRect(TRIM[0], TRIM[1], TRIM[2] - TRIM[0], TRIM[3] - TRIM[1])),
                pagePdf(p -> p.stroke(Pdfs.spot("CutContour", 1, 0, 1, 0, 0))
                        .strokeRect(TRIM[0], TRIM[1], TRIM[2] - TRIM[0], TRIM[3] - TRIM[1])));
        page("WHITE_INK_NOT_OVERPRINT", 1, specialInk("White", true), specialInk("White", false));
        page("VARNISH_NOT_OVERPRINT", 1, specialInk("Varnish", true), specialInk("Varnish", false));

        // compliance
        doc("PDFX_ACTIONS_FORBIDDEN", pagePdf(p -> p.link(100, 100, 50, 20, "https://example.com")),
                docPdf(d -> d.openActionJavaScript("app.alert('hi')")));
        page("PDFX_ANNOT_FORBIDDEN_TYPE", 1, pagePdf(p -> p.link(100, 100, 50, 20, "https://example.com")),
                pagePdf(p -> p.annotation("Movie", 100, 100, 50, 50, true, false, black())));
        page("PDFX_ANNOT_NOT_PRINTING", 1, pagePdf(p -> p.link(100, 100, 50, 20, "https://example.com")),
                pagePdf(p -> p.annotation("Text", 100, 100, 20, 20, false, false, black())));
        page("PDFX_BOXES_NOT_NESTED", 1, SOUND,
                boxes(MEDIA_W, MEDIA_H, TRIM, box(MM3 + 10, MM3 + 10, MEDIA_W - MM3 - 10, MEDIA_H - MM3 - 10)));
        doc("PDFX_DATES_MISSING", docPdf(d -> d.xmp(xmp("T", "False", "PDF/X-4", DATE, DATE))),
                docPdf(d -> d.xmp(xmp("T", "False", "PDF/X-4", DATE, null))));
        doc("PDFX_ENCRYPTED", SOUND, docPdf(d -> d.encrypt("owner", "", true, true)));
        doc("PDFX_FONTS_NOT_EMBEDDED", SOUND,
                pagePdf(p -> p.font(Pdfs.Font.HELVETICA).textRenderMode(3).text(100, 300, 12, "Invisible")));
        doc("PDFX_OI_MISSING", docPdf(d -> d.outputIntent("FOGRA39", true)), SOUND);
        doc("PDFX_OI_PROFILE", docPdf(d -> d.outputIntent("FOGRA39", true)),
                docPdf(d -> intentWithoutProfile(d, true)));
        doc("PDFX_OPTIONAL_CONTENT", SOUND, docPdf(d -> d.layer("A", true)), Map.of("standard", "PDF/X-3:2003"));
        doc("PDFX_PDF_VERSION", SOUND, docPdf(d -> d.version(1.7f)));
        doc("PDFX_TITLE_MISSING", docPdf(d -> d.xmp(xmp("Brochure", null, null, null, null))),
                docPdf(d -> d.info("Brochure", null, null).xmp(xmp(null, null, null, null, null))));
        // an ExtGState that sets opaque alpha and the Normal blend mode is allowed
        page("PDFX_TRANSPARENCY", 1, pagePdf(p -> p.alpha(1, 1).blend("Normal").rect(100, 100, 50, 50)), pagePdf(p -> p.alpha(0.5, 1).rect(100, 100, 50, 50)));
        doc("PDFX_TRAPPED_INVALID", docPdf(d -> d.xmp(xmp(null, "False", null, null, null))),
                docPdf(d -> d.info(null, "False", null).xmp(xmp(null, "Unknown", null, null, null))));
        page("PDFX_TRIM_AND_ART_BOTH", 1, SOUND, pagePdf(p -> p.artBox(TRIM[0], TRIM[1], TRIM[2], TRIM[3])));
        page("PDFX_TRIM_OR_ART_MISSING", 1, SOUND, boxes(MEDIA_W, MEDIA_H, null, MEDIA));
        doc("PDFX_VERSION_KEY_MISSING", docPdf(d -> d.xmp(xmp(null, null, "PDF/X-4", null, null))), SOUND);
        doc("PDFX_VERSION_MISMATCH", docPdf(d -> d.info(null, null, "PDF/X-4").xmp(xmp(null, null, "PDF/X-4", null,
                null))), docPdf(d -> d.info(null, null, "PDF/X-3:2003").xmp(xmp(null, null, "PDF/X-4", null, null))));
        doc("PDFX_VERSION_NOT_ALLOWED", docPdf(d -> d.xmp(xmp(null, null, "PDF/X-4", null, null))),
                docPdf(d -> d.info(null, null, "PDF/X-1a:2003")));
        // an RGB stroke colour that nothing strokes is not used
        page("PDFX_X1A_COLOR_SPACE", 1, pagePdf(p -> p.stroke(Pdfs.rgb(0, 1, 0)).fill(Pdfs.cmyk(0, 1, 0, 0))
                        .rect(100, 100, 50, 50)), pagePdf(p -> p.fill(Pdfs.rgb(1, 0, 0)).rect(100, 100, 50, 50)));
        doc("PDFX_XMP_MISSING", docPdf(d -> d.xmp(xmp("T", null, null, null, null))), SOUND);
        doc("PDFX_EXTERNAL_PROFILE_REF", docPdf(d -> referencedIntent(d, ExchangePdfs.cmykRef(new byte[16]))),
                docPdf(d -> referencedIntent(d, ExchangePdfs.cmykRef(null))), Map.of("standard", "PDF/X-4p"));
        page("PDFX_EXTERNAL_GRAPHICS_REF", 1, pagePdf(p -> ExchangePdfs.referenceXObject(p, ExchangePdfs.ref(
                        ExchangePdfs.file("artwork.pdf"), 0, ExchangePdfs.ids()), 100, 100)),
                pagePdf(p -> ExchangePdfs.referenceXObject(p, ExchangePdfs.ref(ExchangePdfs.file("artwork.pdf"), 0,
                        null), 100, 100)));
        doc("PDFX_N_COLORANTS", docPdf(d -> nColourIntent(d, List.of("Cyan", "Magenta", "Yellow", "Black", "Orange",
                "Green"))), docPdf(d -> nColourIntent(d, null)), Map.of("standard", "PDF/X-5n"));
        doc("PDFX6_PDF_VERSION", docPdf(d -> d.version(2.0f)), SOUND);
        page("PDFX6_PAGE_OUTPUT_INTENT", 1, pdf(d -> d.outputIntent("FOGRA39", true), p -> p.outputIntent("FOGRA51",
                true)), pdf(d -> d.outputIntent("FOGRA39", true), p -> p.outputIntent("sRGB", false)));
        doc("PDFVT_VERSION_KEY", docPdf(d -> d.xmp(ExchangePdfs.xmp("PDF/X-4", "PDF/VT-1", DATE))), SOUND);
        doc("PDFVT_DPART_MISSING", recordsOfOnePage(), SOUND);
        doc("PDFVT_NOT_PDFX4", docPdf(d -> d.xmp(ExchangePdfs.xmp("PDF/X-4", "PDF/VT-1", DATE))),
                docPdf(d -> d.xmp(ExchangePdfs.xmp("PDF/X-5g", "PDF/VT-1", DATE))));
        doc("PDFVT_RECORD_INFO", SOUND, recordsOfOnePage());
    }

    /** More files each check must pass: sound variants a careless rule would report. */
    static final Map<String, List<Pass>> MORE_PASSES = new LinkedHashMap<>();

    /** A further passing file, checked with {@code params} (null: the case's). */
    record Pass(Supplier<byte[]> file, Map<String, Object> params) {
    }

    private static void alsoPasses(String id, Supplier<byte[]> pass) {
        alsoPasses(id, null, pass);
    }

    private static void alsoPasses(String id, Map<String, Object> params, Supplier<byte[]> pass) {
        if (!CASES.containsKey(id)) {
            throw new IllegalStateException("no case for " + id);
        }
        MORE_PASSES.computeIfAbsent(id, k -> new java.util.ArrayList<>()).add(new Pass(pass, params));
    }

    /** The file saved again as an incremental update that changes the title (a second xref section). */
    private static byte[] incrementalUpdate(byte[] pdf) {
        try (var doc = org.apache.pdfbox.Loader.loadPDF(pdf)) {
            doc.getDocumentInformation().setTitle("Updated");
            doc.getDocumentInformation().getCOSObject().setNeedToBeUpdated(true);
            doc.getDocumentCatalog().getCOSObject().setNeedToBeUpdated(true);
            var out = new java.io.ByteArrayOutputStream();
            doc.saveIncremental(out);
            return out.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The file signed by PDFBox as an incremental update. The signature value is not a real CMS signature: the
     * checks judge what the /ByteRange covers, not the cryptography.
     */
    private static byte[] signed(byte[] pdf) {
        try (var doc = org.apache.pdfbox.Loader.loadPDF(pdf)) {
            var sig = new org.apache.pdfbox.pdmodel.interactive.digitalsignature.PDSignature();
            sig.setFilter(org.apache.pdfbox.pdmodel.interactive.digitalsignature.PDSignature.FILTER_ADOBE_PPKLITE);
            sig.setSubFilter(
                    org.apache.pdfbox.pdmodel.interactive.digitalsignature.PDSignature.SUBFILTER_ADBE_PKCS7_DETACHED);
            sig.setName("Prepress Tester");
            sig.setSignDate(java.util.Calendar.getInstance());
            doc.addSignature(sig, content -> {
                content.readAllBytes();
                return new byte[] {0x30, 0x00};
            });
            var out = new java.io.ByteArrayOutputStream();
            doc.saveIncremental(out);
            return out.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The file with the /ToUnicode maps of the first page's fonts of one /Subtype removed (saved anew). */
    private static byte[] withoutToUnicode(byte[] pdf, COSName subtype) {
        try (var doc = org.apache.pdfbox.Loader.loadPDF(pdf)) {
            var fonts = doc.getPage(0).getResources().getCOSObject().getCOSDictionary(COSName.FONT);
            for (COSName n : fonts.keySet()) {
                if (subtype.equals(fonts.getCOSDictionary(n).getCOSName(COSName.SUBTYPE))) {
                    fonts.getCOSDictionary(n).removeItem(COSName.TO_UNICODE);
                }
            }
            var out = new java.io.ByteArrayOutputStream();
            doc.save(out);
            return out.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The bytes with {@code tail} appended after the last %%EOF. */
    private static byte[] appended(byte[] pdf, String tail) {
        byte[] t = tail.getBytes(StandardCharsets.ISO_8859_1);
        byte[] out = java.util.Arrays.copyOf(pdf, pdf.length + t.length);
        System.arraycopy(t, 0, out, pdf.length, t.length);
        return out;
    }

    static {
        // written once: no earlier revision; a %%EOF in a comment without its startxref is no revision end
        alsoPasses("DOC_INCREMENTAL_UPDATES", Map.of(), SOUND);
        alsoPasses("DOC_INCREMENTAL_UPDATES", Map.of(), () -> appended(SOUND.get(), "% trailing %%EOF\n"));
        alsoPasses("DOC_SIGNATURE_BROKEN", SOUND);
        // WinAnsiEncoding without a ToUnicode map: the standard encoding gives the text
        alsoPasses("TEXT_NOT_EXTRACTABLE", pagePdf(p -> p.font(Pdfs.Font.HELVETICA).text(100, 300, 12, "WinAnsi")));
        alsoPasses("TEXT_NOT_EXTRACTABLE", () -> withoutToUnicode(
                pagePdf(p -> p.font(Pdfs.Font.EMBEDDED_TRUETYPE).text(100, 300, 12, "WinAnsi")).get(),
                COSName.TRUE_TYPE));
        alsoPasses("TEXT_NOT_EXTRACTABLE", SOUND);
        alsoPasses("DOC_DAMAGED", SOUND);
        alsoPasses("DOC_DAMAGED", () -> incrementalUpdate(docPdf(Pdfs.Doc::classicXref).get()));
        alsoPasses("DOC_DAMAGED", () -> incrementalUpdate(SOUND.get()));
        alsoPasses("PAGE_CONTENT_PROBLEM", pdf(d -> d.layer("A", true), p -> p
                .inlineImage(Pdfs.image(4, 4).gray(), 100, 100, 20, 20)
                .layer("A", c -> c.fill(Pdfs.spot("Gold", 1, 0, 0.2, 0.6, 0.1)).rect(10, 10, 20, 20))
                .raw("/Span << /ActualText (x) >> BDC EMC")
                .form(50, 50, f -> f.fill(Pdfs.gray(0.5)).rect(0, 0, 50, 50))
                .axialShading(0, 0, 100, 0, Pdfs.cmyk(0, 0, 0, 0), Pdfs.cmyk(1, 0, 0, 0))));
        alsoPasses("PAGE_SIZE_NOT_EXPECTED", boxes(A4_H, A4_W, box(0, 0, A4_H, A4_W), null));
        alsoPasses("PAGE_SIZE_NOT_EXPECTED", boxes(612, 792, box(0, 0, 612, 792), null));
        alsoPasses("PAGE_TRIM_OUTSIDE_BLEED", boxes(MEDIA_W, MEDIA_H, TRIM, TRIM));
        alsoPasses("PAGE_TRIM_OUTSIDE_MEDIA", boxes(MEDIA_W, MEDIA_H, MEDIA, null));
        alsoPasses("PDFX_BOXES_NOT_NESTED", boxes(MEDIA_W, MEDIA_H, MEDIA, MEDIA));
        alsoPasses("PAGE_USERUNIT", pagePdf(p -> p.userUnit(1)));
        alsoPasses("PAGE_ROTATED", pagePdf(p -> p.rotate(360)));
        alsoPasses("FONT_NOT_EMBEDDED", pdf(d -> d.layer("Notes", false),
                p -> p.layer("Notes", c -> c.font(Pdfs.Font.HELVETICA).text(100, 300, 12, "Hidden"))));
        alsoPasses("FONT_NOT_EMBEDDED", pagePdf(p -> p.font(Pdfs.Font.HELVETICA).textRenderMode(7)
                .text(100, 300, 12, "Clip")));
        alsoPasses("ANNOT_FORM_FIELD_PRINTS", pagePdf(p -> p.annotation("Widget", 100, 100, 50, 20, true, true,
                black())));
        alsoPasses("ANNOT_PRINTS", pagePdf(p -> p.annotation("Stamp", 100, 100, 50, 50, true, true, black())));
        alsoPasses("ANNOT_PRINTS", pagePdf(p -> p.annotation("Popup", 100, 100, 50, 50, true, false, null)));
        alsoPasses("ANNOT_NO_APPEARANCE", pagePdf(p -> p.annotation("Text", 100, 100, 20, 20, false, true, null)));
        alsoPasses("ANNOT_NO_APPEARANCE", pagePdf(p -> p.link(100, 100, 50, 20, "https://example.com")));
        alsoPasses("META_TITLE_MISMATCH", docPdf(d -> d.info("Brochure ", null, null)
                .xmp(xmp("Brochure", null, null, null, null))));
        alsoPasses("META_TRAPPED_MISMATCH", docPdf(d -> d.info(null, "True", null)
                .xmp(xmp(null, "True", null, null, null))));
        alsoPasses("OI_CONDITION_NOT_EXPECTED", docPdf(d -> d.outputIntent("Coated FOGRA39 (ISO 12647-2:2004)",
                true)));
        alsoPasses("PDFX_VERSION_NOT_ALLOWED", docPdf(d -> d.info(null, null, "PDF/X-4")));
        alsoPasses("PDFX_ANNOT_NOT_PRINTING", pagePdf(p -> p.annotation("Text", MEDIA_W + 10, 100, 20, 20, false,
                false, black())));
        alsoPasses("DOC_ACTIONS", SOUND);
        alsoPasses("DOC_JAVASCRIPT", pagePdf(p -> p.link(100, 100, 50, 20, "javascript-free.example.com")));
    }

    /** More files each check must fail, with the page the finding must name (0: any) and params (null: the case's). */
    record Fail(Supplier<byte[]> file, int page, Map<String, Object> params) {
    }

    static final Map<String, List<Fail>> MORE_FAILS = new LinkedHashMap<>();

    private static void alsoFails(String id, int page, Supplier<byte[]> fail) {
        alsoFails(id, page, null, fail);
    }

    private static void alsoFails(String id, int page, Map<String, Object> params, Supplier<byte[]> fail) {
        if (!CASES.containsKey(id)) {
            throw new IllegalStateException("no case for " + id);
        }
        MORE_FAILS.computeIfAbsent(id, k -> new java.util.ArrayList<>()).add(new Fail(fail, page, params));
    }

    static {
        alsoFails("DOC_INCREMENTAL_UPDATES", 0, Map.of(), () -> incrementalUpdate(SOUND.get()));
        alsoFails("DOC_INCREMENTAL_UPDATES", 0, Map.of(),
                () -> incrementalUpdate(docPdf(Pdfs.Doc::classicXref).get()));
        // Identity-H codes are glyph ids: without the ToUnicode map nothing gives their text
        alsoFails("TEXT_NOT_EXTRACTABLE", 1, () -> withoutToUnicode(SOUND.get(), COSName.TYPE0));
        // a single byte written after signing is outside the signed range
        alsoFails("DOC_SIGNATURE_BROKEN", 0, () -> appended(signed(SOUND.get()), "\n"));
        // a thumbnail and the XMP packet are streams no page draws; LZW in them is LZW in the file all the same
        alsoFails("DOC_LZW_COMPRESSION", 1, withThumbnail(COSName.LZW_DECODE));
        alsoFails("DOC_LZW_COMPRESSION", 0, () -> {
            Pdfs.Doc d = Pdfs.document();
            a4(d).done();
            COSStream xmp = compressed(d, xmp("T", null, null, null, null).getBytes(StandardCharsets.UTF_8),
                    COSName.LZW_DECODE);
            xmp.setItem(COSName.TYPE, COSName.METADATA);
            xmp.setItem(COSName.SUBTYPE, COSName.getPDFName("XML"));
            d.catalog().setItem(COSName.METADATA, xmp);
            return d.bytes();
        });
        // an inline image abbreviates the filter as /LZW
        alsoFails("DOC_LZW_COMPRESSION", 1, pagePdf(p -> p.raw("q 20 0 0 20 100 100 cm BI /W 2 /H 2 /BPC 8 /CS /G "
                + "/F /AHx ID 00ff00ff> EI Q").raw("q 20 0 0 20 200 100 cm BI /W 1 /H 1 /BPC 8 /CS /G /F [/AHx /LZW] ID "
                + lzwHex(new byte[] {(byte) 0x80}) + "> EI Q")));
        // the finding names the page that carries the thumbnail
        alsoFails("DOC_PAGE_THUMBNAILS", 2, () -> {
            Pdfs.Doc d = Pdfs.document();
            a4(d).done();
            a4(d).done();
            COSArray kids = (COSArray) d.catalog().getCOSDictionary(COSName.PAGES).getDictionaryObject(COSName.KIDS);
            ((COSDictionary) kids.getObject(1)).setItem(COSName.getPDFName("Thumb"),
                    thumbnail(d, COSName.FLATE_DECODE));
            return d.bytes();
        });
        // Helvetica is a Type 1 font by subtype, but without a program in the file there is no Type 1 program
        alsoPasses("FONT_TYPE1", pagePdf(p -> p.font(Pdfs.Font.HELVETICA).text(100, 300, 12, "Standard 14")));
    }

    /** A Link annotation running an action of the given type. */
    private static Pdfs.Page linkAction(Pdfs.Page p, String type, String key, String value) {
        COSDictionary a = new COSDictionary();
        a.setItem(COSName.TYPE, COSName.ANNOT);
        a.setItem(COSName.SUBTYPE, COSName.LINK);
        a.setItem(COSName.RECT, rect(100, 100, 150, 120));
        COSDictionary act = new COSDictionary();
        act.setItem(COSName.S, COSName.getPDFName(type));
        act.setString(COSName.getPDFName(key), value);
        a.setItem(COSName.A, act);
        return p.annotation(a);
    }

    /** A FileAttachment annotation carrying a small embedded file. */
    private static Pdfs.Page attachment(Pdfs.Doc d, Pdfs.Page p) {
        COSStream ef = d.stream(new byte[] {1, 2, 3}, true);
        ef.setItem(COSName.TYPE, COSName.EMBEDDED_FILE);
        COSDictionary efd = new COSDictionary();
        efd.setItem(COSName.F, ef);
        COSDictionary spec = new COSDictionary();
        spec.setItem(COSName.TYPE, COSName.FILESPEC);
        spec.setString(COSName.F, "notes.txt");
        spec.setItem(COSName.EF, efd);
        COSDictionary a = new COSDictionary();
        a.setItem(COSName.TYPE, COSName.ANNOT);
        a.setItem(COSName.SUBTYPE, COSName.getPDFName("FileAttachment"));
        a.setItem(COSName.RECT, rect(100, 100, 120, 120));
        a.setItem(COSName.FS, spec);
        return p.annotation(a);
    }

    static {
        alsoFails("DOC_JAVASCRIPT", 0, docPdf(d -> d.namedJavaScript("init", "app.alert('hi')")));
        alsoFails("DOC_JAVASCRIPT", 1, pagePdf(p -> linkAction(p, "JavaScript", "JS", "app.alert('hi')")));
        alsoFails("DOC_JAVASCRIPT", 1, pagePdf(p -> p.textField("name", 100, 200, 100, 20, "AFNumber_Keystroke()")));
        alsoFails("DOC_LAUNCH_ACTION", 1, pagePdf(p -> linkAction(p, "Launch", "F", "run.exe")));
        alsoFails("DOC_SUBMITFORM_ACTION", 1, pagePdf(p -> linkAction(p, "SubmitForm", "F", "https://example.com")));
        alsoFails("DOC_EMBEDDED_FILES", 0, () -> {
            Pdfs.Doc d = Pdfs.document();
            return attachment(d, a4(d)).done().bytes();
        });
        alsoFails("PAGE_ROTATED", 1, docPdf(d -> {
            d.catalog().getCOSDictionary(COSName.PAGES).setInt(COSName.ROTATE, 90);
            return d;
        }));
        alsoFails("OC_HIDDEN_LAYERS", 0, docPdf(d -> {
            d.layer("A", true);
            COSDictionary oc = d.catalog().getCOSDictionary(COSName.OCPROPERTIES);
            COSDictionary dflt = oc.getCOSDictionary(COSName.D);
            dflt.setItem(COSName.BASE_STATE, COSName.OFF);
            dflt.setItem(COSName.ON, new COSArray());
            return d;
        }));
        alsoFails("OC_HIDDEN_CONTENT", 1, pdf(d -> d.layer("On", true).layer("Off", false),
                p -> p.layerMembership("AllOn", List.of("On", "Off"), c -> c.rect(50, 50, 20, 20))));
        alsoFails("PAGE_SAFETY_MARGIN", 1, pagePdf(p -> p.fill(Pdfs.cmyk(1, 0, 0, 0))
                .rect(MEDIA_W - MM3 - 2 * MM, 400, MM, 20)));
        alsoFails("PAGE_SIZE_MIXED", 2, twoPages(d -> d.page(MEDIA_W, MEDIA_H).userUnit(2)));
        alsoFails("PDFX_FONTS_NOT_EMBEDDED", 1, pagePdf(p -> p.font(Pdfs.Font.COURIER).text(100, 300, 12, "Seen")));
        Map<String, Object> x1a = Map.of("standard", "PDF/X-1a");
        Map<String, Object> x3 = Map.of("standard", "PDF/X-3");
        alsoPasses("PDFX_TRAPPED_INVALID", x1a, docPdf(d -> d.info(null, "True", "PDF/X-1a:2003")));
        alsoFails("PDFX_TRAPPED_INVALID", 0, x1a, docPdf(d -> d.info(null, null, "PDF/X-1a:2003")
                .xmp(xmp(null, "True", null, null, null))));
        alsoPasses("PDFX_TITLE_MISSING", x3, docPdf(d -> d.info("Brochure", null, "PDF/X-3:2003")));
        alsoFails("PDFX_TITLE_MISSING", 0, x3, docPdf(d -> d.info(null, null, "PDF/X-3:2003")
                .xmp(xmp("Brochure", null, null, null, null))));
        alsoPasses("PDFX_DATES_MISSING", x1a, docPdf(d -> {
            d.info(null, null, "PDF/X-1a:2003").infoDictionary().setString(COSName.CREATION_DATE, "D:20260102030405Z");
            d.infoDictionary().setString(COSName.MOD_DATE, "D:20260102030405Z");
            return d;
        }));
        alsoFails("PDFX_DATES_MISSING", 0, x1a, docPdf(d -> d.info(null, null, "PDF/X-1a:2003")
                .xmp(xmp(null, null, null, DATE, DATE))));
        alsoPasses("PDFX_VERSION_KEY_MISSING", x1a, docPdf(d -> d.info(null, null, "PDF/X-1a:2003")));
        alsoFails("PDFX_VERSION_KEY_MISSING", 0, x1a, docPdf(d -> d.xmp(xmp(null, null, "PDF/X-1a:2003", null, null))));
        // PDF/X-1a:2001 declares version PDF/X-1:2001 with conformance PDF/X-1a:2001
        alsoPasses("PDFX_VERSION_NOT_ALLOWED", x1a, docPdf(d -> {
            d.info(null, null, "PDF/X-1:2001").infoDictionary().setString(COSName.getPDFName("GTS_PDFXConformance"),
                    "PDF/X-1a:2001");
            return d;
        }));
        alsoFails("PDFX_VERSION_NOT_ALLOWED", 0, x1a, docPdf(d -> {
            d.info(null, null, "PDF/X-1:2001").infoDictionary().setString(COSName.getPDFName("GTS_PDFXConformance"),
                    "PDF/X-1:2001");
            return d;
        }));
        alsoFails("PDFX_VERSION_NOT_ALLOWED", 0, x1a, docPdf(d -> d.info(null, null, "PDF/X-3:2003")));
        alsoPasses("PDFX_PDF_VERSION", x1a, docPdf(d -> d.info(null, null, "PDF/X-1a:2003").classicXref()));
        alsoFails("PDFX_PDF_VERSION", 0, x1a, docPdf(d -> d.info(null, null, "PDF/X-1a:2003")));
        alsoPasses("PDFX_OI_PROFILE", x1a,
                docPdf(d -> intentWithoutProfile(d.info(null, null, "PDF/X-1a:2003"), true)));
        alsoPasses("PDFX_OI_PROFILE", x3, docPdf(d -> d.info(null, null, "PDF/X-3:2003")
                .outputIntent("sRGB IEC61966-2.1", false)));
        alsoFails("PDFX_OI_PROFILE", 0, x1a, docPdf(d -> d.info(null, null, "PDF/X-1a:2003")
                .outputIntent("sRGB IEC61966-2.1", false)));
        alsoPasses("PDFX_X1A_COLOR_SPACE", x3, pagePdf(p -> p.fill(Pdfs.rgb(1, 0, 0)).rect(100, 100, 50, 50)));
        alsoPasses("PDFX_X1A_COLOR_SPACE", pagePdf(p -> p.fill(Pdfs.spot("Gold", 1, 0, 0.2, 0.6, 0.1))
                .rect(100, 100, 50, 50).fill(Pdfs.gray(0.5)).rect(200, 100, 50, 50)));
        alsoFails("PDFX_X1A_COLOR_SPACE", 1, pagePdf(p -> p.image(Pdfs.image(8, 8).rgb(), 100, 100, 50, 50)));
        alsoPasses("PDFX_TRANSPARENCY", Map.of("standard", "PDF/X-4"),
                pagePdf(p -> p.alpha(0.5, 1).rect(100, 100, 50, 50)));
        alsoFails("PDFX_TRANSPARENCY", 1, pagePdf(p -> p.blend("Multiply").rect(100, 100, 50, 50)));
        alsoFails("PDFX_TRANSPARENCY", 1, pagePdf(p -> p.image(Pdfs.image(8, 8).cmyk().softMask(), 100, 100, 50,
                50)));
        alsoPasses("PAGE_CONTENT_BEYOND_BLEED", () -> Pdfs.document().page(MEDIA_W + 40, MEDIA_H + 40)
                .trimBox(TRIM[0] + 20, TRIM[1] + 20, TRIM[2] + 20, TRIM[3] + 20).bleedBox(20, 20, MEDIA_W + 20,
                        MEDIA_H + 20)
                .clipRect(20, 20, MEDIA_W, MEDIA_H).fill(Pdfs.cmyk(0, 0.2, 0, 0)).rect(0, 0, MEDIA_W + 40, MEDIA_H + 40)
                .done().bytes());
        alsoPasses("PAGE_SAFETY_MARGIN", pagePdf(p -> p.image(Pdfs.image(16, 16).cmyk(), 0, 0, MEDIA_W, 200)
                .fill(Pdfs.cmyk(0, 0.2, 0, 0)).rect(0, 0, MEDIA_W, MEDIA_H)));
        alsoFails("OC_LAYER_NAME_EMPTY", 0, docPdf(d -> {
            d.layer("A", true);
            d.layerGroup("A").removeItem(COSName.NAME);
            return d;
        }));
        // a BleedBox declared beyond the sheet does not make annotations off the sheet print
        alsoPasses("ANNOT_PRINTS", () -> Pdfs.document().page(MEDIA_W, MEDIA_H).trimBox(TRIM[0], TRIM[1], TRIM[2],
                TRIM[3]).bleedBox(-100, 0, MEDIA_W, MEDIA_H)
                .annotation("Stamp", -80, 100, 50, 50, true, false, black()).done().bytes());
        alsoPasses("PDFX_ANNOT_NOT_PRINTING", () -> Pdfs.document().page(MEDIA_W, MEDIA_H).trimBox(TRIM[0], TRIM[1],
                TRIM[2], TRIM[3]).bleedBox(-100, 0, MEDIA_W, MEDIA_H)
                .annotation("Text", -80, 100, 20, 20, false, false, black()).done().bytes());
        // unknown operators inside a BX/EX compatibility section must be ignored (ISO 32000-1 8.2)
        alsoPasses("PAGE_CONTENT_PROBLEM", pagePdf(p -> p.raw("BX 1 2 xq EX")));
        // ... but outside one an unknown operator is a malformed content stream
        alsoFails("PAGE_CONTENT_PROBLEM", 1, pagePdf(p -> p.raw("1 2 xq")));
        alsoFails("DOC_DAMAGED", 0, () -> {
            String f = new String(docPdf(Pdfs.Doc::classicXref).get(), StandardCharsets.ISO_8859_1);
            int at = f.lastIndexOf("startxref") + "startxref".length();
            String rest = f.substring(at).strip();
            String number = rest.substring(0, rest.indexOf('\n')).strip();
            return (f.substring(0, at) + "\n" + (Long.parseLong(number) + 7) + "\n%%EOF\n")
                    .getBytes(StandardCharsets.ISO_8859_1);
        });
        alsoPasses("DOC_DAMAGED", () -> {
            byte[] f = docPdf(Pdfs.Doc::classicXref).get();
            byte[] withTail = java.util.Arrays.copyOf(f, f.length + 2);
            withTail[f.length] = '\r';
            withTail[f.length + 1] = '\n';
            return withTail;
        });
        alsoFails("ANNOT_PRINTS", 1, pagePdf(p -> p.annotation("FreeText", 100, 100, 50, 50, true, false, black())));
    }

    // ------------------------------------------------------------------------------------------ running

    private static List<Finding> analyze(String id, byte[] pdf, Map<String, Object> params) throws Exception {
        Profile profile = new Profile("one-check", id, null, null, false,
                List.of(new ProfileCheck(id, null, params, null)));
        Path f = Files.createTempFile("doc-case", ".pdf");
        try {
            Files.write(f, pdf);
            List<Finding> findings = new Engine(EngineSettings.defaults()).analyze(f, new AnalysisRequest(profile,
                    false)).findings();
            assertThat(findings).as("no check may fail on a generated file")
                    .noneMatch(x -> x.inspectionId().equals(Engine.CHECK_FAILED));
            return findings;
        } finally {
            Files.deleteIfExists(f);
        }
    }

    private static List<Finding> of(String id, List<Finding> findings) {
        return findings.stream().filter(f -> f.inspectionId().equals(id)).toList();
    }

    @TestFactory
    Stream<DynamicTest> everyDocumentCheckPassesItsSoundFileAndFailsItsBrokenFile() {
        return CASES.entrySet().stream().flatMap(e -> {
            String id = e.getKey();
            Case k = e.getValue();
            return Stream.of(
                    DynamicTest.dynamicTest(id + " passes", () ->
                            assertThat(of(id, analyze(id, k.pass().get(), k.params()))).as(id).isEmpty()),
                    DynamicTest.dynamicTest(id + " fails", () -> {
                        List<Finding> findings = of(id, analyze(id, k.fail().get(), k.params()));
                        assertThat(findings).as(id).isNotEmpty();
                        if (k.failPage() != null) {
                            assertThat(findings).as(id + " page").extracting(Finding::pageNum)
                                    .contains(k.failPage());
                        }
                    }));
        });
    }

    @TestFactory
    Stream<DynamicTest> everyDocumentCheckPassesItsOtherSoundFiles() {
        return MORE_PASSES.entrySet().stream().flatMap(e -> {
            String id = e.getKey();
            Case k = CASES.get(id);
            var files = e.getValue();
            return java.util.stream.IntStream.range(0, files.size()).mapToObj(i ->
                    DynamicTest.dynamicTest(id + " passes variant " + (i + 1), () ->
                            assertThat(of(id, analyze(id, files.get(i).file().get(), files.get(i).params() == null
                                    ? k.params() : files.get(i).params()))).as(id).isEmpty()));
        });
    }

    @TestFactory
    Stream<DynamicTest> everyDocumentCheckFailsItsOtherBrokenFiles() {
        return MORE_FAILS.entrySet().stream().flatMap(e -> {
            String id = e.getKey();
            Case k = CASES.get(id);
            var files = e.getValue();
            return java.util.stream.IntStream.range(0, files.size()).mapToObj(i ->
                    DynamicTest.dynamicTest(id + " fails variant " + (i + 1), () -> {
                        Map<String, Object> params = files.get(i).params() == null ? k.params() : files.get(i).params();
                        List<Finding> findings = of(id, analyze(id, files.get(i).file().get(), params));
                        assertThat(findings).as(id).isNotEmpty();
                        if (files.get(i).page() > 0) {
                            assertThat(findings).as(id + " page").extracting(Finding::pageNum)
                                    .contains(files.get(i).page());
                        }
                    }));
        });
    }

    @Test
    void theType1FixtureIsAReadableType1Program() throws Exception {
        byte[] pdf = type1Program().get();
        assertThat(of("FONT_DAMAGED", analyze("FONT_DAMAGED", pdf, Map.of()))).isEmpty();
        assertThat(of("FONT_GLYPHS_MISSING", analyze("FONT_GLYPHS_MISSING", pdf, Map.of()))).isEmpty();
        assertThat(of("FONT_TYPE1", analyze("FONT_TYPE1", pdf, Map.of()))).singleElement().satisfies(f -> {
            assertThat(f.message()).isEqualTo("Font NimbusSans-Regular is a PostScript Type 1 font");
            assertThat(f.details()).containsEntry("font_file", "FontFile").containsEntry("font_type", "Type1");
        });
    }

    @Test
    void theLzwFixturesAreSoundLzwData() throws Exception {
        byte[] pdf = formCompressedWith(COSName.LZW_DECODE).get();
        assertThat(of("DOC_DAMAGED", analyze("DOC_DAMAGED", pdf, Map.of()))).as("the LZW form decodes").isEmpty();
        assertThat(of("DOC_LZW_COMPRESSION", analyze("DOC_LZW_COMPRESSION", pdf, Map.of()))).singleElement()
                .satisfies(f -> {
                    assertThat(f.message()).isEqualTo("A form stream is compressed with LZWDecode");
                    assertThat(f.pageNum()).isEqualTo(1);
                });
    }

    @Test
    void everyDocumentCheckHasAPdfCaseOrAnExemption() {
        Set<String> ids = new TreeSet<>();
        for (Check c : DocumentChecks.all()) {
            ids.add(c.info().id());
        }
        Set<String> covered = new TreeSet<>(CASES.keySet());
        covered.addAll(EXEMPT.keySet());
        assertThat(covered).isEqualTo(ids);
        assertThat(EXEMPT.keySet()).doesNotContainAnyElementsOf(CASES.keySet());
    }
}
