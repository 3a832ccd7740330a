package dev.preflight.engine.checks.book;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.PageFacts;

import java.util.List;
import java.util.Locale;

/** COVER_SPINE_WIDTH: the spine the cover implies does not fit the interior's page count and paper. */
public final class SpineWidthCheck implements Check {

    private static final CheckInfo INFO = new CheckInfo("COVER_SPINE_WIDTH", "Spine width does not fit the book",
            "The spine the cover file implies (the flat cover's width less two trims: the TrimBox, or the page "
                    + "less the bleed) differs by more than tolerance_mm from the spine the interior needs: "
                    + "page_count pages of paper caliper_mm thick (per leaf of two pages, or per page), plus "
                    + "extra_mm for the cover board or wrap, as printers compute it (KDP, IngramSpark and Lulu "
                    + "publish the paper thickness). A spine too narrow or too wide puts the spine text on the "
                    + "covers or the cover art on the spine. Judged only when page_count and caliper_mm are given.",
            "book", Severity.ERROR, "page",
            List.of(Cover.trimWidthParam(), Cover.bleedParam(),
                    ParamSpec.integer("page_count", null, 1, 100_000, "pages of the interior; unset: not judged"),
                    ParamSpec.number("caliper_mm", null, 0.001, 5,
                            "paper thickness, mm (per leaf or per page, see caliper_per); unset: not judged"),
                    ParamSpec.string("caliper_per", "leaf", List.of("leaf", "page"),
                            "what caliper_mm measures: one leaf (a sheet, two pages) or one page"),
                    ParamSpec.number("extra_mm", 0.0, 0, 50, "added to the paper's thickness (cover board, wrap), mm"),
                    ParamSpec.number("tolerance_mm", 1.0, 0, 20, "allowed difference, mm")),
            false);

    @Override
    public CheckInfo info() {
        return INFO;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        Integer pages = ctx.integer("page_count");
        Double caliper = ctx.number("caliper_mm");
        if (pages == null || caliper == null) {
            return;
        }
        double needed = ("leaf".equals(ctx.string("caliper_per")) ? Math.ceil(pages / 2.0) : pages) * caliper
                + ctx.number("extra_mm");
        double tol = ctx.number("tolerance_mm");
        for (PageFacts p : facts.pages()) {
            // the spine the file implies: what its width leaves after two trims
            Cover c = Cover.of(p, ctx.number("trim_width_mm"), ctx.number("bleed_mm"), null);
            double implied = c.mm(c.spine());
            if (Math.abs(implied - needed) <= tol + 1e-9) {
                continue;
            }
            ctx.finding(String.format(Locale.ROOT, "Page %d implies a %.2f mm spine; %d pages at %.4f mm per %s "
                                    + "need %.2f mm", p.pageNum(), implied, pages, caliper, ctx.string("caliper_per"),
                            needed))
                    .page(p.pageNum())
                    .bbox(c.flat())
                    .detail("implied_spine_mm", implied)
                    .detail("expected_spine_mm", needed)
                    .detail("page_count", pages)
                    .detail("caliper_mm", caliper)
                    .report();
        }
    }
}
