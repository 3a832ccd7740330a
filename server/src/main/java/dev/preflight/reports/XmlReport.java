package dev.preflight.reports;

import dev.preflight.findings.Finding;
import dev.preflight.platform.Json;

import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.Map;

/**
 * The xml report format: the same content as the json report, valid against the XSD shipped in the jar
 * ({@value #XSD_RESOURCE}, served at {@value #XSD_PATH}). Element names are the json names; free-form objects
 * (finding details, JDF context) are lists of {@code <entry name type>} with nested values written as JSON text.
 */
final class XmlReport {

    static final String NS = "urn:print-report:v1";
    static final String XSD_RESOURCE = "reports/print-report-1.xsd";
    static final String XSD_PATH = "/schemas/print-report-1.xsd";

    private XmlReport() {
    }

    static String render(ReportDocument d) {
        var out = new StringWriter();
        try {
            XMLStreamWriter w = XMLOutputFactory.newFactory().createXMLStreamWriter(out);
            w.writeStartDocument("UTF-8", "1.0");
            w.writeStartElement("report");
            w.writeDefaultNamespace(NS);
            w.writeAttribute("schema_version", d.schemaVersion());
            text(w, "generated_at", d.generatedAt().toString());
            job(w, d.job());
            summary(w, d);
            w.writeStartElement("branding");
            text(w, "mode", d.branding().mode());
            opt(w, "brand_name", d.branding().brandName());
            opt(w, "logo_url", d.branding().logoUrl());
            opt(w, "primary_color", d.branding().primaryColor());
            opt(w, "accent_color", d.branding().accentColor());
            opt(w, "footer_text", d.branding().footerText());
            text(w, "hide_footer", Boolean.toString(d.branding().hideFooter()));
            w.writeEndElement();
            w.writeStartElement("checks");
            for (ReportDocument.CheckBlock c : d.checks()) {
                w.writeStartElement("check");
                text(w, "inspection_id", c.inspectionId());
                text(w, "name", c.name());
                opt(w, "description", c.description());
                text(w, "severity", c.severity());
                text(w, "count", Integer.toString(c.count()));
                text(w, "pages", c.pages());
                w.writeEndElement();
            }
            w.writeEndElement();
            w.writeStartElement("findings");
            for (Finding f : d.findings()) {
                finding(w, f);
            }
            w.writeEndElement();
            w.writeEndElement();
            w.writeEndDocument();
            w.close();
        } catch (XMLStreamException e) {
            throw new IllegalStateException("could not write the xml report", e);
        }
        return out.toString();
    }

    private static void job(XMLStreamWriter w, ReportDocument.JobBlock j) throws XMLStreamException {
        w.writeStartElement("job");
        text(w, "job_id", j.jobId());
        text(w, "file_name", j.fileName());
        text(w, "file_size", Long.toString(j.fileSize()));
        opt(w, "page_count", j.pageCount() == null ? null : j.pageCount().toString());
        text(w, "profile_id", j.profileId());
        text(w, "preflight_source", j.preflightSource());
        text(w, "status", j.status());
        text(w, "created_at", j.createdAt().toString());
        opt(w, "completed_at", j.completedAt() == null ? null : j.completedAt().toString());
        w.writeEndElement();
    }

    private static void summary(XMLStreamWriter w, ReportDocument d) throws XMLStreamException {
        var s = d.summary();
        w.writeStartElement("summary");
        text(w, "total_findings", Integer.toString(s.totalFindings()));
        text(w, "error_count", Integer.toString(s.errorCount()));
        text(w, "warning_count", Integer.toString(s.warningCount()));
        text(w, "advisory_count", Integer.toString(s.advisoryCount()));
        text(w, "passed", Boolean.toString(s.passed()));
        text(w, "page_count", Integer.toString(s.pageCount()));
        text(w, "file_size_bytes", Long.toString(s.fileSizeBytes()));
        w.writeEndElement();
    }

    private static void finding(XMLStreamWriter w, Finding f) throws XMLStreamException {
        w.writeStartElement("finding");
        opt(w, "finding_id", f.findingId());
        text(w, "inspection_id", f.inspectionId());
        text(w, "severity", f.severity());
        text(w, "message", f.message());
        text(w, "page_num", Integer.toString(f.pageNum()));
        if (f.bbox() != null && f.bbox().size() == 4) {
            w.writeStartElement("bbox");
            String[] names = {"x0", "y0", "x1", "y1"};
            for (int i = 0; i < 4; i++) {
                w.writeAttribute(names[i], Double.toString(f.bbox().get(i)));
            }
            w.writeEndElement();
        }
        opt(w, "object_id", f.objectId());
        opt(w, "object_type", f.objectType());
        opt(w, "category", f.category());
        opt(w, "iso_clause", f.isoClause());
        entries(w, "details", f.details());
        text(w, "source", f.source());
        if (f.audit() != null) {
            w.writeStartElement("audit");
            text(w, "status", f.audit().status());
            opt(w, "rationale", f.audit().rationale());
            opt(w, "model", f.audit().model());
            opt(w, "at", f.audit().at() == null ? null : f.audit().at().toString());
            w.writeEndElement();
        }
        if (f.effectiveDecision() != null) {
            w.writeStartElement("effective_decision");
            text(w, "decision_type", f.effectiveDecision().decisionType());
            text(w, "decided_at", f.effectiveDecision().decidedAt().toString());
            opt(w, "decided_by_user_id", f.effectiveDecision().decidedByUserId());
            w.writeEndElement();
        }
        entries(w, "jdf_context", f.jdfContext());
        w.writeEndElement();
    }

    private static void entries(XMLStreamWriter w, String element, Map<String, Object> map) throws XMLStreamException {
        if (map == null) {
            return;
        }
        w.writeStartElement(element);
        for (Map.Entry<String, Object> e : map.entrySet()) {
            Object v = e.getValue();
            w.writeStartElement("entry");
            w.writeAttribute("name", e.getKey());
            String type = v == null ? "null" : v instanceof Number ? "number" : v instanceof Boolean ? "boolean"
                    : v instanceof String ? "string" : "json";
            w.writeAttribute("type", type);
            if (v != null) {
                w.writeCharacters(v instanceof Map || v instanceof List ? Json.write(v) : String.valueOf(v));
            }
            w.writeEndElement();
        }
        w.writeEndElement();
    }

    private static void text(XMLStreamWriter w, String name, String value) throws XMLStreamException {
        w.writeStartElement(name);
        w.writeCharacters(clean(value));
        w.writeEndElement();
    }

    private static void opt(XMLStreamWriter w, String name, String value) throws XMLStreamException {
        if (value != null) {
            text(w, name, value);
        }
    }

    /** XML 1.0 cannot carry most control characters; a finding message from a damaged file may contain them. */
    private static String clean(String s) {
        var sb = new StringBuilder(s.length());
        s.codePoints().forEach(cp -> {
            boolean ok = cp == 0x9 || cp == 0xA || cp == 0xD || (cp >= 0x20 && cp <= 0xD7FF)
                    || (cp >= 0xE000 && cp <= 0xFFFD) || (cp >= 0x10000 && cp <= 0x10FFFF);
            sb.appendCodePoint(ok ? cp : 0xFFFD);
        });
        return sb.toString();
    }
}
