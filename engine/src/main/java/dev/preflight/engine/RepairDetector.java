package dev.preflight.engine;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Tells whether a reader has to repair a file's cross-reference information: PDFBox silently rebuilds a broken
 * xref by scanning the whole file, so we look at the file ourselves: the last {@code startxref} must exist and point
 * at an {@code xref} keyword or a cross-reference stream object, and the file must end with {@code %%EOF}.
 */
public final class RepairDetector {

    private static final Pattern STARTXREF = Pattern.compile("startxref\\s+(\\d+)");
    private static final Pattern OBJ_HEADER = Pattern.compile("^\\s*\\d+\\s+\\d+\\s+obj");
    private static final Pattern OBJ_NUM = Pattern.compile("^\\s*(\\d+)\\s+\\d+\\s+obj");
    private static final Pattern SUBSECTION = Pattern.compile("(\\d+)\\s+(\\d+)");
    private static final Pattern ENTRY = Pattern.compile("\\d{10} \\d{5} [fn] ?");
    private static final Pattern PREV = Pattern.compile("/Prev\\s+(\\d+)");
    private static final int MAX_PREV = 32;
    private static final long MAX_ENTRIES = 10_000_000L;
    private static final int MAX_OFFSET_CHECKS = 20_000;

    private RepairDetector() {
    }

    /** Returns the problems that force a repair; empty when the trailer structure is sound. */
    public static List<String> problems(Path file) {
        var problems = new ArrayList<String>();
        try (RandomAccessFile handle = new RandomAccessFile(file.toFile(), "r")) {
            Window raf = new Window(handle, 64 << 10);
            long len = raf.length();
            int tailLen = (int) Math.min(len, 4096);
            byte[] tail = new byte[tailLen];
            raf.seek(len - tailLen);
            raf.readFully(tail);
            String t = new String(tail, StandardCharsets.ISO_8859_1);
            if (!t.contains("%%EOF")) {
                problems.add("the file does not end with %%EOF (truncated?)");
            }
            var m = STARTXREF.matcher(t);
            long offset = -1;
            while (m.find()) {
                try {
                    offset = Long.parseLong(m.group(1));
                } catch (NumberFormatException e) {
                    offset = -1;
                }
            }
            if (offset < 0) {
                problems.add("no startxref pointer to the cross-reference table");
                return problems;
            }
            // Leading garbage before %PDF- shifts every offset; readers correct for it, so do we.
            long shift = headerOffset(raf);
            if (offset + shift >= len) {
                problems.add("startxref points past the end of the file");
                return problems;
            }
            byte[] at = new byte[64];
            raf.seek(offset + shift);
            int n = raf.read(at);
            String s = new String(at, 0, Math.max(n, 0), StandardCharsets.ISO_8859_1);
            boolean table = s.stripLeading().startsWith("xref");
            boolean stream = OBJ_HEADER.matcher(s).find();
            if (!table && !stream) {
                problems.add("startxref does not point at a cross-reference table or stream");
            } else if (table) {
                checkTables(raf, new Window(handle, 4 << 10), offset, shift, len, problems);
            }
        } catch (IOException e) {
            problems.add("the file could not be read: " + e.getMessage());
        }
        return problems;
    }

    /**
     * Reads the classic xref table(s) the way a strict reader does (following /Prev): every entry must be a
     * well-formed 20-byte line and every in-use entry must point at its "N G obj" header. PDFBox repairs silently
     * when either fails, so that is when the file counts as repaired.
     */
    private static void checkTables(Window raf, Window objects, long offset, long shift, long len,
                                    List<String> problems) throws IOException {
        var seen = new java.util.HashSet<Long>();
        int checkedOffsets = 0;
        for (int section = 0; section < MAX_PREV && offset >= 0 && seen.add(offset); section++) {
            if (offset + shift >= len) {
                problems.add("a /Prev cross-reference offset points past the end of the file");
                return;
            }
            raf.seek(offset + shift);
            String line = readLine(raf);
            if (line == null || !line.strip().startsWith("xref")) {
                problems.add("a /Prev cross-reference offset does not point at a table");
                return;
            }
            // a subsection header may follow "xref" on the same line in sloppy writers; a strict reader needs a line
            while (true) {
                long mark = raf.getFilePointer();
                line = readLine(raf);
                if (line == null) {
                    problems.add("the cross-reference table ends before its trailer");
                    return;
                }
                String t = line.strip();
                if (t.startsWith("trailer")) {
                    raf.seek(mark);
                    break;
                }
                if (t.isEmpty()) {
                    continue; // readers tolerate blank lines between subsections
                }
                var head = SUBSECTION.matcher(t);
                if (!head.matches()) {
                    problems.add("malformed cross-reference subsection header: '" + clip(t) + "'");
                    return;
                }
                long first = Long.parseLong(head.group(1));
                long count = Long.parseLong(head.group(2));
                if (count > MAX_ENTRIES) {
                    problems.add("a cross-reference subsection claims " + count + " entries");
                    return;
                }
                for (long i = 0; i < count; i++) {
                    String e = readLine(raf);
                    if (e == null || !ENTRY.matcher(e).matches()) {
                        problems.add("malformed cross-reference entry for object " + (first + i) + ": '"
                                + clip(e == null ? "<end of file>" : e) + "'");
                        return;
                    }
                    if (e.charAt(17) == 'n' && checkedOffsets < MAX_OFFSET_CHECKS) {
                        long objOffset = Long.parseLong(e.substring(0, 10));
                        long gen = Long.parseLong(e.substring(11, 16));
                        checkedOffsets++;
                        if (objOffset == 0) {
                            continue; // an in-use entry at offset 0 is read as a free one, not repaired
                        }
                        boolean ok = pointsAtObject(objects, objOffset + shift, len, first + i);
                        if (!ok) {
                            problems.add("the cross-reference entry of object " + (first + i)
                                    + " does not point at the object");
                            return;
                        }
                    }
                }
            }
            // trailer: follow /Prev
            byte[] buf = new byte[2048];
            int n = raf.read(buf);
            String trailer = new String(buf, 0, Math.max(n, 0), StandardCharsets.ISO_8859_1);
            var prev = PREV.matcher(trailer);
            int end = trailer.indexOf("startxref");
            if (prev.find() && (end < 0 || prev.start() < end)) {
                offset = Long.parseLong(prev.group(1));
            } else {
                offset = -1;
            }
        }
    }

    private static boolean pointsAtObject(Window raf, long at, long len, long objNum) throws IOException {
        if (at < 0 || at >= len) {
            return false;
        }
        raf.seek(at);
        byte[] b = new byte[48];
        int n = raf.read(b);
        String s = new String(b, 0, Math.max(n, 0), StandardCharsets.ISO_8859_1);
        var m = OBJ_NUM.matcher(s);
        return m.find() && Long.parseLong(m.group(1)) == objNum;
    }

    private static String readLine(Window raf) throws IOException {
        var sb = new StringBuilder();
        int c;
        while ((c = raf.read()) >= 0) {
            if (c == '\n') {
                return sb.toString();
            }
            if (c == '\r') {
                long p = raf.getFilePointer();
                int d = raf.read();
                if (d != '\n' && d >= 0) {
                    raf.seek(p);
                }
                return sb.toString();
            }
            if (sb.length() > 256) {
                return sb.toString();
            }
            sb.append((char) c);
        }
        return sb.isEmpty() ? null : sb.toString();
    }

    private static String clip(String s) {
        return s.length() > 40 ? s.substring(0, 40) + "..." : s;
    }

    private static long headerOffset(Window raf) throws IOException {
        byte[] head = new byte[1024];
        raf.seek(0);
        int n = raf.read(head);
        String s = new String(head, 0, Math.max(n, 0), StandardCharsets.ISO_8859_1);
        int i = s.indexOf("%PDF-");
        return Math.max(i, 0);
    }

    /**
     * Reads a file through a buffer: the table check reads xref lines byte by byte and peeks at every object's
     * header, which straight on a {@link RandomAccessFile} costs a system call per byte (8 % of the structural
     * pass over the corpus in a warm profile). Two windows may share one file: each seeks before it reads.
     */
    private static final class Window {
        private final RandomAccessFile file;
        private final long length;
        private final byte[] buf;
        private long bufStart;
        private int bufLen;
        private long pos;

        Window(RandomAccessFile file, int size) throws IOException {
            this.file = file;
            this.length = file.length();
            this.buf = new byte[size];
        }

        long length() {
            return length;
        }

        long getFilePointer() {
            return pos;
        }

        void seek(long p) throws IOException {
            if (p < 0) {
                throw new IOException("Negative seek offset");
            }
            pos = p;
        }

        int read() throws IOException {
            if (!buffered()) {
                return -1;
            }
            return buf[(int) (pos++ - bufStart)] & 0xFF;
        }

        /** Up to {@code b.length} bytes; -1 at the end of the file (like {@link RandomAccessFile#read(byte[])}). */
        int read(byte[] b) throws IOException {
            int n = 0;
            while (n < b.length && buffered()) {
                int k = (int) Math.min(b.length - n, bufStart + bufLen - pos);
                System.arraycopy(buf, (int) (pos - bufStart), b, n, k);
                n += k;
                pos += k;
            }
            return n == 0 && b.length > 0 ? -1 : n;
        }

        void readFully(byte[] b) throws IOException {
            if (read(b) < b.length) {
                throw new java.io.EOFException();
            }
        }

        /** Makes the byte at {@code pos} available; false at the end of the file. */
        private boolean buffered() throws IOException {
            if (pos >= bufStart && pos < bufStart + bufLen) {
                return true;
            }
            if (pos >= length) {
                return false;
            }
            file.seek(pos);
            int n = 0;
            int want = (int) Math.min(buf.length, length - pos);
            while (n < want) {
                int r = file.read(buf, n, want - n);
                if (r < 0) {
                    break;
                }
                n += r;
            }
            bufStart = pos;
            bufLen = n;
            return n > 0;
        }
    }
}
