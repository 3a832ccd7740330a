package dev.preflight.engine.imports;

import dev.preflight.engine.Finding;
import dev.preflight.engine.Severity;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Imports Enfocus PitStop XML preflight reports, v3 ({@code PreflightReport}) and v2 ({@code Report/PreflightResult}). */
final class PitStopReportImporter {

    static final String FORMAT = "preflight_a_xml";
    static final String SOURCE = "external:preflight_a";

    /** "(3x on pages 1, 2)" / "(1x on page 1)" at the end of a localised message. */
    private static final Pattern OCCURRENCES =
            Pattern.compile("\\s*\\((\\d+)\\s*x\\s+on\\s+pages?\\s+([^()]*)\\)\\s*$", Pattern.CASE_INSENSITIVE);
    private static final Pattern TEMPLATE_VARIABLE = Pattern.compile("%(?:\\[\\])?([A-Za-z0-9_]+)%");

    private PitStopReportImporter() {
    }

    static ImportResult importReport(Document document) throws InvalidReportException {
        Element root = document.getDocumentElement();
        if (!Elements.named(root, "EnfocusReport")) {
            throw new InvalidReportException("preflight_a_xml expects a PitStop report with root <EnfocusReport>, "
                    + "found <" + Elements.localName(root) + ">");
        }
        Map<String, Object> source = new LinkedHashMap<>();
        source.put("tool", "Enfocus PitStop");
        String unit = Elements.attrIgnoreCase(root, "unit");
        Double factor = pointsPer(unit);
        source.put("unit", unit == null ? "pt" : unit);
        if (factor == null) {
            source.put("unit_warning", "unknown unit '" + unit + "': locations imported without bounding boxes");
        }
        Element processInfo = Elements.child(root, "ProcessInfo");
        putIfPresent(source, "profile", Elements.childText(processInfo, "PreflightProfile"));
        putIfPresent(source, "preflight_date", Elements.childText(processInfo, "PreflightDateTime"));
        Element docProps = Elements.path(root, "GeneralDocInfo", "DocumentProperties");
        putIfPresent(source, "document_name", Elements.childText(docProps, "DocumentName"));

        FindingCollector out = new FindingCollector();
        Element v3 = Elements.child(root, "PreflightReport");
        Element v2 = Elements.path(root, "Report", "PreflightResult");
        if (v3 != null) {
            source.put("report_version", versionOr(root, "3"));
            for (Element container : Elements.children(v3)) {
                String kind = Elements.localName(container);
                Severity severity = containerSeverity(kind);
                for (Element item : Elements.children(container, "PreflightReportItem")) {
                    emit(item, item, severity, kind, factor, out);
                }
            }
        } else if (v2 != null) {
            source.put("report_version", versionOr(root, "2"));
            for (Element entry : Elements.children(v2, "PreflightResultEntry")) {
                String level = Elements.attr(entry, "level");
                Element message = Elements.child(entry, "PreflightResultEntryMessage");
                emit(entry, message == null ? entry : message, levelSeverity(level),
                        level == null ? "unknown" : level, factor, out);
            }
        } else {
            throw new InvalidReportException("PitStop report has neither <PreflightReport> (report v3) nor "
                    + "<Report><PreflightResult> (report v2) under <EnfocusReport>");
        }
        return new ImportResult(FORMAT, out.findings(), source, Map.of());
    }

    private static String versionOr(Element root, String fallback) {
        String v = Elements.attr(root, "version");
        return v == null ? fallback : v;
    }

    /** Severity from the v3 container; failures by analogy with the v2 levels; anything unknown is a warning. */
    static Severity containerSeverity(String container) {
        return switch (container.toLowerCase(Locale.ROOT)) {
            case "errors", "criticalfailures" -> Severity.ERROR;
            case "warnings", "noncriticalfailures" -> Severity.WARNING;
            case "fixes", "signoffs" -> Severity.INFO;
            default -> Severity.WARNING;
        };
    }

    static Severity levelSeverity(String level) {
        if (level == null) {
            return Severity.WARNING;
        }
        return switch (level.toLowerCase(Locale.ROOT)) {
            case "error", "errors", "criticalfailure", "criticalfailures" -> Severity.ERROR;
            case "warning", "warnings", "noncriticalfailure", "noncriticalfailures" -> Severity.WARNING;
            case "fix", "fixes", "signoff", "signoffs", "info" -> Severity.INFO;
            default -> Severity.WARNING;
        };
    }

    /** Points per report unit; pt when the report names none; null for a unit we cannot convert. */
    static Double pointsPer(String unit) {
        if (unit == null) {
            return 1.0;
        }
        return switch (unit.toLowerCase(Locale.ROOT)) {
            case "pt", "pts", "point", "points" -> 1.0;
            case "mm", "millimeter", "millimeters", "millimetre", "millimetres" -> 72.0 / 25.4;
            case "cm", "centimeter", "centimeters", "centimetre", "centimetres" -> 72.0 / 2.54;
            case "in", "inch", "inches" -> 72.0;
            default -> null;
        };
    }

    private static void emit(Element item, Element context, Severity severity, String pitstopSeverity, Double factor,
                             FindingCollector out) throws InvalidReportException {
        String rawMessage = Elements.childText(context, "Message");
        Element stringContext = Elements.child(context, "StringContext");
        String baseString = Elements.childText(stringContext, "BaseString");
        Map<String, String> variables = new LinkedHashMap<>();
        for (Element v : Elements.children(stringContext)) {
            String kind = Elements.localName(v);
            String name = Elements.attr(v, "name");
            if ((kind.equals("Var") || kind.equals("Const")) && name != null) {
                variables.put(name, v.getTextContent() == null ? "" : v.getTextContent().strip());
            }
        }
        String actionId = Elements.attrIgnoreCase(item, "ActionID");
        if (actionId == null) {
            actionId = variables.get("ActionID");
        }

        Map<String, Object> details = new LinkedHashMap<>();
        details.put("pitstop_severity", pitstopSeverity);
        String message;
        if (rawMessage != null) {
            Matcher m = OCCURRENCES.matcher(rawMessage);
            if (m.find() && m.start() > 0) {
                message = rawMessage.substring(0, m.start()).strip();
                details.put("occurrences", Integer.parseInt(m.group(1)));
                details.put("occurrence_pages", m.group(2).strip());
            } else {
                message = rawMessage;
            }
        } else if (baseString != null) {
            message = substitute(baseString, variables);
        } else {
            throw new InvalidReportException("PitStop report item " + (out.size() + 1)
                    + " has neither <Message> nor <StringContext><BaseString>");
        }
        if (baseString != null) {
            details.put("base_string", baseString);
        }
        if (!variables.isEmpty()) {
            details.put("variables", variables);
        }
        String id = ImportedIds.of(ImportedIds.PITSTOP, actionId, baseString != null ? baseString : message);

        List<Element> locations = Elements.descendants(context, "Location");
        if (locations.isEmpty()) {
            out.add(new Finding(id, severity, message, 0, null, null, null, null, null, details, SOURCE));
            return;
        }
        for (Element location : locations) {
            Integer zeroBased = Elements.integer(Elements.attr(location, "page"));
            int page = zeroBased == null || zeroBased < 0 ? 0 : zeroBased + 1;
            List<Double> bbox = null;
            Double minX = Elements.number(Elements.attr(location, "minX"));
            Double minY = Elements.number(Elements.attr(location, "minY"));
            Double maxX = Elements.number(Elements.attr(location, "maxX"));
            Double maxY = Elements.number(Elements.attr(location, "maxY"));
            if (page > 0 && factor != null && minX != null && minY != null && maxX != null && maxY != null) {
                bbox = Finding.box(minX * factor, minY * factor, maxX * factor, maxY * factor);
            }
            out.add(new Finding(id, severity, message, page, bbox, null, null, null, null, details, SOURCE));
        }
    }

    private static String substitute(String template, Map<String, String> variables) {
        Matcher m = TEMPLATE_VARIABLE.matcher(template);
        StringBuilder sb = new StringBuilder();
        while (m.find()) {
            String value = variables.get(m.group(1));
            m.appendReplacement(sb, Matcher.quoteReplacement(value != null ? value : m.group()));
        }
        m.appendTail(sb);
        return sb.toString();
    }

    private static void putIfPresent(Map<String, Object> map, String key, String value) {
        if (value != null) {
            map.put(key, value);
        }
    }
}
