package dev.preflight.engine.checks.epm;

import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.InkFacts;
import dev.preflight.engine.facts.PageFacts;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/** EPM 015: a page printed with black ink only becomes an all-CMY page: every mark is a three-plate build. */
public final class EpmBlackOnlyPageCheck extends EpmInkCheck {

    public EpmBlackOnlyPageCheck() {
        super("BLACK_ONLY_PAGE", "EPM: black-only page",
                "The rendered page carries ink on the black plate only. On a CMY-only press every mark of it is "
                        + "rebuilt from three plates, so the whole page depends on registration and grey balance: "
                        + "tier B.",
                "B", "015", List.of());
    }

    @Override
    void inspect(PageFacts page, InkFacts ink, CheckContext ctx) {
        double k = 0;
        double other = 0;
        for (Map.Entry<String, Double> e : ink.coveragePercent().entrySet()) {
            if (e.getKey().equals("Black")) {
                k += e.getValue();
            } else {
                other += e.getValue();
            }
        }
        if (k <= 0 || other > 0) {
            return;
        }
        finding(ctx, String.format(Locale.ROOT, "Page %d is printed with black only (%.1f %% coverage)",
                        page.pageNum(), k), page.pageNum(), page.geometry().effectiveTrim())
                .detail("k_coverage_percent", k).report();
    }
}
