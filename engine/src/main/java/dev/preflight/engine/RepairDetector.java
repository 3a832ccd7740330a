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

    private RepairDetector() {
    }

    /** Returns the problems that force a repair; empty when the trailer structure is sound. */
    public static List<String> problems(Path file) {
        var problems = new ArrayList<String>();
        try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "r")) {
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
            }
        } catch (IOException e) {
            problems.add("the file could not be read: " + e.getMessage());
        }
        return problems;
    }

    private static long headerOffset(RandomAccessFile raf) throws IOException {
        byte[] head = new byte[1024];
        raf.seek(0);
        int n = raf.read(head);
        String s = new String(head, 0, Math.max(n, 0), StandardCharsets.ISO_8859_1);
        int i = s.indexOf("%PDF-");
        return Math.max(i, 0);
    }
}
