package dev.preflight.engine.facts;

import org.apache.pdfbox.cos.COSArray;
import org.apache.pdfbox.cos.COSDocument;
import org.apache.pdfbox.cos.COSObjectKey;
import org.apache.pdfbox.cos.COSBase;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.cos.COSNumber;
import org.apache.pdfbox.cos.COSStream;

import java.io.IOException;
import java.io.InputStream;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/**
 * Decodes each stream the page walk touches once, bounded in bytes and time, and records the ones that do not decode
 * completely. PDFBox is lenient on purpose (a truncated Flate stream yields what could be inflated, a JPEG is not
 * decoded until rendered), so the walk alone would call such a file clean: here Flate data must reach its end
 * marker, DCT data must start with SOI and end with EOI, other filter chains must decode without an error, and the
 * data read must be as long as the stream's /Length says.
 */
final class StreamIntegrity {

    /** Decoded bytes inspected per document; beyond it streams are not checked (the walk stays bounded). */
    static final long DOCUMENT_BYTE_BUDGET = 1L << 30;
    /** Time spent decoding per document. */
    static final long DOCUMENT_NANOS_BUDGET = 20_000_000_000L;

    private static final Pattern STREAM_KEYWORD = Pattern.compile(">>\\s*stream(\r\n|\n|\r)");
    private static final Pattern LENGTH = Pattern.compile("/Length\\s+(\\d+)(?:\\s+(\\d+)\\s+R)?");
    private static final int HEADER_WINDOW = 64 << 10;
    private static final int SHORT_HEADER_WINDOW = 4 << 10;

    private final Set<COSStream> seen = Collections.newSetFromMap(new IdentityHashMap<>());
    /** The stream whose decoded bytes {@link #kept} holds (see {@link #check(COSStream, int, String, String, int)}). */
    private COSStream keptOf;
    private byte[] kept;
    private int keptLength;
    private final Set<COSStream> damagedStreams = Collections.newSetFromMap(new IdentityHashMap<>());
    private final List<DamagedStreamFact> damaged = new ArrayList<>();
    /** The file the document was read from, for /Length checks; null when unknown. */
    private final Path source;
    private final COSDocument document;
    private RandomAccessFile file;
    private long fileLength;
    private boolean fileFailed;
    private long bytesLeft = DOCUMENT_BYTE_BUDGET;
    private long nanosUsed;
    private int unchecked;
    /** Streams whose filters include LZWDecode, each once. */
    private final Set<COSStream> lzwSeen = Collections.newSetFromMap(new IdentityHashMap<>());
    private final List<StorageFact.LzwStream> lzw = new ArrayList<>();

    StreamIntegrity(Path source, COSDocument document) {
        this.source = source;
        this.document = document;
    }

    /** Checks one stream the first time any page touches it. */
    void check(COSStream stream, int pageNum, String objectId, String kind) {
        check(stream, pageNum, objectId, kind, 0);
    }

    /**
     * Checks one stream the first time any page touches it and, with {@code keepUpTo} above 0, keeps its decoded
     * bytes for {@link #takeDecoded} when it is zlib Flate data without decode parameters that inflates completely
     * into at most that many bytes: then they are exactly what PDFBox's own decoding of the stream gives (its
     * FlateFilter inflates the same deflate data and applies no predictor), and an image need not be inflated twice.
     */
    void check(COSStream stream, int pageNum, String objectId, String kind, int keepUpTo) {
        keptOf = null;
        kept = null;
        if (stream == null || !seen.add(stream)) {
            return;
        }
        noteFilters(stream, pageNum, objectId, kind);
        if (bytesLeft <= 0 || nanosUsed > DOCUMENT_NANOS_BUDGET) {
            unchecked++;
            return;
        }
        long start = System.nanoTime();
        try {
            String[] problem = problem(stream, keepUpTo);
            if (problem != null) {
                keptOf = null;
                kept = null;
                damagedStreams.add(stream);
                damaged.add(new DamagedStreamFact(pageNum, objectId, kind, problem[0], problem[1]));
            }
        } finally {
            nanosUsed += System.nanoTime() - start;
        }
    }

    /**
     * Records a stream compressed with LZW (it only reads the stream dictionary's /Filter); the decode checks call
     * it for every stream they see, and the facts pass for streams no page draws (thumbnails, metadata).
     */
    void noteFilters(COSStream stream, int pageNum, String objectId, String kind) {
        if (stream == null || lzwSeen.contains(stream)) {
            return;
        }
        try {
            if (filters(stream).contains(COSName.LZW_DECODE) && lzwSeen.add(stream)) {
                lzw.add(new StorageFact.LzwStream(pageNum, objectId, kind));
            }
        } catch (RuntimeException e) {
            // a /Filter that cannot be read is the decode check's finding, not this one's
        }
    }

    /** The LZW-compressed streams noted so far. */
    List<StorageFact.LzwStream> lzwStreams() {
        return List.copyOf(lzw);
    }

    /** The decoded bytes kept by the last {@link #check} if it was of {@code stream}, handed over once; else null. */
    InputStream takeDecoded(COSStream stream) {
        if (stream == null || stream != keptOf) {
            return null;
        }
        var in = new java.io.ByteArrayInputStream(kept, 0, keptLength);
        keptOf = null;
        kept = null;
        return in;
    }

    /** Records an embedded ICC profile of a content colour space whose header cannot be read. */
    void unreadableProfile(COSStream profile, int pageNum, String objectId, String problem) {
        if (profile != null && damagedStreams.add(profile)) {
            damaged.add(new DamagedStreamFact(pageNum, objectId == null ? "icc:p" + pageNum : objectId,
                    "icc_profile", null, problem));
        }
    }

    /** The stream was checked and found damaged. */
    boolean isDamaged(COSStream stream) {
        return damagedStreams.contains(stream);
    }

    /** Releases the file handle of the /Length checks. */
    void close() {
        keptOf = null;
        kept = null;
        if (file != null) {
            try {
                file.close();
            } catch (IOException ignored) {
                // read-only handle: nothing to lose
            }
            file = null;
        }
    }

    List<DamagedStreamFact> damaged() {
        return List.copyOf(damaged);
    }

    /** Streams left unchecked because the budget was spent. */
    int unchecked() {
        return unchecked;
    }

    /** {filter, problem} or null when the stream decodes completely. */
    private String[] problem(COSStream stream, int keepUpTo) {
        List<COSName> filters = filters(stream);
        try {
            if (filters.size() == 1 && filters.getFirst().equals(COSName.FLATE_DECODE)) {
                boolean plain = !stream.containsKey(COSName.DECODE_PARMS) && !stream.containsKey(COSName.DP)
                        && !stream.containsKey(COSName.F);
                String p = inflateProblem(stream, plain ? keepUpTo : 0);
                if (p != null) {
                    return new String[] {"FlateDecode", p};
                }
            } else if (filters.size() == 1 && filters.getFirst().equals(COSName.DCT_DECODE)) {
                String p = jpegProblem(stream);
                if (p != null) {
                    return new String[] {"DCTDecode", p};
                }
            } else if (filters.size() == 1 && filters.getFirst().equals(COSName.LZW_DECODE)) {
                String p = lzwProblem(stream);
                if (p != null) {
                    return new String[] {"LZWDecode", p};
                }
            } else if (!filters.isEmpty() && !opaqueToUs(filters)) {
                try (InputStream in = stream.createInputStream()) {
                    drain(in);
                } catch (IOException | RuntimeException e) {
                    return new String[] {filters.getLast().getName(), "the data does not decode: "
                            + Problems.describe(e)};
                }
            }
        } catch (IOException | RuntimeException e) {
            return new String[] {null, "the stream data cannot be read: " + Problems.describe(e)};
        }
        String lengthProblem = lengthProblem(stream);
        return lengthProblem == null ? null : new String[] {null, lengthProblem};
    }

    /**
     * Reads the stream's object header in the file at its cross-reference offset and checks that
     * {@code endstream} follows /Length bytes after the {@code stream} keyword. Objects inside object streams
     * cannot be streams, and a file we cannot read is not judged.
     */
    private String lengthProblem(COSStream stream) {
        if (source == null || document == null || fileFailed) {
            return null;
        }
        try {
            COSObjectKey key = stream.getKey();
            Long offset = key == null ? null : document.getXrefTable().get(key);
            if (offset == null || offset <= 0) {
                return null;
            }
            if (file == null) {
                file = new RandomAccessFile(source.toFile(), "r");
                fileLength = file.length();
            }
            String objHeader = key.getNumber() + " " + key.getGeneration() + " obj";
            // Most stream dictionaries are short: look at 4 KiB first and read the whole window only when that
            // does not settle it (a keyword ending at the window's edge could continue past it, as "\r\n").
            String head = read(offset, SHORT_HEADER_WINDOW);
            Matcher sm = STREAM_KEYWORD.matcher(head);
            if (!head.stripLeading().startsWith(objHeader) || !sm.find() || sm.end() >= head.length()) {
                head = read(offset, HEADER_WINDOW);
                sm = STREAM_KEYWORD.matcher(head);
                if (!head.stripLeading().startsWith(objHeader)) {
                    return null; // the offset does not lead to this object: the xref problem is DOC_DAMAGED's
                }
                if (!sm.find()) {
                    return null;
                }
            }
            Matcher lm = LENGTH.matcher(head.substring(0, sm.start() + 2));
            if (!lm.find()) {
                return "it has no /Length";
            }
            long declared;
            if (lm.group(2) != null) {
                COSBase ref = document.getObjectFromPool(new COSObjectKey(Long.parseLong(lm.group(1)),
                        Integer.parseInt(lm.group(2)))).getObject();
                if (!(ref instanceof COSNumber n)) {
                    return "its /Length refers to an object that is not a number";
                }
                declared = n.longValue();
            } else {
                declared = Long.parseLong(lm.group(1));
            }
            long dataStart = offset + sm.end();
            String after = read(dataStart + declared, 32).stripLeading();
            if (!after.startsWith("endstream")) {
                return "its /Length is " + declared + " but endstream does not follow that many bytes (the data "
                        + "is " + rawLength(stream) + " bytes)";
            }
            return null;
        } catch (IOException | RuntimeException e) {
            fileFailed = true;
            return null;
        }
    }

    /**
     * Up to {@code max} bytes at {@code at}. The length is asked once per document: it cost two system calls per read,
     * as many as the seek and the read themselves. (A FileChannel's positional read would save the seek too, but it
     * closes on interrupt, and a timed-out analysis is interrupted.)
     */
    private String read(long at, int max) throws IOException {
        if (at < 0 || at >= fileLength) {
            return "";
        }
        byte[] b = new byte[(int) Math.min(max, fileLength - at)];
        file.seek(at);
        file.readFully(b);
        return new String(b, StandardCharsets.ISO_8859_1);
    }

    /** JPEG 2000, JBIG2 and CCITT data is judged when rendered; decoding it here would double the walk's cost. */
    private static boolean opaqueToUs(List<COSName> filters) {
        COSName last = filters.getLast();
        return last.equals(COSName.JPX_DECODE) || last.equals(COSName.JBIG2_DECODE)
                || last.equals(COSName.CCITTFAX_DECODE) || last.equals(COSName.DCT_DECODE);
    }

    private static List<COSName> filters(COSStream stream) {
        COSBase f = stream.getDictionaryObject(COSName.FILTER);
        var out = new ArrayList<COSName>();
        if (f instanceof COSName n) {
            out.add(n);
        } else if (f instanceof COSArray a) {
            for (int i = 0; i < a.size(); i++) {
                if (a.getObject(i) instanceof COSName n) {
                    out.add(n);
                }
            }
        }
        return out;
    }

    private String inflateProblem(COSStream stream, int keepUpTo) throws IOException {
        try (InputStream in = stream.createRawInputStream()) {
            byte[] head = in.readNBytes(2);
            // zlib-wrapped data is the norm; bare deflate data (no header) is what some writers produce
            boolean zlib = head.length == 2 && (head[0] & 0x0F) == 8
                    && (((head[0] & 0xFF) << 8) | (head[1] & 0xFF)) % 31 == 0;
            Inflater inf = new Inflater(!zlib);
            // PDFBox skips two header bytes and inflates the rest: only zlib data decodes the same both ways
            byte[] keep = zlib && keepUpTo > 0 ? new byte[Math.min(keepUpTo, 64 << 10)] : null;
            int keptLength = 0;
            try {
                byte[] out = new byte[64 << 10];
                byte[] buf = new byte[64 << 10];
                inf.setInput(head);
                long total = 0;
                boolean eof = false;
                boolean padded = false;
                while (!inf.finished()) {
                    if (inf.needsInput()) {
                        int n = eof ? -1 : in.read(buf);
                        if (n < 0) {
                            eof = true;
                            if (zlib || padded) {
                                break;
                            }
                            // a bare deflate stream needs one dummy byte after its data (java.util.zip.Inflater)
                            padded = true;
                            inf.setInput(new byte[1]);
                        } else {
                            inf.setInput(buf, 0, n);
                        }
                    }
                    int got = inf.inflate(out);
                    total += got;
                    bytesLeft -= got;
                    if (keep != null && got > 0) {
                        if (keptLength + got > keepUpTo) {
                            keep = null; // larger than the caller can use
                        } else {
                            if (keptLength + got > keep.length) {
                                keep = java.util.Arrays.copyOf(keep,
                                        (int) Math.min(keepUpTo, Math.max(keptLength + got, 2L * keep.length)));
                            }
                            System.arraycopy(out, 0, keep, keptLength, got);
                            keptLength += got;
                        }
                    }
                    if (got == 0 && inf.needsDictionary()) {
                        return "the Flate data asks for a preset dictionary, which PDF does not allow";
                    }
                    if (got == 0 && !inf.needsInput() && !inf.finished()) {
                        return "the Flate data is corrupt: the inflater makes no progress";
                    }
                    if (bytesLeft <= 0) {
                        return null; // budget spent: not judged
                    }
                }
                if (!inf.finished()) {
                    return "the Flate data ends early (truncated after " + total + " decoded bytes)";
                }
                if (keep != null) {
                    keptOf = stream;
                    kept = keep;
                    this.keptLength = keptLength;
                }
                return null;
            } catch (DataFormatException e) {
                return "the Flate data is corrupt: " + (e.getMessage() == null ? "invalid deflate data"
                        : e.getMessage());
            } finally {
                inf.end();
            }
        }
    }

    /**
     * Walks the LZW codes (PDF's variant: 9 to 12 bits, EarlyChange) without building strings: PDFBox stops quietly
     * at a code that is not yet in the table, which is the typical damage.
     */
    private String lzwProblem(COSStream stream) throws IOException {
        int early = 1;
        if (stream.getDictionaryObject(COSName.DECODE_PARMS) instanceof org.apache.pdfbox.cos.COSDictionary p) {
            early = p.getInt(COSName.EARLY_CHANGE, 1);
        }
        try (InputStream in = new java.io.BufferedInputStream(stream.createRawInputStream())) {
            int size = 258;
            int width = 9;
            boolean first = true;
            long bitBuf = 0;
            int bits = 0;
            long codes = 0;
            while (true) {
                while (bits < width) {
                    int b = in.read();
                    if (b < 0) {
                        return null; // data may end without an EOD code: readers accept it
                    }
                    bitBuf = (bitBuf << 8) | b;
                    bits += 8;
                    bytesLeft--;
                }
                int code = (int) ((bitBuf >>> (bits - width)) & ((1 << width) - 1));
                bits -= width;
                codes++;
                if (code == 256) {
                    size = 258;
                    width = 9;
                    first = true;
                    continue;
                }
                if (code == 257) {
                    return null;
                }
                if (first) {
                    if (code > 255) {
                        return "the LZW data starts with code " + code + " that is not in the table";
                    }
                    first = false;
                } else {
                    if (code > size) {
                        return "the LZW data has a bad code (" + code + " where the table has " + size
                                + " entries, code " + codes + ")";
                    }
                    if (size < 4096) {
                        size++;
                    }
                }
                if (size + early >= 2048) {
                    width = 12;
                } else if (size + early >= 1024) {
                    width = 11;
                } else if (size + early >= 512) {
                    width = 10;
                } else {
                    width = 9;
                }
                if (bytesLeft <= 0) {
                    return null;
                }
            }
        }
    }

    private String jpegProblem(COSStream stream) throws IOException {
        try (InputStream in = stream.createRawInputStream()) {
            byte[] head = in.readNBytes(2);
            if (head.length < 2 || (head[0] & 0xFF) != 0xFF || (head[1] & 0xFF) != 0xD8) {
                return "the JPEG data does not start with a start-of-image marker";
            }
            // the last non-padding bytes must be the end-of-image marker FF D9
            byte[] tail = new byte[64];
            int tailLen = 0;
            byte[] buf = new byte[64 << 10];
            int n;
            while ((n = in.read(buf)) > 0) {
                bytesLeft -= n;
                if (n >= tail.length) {
                    System.arraycopy(buf, n - tail.length, tail, 0, tail.length);
                    tailLen = tail.length;
                } else {
                    int keep = Math.min(tailLen, tail.length - n);
                    System.arraycopy(tail, tailLen - keep, tail, 0, keep);
                    System.arraycopy(buf, 0, tail, keep, n);
                    tailLen = keep + n;
                }
            }
            int end = tailLen;
            while (end > 0 && (tail[end - 1] == 0 || tail[end - 1] == '\r' || tail[end - 1] == '\n'
                    || tail[end - 1] == ' ')) {
                end--;
            }
            if (end < 2 || (tail[end - 2] & 0xFF) != 0xFF || (tail[end - 1] & 0xFF) != 0xD9) {
                return "the JPEG data ends early (no end-of-image marker)";
            }
            return null;
        }
    }

    private void drain(InputStream in) throws IOException {
        byte[] buf = new byte[64 << 10];
        int n;
        while ((n = in.read(buf)) > 0) {
            bytesLeft -= n;
            if (bytesLeft <= 0) {
                return;
            }
        }
    }

    private static long rawLength(COSStream stream) throws IOException {
        try (InputStream in = stream.createRawInputStream()) {
            return in.transferTo(java.io.OutputStream.nullOutputStream());
        }
    }
}
