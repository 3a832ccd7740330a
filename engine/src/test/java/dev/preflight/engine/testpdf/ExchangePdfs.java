package dev.preflight.engine.testpdf;

import org.apache.pdfbox.cos.COSArray;
import org.apache.pdfbox.cos.COSBase;
import org.apache.pdfbox.cos.COSDictionary;
import org.apache.pdfbox.cos.COSFloat;
import org.apache.pdfbox.cos.COSInteger;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.cos.COSStream;
import org.apache.pdfbox.cos.COSString;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * What the PDF/X partial-exchange editions and PDF/VT add to a file, built on {@link Pdfs}: output intents with an
 * external profile reference or an n-colour profile, reference XObjects, document part hierarchies and the XMP
 * identification of PDF/X and PDF/VT.
 */
public final class ExchangePdfs {

    private static final COSName OUTPUT_INTENT = COSName.getPDFName("OutputIntent");

    private ExchangePdfs() {
    }

    // ------------------------------------------------------------------------------------------ output intents

    /** Adds a document-level GTS_PDFX output intent with the given embedded profile (null: none); returns it. */
    public static COSDictionary intent(Pdfs.Doc d, String identifier, byte[] profile) {
        COSDictionary oi = intentDict(d, identifier, profile);
        COSArray all = d.catalog().getCOSArray(COSName.OUTPUT_INTENTS);
        if (all == null) {
            all = new COSArray();
            d.catalog().setItem(COSName.OUTPUT_INTENTS, all);
        }
        all.add(oi);
        return oi;
    }

    /** Adds a page-level GTS_PDFX output intent (PDF 2.0) with the given embedded profile (null: none). */
    public static COSDictionary pageIntent(Pdfs.Page p, String identifier, byte[] profile) {
        COSDictionary oi = intentDict(p.doc, identifier, profile);
        COSDictionary page = pageDictionary(p);
        COSArray all = page.getCOSArray(COSName.OUTPUT_INTENTS);
        if (all == null) {
            all = new COSArray();
            page.setItem(COSName.OUTPUT_INTENTS, all);
        }
        all.add(oi);
        return oi;
    }

    private static COSDictionary intentDict(Pdfs.Doc d, String identifier, byte[] profile) {
        COSDictionary oi = new COSDictionary();
        oi.setItem(COSName.TYPE, OUTPUT_INTENT);
        oi.setItem(COSName.S, COSName.getPDFName("GTS_PDFX"));
        oi.setString(COSName.getPDFName("OutputConditionIdentifier"), identifier);
        oi.setString(COSName.getPDFName("RegistryName"), "http://www.color.org");
        if (profile != null) {
            COSStream s = d.stream(profile, true);
            s.setInt(COSName.N, channels(profile));
            oi.setItem(COSName.DEST_OUTPUT_PROFILE, s);
        }
        return oi;
    }

    /** The number of channels of a profile from its header's colour space signature. */
    private static int channels(byte[] icc) {
        String sig = new String(icc, 16, 4, StandardCharsets.ISO_8859_1);
        return switch (sig) {
            case "GRAY" -> 1;
            case "RGB ", "Lab " -> 3;
            case "CMYK" -> 4;
            default -> Character.digit(sig.charAt(0), 16);
        };
    }

    /**
     * A DestOutputProfileRef: checksum bytes (null: none), profile name, colour space signature and colorant table
     * (null: none), and URLs entries (null: no /URLs).
     */
    public static COSDictionary profileRef(byte[] checkSum, String name, String profileCs, List<String> colorants,
                                           List<COSBase> urls) {
        COSDictionary r = new COSDictionary();
        if (checkSum != null) {
            r.setItem(COSName.getPDFName("CheckSum"), new COSString(checkSum));
        }
        if (name != null) {
            r.setString(COSName.getPDFName("ProfileName"), name);
        }
        if (profileCs != null) {
            r.setString(COSName.getPDFName("ProfileCS"), profileCs);
        }
        if (colorants != null) {
            COSArray a = new COSArray();
            colorants.forEach(c -> a.add(COSName.getPDFName(c)));
            r.setItem(COSName.getPDFName("ColorantTable"), a);
        }
        if (urls != null) {
            COSArray a = new COSArray();
            urls.forEach(a::add);
            r.setItem(COSName.getPDFName("URLs"), a);
        }
        return r;
    }

    /** A URL file specification (/FS /URL). */
    public static COSDictionary url(String address) {
        COSDictionary spec = new COSDictionary();
        spec.setItem(COSName.TYPE, COSName.FILESPEC);
        spec.setItem(COSName.FS, COSName.URL);
        spec.setString(COSName.F, address);
        return spec;
    }

    /** A complete reference to a CMYK profile at an https address, with the given checksum. */
    public static COSDictionary cmykRef(byte[] checkSum) {
        return profileRef(checkSum, "Coated FOGRA39", "CMYK", null,
                List.of(url("https://www.color.org/profiles/fogra39.icc")));
    }

    /**
     * /MixingHints with a printing order (null: none), solidities by colorant (null: none) and dot gain colorants
     * (each given an identity function).
     */
    public static COSDictionary mixingHints(List<String> order, Map<String, Double> solidities, List<String> dotGain) {
        COSDictionary m = new COSDictionary();
        if (order != null) {
            COSArray a = new COSArray();
            order.forEach(c -> a.add(COSName.getPDFName(c)));
            m.setItem(COSName.getPDFName("PrintingOrder"), a);
        }
        if (solidities != null) {
            COSDictionary s = new COSDictionary();
            solidities.forEach((k, v) -> s.setItem(COSName.getPDFName(k), new COSFloat(v.floatValue())));
            m.setItem(COSName.getPDFName("Solidities"), s);
        }
        if (dotGain != null) {
            COSDictionary g = new COSDictionary();
            for (String c : dotGain) {
                COSDictionary fn = new COSDictionary();
                fn.setInt(COSName.FUNCTION_TYPE, 2);
                fn.setItem(COSName.DOMAIN, floats(0, 1));
                fn.setInt(COSName.N, 1);
                g.setItem(COSName.getPDFName(c), fn);
            }
            m.setItem(COSName.getPDFName("DotGain"), g);
        }
        return m;
    }

    /**
     * A minimal n-colour ICC output profile: the header with an "nCLR" colour space and, when names are given, a
     * colorant table ('clrt') naming them.
     */
    public static byte[] nColourProfile(int channels, List<String> names) {
        int tags = names == null ? 0 : 1;
        int clrtSize = names == null ? 0 : 12 + 38 * names.size();
        int size = 128 + 4 + 12 * tags + clrtSize;
        ByteBuffer b = ByteBuffer.allocate(size);
        b.putInt(0, size);
        put(b, 4, "none");
        b.putInt(8, 0x04200000);
        put(b, 12, "prtr");
        put(b, 16, Integer.toHexString(channels).toUpperCase() + "CLR");
        put(b, 20, "Lab ");
        put(b, 36, "acsp");
        b.putInt(128, tags);
        if (names != null) {
            put(b, 132, "clrt");
            b.putInt(136, 144);
            b.putInt(140, clrtSize);
            put(b, 144, "clrt");
            b.putInt(152, names.size());
            for (int i = 0; i < names.size(); i++) {
                byte[] n = names.get(i).getBytes(StandardCharsets.ISO_8859_1);
                b.put(156 + 38 * i, n, 0, Math.min(31, n.length));
            }
        }
        return b.array();
    }

    private static void put(ByteBuffer b, int at, String ascii) {
        b.put(at, ascii.getBytes(StandardCharsets.ISO_8859_1));
    }

    // ------------------------------------------------------------------------------------------ reference XObjects

    /** A /Ref dictionary: target file (null: none), page (Integer, String or null) and IDs (null: no /ID). */
    public static COSDictionary ref(COSBase file, Object page, List<byte[]> ids) {
        COSDictionary r = new COSDictionary();
        if (file != null) {
            r.setItem(COSName.F, file);
        }
        if (page instanceof Integer i) {
            r.setItem(COSName.PAGE, COSInteger.get(i));
        } else if (page instanceof String s) {
            r.setString(COSName.PAGE, s);
        }
        if (ids != null) {
            COSArray a = new COSArray();
            ids.forEach(id -> a.add(new COSString(id)));
            r.setItem(COSName.ID, a);
        }
        return r;
    }

    /** A file specification naming a file by path. */
    public static COSDictionary file(String path) {
        COSDictionary spec = new COSDictionary();
        spec.setItem(COSName.TYPE, COSName.FILESPEC);
        spec.setString(COSName.F, path);
        spec.setString(COSName.UF, path);
        return spec;
    }

    /** Two 16-byte file identifiers. */
    public static List<byte[]> ids() {
        byte[] a = new byte[16];
        byte[] b = new byte[16];
        for (int i = 0; i < 16; i++) {
            a[i] = (byte) i;
            b[i] = (byte) (0xF0 | i);
        }
        return List.of(a, b);
    }

    /** Draws a 50 x 50 pt reference XObject (a grey proxy) at (x, y) with the given /Ref (any object). */
    public static Pdfs.Page referenceXObject(Pdfs.Page p, COSBase ref, double x, double y) {
        COSStream s = p.doc.stream("0.5 g 0 0 50 50 re f".getBytes(StandardCharsets.US_ASCII), false);
        s.setItem(COSName.TYPE, COSName.XOBJECT);
        s.setItem(COSName.SUBTYPE, COSName.FORM);
        s.setItem(COSName.BBOX, floats(0, 0, 50, 50));
        s.setItem(COSName.getPDFName("Ref"), ref);
        COSName n = p.resource(COSName.XOBJECT, s, "Ref");
        return p.raw("q 1 0 0 1 " + x + " " + y + " cm /" + n.getName() + " Do Q");
    }

    // ------------------------------------------------------------------------------------------ PDF/VT

    /**
     * A document part hierarchy over the document's pages: a root node (level 0) whose children are the records
     * (level 1, "Recipient"), the i-th record holding {@code pagesPerRecord[i]} consecutive pages from the first.
     * Returns the /DPartRoot dictionary for tests that change it.
     */
    public static COSDictionary documentParts(Pdfs.Doc d, Integer recordLevel, int... pagesPerRecord) {
        COSArray kids = pages(d);
        COSDictionary root = new COSDictionary();
        root.setItem(COSName.TYPE, COSName.getPDFName("DPartRoot"));
        if (recordLevel != null) {
            root.setInt(COSName.getPDFName("RecordLevel"), recordLevel);
        }
        COSArray names = new COSArray();
        names.add(COSName.getPDFName("Document"));
        names.add(COSName.getPDFName("Recipient"));
        root.setItem(COSName.getPDFName("NodeNameList"), names);
        COSDictionary node = new COSDictionary();
        node.setItem(COSName.TYPE, COSName.getPDFName("DPart"));
        node.setItem(COSName.PARENT, root);
        COSArray records = new COSArray();
        int page = 0;
        for (int n : pagesPerRecord) {
            COSDictionary rec = new COSDictionary();
            rec.setItem(COSName.TYPE, COSName.getPDFName("DPart"));
            rec.setItem(COSName.PARENT, node);
            rec.setItem(COSName.getPDFName("Start"), kids.getObject(page));
            if (n > 1) {
                rec.setItem(COSName.getPDFName("End"), kids.getObject(page + n - 1));
            }
            records.add(rec);
            page += n;
        }
        COSArray groups = new COSArray();
        groups.add(records);
        node.setItem(COSName.getPDFName("DParts"), groups);
        root.setItem(COSName.getPDFName("DPartRootNode"), node);
        d.catalog().setItem(COSName.getPDFName("DPartRoot"), root);
        return root;
    }

    /** The page dictionary a page draws into (found by its resources). */
    private static COSDictionary pageDictionary(Pdfs.Page p) {
        COSArray kids = pages(p.doc);
        for (int i = 0; i < kids.size(); i++) {
            if (kids.getObject(i) instanceof COSDictionary d && d.getDictionaryObject(COSName.RESOURCES) == p.resources) {
                return d;
            }
        }
        throw new IllegalStateException("the page is not in its document");
    }

    /** The page dictionaries of the document, in order. */
    public static COSArray pages(Pdfs.Doc d) {
        return d.catalog().getCOSDictionary(COSName.PAGES).getCOSArray(COSName.KIDS);
    }

    /** An XMP packet identifying the file; null values are left out. */
    public static String xmp(String pdfxVersion, String pdfvtVersion, String pdfvtModDate) {
        var attrs = new StringBuilder();
        if (pdfxVersion != null) {
            attrs.append(" pdfxid:GTS_PDFXVersion=\"").append(pdfxVersion).append('"');
        }
        if (pdfvtVersion != null) {
            attrs.append(" pdfvtid:GTS_PDFVTVersion=\"").append(pdfvtVersion).append('"');
        }
        String modDate = pdfvtModDate == null ? "" : "<pdfvtid:GTS_PDFVTModDate>" + pdfvtModDate
                + "</pdfvtid:GTS_PDFVTModDate>";
        return "<?xpacket begin=\"\" id=\"W5M0MpCehiHzreSzNTczkc9d\"?>"
                + "<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"><rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\">"
                + "<rdf:Description rdf:about=\"\" xmlns:pdfxid=\"http://www.npes.org/pdfx/ns/id/\""
                + " xmlns:pdfvtid=\"http://www.npes.org/pdfvt/ns/id/\"" + attrs + ">" + modDate
                + "</rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end=\"w\"?>";
    }

    private static COSArray floats(double... v) {
        COSArray a = new COSArray();
        for (double d : v) {
            a.add(new COSFloat((float) d));
        }
        return a;
    }
}
