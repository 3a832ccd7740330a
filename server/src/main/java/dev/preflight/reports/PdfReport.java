package dev.preflight.reports;

import com.openhtmltopdf.outputdevice.helper.BaseRendererBuilder;
import com.openhtmltopdf.outputdevice.helper.ExternalResourceControlPriority;
import com.openhtmltopdf.pdfboxout.PdfRendererBuilder;
import dev.preflight.branding.Branding;
import dev.preflight.xml.InvalidXmlException;
import dev.preflight.xml.SecureXml;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDDocumentInformation;
import org.w3c.dom.Document;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.regex.Pattern;

/**
 * The pdf format: the report template laid out by openhtmltopdf (PDFBox 3 line) as a tagged PDF (PDF/UA structure)
 * with bookmarks per severity and check, in an embedded font. External resources are refused: only data URIs load.
 * Metadata: Title, Creator and Producer name the brand (or the service in service branding); anonymous reports
 * carry none of them and no XMP metadata.
 */
final class PdfReport {

    /** Liberation Sans (SIL OFL), shipped inside PDFBox. */
    static final String FONT = "/org/apache/pdfbox/resources/ttf/LiberationSans-Regular.ttf";
    static final String FAMILY = "Report Sans";
    private static final Pattern HTML5_DOCTYPE = Pattern.compile("\\A\\s*<!DOCTYPE\\s+html\\s*>",
            Pattern.CASE_INSENSITIVE);

    static {
        com.openhtmltopdf.util.XRLog.setLoggerImpl(new Slf4jLog());
    }

    private PdfReport() {
    }

    /** openhtmltopdf's log through SLF4J (logger {@code com.openhtmltopdf.<area>}); its INFO chatter is debug here. */
    private static final class Slf4jLog implements com.openhtmltopdf.util.XRLogger {

        private static org.slf4j.Logger logger(String where) {
            return org.slf4j.LoggerFactory.getLogger(where == null ? "com.openhtmltopdf" : where);
        }

        @Override
        public void log(String where, java.util.logging.Level level, String msg) {
            log(where, level, msg, null);
        }

        @Override
        public void log(String where, java.util.logging.Level level, String msg, Throwable th) {
            org.slf4j.Logger log = logger(where);
            int v = level.intValue();
            if (v >= java.util.logging.Level.SEVERE.intValue()) {
                log.error(msg, th);
            } else if (v >= java.util.logging.Level.WARNING.intValue()) {
                log.warn(msg, th);
            } else if (v >= java.util.logging.Level.INFO.intValue()) {
                log.debug(msg, th);
            } else {
                log.trace(msg, th);
            }
        }

        @Override
        public void setLevel(String logger, java.util.logging.Level level) {
            // levels come from the application's logging configuration
        }

        @Override
        public boolean isLogLevelEnabled(com.openhtmltopdf.util.Diagnostic diagnostic) {
            int v = diagnostic.getLevel().intValue();
            org.slf4j.Logger log = logger("com.openhtmltopdf");
            return v >= java.util.logging.Level.WARNING.intValue() ? log.isWarnEnabled() : log.isDebugEnabled();
        }
    }

    static byte[] render(String xhtml, ReportModel m, String serviceName) throws IOException {
        Document dom = parse(xhtml);
        var out = new ByteArrayOutputStream();
        var builder = new PdfRendererBuilder();
        builder.useFastMode();
        builder.usePdfUaAccessibility(true);
        builder.useFont(PdfReport::font, FAMILY, 400, BaseRendererBuilder.FontStyle.NORMAL, true);
        builder.useFont(PdfReport::font, FAMILY, 700, BaseRendererBuilder.FontStyle.NORMAL, true);
        builder.useExternalResourceAccessControl((uri, type) -> uri != null && uri.startsWith("data:"),
                ExternalResourceControlPriority.RUN_BEFORE_RESOLVING_URI);
        builder.useExternalResourceAccessControl((uri, type) -> uri != null && uri.startsWith("data:"),
                ExternalResourceControlPriority.RUN_AFTER_RESOLVING_URI);
        builder.withW3cDocument(dom, "about:blank");
        builder.toStream(out);
        builder.run();
        return metadata(out.toByteArray(), m.branding(), m.job().fileName(), serviceName);
    }

    private static InputStream font() {
        return PdfReport.class.getResourceAsStream(FONT);
    }

    /** Sets (or, anonymous, strips) the document metadata. */
    static byte[] metadata(byte[] pdf, Branding b, String fileName, String serviceName) throws IOException {
        try (PDDocument doc = Loader.loadPDF(pdf)) {
            var info = new PDDocumentInformation();
            if (b.anonymous()) {
                doc.getDocumentCatalog().setMetadata(null);
            } else {
                String who = b.serviceChrome() ? serviceName : b.brandName();
                info.setTitle("Report: " + fileName);
                if (who != null && !who.isBlank()) {
                    info.setCreator(who);
                    info.setProducer(who);
                }
            }
            doc.setDocumentInformation(info);
            var out = new ByteArrayOutputStream();
            doc.save(out);
            return out.toByteArray();
        }
    }

    /**
     * The template's XHTML as a DOM, read by the platform's hardened parser. The template starts with the HTML5
     * {@code <!DOCTYPE html>} (for browsers); that one declaration, which names no DTD and declares no entity, is
     * dropped before parsing, and any other DOCTYPE is refused like everywhere else.
     */
    static Document parse(String xhtml) throws IOException {
        String body = HTML5_DOCTYPE.matcher(xhtml).replaceFirst("");
        try {
            return SecureXml.parse(body.getBytes(StandardCharsets.UTF_8));
        } catch (InvalidXmlException e) {
            throw new IOException("the report template did not produce well-formed XHTML: " + e.getMessage(), e);
        }
    }
}
