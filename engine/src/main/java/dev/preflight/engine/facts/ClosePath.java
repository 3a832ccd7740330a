package dev.preflight.engine.facts;

import org.apache.pdfbox.contentstream.operator.Operator;
import org.apache.pdfbox.cos.COSBase;

import java.util.List;

/** {@code h}: Close the current subpath. */
final class ClosePath extends WalkOperator {

    ClosePath(PageWalker walker) {
        super(walker, "h");
    }

    @Override
    public void process(Operator operator, List<COSBase> operands) {
        walker.path.closePath();
    }
}
