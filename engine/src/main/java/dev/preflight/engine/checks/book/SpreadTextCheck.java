package dev.preflight.engine.checks.book;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.checks.PageElements;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.ElementKind;
import dev.preflight.engine.facts.PageFacts;

import java.util.ArrayList;
import java.util.List;

/** Judges the visible, inked text of every cover spread against the spine folds. */
abstract class SpreadTextCheck implements Check {

    private final CheckInfo info;

    SpreadTextCheck(String id, String name, String description, Severity severity, List<ParamSpec> own) {
        var params = new ArrayList<>(Cover.spreadParams());
        params.addAll(own);
        this.info = new CheckInfo(id, name, description, "book", severity, "text", params, false);
    }

    @Override
    public final CheckInfo info() {
        return info;
    }

    @Override
    public final void run(DocumentFacts facts, CheckContext ctx) {
        var byPage = PageElements.byPage(ctx.content(facts).visible(ElementKind.TEXT));
        for (PageFacts p : facts.pages()) {
            List<PageElements.Placed> texts = byPage.get(p);
            if (texts == null) {
                continue;
            }
            Cover cover = Cover.of(p, ctx);
            if (!cover.isSpread()) {
                continue;
            }
            for (PageElements.Placed pl : texts) {
                if (pl.element().text() != null && PageElements.paintsText(pl.element())) {
                    judge(cover, pl, ctx);
                }
            }
        }
    }

    /** Reports what is wrong with one text run on a spread, if anything. */
    abstract void judge(Cover cover, PageElements.Placed text, CheckContext ctx);

    /** A finding on a text run, with its text and font. */
    static CheckContext.Builder finding(CheckContext ctx, PageElements.Placed pl, String message) {
        String text = pl.element().text().text();
        if (text != null && text.length() > 80) {
            text = text.substring(0, 80) + "...";
        }
        return ctx.finding(message).page(pl.pageNum()).bbox(pl.box())
                .object(PageElements.ref(pl.element().text().fontObjectId()), "text")
                .detail("text", text == null || text.isEmpty() ? null : text)
                .detail("font", pl.element().text().fontName());
    }

    /** "left fold" or "right fold" in words a designer reads. */
    static String foldName(Cover cover, double fold) {
        return fold == cover.leftFold() ? "left spine fold" : "right spine fold";
    }
}
