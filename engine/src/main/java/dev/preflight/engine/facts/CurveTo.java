package dev.preflight.engine.facts;

import org.apache.pdfbox.contentstream.operator.Operator;
import org.apache.pdfbox.cos.COSBase;

import java.util.List;

/** {@code c}: Append a Bézier curve with two control points. */
final class CurveTo extends WalkOperator {

    CurveTo(PageWalker walker) {
        super(walker, "c");
    }

    @Override
    public void process(Operator operator, List<COSBase> operands) {
        walker.path.curveTo(operands);
    }
}
