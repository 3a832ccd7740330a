package dev.preflight.engine.facts;

import org.apache.pdfbox.contentstream.operator.Operator;
import org.apache.pdfbox.contentstream.operator.text.SetFontAndSize;
import org.apache.pdfbox.cos.COSBase;

import java.io.IOException;
import java.util.List;

/** {@code Tf}: Set the font and size, as PDFBox does, noting the font resource and whether it could be loaded. */
final class SetFont extends SetFontAndSize {

    SetFont(PageWalker walker) {
        super(walker);
    }

    @Override
    public void process(Operator operator, List<COSBase> operands) throws IOException {
        TextRuns text = ((PageWalker) getContext()).text;
        text.fontSet(operands);
        try {
            super.process(operator, operands);
        } catch (IOException | RuntimeException e) {
            text.fontFailed(operands, e);
            throw e;
        }
    }
}
