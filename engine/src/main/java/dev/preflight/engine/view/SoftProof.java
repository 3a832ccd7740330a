package dev.preflight.engine.view;

import dev.preflight.engine.Box;
import dev.preflight.engine.PageGeometry;
import dev.preflight.engine.PdfOpener;
import dev.preflight.engine.RenderException;
import dev.preflight.engine.UnreadablePdfException;
import dev.preflight.engine.render.Ghostscript;
import dev.preflight.engine.render.ProofRenderer;
import org.apache.pdfbox.cos.COSArray;
import org.apache.pdfbox.cos.COSBase;
import org.apache.pdfbox.cos.COSDictionary;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.cos.COSStream;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.graphics.color.PDOutputIntent;

import java.awt.image.BufferedImage;
import java.awt.image.DataBufferInt;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;

/**
 * The viewer's soft proof: a page as the press will print it, shown in sRGB (see docs/viewer.md, "Soft proof").
 * Ghostscript composes the page in CMYK plus every spot ink with overprint, overprint mode and transparency
 * simulated, and converts it to sRGB through the output condition: the file's CMYK output intent, else the
 * condition the caller names (the job's profile's, or the service default, FOGRA39). Tiles come on the same
 * {@link RasterGrid} as the PDFBox tiles and the separations, whole pages or regions of them.
 *
 * <p>Ghostscript cannot switch layers on a request: a tile with layers toggled renders a copy of the file whose
 * default optional-content configuration (/OCProperties /D) says exactly which layers are on, written by PDFBox to
 * the scratch directory for the length of the render.
 */
public final class SoftProof {

    /** The profile of an output condition is at most this large (an embedded profile beyond it is not used). */
    private static final int MAX_PROFILE_BYTES = 16 * 1024 * 1024;
    /** Objects looked at for ICC-based CMYK; past it a file is rendered with the proof profile. */
    private static final int MAX_OBJECTS = 200_000;

    private final ProofRenderer renderer;
    private final Path scratchDir;

    /**
     * @param ghostscript Ghostscript's path, or a bare name looked up on the PATH
     * @param scratchDir  where output-intent profiles and layer copies are written
     * @param timeout     bound on one render
     */
    public SoftProof(String ghostscript, Path scratchDir, Duration timeout) {
        this.renderer = new ProofRenderer(new Ghostscript(ghostscript), timeout);
        this.scratchDir = scratchDir;
    }

    /**
     * The output condition a page is proofed for.
     *
     * @param source  {@code output_intent} (the file's own) or {@code profile} (named by the caller)
     * @param name    the output condition identifier (the intent's /OutputConditionIdentifier, e.g. FOGRA39)
     * @param profile the CMYK ICC profile, a file
     * @param digest  SHA-256 of the profile's bytes: what a cache key of a proof names
     * @param viaProof true when the file holds ICC-based CMYK in another profile: the profile is then also
     *                 Ghostscript's proof profile, so such colours are converted into the press's CMYK and shown
     *                 from there; the price is a round trip through the profile for every other colour too (see
     *                 docs/viewer.md), so files without such colours are rendered without it
     */
    public record Condition(String source, String name, Path profile, String digest, boolean viaProof) {

        /** The same condition for a file whose ICC-based CMYK colours need (or do not need) the proof profile. */
        Condition forFile(boolean otherCmykProfiles) {
            return new Condition(source, name, profile, digest, otherCmykProfiles);
        }
    }

    /**
     * The condition named by a caller: a CMYK profile file and its name.
     *
     * @throws IOException when the profile cannot be read
     */
    public static Condition named(String name, Path cmykProfile) throws IOException {
        return new Condition("profile", name, cmykProfile, sha256(Files.readAllBytes(cmykProfile)), false);
    }

    /**
     * The file's first output intent with an embedded CMYK profile, its profile written once to the scratch
     * directory (named by its digest); else {@code fallback}. Intents with an RGB, gray or n-colour profile are
     * skipped: the proof shows CMYK printing.
     *
     * @throws UnreadablePdfException when the file cannot be opened
     */
    public Condition condition(Path pdf, Condition fallback) throws UnreadablePdfException {
        try (PDDocument doc = PdfOpener.open(pdf, 16L * 1024 * 1024)) {
            Condition c = intent(doc, fallback);
            return c.forFile(otherCmykProfiles(doc, c.digest()));
        } catch (IOException e) {
            throw new UnreadablePdfException("damaged", "The PDF's output intents could not be read: "
                    + e.getMessage(), e);
        }
    }

    /**
     * True when some indirect ICC profile stream of the file (a stream with {@code /N 4} and no {@code /Subtype})
     * holds a CMYK profile other than the condition's. At most {@value #MAX_OBJECTS} objects are looked at; a
     * file with more counts as holding one.
     */
    static boolean otherCmykProfiles(PDDocument doc, String digest) {
        var keys = doc.getDocument().getXrefTable().keySet();
        if (keys.size() > MAX_OBJECTS) {
            return true;
        }
        for (var key : keys) {
            COSBase object;
            try {
                var pooled = doc.getDocument().getObjectFromPool(key);
                object = pooled == null ? null : pooled.getObject();
            } catch (RuntimeException e) {
                continue;
            }
            if (object instanceof COSStream stream && stream.getInt(COSName.N) == 4
                    && !stream.containsKey(COSName.SUBTYPE) && !stream.containsKey(COSName.WIDTH)) {
                try (InputStream in = stream.createInputStream()) {
                    byte[] icc = in.readNBytes(MAX_PROFILE_BYTES + 1);
                    if (isCmykProfile(icc) && !sha256(icc).equals(digest)) {
                        return true;
                    }
                } catch (IOException e) {
                    // a damaged profile: Ghostscript falls back to DeviceCMYK, which needs no proof
                }
            }
        }
        return false;
    }

    private Condition intent(PDDocument doc, Condition fallback) throws IOException {
        for (PDOutputIntent intent : doc.getDocumentCatalog().getOutputIntents()) {
            COSStream stream = intent.getDestOutputIntent();
            if (stream == null) {
                continue;
            }
            byte[] icc;
            try (InputStream in = stream.createInputStream()) {
                icc = in.readNBytes(MAX_PROFILE_BYTES + 1);
            } catch (IOException e) {
                continue;
            }
            if (icc.length > MAX_PROFILE_BYTES || !isCmykProfile(icc)) {
                continue;
            }
            String digest = sha256(icc);
            Path file = scratchDir.resolve("icc").resolve(digest + ".icc");
            if (!Files.exists(file)) {
                Files.createDirectories(file.getParent());
                Path tmp = Files.createTempFile(file.getParent(), digest, ".tmp");
                Files.write(tmp, icc);
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            }
            String id = intent.getOutputConditionIdentifier();
            return new Condition("output_intent", id == null || id.isBlank() ? "Custom" : id.strip(), file,
                    digest, false);
        }
        return fallback;
    }

    /** True for an ICC profile whose data colour space (header bytes 16 to 19) is CMYK. */
    static boolean isCmykProfile(byte[] icc) {
        return icc.length >= 128 && icc[16] == 'C' && icc[17] == 'M' && icc[18] == 'Y' && icc[19] == 'K';
    }

    /**
     * Renders a page, or a region of it, as the press prints it.
     *
     * @param region  PDF points, origin lower-left; null for the whole page (as {@link TileRenderer#render})
     * @param toggles layers forced on or off; {@code layers} are the document's, in /OCGs order
     * @throws PixelBudgetExceededException when the tile needs more pixels than the budget
     * @throws RenderException              when Ghostscript fails or runs out of time
     */
    public Tile render(Path pdf, PageGeometry page, int dpi, Box region, LayerToggles toggles, List<Layer> layers,
                       Condition condition, PixelBudget budget)
            throws PixelBudgetExceededException, RenderException, UnreadablePdfException {
        BufferedImage image = renderImage(pdf, page, dpi, region, toggles, layers, condition, budget);
        RasterGrid grid = RasterGrid.of(page, dpi);
        PixelRect rect = region == null ? grid.full() : grid.cover(region);
        return new Tile(Png.encode(image), image.getWidth(), image.getHeight(), dpi, rect, grid.toPdf(rect));
    }

    /** Renders a page, or a region of it, as the press prints it, as a {@code TYPE_INT_RGB} image. */
    public BufferedImage renderImage(Path pdf, PageGeometry page, int dpi, Box region, LayerToggles toggles,
                                     List<Layer> layers, Condition condition, PixelBudget budget)
            throws PixelBudgetExceededException, RenderException, UnreadablePdfException {
        RasterGrid grid = RasterGrid.of(page, dpi);
        budget.require(page, dpi, region);
        PixelRect rect = grid.full();
        if (region != null) {
            rect = grid.cover(region);
            if (rect == null) {
                throw new InvalidViewRequestException("region", "The region does not overlap page "
                        + page.pageNum() + ".");
            }
        }
        LayerToggles t = toggles == null ? LayerToggles.NONE : toggles;
        List<LayerToggleProblem> problems = t.problems(layers.size());
        if (!problems.isEmpty()) {
            throw new InvalidViewRequestException(problems.getFirst().parameter(), problems.getFirst().message());
        }
        ProofRenderer.RgbPixels px;
        if (t.isEmpty()) {
            px = renderer.render(pdf, page, dpi, rect, condition.profile(), condition.viaProof());
        } else {
            Path copy = withLayers(pdf, t, layers);
            try {
                px = renderer.render(copy, page, dpi, rect, condition.profile(), condition.viaProof());
            } finally {
                try {
                    Files.deleteIfExists(copy);
                } catch (IOException ignored) {
                    // scratch space, cleaned with the data directory
                }
            }
        }
        return toImage(px);
    }

    /** RGB bytes as a {@code TYPE_INT_RGB} image. */
    static BufferedImage toImage(ProofRenderer.RgbPixels px) {
        var image = new BufferedImage(px.width(), px.height(), BufferedImage.TYPE_INT_RGB);
        int[] out = ((DataBufferInt) image.getRaster().getDataBuffer()).getData();
        byte[] in = px.rgb();
        for (int i = 0, j = 0; i < out.length; i++, j += 3) {
            out[i] = (in[j] & 0xFF) << 16 | (in[j + 1] & 0xFF) << 8 | (in[j + 2] & 0xFF);
        }
        return image;
    }

    /**
     * A copy of the file whose default optional-content configuration shows exactly the layers the toggles and
     * the layers' defaults leave on: /BaseState /ON, /ON and /OFF listing every layer, no /AS (usage-driven
     * states) and no /Usage on the groups, as the PDFBox tiles ignore them too.
     */
    private Path withLayers(Path pdf, LayerToggles toggles, List<Layer> layers) throws UnreadablePdfException,
            RenderException {
        try (PDDocument doc = PdfOpener.open(pdf, 64L * 1024 * 1024)) {
            COSDictionary props = doc.getDocumentCatalog().getCOSObject().getCOSDictionary(COSName.OCPROPERTIES);
            COSArray groups = props == null ? null : props.getCOSArray(COSName.OCGS);
            if (groups == null) {
                throw new InvalidViewRequestException("ocg_on", "The document has no layers to toggle.");
            }
            var on = new COSArray();
            var off = new COSArray();
            for (Layer layer : layers) {
                COSBase ref = groups.get(layer.ocgIndex());
                if (groups.getObject(layer.ocgIndex()) instanceof COSDictionary group) {
                    group.removeItem(COSName.USAGE);
                }
                (toggles.isOn(layer) ? on : off).add(ref);
            }
            COSDictionary d = props.getCOSDictionary(COSName.D);
            if (d == null) {
                d = new COSDictionary();
                props.setItem(COSName.D, d);
            }
            d.setName(COSName.BASE_STATE, "ON");
            d.setItem(COSName.ON, on);
            d.setItem(COSName.OFF, off);
            d.removeItem(COSName.getPDFName("AS"));
            Files.createDirectories(scratchDir);
            Path copy = Files.createTempFile(scratchDir, "proof-layers-", ".pdf");
            doc.save(copy.toFile());
            return copy;
        } catch (IOException e) {
            throw new RenderException("A copy of the file with the layers toggled could not be written: "
                    + e.getMessage(), "", false);
        }
    }

    static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
