package dev.preflight.engine.facts;

import org.apache.pdfbox.contentstream.operator.Operator;
import org.apache.pdfbox.cos.COSBase;

import java.io.IOException;
import java.util.List;

/** {@code sh}: Paint the clip area with a shading. */
final class PaintShading extends WalkOperator {

    PaintShading(PageWalker walker) {
        super(walker, "sh");
    }

    @Override
    public void process(Operator operator, List<COSBase> operands) throws IOException {
        walker.objects.paintShading(operands);
    }
}
