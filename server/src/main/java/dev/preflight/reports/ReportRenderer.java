package dev.preflight.reports;

import dev.preflight.analysis.PageBoxes;
import dev.preflight.analysis.PageImages;
import dev.preflight.platform.Json;
import dev.preflight.platform.PlatformProperties;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Renders the formats of one report model. Each format is written to a file the caller stores and deletes. */
@Component
class ReportRenderer {

    private final HtmlReport html;
    private final PageImages images;
    private final ReportsProperties properties;
    private final PlatformProperties platform;
    private final String serviceName;

    ReportRenderer(HtmlReport html, PageImages images, ReportsProperties properties, PlatformProperties platform,
                   @Value("${preflight.branding.service-name:Preflight}") String serviceName) {
        this.html = html;
        this.images = images;
        this.properties = properties;
        this.platform = platform;
        this.serviceName = serviceName;
    }

    /** The renderings of one mint; thumbnails are drawn once and shared by html and pdf. */
    final class Session {
        private final ReportModel model;
        private final Path document;
        private final String mintId;
        private final List<PageBoxes> boxes;
        /** The job's tenant: its profile names the condition a file without an output intent is proofed for. */
        private final String tenantId;
        private List<HtmlReport.Thumb> thumbs;

        Session(ReportModel model, Path document, List<PageBoxes> boxes, String mintId, String tenantId) {
            this.model = model;
            this.tenantId = tenantId;
            this.document = document;
            this.boxes = boxes;
            this.mintId = mintId;
        }

        byte[] json() {
            return Json.write(ReportDocument.of(model)).getBytes(StandardCharsets.UTF_8);
        }

        String xml() {
            return XmlReport.render(ReportDocument.of(model));
        }

        /** Writes one format to {@code out}. */
        void write(ReportFormat format, OutputStream out) throws IOException {
            switch (format) {
                case JSON -> out.write(json());
                case XML -> out.write(xml().getBytes(StandardCharsets.UTF_8));
                case HTML -> out.write(html.render(model, thumbs(), false).getBytes(StandardCharsets.UTF_8));
                case PDF -> out.write(PdfReport.render(html.render(model, thumbs(), true), model, serviceName));
                case ANNOTATED_PDF, ANNOTATED_PDF_MARKUP -> {
                    byte[] summary = model.summaryPage().equals("off") ? null : summaryPdf();
                    String author = model.anonymous() ? null
                            : model.branding().serviceChrome() ? serviceName : model.branding().brandName();
                    AnnotatedPdf.render(document, model, summary, format == ReportFormat.ANNOTATED_PDF_MARKUP,
                            "Report " + mintId.substring(0, 8) + " findings", author, out);
                }
            }
        }

        private byte[] summaryPdf() throws IOException {
            var summaryOnly = new ReportModel(model.generatedAt(), model.job(), model.summary(), model.findings(),
                    model.branding(), model.groups(), "executive", "only");
            return PdfReport.render(html.render(summaryOnly, List.of(), true), summaryOnly, serviceName);
        }

        private List<HtmlReport.Thumb> thumbs() throws IOException {
            if (thumbs == null) {
                thumbs = renderThumbs();
            }
            return thumbs;
        }

        private List<HtmlReport.Thumb> renderThumbs() throws IOException {
            if (model.detailLevel().equals("executive") || model.summaryPage().equals("only")) {
                return List.of();
            }
            Map<Integer, List<Thumbnails.Marker>> markers = Thumbnails.markers(model);
            Set<Integer> pages = new LinkedHashSet<>();
            if (model.detailLevel().equals("comprehensive")) {
                int count = model.job().pageCount() == null ? 0 : model.job().pageCount();
                for (int p = 1; p <= count; p++) {
                    pages.add(p);
                }
            } else {
                markers.keySet().stream().sorted().limit(properties.maxThumbnailPages()).forEach(pages::add);
            }
            if (pages.isEmpty()) {
                return List.of();
            }
            var out = new ArrayList<HtmlReport.Thumb>();
            Path scratch = Files.createTempDirectory(scratchDir(), "thumbs-");
            try {
                Thumbnails.render(images, document, boxes, pages, markers, properties.thumbnailDpi(), scratch,
                                tenantId, model.job().profileId())
                        .forEach((page, t) -> out.add(new HtmlReport.Thumb(page, t.dataUri(), t.width())));
            } finally {
                try (var files = Files.list(scratch)) {
                    for (Path f : files.toList()) {
                        Files.deleteIfExists(f);
                    }
                }
                Files.deleteIfExists(scratch);
            }
            return out;
        }
    }

    Session session(ReportModel model, Path document, List<PageBoxes> boxes, String mintId, String tenantId) {
        return new Session(model, document, boxes, mintId, tenantId);
    }

    /** A scratch file for a rendering; the caller deletes it. */
    Path scratchFile() throws IOException {
        return Files.createTempFile(scratchDir(), "report-", ".tmp");
    }

    private Path scratchDir() throws IOException {
        Path dir = platform.scratchDir();
        Files.createDirectories(dir);
        return dir;
    }
}
