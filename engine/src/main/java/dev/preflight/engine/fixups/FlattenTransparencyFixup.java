package dev.preflight.engine.fixups;

import dev.preflight.engine.ParamSpec;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** FLATTEN_TRANSPARENCY: transparency flattened by Ghostscript's pdfwrite writing PDF 1.3 at a resolution. */
final class FlattenTransparencyFixup implements Fixup {

    static final String ID = "FLATTEN_TRANSPARENCY";

    private static final FixupInfo INFO = new FixupInfo(ID, "Flatten transparency",
            "Re-distils the file with Ghostscript's pdfwrite at CompatibilityLevel 1.3 (PDF/X-1a and PDF/X-3 "
                    + "allow no transparency) and ProcessColorModel DeviceCMYK: Ghostscript 10.00 turns every page "
                    + "that uses transparency into one CMYK image at resolution ppi, composited as a RIP would; "
                    + "pages without transparency stay vector. The file's output intents, Info and XMP metadata are "
                    + "put back; its version becomes 1.3. It cannot keep text and vectors on a flattened page as "
                    + "vectors (they become pixels: choose a resolution fit for the smallest text, 600 or more for "
                    + "text pages), nor keep spot colours or overprint on those pages (they are composited to "
                    + "CMYK); it also removes the text layer there, so text can no longer be searched.",
            "transparency",
            List.of(ParamSpec.number("resolution", 300.0, 72, 2400,
                    "resolution of the flattened pages, ppi")),
            List.of("PDFX_TRANSPARENCY", "TRANSP_*"), "ghostscript");

    @Override
    public FixupInfo info() {
        return INFO;
    }

    @Override
    public AppliedFixup apply(Path in, Path out, Map<String, Object> params, FixupSettings settings)
            throws FixupException {
        long resolution = Math.round(((Number) params.get("resolution")).doubleValue());
        Path distilled;
        try {
            distilled = Files.createTempFile(settings.scratchDir(), "flatten-", ".pdf");
        } catch (IOException e) {
            throw new FixupException(ID, "No scratch file: " + e.getMessage(), e);
        }
        try {
            List<String> options = new ArrayList<>(Redistil.KEEP);
            options.addAll(List.of("-dCompatibilityLevel=1.3", "-sProcessColorModel=DeviceCMYK",
                    "-r" + resolution));
            Redistil.run(ID, in, distilled, settings, options, List.of());
            Redistil.restoreDocumentParts(ID, in, distilled, out, settings);
            return new AppliedFixup(ID, params, List.of(), 1, List.of(
                    "pages with transparency were flattened to " + resolution + " ppi CMYK images"));
        } finally {
            try {
                Files.deleteIfExists(distilled);
            } catch (IOException ignored) {
                // swept with the scratch directory
            }
        }
    }
}
