package dev.preflight.engine.fixups;

import dev.preflight.engine.ParamSpec;
import org.apache.pdfbox.cos.COSArray;
import org.apache.pdfbox.cos.COSBase;
import org.apache.pdfbox.cos.COSDictionary;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.cos.COSStream;
import org.apache.pdfbox.pdmodel.PDDocument;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * CONVERT_TO_OUTPUT_INTENT: every RGB, Lab, ICC-based and calibrated colour and image converted to the CMYK of the
 * output intent (or of a catalogue condition) by Ghostscript's pdfwrite; the output intents put back afterwards.
 */
final class ConvertToOutputIntentFixup implements Fixup {

    static final String ID = "CONVERT_TO_OUTPUT_INTENT";

    private static final FixupInfo INFO = new FixupInfo(ID, "Convert colours to the output intent's CMYK",
            "Re-distils the file with Ghostscript's pdfwrite (ColorConversionStrategy CMYK, ProcessColorModel "
                    + "DeviceCMYK) with the output intent's ICC profile as the output profile: the file's own "
                    + "GTS_PDFX (or first) output intent, or the catalogue condition given as condition. RGB, Lab, "
                    + "ICC-based and calibrated colours, shadings and images become DeviceCMYK through that profile "
                    + "with the chosen rendering intent. DeviceCMYK content is not converted again, so 100 % K text "
                    + "and lines stay pure K; DeviceGray stays grey (it separates to K only). Spot colours are kept. "
                    + "The output intents are put back afterwards (the condition's when one was given); "
                    + "so are the file's Info and XMP metadata (PDF/X identification included) and its PDF "
                    + "version. Ghostscript rewrites the rest of the file's structure (object numbers, fonts "
                    + "re-embedded as subsets), keeps page geometry and leaves images at their resolution with "
                    + "lossless compression. It cannot keep RGB black text "
                    + "K-only: (0, 0, 0) in RGB becomes the profile's rich black.",
            "color",
            List.of(ParamSpec.string("condition", null, null,
                            "ICC catalogue condition to convert to (fogra39, ...); empty: the file's output intent"),
                    ParamSpec.string("rendering_intent", "relative_colorimetric", List.of("perceptual",
                            "relative_colorimetric", "saturation", "absolute_colorimetric"),
                            "ICC rendering intent of the conversion")),
            List.of("COLOR_RGB_*", "IMG_RGB", "COLOR_BINDING_EARLY"), "ghostscript");

    @Override
    public FixupInfo info() {
        return INFO;
    }

    @Override
    public AppliedFixup apply(Path in, Path out, Map<String, Object> params, FixupSettings settings)
            throws FixupException {
        String conditionId = (String) params.get("condition");
        List<String> notes = new ArrayList<>();
        Path icc;
        Path extracted = null;
        OutputCondition condition = null;
        int pageCount;
        try {
            if (conditionId != null && !conditionId.isBlank()) {
                Optional<OutputCondition> c = settings.conditions().apply(conditionId);
                if (c.isEmpty() || c.get().profile() == null || !Files.isReadable(c.get().profile())) {
                    throw new FixupException(ID, "The ICC catalogue has no printing condition '" + conditionId
                            + "' with a profile this service holds");
                }
                condition = c.get();
                if (!"CMYK".equalsIgnoreCase(condition.colorSpace())) {
                    throw new FixupException(ID, "Condition '" + conditionId + "' is " + condition.colorSpace()
                            + ", not CMYK");
                }
                icc = condition.profile();
            } else {
                extracted = Files.createTempFile(settings.scratchDir(), "intent-", ".icc");
                icc = extracted;
                byte[] profile = intentProfile(in, settings);
                Files.write(extracted, profile);
                notes.add("converted to the file's own output intent profile");
            }
            int intent = switch ((String) params.get("rendering_intent")) {
                case "perceptual" -> 0;
                case "saturation" -> 2;
                case "absolute_colorimetric" -> 3;
                default -> 1;
            };
            Path distilled = Files.createTempFile(settings.scratchDir(), "convert-", ".pdf");
            try {
                List<String> options = new ArrayList<>(Redistil.KEEP);
                options.addAll(List.of("-sProcessColorModel=DeviceCMYK", "-sColorConversionStrategy=CMYK",
                        "-sOutputICCProfile=" + icc.toAbsolutePath(), "-dRenderIntent=" + intent));
                Redistil.run(ID, in, distilled, settings, options, List.of(icc));
                pageCount = putIntentsBack(in, distilled, out, condition, settings);
            } finally {
                Files.deleteIfExists(distilled);
            }
        } catch (IOException e) {
            throw new FixupException(ID, "The converted file could not be written: " + e.getMessage(), e);
        } finally {
            if (extracted != null) {
                try {
                    Files.deleteIfExists(extracted);
                } catch (IOException ignored) {
                    // swept with the scratch directory
                }
            }
        }
        if (condition != null) {
            notes.add("converted to " + condition.outputConditionIdentifier() + "; the output intent now names it");
        }
        List<Integer> pages = new ArrayList<>();
        for (int i = 1; i <= pageCount; i++) {
            pages.add(i);
        }
        return new AppliedFixup(ID, params, pages, 1, notes);
    }

    /** The DestOutputProfile of the file's GTS_PDFX intent, else of its first CMYK intent. */
    private static byte[] intentProfile(Path in, FixupSettings settings) throws FixupException, IOException {
        try (PDDocument doc = PdfEdit.open(ID, in, settings)) {
            COSArray intents = doc.getDocumentCatalog().getCOSObject().getCOSArray(COSName.OUTPUT_INTENTS);
            COSStream best = null;
            if (intents != null) {
                for (int i = 0; i < intents.size(); i++) {
                    if (intents.getObject(i) instanceof COSDictionary oi
                            && oi.getDictionaryObject(COSName.DEST_OUTPUT_PROFILE) instanceof COSStream s
                            && s.getInt(COSName.N) == 4) {
                        if (best == null || "GTS_PDFX".equals(oi.getNameAsString(COSName.S))) {
                            best = s;
                        }
                    }
                }
            }
            if (best == null) {
                throw new FixupException(ID, "The file has no CMYK output intent with an embedded profile to "
                        + "convert to; give a catalogue condition (e.g. fogra39)");
            }
            try (InputStream s = best.createInputStream()) {
                return s.readAllBytes();
            }
        }
    }

    /** pdfwrite drops output intents: the source's (or the condition's) go back onto the converted file. */
    /** Returns the number of pages of the converted file. */
    private static int putIntentsBack(Path source, Path distilled, Path out, OutputCondition condition,
                                      FixupSettings settings) throws FixupException, IOException {
        try (PDDocument src = PdfEdit.open(ID, source, settings);
             PDDocument dst = PdfEdit.open(ID, distilled, settings)) {
            COSDictionary catalog = dst.getDocumentCatalog().getCOSObject();
            if (condition != null) {
                COSDictionary oi = new COSDictionary();
                oi.setItem(COSName.TYPE, COSName.getPDFName("OutputIntent"));
                oi.setItem(COSName.S, COSName.getPDFName("GTS_PDFX"));
                oi.setString(COSName.OUTPUT_CONDITION_IDENTIFIER, condition.outputConditionIdentifier());
                if (condition.outputCondition() != null) {
                    oi.setString(COSName.OUTPUT_CONDITION, condition.outputCondition());
                    oi.setString(COSName.INFO, condition.outputCondition());
                }
                if (condition.registryName() != null) {
                    oi.setString(COSName.REGISTRY_NAME, condition.registryName());
                }
                COSStream icc = dst.getDocument().createCOSStream();
                try (var o = icc.createOutputStream(COSName.FLATE_DECODE)) {
                    o.write(Files.readAllBytes(condition.profile()));
                }
                icc.setInt(COSName.N, 4);
                oi.setItem(COSName.DEST_OUTPUT_PROFILE, icc);
                COSArray arr = new COSArray();
                arr.add(oi);
                catalog.setItem(COSName.OUTPUT_INTENTS, arr);
            } else {
                COSBase intents = src.getDocumentCatalog().getCOSObject().getDictionaryObject(COSName.OUTPUT_INTENTS);
                if (intents != null) {
                    // the source stays open until the save, so its objects are written into the new file
                    catalog.setItem(COSName.OUTPUT_INTENTS, intents);
                }
            }
            // pdfwrite writes its own Info and XMP: the file's own come back, PDF/X identification included
            dst.setDocumentInformation(src.getDocumentInformation());
            COSBase meta = src.getDocumentCatalog().getCOSObject().getDictionaryObject(COSName.METADATA);
            if (meta instanceof COSStream) {
                catalog.setItem(COSName.METADATA, meta);
            }
            PdfEdit.save(dst, out);
            return dst.getNumberOfPages();
        }
    }
}
