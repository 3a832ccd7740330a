package dev.preflight.engine.facts;

import org.apache.pdfbox.contentstream.operator.Operator;
import org.apache.pdfbox.cos.COSBase;

import java.util.List;

/**
 * {@code d0} and {@code d1}: Declare a Type 3 glyph's metrics. The glyph's marks are recorded as its operators run
 * (PDFBox itself ignores colour operators in d1 glyphs, whose marks take the text's fill colour).
 */
final class GlyphMetrics extends WalkOperator {

    GlyphMetrics(PageWalker walker, String name) {
        super(walker, name);
    }

    @Override
    public void process(Operator operator, List<COSBase> operands) {
        // the metrics do not change what is painted
    }
}
