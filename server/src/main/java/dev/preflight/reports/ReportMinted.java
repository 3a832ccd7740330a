package dev.preflight.reports;

import dev.preflight.platform.IntegrationEvent;
import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;

import java.time.Instant;
import java.util.List;

/**
 * Published, in the transaction that stores them, when a mint returns at least one URL (spec: {@code report.minted}):
 * every format minted with a link, with its URL and expiry. Inline-only rows have no link and are not listed.
 */
public record ReportMinted(String tenantId, String jobId, String mintId, List<Link> reports, Instant mintedAt)
        implements IntegrationEvent {

    public ReportMinted {
        reports = List.copyOf(reports);
    }

    /** One minted format: its share token, public URL and when it expires (null = never). */
    public record Link(String format, String token, String url, @Nullable Instant expiresAt) {
    }

    @Override
    public String eventType() {
        return "report.minted";
    }

    @Override
    public Payload payload() {
        return new Payload(jobId, reports.stream()
                .map(l -> new MintedLink(l.format(), l.url(), l.token(), l.expiresAt())).toList());
    }

    /** The fields of {@code report.minted}: every minted format with its URL and expiry. */
    @Schema(name = "ReportMintedEvent")
    public record Payload(@Schema(format = "uuid") String jobId,
                          @Schema(description = "every minted format that has a URL") List<MintedLink> reports) {
    }

    /** One link of {@code report.minted}. */
    @Schema(name = "MintedReportLink")
    public record MintedLink(
            @Schema(allowableValues = {"json", "xml", "html", "pdf", "annotated_pdf", "annotated_pdf_markup"})
            String format,
            @Schema(format = "uri") String url,
            String token,
            @Schema(description = "null: the link never expires") @Nullable Instant expiresAt) {
    }
}
