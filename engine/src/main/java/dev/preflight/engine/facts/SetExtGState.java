package dev.preflight.engine.facts;

import org.apache.pdfbox.contentstream.operator.Operator;
import org.apache.pdfbox.contentstream.operator.state.SetGraphicsStateParameters;
import org.apache.pdfbox.cos.COSBase;
import org.apache.pdfbox.cos.COSName;

import java.io.IOException;
import java.util.List;

/** {@code gs}: Set parameters from an ExtGState, as PDFBox does, then note overprint and soft-mask groups. */
final class SetExtGState extends SetGraphicsStateParameters {

    SetExtGState(PageWalker walker) {
        super(walker);
    }

    @Override
    public void process(Operator operator, List<COSBase> operands) throws IOException {
        super.process(operator, operands);
        if (!operands.isEmpty() && operands.get(0) instanceof COSName n) {
            ((PageWalker) getContext()).extGState(n);
        }
    }
}
