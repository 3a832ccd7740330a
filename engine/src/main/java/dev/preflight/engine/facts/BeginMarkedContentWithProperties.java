package dev.preflight.engine.facts;

import org.apache.pdfbox.contentstream.operator.Operator;
import org.apache.pdfbox.cos.COSBase;

import java.util.List;

/** {@code BDC}: Begin a marked-content sequence with properties (optional content when tagged {@code /OC}). */
final class BeginMarkedContentWithProperties extends WalkOperator {

    BeginMarkedContentWithProperties(PageWalker walker) {
        super(walker, "BDC");
    }

    @Override
    public void process(Operator operator, List<COSBase> operands) {
        walker.markedContent.begin(operands);
    }
}
