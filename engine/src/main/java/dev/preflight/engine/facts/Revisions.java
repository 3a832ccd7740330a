package dev.preflight.engine.facts;

import dev.preflight.engine.facts.RevisionsFact.SignatureFact;
import org.apache.pdfbox.cos.COSArray;
import org.apache.pdfbox.cos.COSBase;
import org.apache.pdfbox.cos.COSDictionary;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.cos.COSNumber;
import org.apache.pdfbox.cos.COSString;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;

/**
 * Reads a file's revisions and signatures. Every incremental update ends with its own {@code startxref} and
 * {@code %%EOF}, so the revisions are counted from those ends in the file's bytes (one streaming pass); a linearized
 * file's first-page section has an end of its own that is not a revision.
 */
final class Revisions {

    private static final byte[] EOF = "%%EOF".getBytes(StandardCharsets.ISO_8859_1);
    private static final byte[] STARTXREF = "startxref".getBytes(StandardCharsets.ISO_8859_1);
    /** How far before a %%EOF its startxref may stand: the keyword, an offset and white space. */
    private static final int STARTXREF_WINDOW = 64;
    private static final int MAX_FIELDS = 10_000;

    private Revisions() {
    }

    static RevisionsFact read(Path source, COSDictionary catalog, long fileSize, List<String> problems) {
        int revisions = 0;
        boolean linearized = false;
        if (source != null) {
            try (InputStream in = Files.newInputStream(source)) {
                int[] counted = count(in);
                revisions = counted[0];
                linearized = counted[1] == 1;
                if (linearized && revisions > 1) {
                    revisions--;
                }
            } catch (IOException | RuntimeException e) {
                problems.add("the file's revisions could not be counted: " + Problems.describe(e));
                revisions = 0;
            }
        }
        var signatures = new ArrayList<SignatureFact>();
        try {
            COSDictionary acro = catalog.getCOSDictionary(COSName.ACRO_FORM);
            if (acro != null && acro.getDictionaryObject(COSName.FIELDS) instanceof COSArray fields) {
                Set<COSDictionary> seen = Collections.newSetFromMap(new IdentityHashMap<>());
                for (int i = 0; i < fields.size(); i++) {
                    field(fields.getObject(i), null, fileSize, seen, signatures);
                }
            }
        } catch (RuntimeException | StackOverflowError e) {
            problems.add("the signature fields could not be read: " + Problems.describe(
                    e instanceof RuntimeException r ? r : new IllegalStateException("nested too deeply")));
        }
        return new RevisionsFact(revisions, linearized, signatures);
    }

    /** The revision ends and whether a linearization dictionary opens the file: {count, linearized ? 1 : 0}. */
    static int[] count(InputStream in) throws IOException {
        byte[] buf = new byte[64 << 10];
        // bytes kept from the previous chunk so that a keyword split across chunks is still seen
        byte[] carry = new byte[0];
        int ends = 0;
        boolean linearized = false;
        boolean first = true;
        int n;
        while ((n = in.readNBytes(buf, 0, buf.length)) > 0) {
            byte[] data = new byte[carry.length + n];
            System.arraycopy(carry, 0, data, 0, carry.length);
            System.arraycopy(buf, 0, data, carry.length, n);
            if (first) {
                String head = new String(data, 0, Math.min(data.length, 1024), StandardCharsets.ISO_8859_1);
                linearized = head.contains("/Linearized");
                first = false;
            }
            // a %%EOF wholly inside the carried bytes was counted with the previous chunk: only those ending in new data
            for (int i = Math.max(0, carry.length - EOF.length + 1); i + EOF.length <= data.length; i++) {
                if (data[i] == '%' && matches(data, i, EOF) && startxrefBefore(data, i)) {
                    ends++;
                }
            }
            int keep = Math.min(data.length, STARTXREF_WINDOW + EOF.length - 1);
            carry = new byte[keep];
            System.arraycopy(data, data.length - keep, carry, 0, keep);
        }
        return new int[] {ends, linearized ? 1 : 0};
    }

    private static boolean matches(byte[] data, int at, byte[] word) {
        for (int k = 0; k < word.length; k++) {
            if (data[at + k] != word[k]) {
                return false;
            }
        }
        return true;
    }

    /** The %%EOF closes a {@code startxref <offset>} section: only white space and the offset lie between them. */
    private static boolean startxrefBefore(byte[] data, int eofAt) {
        int i = eofAt - 1;
        int stop = Math.max(0, eofAt - STARTXREF_WINDOW);
        while (i >= stop && isWhite(data[i])) {
            i--;
        }
        int digitsEnd = i;
        while (i >= stop && data[i] >= '0' && data[i] <= '9') {
            i--;
        }
        if (i == digitsEnd) {
            return false;
        }
        while (i >= stop && isWhite(data[i])) {
            i--;
        }
        byte[] word = STARTXREF;
        int start = i - word.length + 1;
        return start >= 0 && matches(data, start, word);
    }

    private static boolean isWhite(byte b) {
        return b == ' ' || b == '\n' || b == '\r' || b == '\t' || b == '\f' || b == 0;
    }

    private static void field(COSBase b, String parentName, long fileSize, Set<COSDictionary> seen,
                              List<SignatureFact> out) {
        if (!(b instanceof COSDictionary f) || !seen.add(f) || seen.size() > MAX_FIELDS) {
            return;
        }
        String partial = f.getString(COSName.T);
        String name = parentName == null ? partial : partial == null ? parentName : parentName + "." + partial;
        if (f.getDictionaryObject(COSName.KIDS) instanceof COSArray kids) {
            for (int i = 0; i < kids.size(); i++) {
                field(kids.getObject(i), name, fileSize, seen, out);
            }
        }
        if (COSName.SIG.equals(f.getCOSName(COSName.FT)) && f.getDictionaryObject(COSName.V) instanceof COSDictionary v) {
            var range = new ArrayList<Long>();
            if (v.getDictionaryObject(COSName.BYTERANGE) instanceof COSArray r) {
                for (int i = 0; i < r.size(); i++) {
                    if (r.getObject(i) instanceof COSNumber num) {
                        range.add(num.longValue());
                    } else {
                        range.clear();
                        break;
                    }
                }
            }
            String signer = v.getDictionaryObject(COSName.NAME) instanceof COSString s ? s.getString() : null;
            String subFilter = v.getCOSName(COSName.SUB_FILTER) == null ? null
                    : v.getCOSName(COSName.SUB_FILTER).getName();
            out.add(new SignatureFact(name, subFilter, signer, range, fileSize));
        }
    }
}
