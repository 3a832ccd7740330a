package dev.preflight.engine.facts;

import org.apache.pdfbox.contentstream.operator.Operator;
import org.apache.pdfbox.cos.COSBase;

import java.util.List;

/** {@code m}: Begin a new subpath. */
final class MoveTo extends WalkOperator {

    MoveTo(PageWalker walker) {
        super(walker, "m");
    }

    @Override
    public void process(Operator operator, List<COSBase> operands) {
        walker.path.moveTo(operands);
    }
}
