package dev.preflight.engine.facts;

import org.apache.pdfbox.contentstream.operator.Operator;
import org.apache.pdfbox.cos.COSBase;

import java.io.IOException;
import java.util.List;

/** {@code BI}: Draw an inline image (PDFBox parses {@code BI ... ID ... EI} as one operator). */
final class BeginInlineImage extends WalkOperator {

    BeginInlineImage(PageWalker walker) {
        super(walker, "BI");
    }

    @Override
    public void process(Operator operator, List<COSBase> operands) throws IOException {
        walker.objects.inlineImage(operator);
    }
}
