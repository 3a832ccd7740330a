package dev.preflight.reports;

import dev.preflight.branding.BrandingForViewer;
import dev.preflight.viewer.SharedJob;
import dev.preflight.viewer.SharedJobs;
import jakarta.servlet.http.HttpServletRequest;
import org.springframework.stereotype.Component;

import java.util.Optional;

/**
 * Opens the viewer's public twins ({@code /api/v1/viewer/public/{token}/...}) to share links: a token resolves
 * through {@link ShareLinks#requireVisitor}, the one gate every public surface uses (404 unknown, malformed or not
 * served on the request's host; 410 expired or revoked; 403 while a required visitor email is missing), to the one
 * job it was minted for, with the branding frozen at mint. Visits are counted by {@link ShareLinks#recordVisit}.
 */
@Component
class ShareLinkViewerAccess implements SharedJobs {

    private final ShareLinks links;

    ShareLinkViewerAccess(ShareLinks links) {
        this.links = links;
    }

    @Override
    public Optional<SharedJob> resolve(String token, HttpServletRequest request) {
        ShareLink link = links.requireVisitor(token, request);
        return Optional.of(new SharedJob(link.linkId(), link.tenantId(), link.jobId(), link.expiresAt(), false,
                link.allowAnnotations(), link.requireVisitorEmail(), link.visitorEmail(),
                BrandingForViewer.of(link.branding())));
    }

    @Override
    public void recordVisit(SharedJob share, HttpServletRequest request) {
        links.recordVisit(share.tenantId(), share.linkId(), share.visitorEmail(), request);
    }
}
