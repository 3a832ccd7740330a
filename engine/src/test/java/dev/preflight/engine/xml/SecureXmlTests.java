package dev.preflight.engine.xml;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Every way the engine's parser is reached refuses XXE, entity bombs and DOCTYPEs, and says so readably. */
class SecureXmlTests {

    private static final String SECRET = "top-secret-file-content";

    @TempDir
    Path dir;

    /** The hostile documents: each must be refused before anything is expanded or fetched. */
    private List<String> hostile() throws Exception {
        Path secret = Files.writeString(dir.resolve("secret.txt"), SECRET);
        Path dtd = Files.writeString(dir.resolve("evil.dtd"), "<!ENTITY leak SYSTEM \"" + secret.toUri() + "\">");
        String lol = "<!ENTITY a \"lol\">" + bomb();
        return List.of(
                // XXE: an external general entity naming a local file
                "<?xml version=\"1.0\"?><!DOCTYPE r [<!ENTITY x SYSTEM \"" + secret.toUri() + "\">]><r>&x;</r>",
                // an external parameter entity pulling in a DTD that declares the leaking entity
                "<?xml version=\"1.0\"?><!DOCTYPE r [<!ENTITY % p SYSTEM \"" + dtd.toUri() + "\"> %p;]><r>&leak;</r>",
                // an external DTD subset
                "<?xml version=\"1.0\"?><!DOCTYPE r SYSTEM \"" + dtd.toUri() + "\"><r>&leak;</r>",
                // billion laughs
                "<?xml version=\"1.0\"?><!DOCTYPE r [" + lol + "]><r>&j;</r>",
                // a harmless DOCTYPE is refused all the same
                "<!DOCTYPE html><html/>");
    }

    /** Ten levels of ten references each: 10^10 "lol"s once expanded. */
    private static String bomb() {
        var s = new StringBuilder();
        char previous = 'a';
        for (char c = 'b'; c <= 'j'; c++) {
            s.append("<!ENTITY ").append(c).append(" \"").append(("&" + previous + ";").repeat(10)).append("\">");
            previous = c;
        }
        return s.toString();
    }

    @Test
    @Timeout(10)
    void parseRefusesEveryHostileDocumentWithAReadableReason() throws Exception {
        for (String xml : hostile()) {
            assertThatThrownBy(() -> SecureXml.parse(xml.getBytes(StandardCharsets.UTF_8)))
                    .as(xml)
                    .isInstanceOf(InvalidXmlException.class)
                    .hasMessageStartingWith("line 1, column ")
                    .hasMessageContaining("DOCTYPE declarations (DTDs, entities) are not allowed")
                    .hasMessageNotContaining(SECRET)
                    .satisfies(e -> assertThat(((InvalidXmlException) e).line()).isEqualTo(1));
        }
    }

    @Test
    @Timeout(10)
    void aBuilderFromTheFactoryRefusesThemToo() throws Exception {
        for (String xml : hostile()) {
            assertThatThrownBy(() -> SecureXml.newDocumentBuilder()
                    .parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8))))
                    .as(xml)
                    .isInstanceOf(org.xml.sax.SAXParseException.class)
                    .hasMessageContaining("DOCTYPE")
                    .hasMessageNotContaining(SECRET);
        }
    }

    @Test
    void xIncludeIsLeftAsAnElementAndNothingIsRead() throws Exception {
        Path secret = Files.writeString(dir.resolve("included.txt"), SECRET);
        Document d = SecureXml.parse(("<r xmlns:xi=\"http://www.w3.org/2001/XInclude\"><xi:include href=\""
                + secret.toUri() + "\" parse=\"text\"/></r>").getBytes(StandardCharsets.UTF_8));

        assertThat(d.getDocumentElement().getTextContent()).doesNotContain(SECRET);
        assertThat(d.getElementsByTagNameNS("http://www.w3.org/2001/XInclude", "include").getLength()).isEqualTo(1);
    }

    @Test
    void nestingDeeperThanTheLimitIsRefused() {
        int depth = SecureXml.MAX_ELEMENT_DEPTH + 1;
        byte[] deep = ("<a>".repeat(depth) + "</a>".repeat(depth)).getBytes(StandardCharsets.UTF_8);

        assertThatThrownBy(() -> SecureXml.parse(deep)).isInstanceOf(InvalidXmlException.class)
                .hasMessageContaining(Integer.toString(SecureXml.MAX_ELEMENT_DEPTH));
        int allowed = SecureXml.MAX_ELEMENT_DEPTH;
        byte[] ok = ("<a>".repeat(allowed) + "</a>".repeat(allowed)).getBytes(StandardCharsets.UTF_8);
        assertThatCode(() -> SecureXml.parse(ok)).doesNotThrowAnyException();
    }

    @Test
    void ordinaryXmlParsesNamespaceAware() throws Exception {
        Document d = SecureXml.parse("<?xml version=\"1.0\"?><p:r xmlns:p=\"urn:x\">&amp;&#65;</p:r>"
                .getBytes(StandardCharsets.UTF_8));

        assertThat(d.getDocumentElement().getLocalName()).isEqualTo("r");
        assertThat(d.getDocumentElement().getNamespaceURI()).isEqualTo("urn:x");
        assertThat(d.getDocumentElement().getTextContent()).isEqualTo("&A");
    }

    @Test
    void malformedXmlSaysWhereAndWhy() {
        assertThatThrownBy(() -> SecureXml.parse("<r><s></r>".getBytes(StandardCharsets.UTF_8)))
                .isInstanceOf(InvalidXmlException.class)
                .hasMessageStartingWith("line 1, column ")
                .satisfies(e -> assertThat(((InvalidXmlException) e).reason()).contains("s"));
    }
}
