package dev.preflight.reports;

import dev.preflight.branding.Branding;
import dev.preflight.jobs.JobReader;
import dev.preflight.jobs.JobView;
import dev.preflight.platform.ApiError;
import dev.preflight.platform.BlobStore;
import dev.preflight.platform.ForbiddenException;
import dev.preflight.platform.NotFoundException;
import dev.preflight.platform.PublicRoute;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.servlet.http.HttpServletRequest;
import org.springframework.core.io.InputStreamResource;
import org.springframework.http.ContentDisposition;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseCookie;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.thymeleaf.context.Context;
import org.thymeleaf.spring6.SpringTemplateEngine;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Locale;
import java.util.Map;

/**
 * The public report pages on {@code {reports_base_url}}: the landing page of a share link and the minted files.
 * No authentication: possession of the token is the key. A verified custom domain serves only its tenant's links.
 * Pages are sent with {@code Referrer-Policy: no-referrer} (the token never leaks to linked sites), a strict
 * Content-Security-Policy and {@code noindex}.
 */
@RestController
@PublicRoute
@Tag(name = "share-links")
class PublicReportController {

    private static final DateTimeFormatter DATE = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'", Locale.ROOT)
            .withZone(ZoneOffset.UTC);
    private static final Map<String, String> LABELS = Map.of("json", "JSON data", "xml", "XML data",
            "html", "Web report", "pdf", "PDF report", "annotated_pdf", "Annotated PDF",
            "annotated_pdf_markup", "Annotated PDF (switchable layer)");
    static final String PAGE_CSP = "default-src 'none'; img-src data: https:; style-src 'unsafe-inline'; "
            + "form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

    private final ShareLinks links;
    private final ReportRepository repository;
    private final JobReader jobs;
    private final BlobStore blobs;
    private final SpringTemplateEngine templates;
    private final ReportUrls urls;
    private final VisitorIdentity visitors;
    private final ReportsProperties properties;
    private final Clock clock;

    PublicReportController(ShareLinks links, ReportRepository repository, JobReader jobs, BlobStore blobs,
                           SpringTemplateEngine templates, ReportUrls urls, VisitorIdentity visitors,
                           ReportsProperties properties, Clock clock) {
        this.links = links;
        this.repository = repository;
        this.jobs = jobs;
        this.blobs = blobs;
        this.templates = templates;
        this.urls = urls;
        this.visitors = visitors;
        this.properties = properties;
        this.clock = clock;
    }

    /** A download button. */
    record Download(String label, String href) {
    }

    @GetMapping("/r/{token:[A-Za-z0-9_-]+}")
    @Operation(operationId = "getReportLandingPage", summary = "The landing page of a share link",
            description = "Verdict, summary, download buttons for every format minted together with this one, and "
                    + "a link to the viewer. When the link requires a visitor email, the page asks for it first "
                    + "(the form posts to /r/{token}/visitor). Anonymous links show no branding or service chrome.")
    @ApiResponse(responseCode = "200", description = "The page",
            content = @Content(mediaType = "text/html", schema = @Schema(type = "string")))
    @ApiError(status = 410, when = "The link expired or was revoked")
    ResponseEntity<String> landing(@PathVariable("token") String token,
                                   @Parameter(description = "set by the page itself after an invalid email")
                                   @RequestParam(value = "error", required = false) String error,
                                   HttpServletRequest request) {
        return page(token, request, null, error != null, null);
    }

    /** Renders the landing page; {@code identified} is an email just given on this request's form. */
    private ResponseEntity<String> page(String token, HttpServletRequest request, String identified, boolean error,
                                        String setCookie) {
        ReportToken row = links.row(token, request);
        ShareLink link = links.link(row, request);
        if (identified != null) {
            link = new ShareLink(link.linkId(), link.tenantId(), link.jobId(), link.format(), link.expiresAt(),
                    link.allowAnnotations(), link.requireVisitorEmail(), identified, link.branding(), link.mintId());
        }
        Branding b = link.branding();
        ShareLink shown = link;
        JobView job = jobs.find(link.tenantId(), link.jobId()).orElseThrow(() -> new NotFoundException(
                "Unknown report link."));
        var ctx = new Context(Locale.ENGLISH);
        ctx.setVariable("b", b);
        ctx.setVariable("logo", b.anonymous() ? null : b.logoForHtml());
        ctx.setVariable("primary", b.primaryColor() == null ? HtmlReport.NEUTRAL : b.primaryColor());
        boolean gated = !shown.visitorAllowed();
        // Before the visitor identified, the page reveals nothing about the file.
        ctx.setVariable("title", gated ? "Report" : "Report: " + job.fileName());
        ctx.setVariable("footer", b.anonymous() || b.hideFooter() ? null : b.footerText());
        ctx.setVariable("gated", gated);
        ctx.setVariable("error", error);
        ctx.setVariable("identifyAction", "/r/" + token + "/visitor");
        if (!gated) {
            ctx.setVariable("fileName", job.fileName());
            ctx.setVariable("passed", job.summary().passed());
            ctx.setVariable("summary", job.summary());
            var downloads = new ArrayList<Download>();
            for (ReportToken t : repository.ofMint(row.tenantId(), row.mintId())) {
                if (t.activeAt(clock.instant())) {
                    String ext = t.reportFormat().extension();
                    downloads.add(new Download(LABELS.getOrDefault(t.format(), t.format()),
                            "/r/" + t.token() + "." + ext + (ext.equals("pdf") ? "?download=1" : "")));
                }
            }
            ctx.setVariable("downloads", downloads);
            ctx.setVariable("viewerUrl", urls.viewerUrl(row.tenantId(), token));
            ctx.setVariable("expiresAt", row.expiresAt() == null ? null : DATE.format(row.expiresAt()));
            links.recordVisit(shown, request);
        }
        var response = ResponseEntity.ok().contentType(new MediaType("text", "html", StandardCharsets.UTF_8))
                .headers(pageHeaders());
        if (setCookie != null) {
            response.header(HttpHeaders.SET_COOKIE, setCookie);
        }
        return response.body(templates.process("reports/landing", ctx));
    }

    @PostMapping(value = "/r/{token}/visitor", consumes = MediaType.APPLICATION_FORM_URLENCODED_VALUE)
    @Operation(operationId = "identifyReportVisitor", summary = "The landing page's email form",
            description = "Sets the share_visitor cookie (HttpOnly, SameSite=Lax) and answers with the landing page "
                    + "as the identified visitor sees it; an invalid email shows the form again with a hint.")
    @ApiResponse(responseCode = "200", description = "The landing page",
            content = @Content(mediaType = "text/html", schema = @Schema(type = "string")))
    @ApiError(status = 410, when = "The link expired or was revoked")
    ResponseEntity<String> identify(@PathVariable("token") String token,
                                    @Schema(description = "the visitor's email")
                                    @RequestParam(value = "email", required = false) String email,
                                    HttpServletRequest request) {
        links.row(token, request);
        String given = email == null ? null : email.trim();
        if (!VisitorIdentity.validEmail(given)) {
            return page(token, request, null, true, null);
        }
        VisitorIdentity.Issued issued = visitors.issue(given);
        return page(token, request, issued.email(), false, cookie(issued, request).toString());
    }

    @GetMapping("/r/{token}.pdf")
    @Operation(operationId = "getReportPdf", summary = "A minted PDF (pdf, annotated_pdf or annotated_pdf_markup)",
            description = "download=1 sets Content-Disposition: attachment. File name report.pdf (annotated: "
                    + "report-annotated.pdf, report-markup.pdf), or preflight-<short-id>.pdf for anonymous reports.")
    @ApiResponse(responseCode = "200", description = "The PDF",
            content = @Content(mediaType = "application/pdf", schema = @Schema(type = "string", format = "binary")))
    @ApiError(status = 403, when = "The link requires a visitor email that the request does not carry (cookie "
            + "share_visitor or header X-Visitor-Token)")
    @ApiError(status = 410, when = "The link expired or was revoked")
    ResponseEntity<InputStreamResource> pdf(@PathVariable("token") String token,
                                            @Parameter(description = "1 to download as an attachment")
                                            @RequestParam(value = "download", required = false) String download,
                                            HttpServletRequest request) {
        return artifact(token, "pdf", "1".equals(download), request);
    }

    @GetMapping("/r/{token}.{ext}")
    @Operation(operationId = "getReportFile", summary = "A minted report file by extension (json, xml, html)",
            description = "The extension must be the one of the token's format.")
    @ApiResponse(responseCode = "200", description = "The file", content = {
            @Content(mediaType = "application/json", schema = @Schema(implementation = ReportDocument.class)),
            @Content(mediaType = "application/xml", schema = @Schema(type = "string")),
            @Content(mediaType = "text/html", schema = @Schema(type = "string"))})
    @ApiError(status = 403, when = "The link requires a visitor email that the request does not carry (cookie "
            + "share_visitor or header X-Visitor-Token)")
    @ApiError(status = 410, when = "The link expired or was revoked")
    ResponseEntity<InputStreamResource> file(@PathVariable("token") String token, @PathVariable("ext") String ext,
                                             @Parameter(description = "1 to download as an attachment")
                                             @RequestParam(value = "download", required = false) String download,
                                             HttpServletRequest request) {
        return artifact(token, ext, "1".equals(download), request);
    }

    private ResponseEntity<InputStreamResource> artifact(String token, String ext, boolean download,
                                                         HttpServletRequest request) {
        ReportToken row = links.row(token, request);
        if (!row.reportFormat().extension().equals(ext) || row.blobKey() == null) {
            throw new NotFoundException("Unknown report link.");
        }
        ShareLink link = links.link(row, request);
        if (!link.visitorAllowed()) {
            throw new ForbiddenException("This link asks visitors to identify with an email first: open its landing "
                    + "page in a browser, or send an X-Visitor-Token header.");
        }
        InputStream in;
        try {
            in = blobs.open(row.blobKey());
        } catch (IOException e) {
            throw new UncheckedIOException("could not read a stored report", e);
        }
        links.recordVisit(link, request);
        var disposition = (download ? ContentDisposition.attachment() : ContentDisposition.inline())
                .filename(row.fileName()).build();
        HttpHeaders headers = pageHeaders();
        headers.setContentDisposition(disposition);
        headers.setContentLength(row.sizeBytes());
        headers.set("X-Content-Type-Options", "nosniff");
        return ResponseEntity.ok().headers(headers).contentType(MediaType.parseMediaType(row.contentType()))
                .body(new InputStreamResource(in));
    }

    static HttpHeaders pageHeaders() {
        var h = new HttpHeaders();
        h.set("Referrer-Policy", "no-referrer");
        h.set("X-Robots-Tag", "noindex, nofollow");
        h.set("Content-Security-Policy", PAGE_CSP);
        h.setCacheControl("private, no-store");
        return h;
    }

    ResponseCookie cookie(VisitorIdentity.Issued issued, HttpServletRequest request) {
        return ResponseCookie.from(VisitorIdentity.COOKIE, issued.token()).httpOnly(true).sameSite("Lax").path("/")
                .secure(request.isSecure()).maxAge(properties.visitorTtl()).build();
    }
}
