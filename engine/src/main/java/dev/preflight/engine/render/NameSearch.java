package dev.preflight.engine.render;

import org.apache.pdfbox.cos.COSBase;
import org.apache.pdfbox.cos.COSObjectKey;
import org.apache.pdfbox.cos.COSStream;
import org.apache.pdfbox.pdmodel.PDDocument;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeSet;

/**
 * Looks for the names {@code /Separation} and {@code /DeviceN} in a PDF's bytes: the file itself, where every
 * dictionary and array outside object streams is written as text, and each object stream decoded. Names are read
 * as PDF writes them, {@code #xx} escapes decoded, so {@code /Sep#61ration} is found too. A colour space naming a
 * spot ink cannot be written without one of these names, so a document where neither occurs has no spot ink; the
 * other way round a match proves nothing (compressed content can hold the bytes by chance) and only means the
 * pages must be walked.
 */
final class NameSearch {

    private static final byte[][] NAMES = {"Separation".getBytes(), "DeviceN".getBytes()};
    /** Longer than any name searched for, so a name cut by a chunk boundary is read whole in the next chunk. */
    private static final int OVERLAP = 128;
    private static final int CHUNK = 1 << 20;

    private NameSearch() {
    }

    /**
     * False only when neither name is written anywhere in the document; true when one is, or when the search
     * cannot be completed (an encrypted document, an object stream that cannot be decoded, an unreadable file).
     */
    static boolean mayNameSpots(PDDocument doc, Path file) {
        if (doc.isEncrypted()) {
            return true;
        }
        try {
            try (InputStream in = Files.newInputStream(file)) {
                if (found(in)) {
                    return true;
                }
            }
            var streams = new TreeSet<Long>();
            for (Map.Entry<COSObjectKey, Long> e : doc.getDocument().getXrefTable().entrySet()) {
                if (e.getValue() != null && e.getValue() < 0) {
                    streams.add(-e.getValue());
                }
            }
            for (long number : streams) {
                COSBase base = doc.getDocument().getObjectFromPool(new COSObjectKey(number, 0)).getObject();
                if (!(base instanceof COSStream stream)) {
                    return true;
                }
                try (InputStream in = stream.createInputStream()) {
                    if (found(in)) {
                        return true;
                    }
                }
            }
            return false;
        } catch (IOException | RuntimeException e) {
            return true;
        }
    }

    /** True when the file's own bytes (not its object streams) write one of the names, or cannot be read. */
    static boolean inFile(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            return found(in);
        } catch (IOException e) {
            return true;
        }
    }

    /** True when the stream's bytes write one of the names. */
    static boolean found(InputStream in) throws IOException {
        byte[] buf = new byte[CHUNK + OVERLAP];
        int kept = 0;
        while (true) {
            int n = in.readNBytes(buf, kept, CHUNK);
            int len = kept + n;
            boolean last = n < CHUNK;
            // names starting in the overlap are read with the next chunk, unless this is the end
            int searchTo = last ? len : len - OVERLAP;
            if (contains(buf, searchTo, len)) {
                return true;
            }
            if (last) {
                return false;
            }
            kept = len - searchTo;
            System.arraycopy(buf, searchTo, buf, 0, kept);
        }
    }

    /** A name starting before {@code to} (and ending before {@code end}) that is one of the names. */
    private static boolean contains(byte[] b, int to, int end) {
        for (int i = 0; i < to; i++) {
            if (b[i] != '/' || i + 1 >= end) {
                continue;
            }
            byte first = b[i + 1];
            if (first != 'S' && first != 'D' && first != '#') {
                continue;
            }
            for (byte[] name : NAMES) {
                if (matches(b, i + 1, end, name)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** The name token starting at {@code at}, escapes decoded, equals {@code name}. */
    private static boolean matches(byte[] b, int at, int end, byte[] name) {
        int j = at;
        int k = 0;
        while (j < end && regular(b[j])) {
            int c = b[j] & 0xff;
            if (c == '#' && j + 2 < end && hex(b[j + 1]) >= 0 && hex(b[j + 2]) >= 0) {
                c = hex(b[j + 1]) * 16 + hex(b[j + 2]);
                j += 3;
            } else {
                j++;
            }
            if (k >= name.length || c != name[k]) {
                return false;
            }
            k++;
        }
        return k == name.length;
    }

    private static boolean regular(byte c) {
        return switch (c) {
            case ' ', '\t', '\n', '\r', '\f', 0, '(', ')', '<', '>', '[', ']', '{', '}', '/', '%' -> false;
            default -> true;
        };
    }

    private static int hex(byte b) {
        return Character.digit(b, 16);
    }
}
