package dev.preflight.engine.facts;

import org.apache.pdfbox.contentstream.operator.Operator;
import org.apache.pdfbox.cos.COSBase;

import java.util.List;

/** {@code EMC}: End a marked-content sequence. */
final class EndMarkedContent extends WalkOperator {

    EndMarkedContent(PageWalker walker) {
        super(walker, "EMC");
    }

    @Override
    public void process(Operator operator, List<COSBase> operands) {
        walker.markedContent.end();
    }
}
