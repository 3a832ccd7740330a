package dev.preflight.engine.imports;

import dev.preflight.engine.Finding;
import dev.preflight.engine.Severity;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Imports Adobe Acrobat Preflight XML reports: Acrobat 8+ writes callas pi4 (parsed like pdfToolbox), Acrobat 6/7
 * wrote pdfInspektor3 XML with {@code Problems/Page/RuleInfr}.
 */
final class AcrobatReportImporter {

    static final String FORMAT = "preflight_c_xml";
    static final String SOURCE = "external:preflight_c";

    private AcrobatReportImporter() {
    }

    static boolean isAcrobatProduct(Element pi4Root) {
        String product = Elements.childText(Elements.child(pi4Root, "information"), "product_name");
        return product != null && product.toLowerCase(Locale.ROOT).contains("acrobat");
    }

    static boolean isLegacy(Element root) {
        return Elements.child(root, "Problems") != null || !Elements.descendants(root, "RuleInfr").isEmpty();
    }

    static ImportResult importReport(Document document) throws InvalidReportException {
        Element root = document.getDocumentElement();
        if (CallasXmlReportImporter.isPi4(root)) {
            return CallasXmlReportImporter.acrobat().importReport(document);
        }
        if (isLegacy(root)) {
            return legacy(root);
        }
        throw new InvalidReportException("preflight_c_xml expects an Acrobat preflight report: a pi4 <report xmlns=\""
                + ReportImporters.PI4_NAMESPACE + "\"> (Acrobat 8+) or a legacy report with <Problems>/<RuleInfr> "
                + "(Acrobat 6/7), found <" + Elements.localName(root) + ">");
    }

    private static ImportResult legacy(Element root) throws InvalidReportException {
        FindingCollector out = new FindingCollector();
        for (Element rule : Elements.descendants(root, "RuleInfr")) {
            String text = Elements.childText(rule, "Value");
            if (text == null) {
                text = Elements.text(rule);
            }
            if (text == null) {
                throw new InvalidReportException("Acrobat report: <RuleInfr> number " + (out.size() + 1)
                        + " has no rule text (<Value>)");
            }
            String toolSeverity = Elements.attr(rule, "severity");
            Severity severity = switch (toolSeverity == null ? "" : toolSeverity.toLowerCase(Locale.ROOT)) {
                case "error" -> Severity.ERROR;
                case "info" -> Severity.INFO;
                default -> Severity.WARNING;
            };
            Map<String, Object> details = new LinkedHashMap<>();
            if (toolSeverity != null) {
                details.put("tool_severity", toolSeverity);
            }
            String id = ImportedIds.of(ImportedIds.ACROBAT, Elements.attr(rule, "id"), text);
            out.add(new Finding(id, severity, text, problemPage(rule), null, null, null, null, null, details, SOURCE));
        }
        Map<String, Object> source = new LinkedHashMap<>();
        source.put("tool", "Adobe Acrobat Preflight");
        source.put("report_version", "pdfInspektor3");
        putValue(source, "profile", root, "UsedProfile");
        putValue(source, "file_name", root, "FSFile");
        putValue(source, "date_time", root, "I2InfoDate");
        putValue(source, "pdf_version", root, "PDFVersion");
        return new ImportResult(FORMAT, out.findings(), source, Map.of());
    }

    /** The page of the nearest {@code Problems/Page} ancestor ({@code Page/Value}, 1-based); 0 outside one. */
    private static int problemPage(Element rule) {
        for (Node n = rule.getParentNode(); n != null && n.getNodeType() == Node.ELEMENT_NODE; n = n.getParentNode()) {
            if (Elements.named(n, "Page") && Elements.named(n.getParentNode(), "Problems")) {
                Integer page = Elements.integer(Elements.childText((Element) n, "Value"));
                return page == null || page < 0 ? 0 : page;
            }
        }
        return 0;
    }

    private static void putValue(Map<String, Object> source, String key, Element root, String elementName) {
        var found = Elements.descendants(root, elementName);
        if (!found.isEmpty()) {
            Element e = found.getFirst();
            String value = Elements.childText(e, "Value");
            if (value == null && Elements.children(e).isEmpty()) {
                value = Elements.text(e);
            }
            if (value != null) {
                source.put(key, value);
            }
        }
    }
}
