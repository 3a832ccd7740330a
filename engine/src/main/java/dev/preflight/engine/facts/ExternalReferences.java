package dev.preflight.engine.facts;

import dev.preflight.engine.Box;
import org.apache.pdfbox.cos.COSArray;
import org.apache.pdfbox.cos.COSBase;
import org.apache.pdfbox.cos.COSDictionary;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.cos.COSNumber;
import org.apache.pdfbox.cos.COSStream;
import org.apache.pdfbox.cos.COSString;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.URISyntaxException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Reads what a PDF/X partial-exchange file keeps outside itself: a reference XObject's /Ref, an output intent's
 * /DestOutputProfileRef, and the /MixingHints of an n-colour printing condition.
 */
final class ExternalReferences {

    static final COSName REF = COSName.getPDFName("Ref");
    static final COSName DEST_OUTPUT_PROFILE_REF = COSName.getPDFName("DestOutputProfileRef");
    private static final COSName MIXING_HINTS = COSName.getPDFName("MixingHints");
    private static final int MAX_ENTRIES = 64;
    /** An embedded profile is hashed only up to this size (the ICC profiles of printing conditions are far smaller). */
    private static final int MAX_PROFILE_BYTES = 32 << 20;

    private ExternalReferences() {
    }

    /** The reference XObject a form with /Ref is, placed on a page with its BBox mapped to page space. */
    static ReferenceXObjectFact reference(COSStream form, int pageNum, String objectId, Box placed) {
        COSBase ref = form.getDictionaryObject(REF);
        if (!(ref instanceof COSDictionary r)) {
            return new ReferenceXObjectFact(pageNum, objectId, placed, "/Ref is not a dictionary", null, null, null,
                    List.of());
        }
        COSBase f = r.getDictionaryObject(COSName.F);
        String file = null;
        String fileSystem = null;
        if (f instanceof COSString s) {
            file = s.getString();
        } else if (f instanceof COSDictionary spec) {
            file = text(spec.getDictionaryObject(COSName.UF));
            if (file == null) {
                file = text(spec.getDictionaryObject(COSName.F));
            }
            fileSystem = name(spec.getDictionaryObject(COSName.FS));
        }
        COSBase page = r.getDictionaryObject(COSName.PAGE);
        String target = null;
        if (page instanceof COSNumber n && n.floatValue() == Math.rint(n.floatValue())) {
            target = String.valueOf(n.longValue());
        } else if (page instanceof COSString s) {
            target = s.getString();
        }
        var ids = new ArrayList<String>();
        if (r.getDictionaryObject(COSName.ID) instanceof COSArray a) {
            for (int i = 0; i < a.size() && i < MAX_ENTRIES; i++) {
                ids.add(a.getObject(i) instanceof COSString s ? HexFormat.of().formatHex(s.getBytes()) : "");
            }
        } else if (r.containsKey(COSName.ID)) {
            ids.add("");
        }
        return new ReferenceXObjectFact(pageNum, objectId, placed, null, file, fileSystem, target, ids);
    }

    /** The output intent's /DestOutputProfileRef, with its checksum compared to the embedded profile if any. */
    static ProfileRefFact profileRef(COSDictionary intent, COSStream embedded, IccHeader embeddedHeader) {
        COSBase b = intent.getDictionaryObject(DEST_OUTPUT_PROFILE_REF);
        if (b == null) {
            return null;
        }
        if (!(b instanceof COSDictionary r)) {
            return new ProfileRefFact(false, null, -1, null, null, null, null, List.of(), List.of(),
                    List.of("/DestOutputProfileRef is not a dictionary"));
        }
        String checkSum = null;
        int checkSumBytes = -1;
        Boolean matches = null;
        if (r.getDictionaryObject(COSName.getPDFName("CheckSum")) instanceof COSString cs) {
            checkSum = HexFormat.of().formatHex(cs.getBytes());
            checkSumBytes = cs.getBytes().length;
            if (embedded != null) {
                matches = checksums(embedded, embeddedHeader).contains(checkSum);
            }
        }
        var colorants = new ArrayList<String>();
        if (r.getDictionaryObject(COSName.getPDFName("ColorantTable")) instanceof COSArray a) {
            for (int i = 0; i < a.size() && i < MAX_ENTRIES; i++) {
                String n = name(a.getObject(i));
                colorants.add(n == null ? "" : n);
            }
        }
        var urls = new ArrayList<String>();
        var problems = new ArrayList<String>();
        COSBase u = r.getDictionaryObject(COSName.getPDFName("URLs"));
        if (u instanceof COSArray a) {
            for (int i = 0; i < a.size() && i < MAX_ENTRIES; i++) {
                url(a.getObject(i), i, urls, problems);
            }
        } else if (u != null) {
            problems.add("/URLs is not an array");
        }
        return new ProfileRefFact(true, checkSum, checkSumBytes, matches,
                text(r.getDictionaryObject(COSName.getPDFName("ProfileName"))),
                text(r.getDictionaryObject(COSName.getPDFName("ProfileCS"))),
                text(r.getDictionaryObject(COSName.getPDFName("ICCVersion"))), colorants, urls, problems);
    }

    /** One /URLs entry: a URL file specification (/FS /URL, /F the address) or a plain string. */
    private static void url(COSBase entry, int index, List<String> urls, List<String> problems) {
        String address;
        if (entry instanceof COSString s) {
            address = s.getString();
        } else if (entry instanceof COSDictionary spec) {
            if (!COSName.URL.equals(spec.getCOSName(COSName.FS))) {
                problems.add("entry " + (index + 1) + " is a file specification without /FS /URL");
                return;
            }
            address = text(spec.getDictionaryObject(COSName.F));
        } else {
            problems.add("entry " + (index + 1) + " is neither a string nor a file specification");
            return;
        }
        if (address == null || !isUrl(address)) {
            problems.add("entry " + (index + 1) + " is not a URL: " + address);
            return;
        }
        urls.add(address);
    }

    /** An absolute URL with a scheme and somewhere to fetch from (RFC 3986). */
    static boolean isUrl(String s) {
        try {
            URI uri = new URI(s.strip());
            String scheme = uri.getScheme();
            if (scheme == null) {
                return false;
            }
            String sc = scheme.toLowerCase(Locale.ROOT);
            if (sc.equals("file")) {
                return uri.getPath() != null && !uri.getPath().isEmpty();
            }
            return uri.getHost() != null && !uri.getHost().isEmpty();
        } catch (URISyntaxException e) {
            return false;
        }
    }

    /**
     * The checksums the embedded profile answers to, in lower-case hex: its header's profile ID, the profile ID
     * computed as ICC.1 7.2.18 does (MD5 with the flags, rendering intent and ID fields zeroed), and the MD5 of all
     * its bytes.
     */
    private static List<String> checksums(COSStream profile, IccHeader header) {
        var out = new ArrayList<String>(3);
        if (header != null && header.profileId() != null) {
            out.add(header.profileId());
        }
        byte[] b;
        try (InputStream in = profile.createInputStream()) {
            b = in.readNBytes(MAX_PROFILE_BYTES);
        } catch (IOException | RuntimeException e) {
            return out;
        }
        try {
            out.add(HexFormat.of().formatHex(MessageDigest.getInstance("MD5").digest(b)));
            if (b.length >= 128) {
                byte[] zeroed = b.clone();
                java.util.Arrays.fill(zeroed, 44, 48, (byte) 0);
                java.util.Arrays.fill(zeroed, 64, 68, (byte) 0);
                java.util.Arrays.fill(zeroed, 84, 100, (byte) 0);
                out.add(HexFormat.of().formatHex(MessageDigest.getInstance("MD5").digest(zeroed)));
            }
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("MD5 is part of every Java runtime", e);
        }
        return out;
    }

    /** The output intent's /MixingHints, or null. */
    static MixingHintsFact mixingHints(COSDictionary intent) {
        if (!(intent.getDictionaryObject(MIXING_HINTS) instanceof COSDictionary m)) {
            return null;
        }
        List<String> order = null;
        if (m.getDictionaryObject(COSName.getPDFName("PrintingOrder")) instanceof COSArray a) {
            order = new ArrayList<>();
            for (int i = 0; i < a.size() && i < MAX_ENTRIES; i++) {
                String n = name(a.getObject(i));
                order.add(n == null ? "" : n);
            }
        }
        Map<String, Double> solidities = new LinkedHashMap<>();
        if (m.getDictionaryObject(COSName.getPDFName("Solidities")) instanceof COSDictionary s) {
            for (COSName key : s.keySet()) {
                COSBase v = s.getDictionaryObject(key);
                solidities.put(key.getName(), v instanceof COSNumber n ? (double) n.floatValue() : Double.NaN);
                if (solidities.size() >= MAX_ENTRIES) {
                    break;
                }
            }
        }
        var dotGain = new ArrayList<String>();
        if (m.getDictionaryObject(COSName.getPDFName("DotGain")) instanceof COSDictionary d) {
            for (COSName key : d.keySet()) {
                dotGain.add(key.getName());
                if (dotGain.size() >= MAX_ENTRIES) {
                    break;
                }
            }
        }
        return new MixingHintsFact(order, solidities, dotGain);
    }

    private static String text(COSBase b) {
        if (b instanceof COSString s) {
            return s.getString();
        }
        if (b instanceof COSName n) {
            return n.getName();
        }
        return null;
    }

    private static String name(COSBase b) {
        return text(b);
    }
}
