package dev.preflight.engine.checks.epm;

import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.InkFacts;
import dev.preflight.engine.facts.PageFacts;

import java.util.List;
import java.util.Locale;

/** EPM 004 (derived from GWG R0026): total CMY ink after replacing K by C=M=Y exceeds the press limit. */
public final class EpmCmyTacCheck extends EpmInkCheck {

    public EpmCmyTacCheck() {
        super("CMY_TAC", "EPM: CMY ink total after black conversion",
                "With black replaced by equal cyan, magenta and yellow (each capped at 100 %), the highest windowed "
                        + "C+M+Y total exceeds max_percent; the sheet cannot carry that much ink: tier A.",
                "A", "004", List.of(ParamSpec.number("max_percent", 280.0, 0, 300,
                        "highest allowed windowed C+M+Y after conversion (%)")));
    }

    @Override
    void inspect(PageFacts page, InkFacts ink, CheckContext ctx) {
        double max = ctx.number("max_percent");
        if (ink.maxCmyAfterKConversion() <= max) {
            return;
        }
        finding(ctx, String.format(Locale.ROOT, "C+M+Y after black conversion reaches %.1f %% (above %.0f %%)",
                        ink.maxCmyAfterKConversion(), max), page.pageNum(), ink.worstWindowCmyk())
                .detail("cmy_tac_percent", ink.maxCmyAfterKConversion()).detail("max_percent", max)
                .detail("window_mm", ink.windowMm()).report();
    }
}
