package dev.preflight.xml;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Hostile XML documents for the tests of every parser the engine and the server reach: each names what it tries, and none may be
 * expanded, fetched or echoed. The XXE ones point at a real local file holding {@link #SECRET}.
 */
public final class HostileXml {

    /** What the local file the XXE documents point at holds: must never appear in any answer. */
    public static final String SECRET = "hostile-xml-secret-" + Long.toHexString(System.nanoTime());

    private HostileXml() {
    }

    /**
     * The documents by name, each with the given root element (so that the receiving parser would otherwise accept
     * it): an XXE to a local file, an external parameter entity, an external DTD subset, a billion laughs and a plain
     * DOCTYPE.
     */
    public static Map<String, String> documents(Path dir, String root) {
        try {
            Path secret = Files.writeString(dir.resolve("secret.txt"), SECRET);
            Path dtd = Files.writeString(dir.resolve("evil.dtd"), "<!ENTITY leak SYSTEM \"" + secret.toUri() + "\">");
            var m = new LinkedHashMap<String, String>();
            m.put("external entity to a local file", "<?xml version=\"1.0\"?><!DOCTYPE " + root
                    + " [<!ENTITY x SYSTEM \"" + secret.toUri() + "\">]>" + element(root, "&x;"));
            m.put("external parameter entity", "<?xml version=\"1.0\"?><!DOCTYPE " + root + " [<!ENTITY % p SYSTEM \""
                    + dtd.toUri() + "\"> %p;]>" + element(root, "&leak;"));
            m.put("external DTD subset", "<?xml version=\"1.0\"?><!DOCTYPE " + root + " SYSTEM \"" + dtd.toUri()
                    + "\">" + element(root, "&leak;"));
            m.put("billion laughs", "<?xml version=\"1.0\"?><!DOCTYPE " + root + " [" + bomb() + "]>"
                    + element(root, "&j;"));
            m.put("plain DOCTYPE", "<!DOCTYPE " + root + ">" + element(root, ""));
            return m;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String element(String root, String content) {
        String ns = root.equals("svg") ? " xmlns=\"http://www.w3.org/2000/svg\"" : "";
        return "<" + root + ns + ">" + content + "</" + root + ">";
    }

    /** Ten levels of ten references each: 10^9 "lol"s once expanded. */
    private static String bomb() {
        var s = new StringBuilder("<!ENTITY a \"lol\">");
        char previous = 'a';
        for (char c = 'b'; c <= 'j'; c++) {
            s.append("<!ENTITY ").append(c).append(" \"").append(("&" + previous + ";").repeat(10)).append("\">");
            previous = c;
        }
        return s.toString();
    }
}
