package dev.preflight.engine.facts;

import org.apache.pdfbox.contentstream.operator.Operator;
import org.apache.pdfbox.cos.COSBase;

import java.util.List;

/** {@code re}: Append a rectangle as a complete subpath. */
final class AppendRectangle extends WalkOperator {

    AppendRectangle(PageWalker walker) {
        super(walker, "re");
    }

    @Override
    public void process(Operator operator, List<COSBase> operands) {
        walker.path.appendRectangle(operands);
    }
}
