package dev.preflight.engine.checks.structure;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.RevisionsFact.SignatureFact;

import java.util.List;

/** Digital signatures: one instance reports that the file is signed, one a signature that no longer covers it. */
public final class SignatureCheck implements Check {

    private final CheckInfo info;
    private final boolean brokenOnly;

    private SignatureCheck(CheckInfo info, boolean brokenOnly) {
        this.info = info;
        this.brokenOnly = brokenOnly;
    }

    /** DOC_SIGNED: the file carries a digital signature (information: prepress changes will invalidate it). */
    public static SignatureCheck signed() {
        return new SignatureCheck(new CheckInfo("DOC_SIGNED", "Document is digitally signed",
                "A signature field holds a digital signature (ISO 32000-1 12.8). Any prepress change to the file, "
                        + "even a fix-up or a non-incremental save, invalidates the signature.",
                "structure", Severity.INFO, "document", List.of(), false), false);
    }

    /** DOC_SIGNATURE_BROKEN: a signature's /ByteRange no longer reaches the end of the file. */
    public static SignatureCheck broken() {
        return new SignatureCheck(new CheckInfo("DOC_SIGNATURE_BROKEN", "Signature does not cover the file",
                "A signature's /ByteRange (ISO 32000-1 12.8.1: the signed bytes, all of the file but the signature "
                        + "value) does not reach the end of the file, or is not two parts starting at the first byte: "
                        + "bytes were written after signing, so what prints is not what was signed.",
                "structure", Severity.WARNING, "document", List.of(), false), true);
    }

    @Override
    public CheckInfo info() {
        return info;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        for (SignatureFact s : facts.revisions().signatures()) {
            String field = s.field() == null ? "a signature field" : "signature field '" + s.field() + "'";
            if (!brokenOnly) {
                ctx.finding("The document is digitally signed (" + field + ")")
                        .detail("field", s.field())
                        .detail("sub_filter", s.subFilter())
                        .detail("signer", s.signer())
                        .detail("covers_file", s.coversFile())
                        .report();
            } else if (!s.byteRangeWellFormed()) {
                ctx.finding("The signature in " + field + " has no well-formed /ByteRange " + s.byteRange())
                        .detail("field", s.field())
                        .detail("byte_range", s.byteRange().toString())
                        .report();
            } else if (!s.coversFile()) {
                long after = s.bytesAfterRange();
                ctx.finding(after > 0
                                ? "The signature in " + field + " does not cover the last " + after
                                        + " bytes of the file: they were written after signing"
                                : "The signature in " + field + " claims " + -after + " bytes beyond the end of "
                                        + "the file")
                        .detail("field", s.field())
                        .detail("byte_range", s.byteRange().toString())
                        .detail("file_size_bytes", s.fileSize())
                        .detail("bytes_after_range", after)
                        .report();
            }
        }
    }
}
