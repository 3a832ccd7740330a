package dev.preflight.engine.facts;

import org.apache.pdfbox.contentstream.operator.Operator;
import org.apache.pdfbox.cos.COSBase;

import java.util.List;

/** {@code v} and {@code y}: Append a Bézier curve whose first or second control point is an end point. */
final class CurveToReplicatedPoint extends WalkOperator {

    CurveToReplicatedPoint(PageWalker walker, String name) {
        super(walker, name);
    }

    @Override
    public void process(Operator operator, List<COSBase> operands) {
        walker.path.curveToReplicatedPoint(operands);
    }
}
