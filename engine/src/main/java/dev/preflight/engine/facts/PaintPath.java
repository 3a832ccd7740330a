package dev.preflight.engine.facts;

import org.apache.pdfbox.contentstream.operator.Operator;
import org.apache.pdfbox.cos.COSBase;

import java.util.List;

/**
 * {@code f F f* S s B B* b b* n}: Paint the current path (fill, stroke, both, or neither for {@code n}) and end it.
 * The winding rule and closing make no difference to the path's box, which is all the facts keep of it.
 */
final class PaintPath extends WalkOperator {

    private final boolean fill;
    private final boolean stroke;

    PaintPath(PageWalker walker, String name, boolean fill, boolean stroke) {
        super(walker, name);
        this.fill = fill;
        this.stroke = stroke;
    }

    @Override
    public void process(Operator operator, List<COSBase> operands) {
        walker.painter.paint(fill, stroke);
    }
}
