package dev.preflight.reports;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/** The report formats (spec: Report (minted)), their file extension, media type and plan entitlement. */
enum ReportFormat {
    JSON("json", "json", "application/json", "json"),
    XML("xml", "xml", "application/xml", "xml"),
    HTML("html", "html", "text/html;charset=UTF-8", "html"),
    PDF("pdf", "pdf", "application/pdf", "pdf"),
    ANNOTATED_PDF("annotated_pdf", "pdf", "application/pdf", "annotated_pdf"),
    /** The annotated PDF with its marks in an optional-content layer; entitled like annotated_pdf. */
    ANNOTATED_PDF_MARKUP("annotated_pdf_markup", "pdf", "application/pdf", "annotated_pdf");

    static final List<String> WIRE = Arrays.stream(values()).map(ReportFormat::wire).toList();

    private final String wire;
    private final String extension;
    private final String contentType;
    private final String entitlement;

    ReportFormat(String wire, String extension, String contentType, String entitlement) {
        this.wire = wire;
        this.extension = extension;
        this.contentType = contentType;
        this.entitlement = entitlement;
    }

    String wire() {
        return wire;
    }

    String extension() {
        return extension;
    }

    String contentType() {
        return contentType;
    }

    /** The name in the plan's {@code report_formats} entitlement that allows this format. */
    String entitlement() {
        return entitlement;
    }

    /** json and xml can also be returned inline in the mint response. */
    boolean inlineable() {
        return this == JSON || this == XML;
    }

    /** The download name: {@code report.pdf} etc., or {@code preflight-<short-id>...} for anonymous reports. */
    String fileName(boolean anonymous, String jobId) {
        String suffix = switch (this) {
            case ANNOTATED_PDF -> "-annotated";
            case ANNOTATED_PDF_MARKUP -> "-markup";
            default -> "";
        };
        String stem = anonymous ? "preflight-" + jobId.replace("-", "").substring(0, 8) : "report";
        return stem + suffix + "." + extension;
    }

    static Optional<ReportFormat> of(String wire) {
        return Arrays.stream(values()).filter(f -> f.wire.equals(wire)).findFirst();
    }
}
