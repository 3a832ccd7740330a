package dev.preflight.engine.facts;

import org.apache.pdfbox.contentstream.operator.Operator;
import org.apache.pdfbox.cos.COSBase;

import java.util.List;

/** {@code BMC}: Begin a marked-content sequence. */
final class BeginMarkedContent extends WalkOperator {

    BeginMarkedContent(PageWalker walker) {
        super(walker, "BMC");
    }

    @Override
    public void process(Operator operator, List<COSBase> operands) {
        walker.markedContent.begin();
    }
}
