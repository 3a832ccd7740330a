package dev.preflight.reports;

import dev.preflight.support.DatabaseIndependent;
import dev.preflight.xml.HostileXml;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;

import java.io.IOException;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The pdf format reads the template's XHTML with the platform's hardened parser. */
@DatabaseIndependent
class PdfReportTests {

    @TempDir
    Path dir;

    @Test
    void theTemplatesHtml5DoctypeIsDroppedBeforeParsing() throws Exception {
        Document d = PdfReport.parse("\n<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\"><body>&amp;</body>"
                + "</html>");

        assertThat(d.getDocumentElement().getLocalName()).isEqualTo("html");
        assertThat(d.getDoctype()).isNull();
        assertThat(d.getDocumentElement().getTextContent()).isEqualTo("&");
    }

    @Test
    void anyOtherDoctypeIsRefused() {
        HostileXml.documents(dir, "html").forEach((what, xml) -> {
            if (what.equals("plain DOCTYPE")) {
                return; // <!DOCTYPE html> itself is the template's own, dropped above
            }
            assertThatThrownBy(() -> PdfReport.parse(xml)).as(what)
                    .isInstanceOf(IOException.class)
                    .hasMessageContaining("DOCTYPE declarations (DTDs, entities) are not allowed")
                    .hasMessageNotContaining(HostileXml.SECRET);
        });
        assertThatThrownBy(() -> PdfReport.parse("<!DOCTYPE html PUBLIC \"-//W3C//DTD XHTML 1.0 Strict//EN\" "
                + "\"http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd\"><html/>"))
                .isInstanceOf(IOException.class).hasMessageContaining("DOCTYPE");
        // Only a leading declaration is the template's: one after other content is refused.
        assertThatThrownBy(() -> PdfReport.parse("<!-- c --><!DOCTYPE html><html/>"))
                .isInstanceOf(IOException.class).hasMessageContaining("DOCTYPE");
    }
}
