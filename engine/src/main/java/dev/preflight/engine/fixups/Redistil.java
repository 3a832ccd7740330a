package dev.preflight.engine.fixups;

import dev.preflight.engine.RenderException;
import dev.preflight.engine.render.Ghostscript;
import org.apache.pdfbox.pdmodel.PDDocument;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs Ghostscript's pdfwrite over a file for the fixups that re-distil: -dSAFER with read access to exactly the
 * files it needs, bounded in time, its own error line in the failure. Pages keep their orientation and images keep
 * their resolution and lossless compression unless a fixup asks otherwise.
 */
final class Redistil {

    /** pdfwrite's defaults that would change more than the fixup asked for, switched off. */
    static final List<String> KEEP = List.of("-dAutoRotatePages=/None", "-dDownsampleColorImages=false",
            "-dDownsampleGrayImages=false", "-dDownsampleMonoImages=false", "-dAutoFilterColorImages=false",
            "-dAutoFilterGrayImages=false", "-dColorImageFilter=/FlateEncode", "-dGrayImageFilter=/FlateEncode");

    private Redistil() {
    }

    /** The arguments of one pdfwrite run from {@code in} to {@code out}, with {@code readable} files allowed. */
    static List<String> args(Path in, Path out, List<String> options, List<Path> readable) {
        return args(in, out, options, readable, List.of());
    }

    /** As above, with PostScript run before the input ({@code -c ... -f}), e.g. distiller parameters. */
    static List<String> args(Path in, Path out, List<String> options, List<Path> readable, List<String> postscript) {
        List<String> args = new ArrayList<>(List.of("-dSAFER", "-dBATCH", "-dNOPAUSE"));
        for (Path p : readable) {
            args.add("--permit-file-read=" + p.toAbsolutePath());
        }
        args.add("-sDEVICE=pdfwrite");
        args.addAll(options);
        args.add("-o");
        args.add(out.toAbsolutePath().toString());
        if (!postscript.isEmpty()) {
            args.add("-c");
            args.addAll(postscript);
            args.add("-f");
        }
        args.add(in.toAbsolutePath().toString());
        return args;
    }

    /**
     * Re-distils {@code in} into {@code out}. The file is opened with PDFBox first, so that damaged and encrypted
     * files fail with the same reasons as the object edits.
     *
     * @return what Ghostscript printed (for fixups that read it, e.g. font substitutions)
     */
    static Ghostscript.Result run(String fixupId, Path in, Path out, FixupSettings settings, List<String> options,
                                  List<Path> readable) throws FixupException {
        return run(fixupId, in, out, settings, options, readable, List.of());
    }

    static Ghostscript.Result run(String fixupId, Path in, Path out, FixupSettings settings, List<String> options,
                                  List<Path> readable, List<String> postscript) throws FixupException {
        List<String> all = new ArrayList<>(options);
        try (PDDocument doc = PdfEdit.open(fixupId, in, settings)) {
            // the file keeps its PDF version unless the fixup sets one (pdfwrite would write 1.7, too new for
            // PDF/X-4 and older editions)
            if (options.stream().noneMatch(o -> o.startsWith("-dCompatibilityLevel="))) {
                float v = Math.max(1.3f, Math.min(2.0f, doc.getVersion()));
                all.add(String.format(java.util.Locale.ROOT, "-dCompatibilityLevel=%.1f", v));
            }
        } catch (IOException e) {
            throw new FixupException(fixupId, "The file could not be read: " + e.getMessage(), e);
        }
        Ghostscript gs = new Ghostscript(settings.ghostscript());
        try {
            Ghostscript.Result r = gs.run(args(in, out, all, readable, postscript), settings.scratchDir(),
                    settings.timeout());
            if (!Files.isRegularFile(out) || Files.size(out) == 0) {
                throw new FixupException(fixupId, "Ghostscript wrote no file" + tail(r.stderr()));
            }
            return r;
        } catch (RenderException e) {
            deleteQuietly(out);
            throw new FixupException(fixupId, e.getMessage(), e);
        } catch (IOException e) {
            deleteQuietly(out);
            throw new FixupException(fixupId, "Ghostscript's output could not be read: " + e.getMessage(), e);
        }
    }

    /**
     * pdfwrite writes its own Info and XMP and drops output intents: the source's come back onto the re-distilled
     * file, which is saved to {@code out}. The source stays open until the save, so its objects are copied in.
     */
    static void restoreDocumentParts(String fixupId, Path source, Path distilled, Path out, FixupSettings settings)
            throws FixupException {
        try (PDDocument src = PdfEdit.open(fixupId, source, settings);
             PDDocument dst = PdfEdit.open(fixupId, distilled, settings)) {
            org.apache.pdfbox.cos.COSDictionary from = src.getDocumentCatalog().getCOSObject();
            org.apache.pdfbox.cos.COSDictionary to = dst.getDocumentCatalog().getCOSObject();
            for (org.apache.pdfbox.cos.COSName key : List.of(org.apache.pdfbox.cos.COSName.OUTPUT_INTENTS,
                    org.apache.pdfbox.cos.COSName.METADATA)) {
                if (from.getDictionaryObject(key) != null) {
                    to.setItem(key, from.getDictionaryObject(key));
                }
            }
            dst.setDocumentInformation(src.getDocumentInformation());
            PdfEdit.save(dst, out);
        } catch (IOException e) {
            throw new FixupException(fixupId, "The re-distilled file could not be written: " + e.getMessage(), e);
        }
    }

    private static String tail(String stderr) {
        return stderr == null || stderr.isBlank() ? "" : ": " + stderr.strip().lines().reduce((a, b) -> b).orElse("");
    }

    private static void deleteQuietly(Path p) {
        try {
            Files.deleteIfExists(p);
        } catch (IOException ignored) {
            // the chain sweeps its scratch files
        }
    }
}
