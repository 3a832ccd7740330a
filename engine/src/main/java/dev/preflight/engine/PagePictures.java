package dev.preflight.engine;

import dev.preflight.engine.render.Ghostscript;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.StringJoiner;

/**
 * Small RGB pictures of pages (report thumbnails), drawn by Ghostscript out of process in one run for all requested
 * pages: memory stays bounded however large a page's images are. The picture shows the CropBox turned by /Rotate,
 * as a viewer does.
 */
public final class PagePictures {

    private final String ghostscript;
    private final Duration timeout;

    /**
     * @param ghostscript Ghostscript's path, or a bare name looked up on the PATH
     * @param timeout     bound on the one run that draws all pages
     */
    public PagePictures(String ghostscript, Duration timeout) {
        this.ghostscript = ghostscript;
        this.timeout = timeout;
    }

    /**
     * The pictures drawn, by page, and what went wrong on the way (for the caller's log).
     *
     * @param pictures 1-based page to picture; pages Ghostscript could not draw are absent
     * @param problems why pictures are missing, one line each
     */
    public record Drawn(Map<Integer, BufferedImage> pictures, List<String> problems) {
    }

    /**
     * Renders the pages (1-based) at {@code dpi}. Nothing here throws for a bad file or a failed run: an empty
     * answer means nothing could be drawn (the caller shows no pictures rather than failing).
     *
     * @param scratch a private directory the rendering may fill; the caller deletes it
     */
    public Drawn render(Path pdf, SortedSet<Integer> pages, int dpi, Path scratch) {
        return render(pdf, pages, dpi, scratch, null, false);
    }

    /**
     * Renders the pages as soft proofs, as the viewer's tiles are (docs/viewer.md, "Soft proof"): overprint
     * simulated, DeviceCMYK read as {@code cmykProfile} (the output condition's), which is also the proof profile
     * when {@code viaProof} (files with ICC-based CMYK in other profiles).
     *
     * @param cmykProfile the output condition's CMYK profile; null for the plain render
     */
    public Drawn render(Path pdf, SortedSet<Integer> pages, int dpi, Path scratch, Path cmykProfile,
                        boolean viaProof) {
        var out = new LinkedHashMap<Integer, BufferedImage>();
        var problems = new ArrayList<String>();
        if (pages.isEmpty()) {
            return new Drawn(out, problems);
        }
        var list = new StringJoiner(",");
        pages.forEach(p -> list.add(Integer.toString(p)));
        List<String> args = new ArrayList<>(List.of("-dSAFER", "-dBATCH", "-dNOPAUSE", "-dQUIET", "-sDEVICE=png16m",
                "-r" + dpi, "-dUseCropBox", "-dTextAlphaBits=4", "-dGraphicsAlphaBits=4", "-sPageList=" + list));
        if (cmykProfile != null) {
            String profile = cmykProfile.toAbsolutePath().toString();
            // unbanded: Ghostscript 10.00's banded overprint simulation forgets DefaultCMYKProfile
            args.addAll(List.of("-dOverprint=/simulate", "-dMaxBitmap=1000000000", "--permit-file-read=" + profile,
                    "-sDefaultCMYKProfile=" + profile));
            if (viaProof) {
                args.add("-sProofProfile=" + profile);
            }
        }
        args.addAll(List.of("-o", scratch.resolve("page-%d.png").toString(), pdf.toAbsolutePath().toString()));
        try {
            Ghostscript.Result r = new Ghostscript(ghostscript).run(args, scratch, timeout);
            if (r.exitCode() != 0) {
                problems.add("ghostscript could not draw page pictures (exit " + r.exitCode() + "): " + r.stderr());
            }
        } catch (RenderException e) {
            problems.add("ghostscript could not draw page pictures: " + e.getMessage());
        }
        int i = 1;
        for (int page : pages) {
            Path png = scratch.resolve("page-" + i++ + ".png");
            if (!Files.exists(png)) {
                continue;
            }
            try {
                BufferedImage img = ImageIO.read(png.toFile());
                if (img != null) {
                    out.put(page, img);
                }
                Files.deleteIfExists(png);
            } catch (IOException e) {
                problems.add("page picture " + page + " unreadable: " + e.getMessage());
            }
        }
        return new Drawn(out, problems);
    }
}
