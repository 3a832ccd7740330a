package dev.preflight.engine.imports;

import org.w3c.dom.Document;
import org.w3c.dom.Element;
import tools.jackson.databind.JsonNode;

import java.util.Locale;
import java.util.Set;

/** Entry point for external findings: detects a report's format and turns its bytes into findings. */
public final class ReportImporters {

    /** The external_format tokens this class serves. */
    public static final Set<String> FORMATS = Set.of(ServiceJsonReportImporter.FORMAT, PitStopReportImporter.FORMAT,
            CallasXmlReportImporter.FORMAT_B, CallasJsonReportImporter.FORMAT, AcrobatReportImporter.FORMAT);

    static final String PI4_NAMESPACE = "http://www.callassoftware.com/namespace/pi4";

    private ReportImporters() {
    }

    /**
     * Parses a report in the given external_format, or detects the format when {@code format} is null.
     *
     * @throws InvalidReportException when the bytes are not a report of that format; the message is for the client
     */
    public static ImportResult importReport(String format, byte[] report) throws InvalidReportException {
        Parsed parsed = parse(report);
        String effective = format == null ? detect(parsed) : format.strip().toLowerCase(Locale.ROOT);
        return switch (effective) {
            case ServiceJsonReportImporter.FORMAT -> ServiceJsonReportImporter.importReport(json(parsed, effective));
            case CallasJsonReportImporter.FORMAT -> CallasJsonReportImporter.importReport(json(parsed, effective));
            case PitStopReportImporter.FORMAT -> PitStopReportImporter.importReport(xml(parsed, effective));
            case CallasXmlReportImporter.FORMAT_B -> CallasXmlReportImporter.callas().importReport(xml(parsed, effective));
            case AcrobatReportImporter.FORMAT -> AcrobatReportImporter.importReport(xml(parsed, effective));
            default -> throw new InvalidReportException("unknown external_format '" + format + "'; expected one of "
                    + String.join(", ", FORMATS.stream().sorted().toList()));
        };
    }

    /** The external_format of a report, judged from its root element and namespace (XML) or its shape (JSON). */
    public static String detect(byte[] report) throws InvalidReportException {
        return detect(parse(report));
    }

    sealed interface Parsed permits Xml, Json {
    }

    record Xml(Document document) implements Parsed {
    }

    record Json(JsonNode root) implements Parsed {
    }

    static Parsed parse(byte[] report) throws InvalidReportException {
        ImportLimits.checkSize(report, "external report");
        int first = firstSignificantByte(report);
        if (first == '<') {
            return new Xml(ReportXml.parse(report, "external report"));
        }
        if (first == '{' || first == '[') {
            return new Json(ReportJson.parse(report, "external report"));
        }
        throw new InvalidReportException("external report is neither XML nor JSON: expected a PitStop, callas "
                + "pdfToolbox or Acrobat XML report, a callas JSON report, or a service_json document");
    }

    private static int firstSignificantByte(byte[] bytes) {
        int i = 0;
        // UTF-8 byte order mark
        if (bytes.length >= 3 && (bytes[0] & 0xFF) == 0xEF && (bytes[1] & 0xFF) == 0xBB && (bytes[2] & 0xFF) == 0xBF) {
            i = 3;
        }
        for (; i < bytes.length; i++) {
            int b = bytes[i] & 0xFF;
            if (b != ' ' && b != '\t' && b != '\r' && b != '\n') {
                return b;
            }
        }
        return -1;
    }

    static String detect(Parsed parsed) throws InvalidReportException {
        return switch (parsed) {
            case Xml xml -> detectXml(xml.document());
            case Json json -> detectJson(json.root());
        };
    }

    private static String detectXml(Document document) throws InvalidReportException {
        Element root = document.getDocumentElement();
        String name = Elements.localName(root);
        if (name.equals("EnfocusReport")) {
            return PitStopReportImporter.FORMAT;
        }
        if (CallasXmlReportImporter.isPi4(root)) {
            return AcrobatReportImporter.isAcrobatProduct(root) ? AcrobatReportImporter.FORMAT
                    : CallasXmlReportImporter.FORMAT_B;
        }
        if (AcrobatReportImporter.isLegacy(root)) {
            return AcrobatReportImporter.FORMAT;
        }
        throw new InvalidReportException("unrecognised XML report with root element <" + name + ">: expected "
                + "<EnfocusReport> (PitStop), <report xmlns=\"" + PI4_NAMESPACE + "\"> (callas pdfToolbox or "
                + "Acrobat 8+) or a legacy Acrobat report with <Problems>/<RuleInfr>");
    }

    private static String detectJson(JsonNode root) throws InvalidReportException {
        if (root.isObject()) {
            if (root.has("findings")) {
                return ServiceJsonReportImporter.FORMAT;
            }
            if (root.has("result") && (root.has("doc") || root.has("env"))) {
                return CallasJsonReportImporter.FORMAT;
            }
            if (root.has("preflightReport")) {
                throw new InvalidReportException("PitStop JSON reports are not supported: export PitStop's XML "
                        + "report (preflight_a_xml) instead");
            }
        }
        throw new InvalidReportException("unrecognised JSON report: expected a service_json document (an object "
                + "with a \"findings\" array) or a callas pdfToolbox JSON report (an object with \"doc\", \"env\" "
                + "and \"result\")");
    }

    private static Document xml(Parsed parsed, String format) throws InvalidReportException {
        if (parsed instanceof Xml xml) {
            return xml.document();
        }
        throw new InvalidReportException(format + " expects an XML report, but the upload is JSON");
    }

    private static JsonNode json(Parsed parsed, String format) throws InvalidReportException {
        if (parsed instanceof Json json) {
            return json.root();
        }
        throw new InvalidReportException(format + " expects a JSON report, but the upload is XML");
    }
}
