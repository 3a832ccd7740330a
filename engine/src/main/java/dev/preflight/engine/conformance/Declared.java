package dev.preflight.engine.conformance;

import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.common.PDMetadata;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** What a file's catalog XMP declares itself to be, as veraPDF flavour ids: pdfaid part and level, pdfuaid part. */
final class Declared {

    private static final Pattern PDFA_PART = property("pdfaid:part", "\\d+");
    private static final Pattern PDFA_LEVEL = property("pdfaid:conformance", "[A-Za-z]");
    private static final Pattern PDFUA_PART = property("pdfuaid:part", "\\d+");

    private Declared() {
    }

    /** Declared flavour ids in the order PDF/A, PDF/UA; empty when the file declares neither or has no XMP. */
    static List<String> of(PDDocument doc) {
        PDMetadata metadata = doc.getDocumentCatalog().getMetadata();
        if (metadata == null) {
            return List.of();
        }
        try {
            return of(new String(metadata.toByteArray(), StandardCharsets.UTF_8));
        } catch (IOException | RuntimeException e) {
            // unreadable XMP declares nothing we could act on
            return List.of();
        }
    }

    /** The same, from the XMP packet's text (attribute and element forms alike). */
    static List<String> of(String xmp) {
        var out = new ArrayList<String>();
        String part = first(PDFA_PART, xmp);
        if (part != null) {
            String level = first(PDFA_LEVEL, xmp);
            int p = Integer.parseInt(part);
            if (level != null) {
                out.add(p + level.toLowerCase(Locale.ROOT));
            } else {
                // PDF/A-4 may declare no level; parts 1 to 3 must, and are judged at their basic level when they do not
                out.add(p >= 4 ? String.valueOf(p) : p + "b");
            }
        }
        String ua = first(PDFUA_PART, xmp);
        if (ua != null) {
            out.add("ua" + Integer.parseInt(ua));
        }
        return out;
    }

    private static Pattern property(String name, String value) {
        return Pattern.compile(Pattern.quote(name) + "\\s*(?:=\\s*[\"']|>)\\s*(" + value + ")");
    }

    private static String first(Pattern p, String text) {
        Matcher m = p.matcher(text);
        return m.find() ? m.group(1) : null;
    }
}
