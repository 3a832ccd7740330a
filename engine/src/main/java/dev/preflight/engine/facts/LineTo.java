package dev.preflight.engine.facts;

import org.apache.pdfbox.contentstream.operator.Operator;
import org.apache.pdfbox.cos.COSBase;

import java.util.List;

/** {@code l}: Append a straight line segment. */
final class LineTo extends WalkOperator {

    LineTo(PageWalker walker) {
        super(walker, "l");
    }

    @Override
    public void process(Operator operator, List<COSBase> operands) {
        walker.path.lineTo(operands);
    }
}
