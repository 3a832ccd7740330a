package dev.preflight.engine.checks.structure;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;

import java.util.List;

/** DOC_PAGE_THUMBNAILS: pages carry embedded thumbnail images. */
public final class PageThumbnailsCheck implements Check {

    private static final CheckInfo INFO = new CheckInfo("DOC_PAGE_THUMBNAILS", "Embedded page thumbnails",
            "Pages carry an embedded thumbnail image (/Thumb, ISO 32000-1 12.3.4). Viewers draw their own "
                    + "previews, so thumbnails are dead weight; they are not updated when the page is edited "
                    + "afterwards and can show a page that is no longer the one that prints. Many RIPs and "
                    + "imposition tools drop them; PDF export settings of layout applications can leave them out.",
            "structure", Severity.ADVISORY, "page", List.of(), false);

    @Override
    public CheckInfo info() {
        return INFO;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        for (int page : facts.storage().thumbnailPages()) {
            ctx.finding("Page " + page + " carries an embedded thumbnail image").page(page).report();
        }
    }
}
