package dev.preflight.engine.checks.structure;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;

import java.util.List;

/** DOC_FILE_SIZE_LARGE: the file is larger than the workflow wants to receive. */
public final class FileSizeCheck implements Check {

    private static final CheckInfo INFO = new CheckInfo("DOC_FILE_SIZE_LARGE", "File is very large",
            "The file is larger than the limit; large files slow transfer and RIPping and often hide "
                    + "unnecessarily high-resolution or duplicated images.",
            "structure", Severity.WARNING, "document",
            List.of(ParamSpec.number("max_megabytes", 500.0, 0.001, 1_000_000, "largest accepted file size, MB "
                    + "(1 MB = 1,000,000 bytes)")), false);

    @Override
    public CheckInfo info() {
        return INFO;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        double mb = facts.document().fileSize() / 1_000_000.0;
        double max = ctx.number("max_megabytes");
        if (mb > max) {
            ctx.finding(String.format(java.util.Locale.ROOT, "The file is %.1f MB, more than %.1f MB", mb, max))
                    .detail("file_size_bytes", facts.document().fileSize())
                    .detail("megabytes", mb)
                    .detail("max_megabytes", max)
                    .report();
        }
    }
}
