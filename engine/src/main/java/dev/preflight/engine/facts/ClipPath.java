package dev.preflight.engine.facts;

import org.apache.pdfbox.contentstream.operator.Operator;
import org.apache.pdfbox.cos.COSBase;

import java.util.List;

/** {@code W} and {@code W*}: Clip with the current path once it is painted or ended. */
final class ClipPath extends WalkOperator {

    ClipPath(PageWalker walker, String name) {
        super(walker, name);
    }

    @Override
    public void process(Operator operator, List<COSBase> operands) {
        walker.clip.clipWithNextPath();
    }
}
