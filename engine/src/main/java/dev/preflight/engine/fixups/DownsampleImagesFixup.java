package dev.preflight.engine.fixups;

import dev.preflight.engine.ParamSpec;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** DOWNSAMPLE_IMAGES: images above a resolution resampled to a target by Ghostscript's pdfwrite. */
final class DownsampleImagesFixup implements Fixup {

    static final String ID = "DOWNSAMPLE_IMAGES";

    private static final FixupInfo INFO = new FixupInfo(ID, "Downsample images",
            "Re-distils the file with Ghostscript's pdfwrite with downsampling on: every colour or grey image whose "
                    + "resolution as placed is above max_ppi is resampled (bicubic) to target_ppi, and every 1-bit "
                    + "image above max_ppi_1bit to target_ppi_1bit (subsampling). Images are re-encoded losslessly "
                    + "(Flate), JPEGs that are not resampled pass through. The file's output intents, Info and XMP "
                    + "metadata and PDF version are put back. Ghostscript judges the resolution per image from "
                    + "where it is drawn (the largest use counts); an image placed at several sizes is resampled "
                    + "once. It cannot downsample images inside patterns differently from their pattern's use.",
            "images",
            List.of(ParamSpec.number("max_ppi", 600.0, 10, 10000, "colour and grey images above this are resampled"),
                    ParamSpec.number("target_ppi", 300.0, 10, 10000, "resolution they are resampled to"),
                    ParamSpec.number("max_ppi_1bit", 2400.0, 10, 20000, "1-bit images above this are resampled"),
                    ParamSpec.number("target_ppi_1bit", 1200.0, 10, 20000, "resolution 1-bit images get")),
            List.of("IMG_RES_EXCESSIVE"), "ghostscript");

    @Override
    public FixupInfo info() {
        return INFO;
    }

    @Override
    public AppliedFixup apply(Path in, Path out, Map<String, Object> params, FixupSettings settings)
            throws FixupException {
        double max = ((Number) params.get("max_ppi")).doubleValue();
        double target = ((Number) params.get("target_ppi")).doubleValue();
        double max1 = ((Number) params.get("max_ppi_1bit")).doubleValue();
        double target1 = ((Number) params.get("target_ppi_1bit")).doubleValue();
        if (target > max || target1 > max1) {
            throw new FixupException(ID, "target_ppi must not be above max_ppi (and target_ppi_1bit not above "
                    + "max_ppi_1bit)");
        }
        Path distilled;
        try {
            distilled = Files.createTempFile(settings.scratchDir(), "downsample-", ".pdf");
        } catch (IOException e) {
            throw new FixupException(ID, "No scratch file: " + e.getMessage(), e);
        }
        try {
            List<String> options = new ArrayList<>(List.of("-dAutoRotatePages=/None",
                    "-dAutoFilterColorImages=false", "-dAutoFilterGrayImages=false",
                    "-dColorImageFilter=/FlateEncode", "-dGrayImageFilter=/FlateEncode"));
            // pdfwrite resamples an image when its resolution exceeds resolution x threshold
            for (String kind : List.of("Color", "Gray")) {
                options.add("-dDownsample" + kind + "Images=true");
                options.add("-d" + kind + "ImageDownsampleType=/Bicubic");
                options.add(String.format(Locale.ROOT, "-d%sImageResolution=%d", kind, Math.round(target)));
                options.add(String.format(Locale.ROOT, "-d%sImageDownsampleThreshold=%.4f", kind, max / target));
            }
            options.add("-dDownsampleMonoImages=true");
            options.add("-dMonoImageDownsampleType=/Subsample");
            options.add(String.format(Locale.ROOT, "-dMonoImageResolution=%d", Math.round(target1)));
            options.add(String.format(Locale.ROOT, "-dMonoImageDownsampleThreshold=%.4f", max1 / target1));
            Redistil.run(ID, in, distilled, settings, options, List.of());
            Redistil.restoreDocumentParts(ID, in, distilled, out, settings);
            return new AppliedFixup(ID, params, List.of(), 1, List.of());
        } finally {
            try {
                Files.deleteIfExists(distilled);
            } catch (IOException ignored) {
                // swept with the scratch directory
            }
        }
    }
}
