package dev.preflight.engine.imports;

import dev.preflight.xml.InvalidXmlException;
import dev.preflight.xml.SecureXml;
import org.w3c.dom.Document;

/** An imported XML report (or JDF ticket) read within the import limits by the engine's hardened parser. */
final class ReportXml {

    private ReportXml() {
    }

    static Document parse(byte[] bytes, String what) throws InvalidReportException {
        ImportLimits.checkSize(bytes, what);
        try {
            return SecureXml.parse(bytes);
        } catch (InvalidXmlException e) {
            throw new InvalidReportException(what + " is not well-formed XML"
                    + (e.line() > 0 ? " (line " + e.line() + ", column " + e.column() + ")" : "") + ": "
                    + e.reason(), e);
        }
    }
}
