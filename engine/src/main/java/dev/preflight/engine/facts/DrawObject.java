package dev.preflight.engine.facts;

import org.apache.pdfbox.contentstream.operator.Operator;
import org.apache.pdfbox.cos.COSBase;

import java.io.IOException;
import java.util.List;

/** {@code Do}: Draw an image or form XObject. */
final class DrawObject extends WalkOperator {

    DrawObject(PageWalker walker) {
        super(walker, "Do");
    }

    @Override
    public void process(Operator operator, List<COSBase> operands) throws IOException {
        walker.objects.drawObject(operands);
    }
}
