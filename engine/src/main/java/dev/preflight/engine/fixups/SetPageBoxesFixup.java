package dev.preflight.engine.fixups;

import dev.preflight.engine.ParamSpec;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.common.PDRectangle;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * SET_PAGE_BOXES: a TrimBox and a BleedBox where a page has none, from the MediaBox minus an inset (the bleed the
 * exporting application added around the trim) or from a given finished size centred on the page.
 */
final class SetPageBoxesFixup implements Fixup {

    static final String ID = "SET_PAGE_BOXES";
    private static final double MM = 72 / 25.4;

    private static final FixupInfo INFO = new FixupInfo(ID, "Set TrimBox and BleedBox",
            "Gives every page without a TrimBox (or, with overwrite, every page) a TrimBox and a BleedBox. Mode "
                    + "'inset': the TrimBox is the MediaBox (CropBox when smaller) moved in by inset_mm on every "
                    + "side, the BleedBox is the MediaBox. Mode 'finished_size': the TrimBox is finished_width_mm x "
                    + "finished_height_mm centred on the page, the BleedBox the TrimBox grown by bleed_mm and clipped "
                    + "to the MediaBox. Mode 'crop_marks': the TrimBox is where the crop marks drawn on the page "
                    + "point (short hairline strokes, found by the engine's facts, at the same x below and above "
                    + "the page's content and at the same y left and right of it), the BleedBox the TrimBox grown "
                    + "by bleed_mm and clipped to the MediaBox; a page without such marks is left as it is, with a "
                    + "note. It changes only the page dictionaries; nothing is drawn or moved. It cannot know where "
                    + "the trim is when the page's content is not centred on the MediaBox and has no crop marks, "
                    + "and it does not read printer's-mark annotations.",
            "page",
            List.of(ParamSpec.string("mode", "inset", List.of("inset", "finished_size", "crop_marks"),
                            "where the TrimBox comes from"),
                    ParamSpec.number("inset_mm", 3.0, 0, 100, "mode inset: distance from the MediaBox to the trim, mm"),
                    ParamSpec.number("finished_width_mm", null, 1, 20000, "mode finished_size: trimmed width, mm"),
                    ParamSpec.number("finished_height_mm", null, 1, 20000, "mode finished_size: trimmed height, mm"),
                    ParamSpec.number("bleed_mm", 3.0, 0, 100, "modes finished_size and crop_marks: bleed around the trim, mm"),
                    ParamSpec.bool("overwrite", false, "replace TrimBox and BleedBox that are already there")),
            List.of("PAGE_TRIMBOX_MISSING", "PAGE_BLEEDBOX_MISSING", "PDFX_TRIM_OR_ART_MISSING"), "pdfbox");

    @Override
    public FixupInfo info() {
        return INFO;
    }

    @Override
    public AppliedFixup apply(Path in, Path out, Map<String, Object> params, FixupSettings settings)
            throws FixupException {
        String mode = (String) params.get("mode");
        if ("finished_size".equals(mode)
                && (params.get("finished_width_mm") == null || params.get("finished_height_mm") == null)) {
            throw new FixupException(ID, "mode finished_size needs finished_width_mm and finished_height_mm");
        }
        boolean overwrite = (Boolean) params.get("overwrite");
        return PdfEdit.run(ID, in, out, settings, doc -> {
            dev.preflight.engine.facts.DocumentFacts facts = "crop_marks".equals(mode)
                    ? dev.preflight.engine.facts.FactsCollector.collect(doc, java.nio.file.Files.size(in), List.of(),
                    dev.preflight.engine.EngineSettings.defaults())
                    : null;
            List<Integer> pages = new ArrayList<>();
            List<String> notes = new ArrayList<>();
            int changed = 0;
            int n = 0;
            for (PDPage page : doc.getPages()) {
                n++;
                boolean hasTrim = page.getCOSObject().containsKey(org.apache.pdfbox.cos.COSName.TRIM_BOX);
                boolean hasBleed = page.getCOSObject().containsKey(org.apache.pdfbox.cos.COSName.BLEED_BOX);
                if (hasTrim && hasBleed && !overwrite) {
                    continue;
                }
                PDRectangle media = page.getMediaBox();
                PDRectangle base = smaller(media, page.getCropBox());
                PDRectangle trim;
                PDRectangle bleed;
                if (facts != null) {
                    dev.preflight.engine.Box marks = n <= facts.pages().size()
                            ? CropMarks.trim(facts.pages().get(n - 1)) : null;
                    if (marks == null) {
                        notes.add(String.format(Locale.ROOT, "page %d: no crop marks found; left unchanged", n));
                        continue;
                    }
                    trim = new PDRectangle((float) marks.x0(), (float) marks.y0(), (float) (marks.x1() - marks.x0()),
                            (float) (marks.y1() - marks.y0()));
                    float b = (float) (((Number) params.get("bleed_mm")).doubleValue() * MM);
                    bleed = Rectangles.intersect(new PDRectangle(trim.getLowerLeftX() - b, trim.getLowerLeftY() - b,
                            trim.getWidth() + 2 * b, trim.getHeight() + 2 * b), media);
                } else if ("finished_size".equals(mode)) {
                    float w = (float) (((Number) params.get("finished_width_mm")).doubleValue() * MM);
                    float h = (float) (((Number) params.get("finished_height_mm")).doubleValue() * MM);
                    if (w > base.getWidth() + 0.01 || h > base.getHeight() + 0.01) {
                        notes.add(String.format(Locale.ROOT, "page %d: the finished size %.1f x %.1f mm is larger "
                                        + "than the page (%.1f x %.1f mm); left unchanged", n, w / MM, h / MM,
                                base.getWidth() / MM, base.getHeight() / MM));
                        continue;
                    }
                    float x = base.getLowerLeftX() + (base.getWidth() - w) / 2;
                    float y = base.getLowerLeftY() + (base.getHeight() - h) / 2;
                    trim = new PDRectangle(x, y, w, h);
                    float b = (float) (((Number) params.get("bleed_mm")).doubleValue() * MM);
                    bleed = Rectangles.intersect(new PDRectangle(x - b, y - b, w + 2 * b, h + 2 * b), media);
                } else {
                    float inset = (float) (((Number) params.get("inset_mm")).doubleValue() * MM);
                    if (2 * inset >= base.getWidth() || 2 * inset >= base.getHeight()) {
                        notes.add(String.format(Locale.ROOT, "page %d: an inset of %.1f mm leaves no page; left "
                                + "unchanged", n, inset / MM));
                        continue;
                    }
                    trim = new PDRectangle(base.getLowerLeftX() + inset, base.getLowerLeftY() + inset,
                            base.getWidth() - 2 * inset, base.getHeight() - 2 * inset);
                    bleed = base;
                }
                if (!hasTrim || overwrite) {
                    page.setTrimBox(trim);
                    changed++;
                }
                if (!hasBleed || overwrite) {
                    page.setBleedBox(bleed);
                    changed++;
                }
                pages.add(n);
            }
            return new AppliedFixup(ID, params, pages, changed, notes);
        });
    }

    private static PDRectangle smaller(PDRectangle media, PDRectangle crop) {
        return crop == null ? media : Rectangles.intersect(crop, media);
    }
}
