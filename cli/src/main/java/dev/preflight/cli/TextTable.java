package dev.preflight.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/** Rows of text in columns padded to their widest cell; columns marked numeric are right-aligned. */
final class TextTable {

    private final List<String> headers;
    private final boolean[] numeric;
    private final List<List<String>> rows = new ArrayList<>();

    /** Headers; a header starting with '>' is a right-aligned (numeric) column, the '>' is not printed. */
    TextTable(String... headers) {
        this.headers = new ArrayList<>();
        this.numeric = new boolean[headers.length];
        for (int i = 0; i < headers.length; i++) {
            numeric[i] = headers[i].startsWith(">");
            this.headers.add(numeric[i] ? headers[i].substring(1) : headers[i]);
        }
    }

    TextTable row(Object... cells) {
        var row = new ArrayList<String>();
        for (Object c : cells) {
            row.add(c == null ? "-" : c.toString());
        }
        rows.add(row);
        return this;
    }

    boolean isEmpty() {
        return rows.isEmpty();
    }

    void print(PrintWriter out, String indent) {
        int[] width = new int[headers.size()];
        for (int i = 0; i < width.length; i++) {
            width[i] = headers.get(i).length();
            for (var row : rows) {
                width[i] = Math.max(width[i], row.get(i).length());
            }
        }
        line(out, indent, headers, width);
        rows.forEach(row -> line(out, indent, row, width));
    }

    private void line(PrintWriter out, String indent, List<String> cells, int[] width) {
        var sb = new StringBuilder(indent);
        for (int i = 0; i < cells.size(); i++) {
            String cell = cells.get(i);
            boolean last = i == cells.size() - 1;
            String pad = " ".repeat(width[i] - cell.length());
            sb.append(numeric[i] ? pad + cell : last ? cell : cell + pad);
            if (!last) {
                sb.append("  ");
            }
        }
        out.println(sb);
    }
}
