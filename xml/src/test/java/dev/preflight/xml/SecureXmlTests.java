package dev.preflight.xml;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.xml.sax.SAXParseException;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Every way the parser is reached refuses XXE, entity bombs and DOCTYPEs, and says so readably. */
class SecureXmlTests {

    @TempDir
    Path dir;

    @Test
    @Timeout(10)
    void parseRefusesEveryHostileDocumentWithAReadableReason() {
        HostileXml.documents(dir, "r").forEach((what, xml) ->
                assertThatThrownBy(() -> SecureXml.parse(xml.getBytes(StandardCharsets.UTF_8)))
                        .as(what)
                        .isInstanceOf(InvalidXmlException.class)
                        .hasMessageStartingWith("line 1, column ")
                        .hasMessageEndingWith("DOCTYPE declarations (DTDs, entities) are not allowed")
                        .hasMessageNotContaining(HostileXml.SECRET));
    }

    @Test
    @Timeout(10)
    void aBuilderFromTheFactoryRefusesThemToo() {
        HostileXml.documents(dir, "r").forEach((what, xml) ->
                assertThatThrownBy(() -> SecureXml.newDocumentBuilder()
                        .parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8))))
                        .as(what)
                        .isInstanceOf(SAXParseException.class)
                        .hasMessageContaining("DOCTYPE")
                        .hasMessageNotContaining(HostileXml.SECRET));
    }

    @Test
    void xIncludeIsLeftAsAnElementAndNothingIsRead() throws Exception {
        Path included = Files.writeString(dir.resolve("included.txt"), HostileXml.SECRET);
        Document d = SecureXml.parse(("<r xmlns:xi=\"http://www.w3.org/2001/XInclude\"><xi:include href=\""
                + included.toUri() + "\" parse=\"text\"/></r>").getBytes(StandardCharsets.UTF_8));

        assertThat(d.getDocumentElement().getTextContent()).doesNotContain(HostileXml.SECRET);
        assertThat(new String(SecureXml.write(d), StandardCharsets.UTF_8)).doesNotContain(HostileXml.SECRET)
                .contains("xi:include");
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
    void ordinaryXmlRoundTripsNamespaceAwareInUtf8() throws Exception {
        byte[] xml = "<p:r xmlns:p=\"urn:x\" a=\"1\">&amp;&#65;Ä</p:r>".getBytes(StandardCharsets.UTF_8);
        Document d = SecureXml.parse(xml);

        assertThat(d.getDocumentElement().getLocalName()).isEqualTo("r");
        assertThat(d.getDocumentElement().getNamespaceURI()).isEqualTo("urn:x");
        assertThat(d.getDocumentElement().getTextContent()).isEqualTo("&AÄ");
        String written = new String(SecureXml.write(d), StandardCharsets.UTF_8);
        assertThat(written).startsWith("<?xml version=\"1.0\" encoding=\"UTF-8\"").contains("&amp;AÄ</p:r>");
        assertThat(SecureXml.parse(SecureXml.write(d)).getDocumentElement().getTextContent()).isEqualTo("&AÄ");
    }

    @Test
    void malformedXmlSaysWhereAndWhy() {
        assertThatThrownBy(() -> SecureXml.parse("<r><s></r>".getBytes(StandardCharsets.UTF_8)))
                .isInstanceOf(InvalidXmlException.class)
                .hasMessageStartingWith("line 1, column ")
                .satisfies(e -> assertThat(((InvalidXmlException) e).line()).isEqualTo(1));
    }
}
