package dev.preflight.engine.fixups;

import dev.preflight.engine.render.Ghostscript;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * EMBED_FONTS: every font embedded by Ghostscript's pdfwrite from the fonts it has (the standard 14 included), each
 * substitute named in the notes from what Ghostscript printed.
 */
final class EmbedFontsFixup implements Fixup {

    static final String ID = "EMBED_FONTS";

    private static final Pattern LOADING = Pattern.compile(
            "Loading font (\\S+) \\(or substitute\\) from (\\S+)");
    private static final Pattern SUBSTITUTING = Pattern.compile("Substituting font (\\S+) for (\\S+?)\\.?$");

    private static final FixupInfo INFO = new FixupInfo(ID, "Embed fonts",
            "Re-distils the file with Ghostscript's pdfwrite with EmbedAllFonts and an empty NeverEmbed list, so "
                    + "every font is embedded (as a subset), the standard 14 included. A font the file does not "
                    + "carry is taken from Ghostscript's own fonts: the URW base 35 (Nimbus Sans for Helvetica, "
                    + "Nimbus Roman for Times, Nimbus Mono for Courier...), metric-compatible, so text keeps its "
                    + "positions; any other missing font gets Ghostscript's fallback substitute, whose shapes and "
                    + "widths may differ. Every substitution is named in the notes, from Ghostscript's own "
                    + "output. The file's output intents, Info and XMP metadata and PDF version are put back. It "
                    + "cannot recover the original design of a font that is not in the file.",
            "font", List.of(),
            List.of("FONT_NOT_EMBEDDED", "FONT_STANDARD14_NOT_EMBEDDED", "PDFX_FONTS_NOT_EMBEDDED"), "ghostscript");

    @Override
    public FixupInfo info() {
        return INFO;
    }

    @Override
    public AppliedFixup apply(Path in, Path out, Map<String, Object> params, FixupSettings settings)
            throws FixupException {
        Path distilled;
        try {
            distilled = Files.createTempFile(settings.scratchDir(), "embed-", ".pdf");
        } catch (IOException e) {
            throw new FixupException(ID, "No scratch file: " + e.getMessage(), e);
        }
        try {
            List<String> options = new ArrayList<>(Redistil.KEEP);
            options.add("-dEmbedAllFonts=true");
            options.add("-dSubsetFonts=true");
            Ghostscript.Result r = Redistil.run(ID, in, distilled, settings, options, List.of(),
                    List.of("<</NeverEmbed []>> setdistillerparams"));
            Redistil.restoreDocumentParts(ID, in, distilled, out, settings);
            List<String> notes = substitutions(r.stdout() + "\n" + r.stderr());
            return new AppliedFixup(ID, params, List.of(), notes.size(), notes);
        } finally {
            try {
                Files.deleteIfExists(distilled);
            } catch (IOException ignored) {
                // swept with the scratch directory
            }
        }
    }

    /** What Ghostscript said it loaded in place of a font the file did not carry. */
    static List<String> substitutions(String output) {
        Set<String> notes = new LinkedHashSet<>();
        for (String line : output.split("\\R")) {
            Matcher m = LOADING.matcher(line.strip());
            if (m.find()) {
                String file = Path.of(m.group(2)).getFileName().toString();
                notes.add("font " + m.group(1) + " was not in the file; embedded Ghostscript's " + file
                        + (file.startsWith(m.group(1)) ? "" : " in its place"));
                continue;
            }
            m = SUBSTITUTING.matcher(line.strip());
            if (m.find()) {
                notes.add("font " + m.group(2) + " was not in the file; embedded Ghostscript's " + m.group(1)
                        + " in its place (not metric-compatible: check the text)");
            }
        }
        return new ArrayList<>(notes);
    }
}
