package dev.preflight.engine.checks.book;

import dev.preflight.engine.AnalysisRequest;
import dev.preflight.engine.Engine;
import dev.preflight.engine.EngineSettings;
import dev.preflight.engine.Finding;
import dev.preflight.engine.Profile;
import dev.preflight.engine.ProfileCheck;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.testpdf.Pdfs;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Generated PDFs for every book cover and binding check, run through the real engine under a profile holding only
 * that check: for each, files that pass and files that fail, with the near misses of every limit (a value just
 * inside and just outside). A 6 x 9 in book with 0.125 in bleed throughout, the defaults of the built-in profiles.
 */
class BookCheckPdfCasesTests {

    static final double MM = 72 / 25.4;
    /** 0.125 in bleed, 6 x 9 in trim. */
    static final double BLEED = 9;
    static final double TRIM_W = 432;
    static final double TRIM_H = 648;
    static final Pdfs.Colour BLACK = Pdfs.cmyk(0, 0, 0, 1);
    static final Pdfs.Colour WHITE = Pdfs.cmyk(0, 0, 0, 0);
    static final Pdfs.Colour BACKGROUND = Pdfs.cmyk(0.2, 0.6, 0, 0);

    /** One file and what the check must say about it. */
    record Variant(String id, String what, Map<String, Object> params, Supplier<byte[]> file, boolean fails,
                   Integer page) {
    }

    static final List<Variant> VARIANTS = new ArrayList<>();

    private static void passes(String id, String what, Map<String, Object> params, Supplier<byte[]> file) {
        VARIANTS.add(new Variant(id, what, params, file, false, null));
    }

    private static void fails(String id, String what, Map<String, Object> params, Supplier<byte[]> file, int page) {
        VARIANTS.add(new Variant(id, what, params, file, true, page));
    }

    // ------------------------------------------------------------------------------------------ covers

    /**
     * A cover spread for a 6 x 9 in book: the MediaBox is the sheet with 0.125 in bleed, the TrimBox (when asked)
     * the flat cover, a full-bleed background; {@code narrowerMm} takes that much off the sheet's width.
     */
    static final class Spread {
        final double spine;
        final double width;
        final double height;
        final double leftFold;
        final double rightFold;

        Spread(double spineMm, double narrowerMm) {
            this.spine = spineMm * MM;
            this.width = 2 * TRIM_W + spine + 2 * BLEED - narrowerMm * MM;
            this.height = TRIM_H + 2 * BLEED;
            double centre = width / 2;
            this.leftFold = centre - spine / 2;
            this.rightFold = centre + spine / 2;
        }

        Spread(double spineMm) {
            this(spineMm, 0);
        }

        Supplier<byte[]> pdf(boolean trimBox, Consumer<Pdfs.Page> content) {
            return () -> page(Pdfs.document(), trimBox, content).done().bytes();
        }

        Supplier<byte[]> pdf(Consumer<Pdfs.Page> content) {
            return pdf(true, content);
        }

        Pdfs.Page page(Pdfs.Doc d, boolean trimBox, Consumer<Pdfs.Page> content) {
            Pdfs.Page p = d.page(width, height).bleedBox(0, 0, width, height);
            if (trimBox) {
                p.trimBox(BLEED, BLEED, width - BLEED, height - BLEED);
            }
            p.fill(BACKGROUND).rect(0, 0, width, height).font(Pdfs.Font.EMBEDDED_SANS).fill(BLACK)
                    .text(rightFold + 60, 500, 24, "Front Title").text(60, 500, 10, "Back cover blurb");
            content.accept(p);
            return p;
        }
    }

    static final Spread HALF_INCH = new Spread(12.7);

    /** Spine text turned a quarter turn clockwise (reads top to bottom), centred on the spine. */
    static Consumer<Pdfs.Page> spineText(Spread s, double a, double b, double c, double d) {
        return p -> p.fill(WHITE).textMatrix(a, b, c, d, (s.leftFold + s.rightFold) / 2 + 3.5 * Math.signum(b),
                450, 10, "Title  Author");
    }

    static Consumer<Pdfs.Page> topToBottom(Spread s) {
        return spineText(s, 0, -1, 1, 0);
    }

    static Consumer<Pdfs.Page> bottomToTop(Spread s) {
        return spineText(s, 0, 1, -1, 0);
    }

    /** Horizontal text starting {@code mm} right of x (negative: left of it). */
    static Consumer<Pdfs.Page> textAt(double x, double mm) {
        return p -> p.fill(BLACK).text(x + mm * MM, 300, 9, "Price");
    }

    /** The default barcode area of {@link #HALF_INCH}: 2 x 1.2 in, 0.25 in from the left fold and the bottom trim. */
    static final double AREA_X1 = HALF_INCH.leftFold - 18;
    static final double AREA_X0 = AREA_X1 - 144;
    static final double AREA_Y0 = BLEED + 18;
    static final double AREA_Y1 = AREA_Y0 + 30.48 * MM;

    /** A white box over the barcode area with {@code n} 1 pt bars in it, drawn as one path. */
    static Consumer<Pdfs.Page> barcode(int n, boolean onePath) {
        return p -> {
            p.fill(WHITE).rect(AREA_X0, AREA_Y0, AREA_X1 - AREA_X0, AREA_Y1 - AREA_Y0).fill(BLACK);
            var bars = new StringBuilder();
            for (int i = 0; i < n; i++) {
                bars.append(String.format(java.util.Locale.ROOT, "%.2f %.2f 1 50 re ", AREA_X0 + 10 + 4 * i,
                        AREA_Y0 + 20));
                if (!onePath) {
                    bars.append("f ");
                }
            }
            p.raw(bars + (onePath ? "f" : ""));
            p.text(AREA_X0 + 10, AREA_Y0 + 6, 8, "9 781234 567897");
        };
    }

    static Map<String, Object> spine(double mm) {
        return Map.of("spine_mm", mm);
    }

    static final Map<String, Object> NONE = Map.of();

    static {
        // COVER_PAGE_COUNT
        passes("COVER_PAGE_COUNT", "one spread", NONE, HALF_INCH.pdf(p -> { }));
        fails("COVER_PAGE_COUNT", "a spread and a second page", NONE, () -> {
            Pdfs.Doc d = Pdfs.document();
            HALF_INCH.page(d, true, p -> { }).done().page(TRIM_W, TRIM_H).done();
            return d.bytes();
        }, 0);
        passes("COVER_PAGE_COUNT", "two spreads where 1 or 2 are taken", Map.of("allowed_page_counts",
                List.of("1", "2")), () -> {
                    Pdfs.Doc d = Pdfs.document();
                    HALF_INCH.page(d, true, p -> { }).done();
                    return HALF_INCH.page(d, true, p -> { }).done().bytes();
                });
        fails("COVER_PAGE_COUNT", "four pages where 1 or 2 are taken", Map.of("allowed_page_counts",
                List.of("1", "2")), () -> {
                    Pdfs.Doc d = Pdfs.document();
                    for (int i = 0; i < 4; i++) {
                        d.page(TRIM_W, TRIM_H).done();
                    }
                    return d.bytes();
                }, 0);

        // COVER_SIZE
        passes("COVER_SIZE", "the 0.5 in spine the template gives", spine(12.7), HALF_INCH.pdf(p -> { }));
        fails("COVER_SIZE", "2 mm too narrow for the template's spine", spine(12.7),
                new Spread(12.7, 2).pdf(p -> { }), 1);
        passes("COVER_SIZE", "0.4 mm narrow, inside the 0.5 mm tolerance", spine(12.7),
                new Spread(12.7, 0.4).pdf(p -> { }));
        fails("COVER_SIZE", "0.6 mm narrow, outside the 0.5 mm tolerance", spine(12.7),
                new Spread(12.7, 0.6).pdf(p -> { }), 1);
        passes("COVER_SIZE", "no TrimBox: the page is the sheet with bleed", spine(12.7),
                HALF_INCH.pdf(false, p -> { }));
        fails("COVER_SIZE", "no TrimBox and the sheet 2 mm narrow", spine(12.7),
                new Spread(12.7, 2).pdf(false, p -> { }), 1);
        fails("COVER_SIZE", "1 mm too tall", spine(12.7), () -> Pdfs.document()
                .page(HALF_INCH.width, HALF_INCH.height + MM).trimBox(BLEED, BLEED, HALF_INCH.width - BLEED,
                        HALF_INCH.height - BLEED + MM).done().bytes(), 1);
        passes("COVER_SIZE", "no spine given: any spine fits", NONE, new Spread(20).pdf(p -> { }));
        passes("COVER_SIZE", "no spine given: a spine of 0 (two trims)", NONE, new Spread(0).pdf(p -> { }));
        fails("COVER_SIZE", "no spine given: narrower than two trims", NONE, new Spread(0, 2).pdf(p -> { }), 1);

        // COVER_SPINE_WIDTH: 200 pages of 0.127 mm paper per leaf make a 12.7 mm spine
        Map<String, Object> book = Map.of("page_count", 200, "caliper_mm", 0.127);
        passes("COVER_SPINE_WIDTH", "12.7 mm spine for 200 pages at 0.127 mm a leaf", book, HALF_INCH.pdf(p -> { }));
        fails("COVER_SPINE_WIDTH", "10 mm spine for 200 pages at 0.127 mm a leaf", book, new Spread(10).pdf(p -> { }),
                1);
        passes("COVER_SPINE_WIDTH", "0.9 mm wide, inside the 1 mm tolerance", book, new Spread(13.6).pdf(p -> { }));
        fails("COVER_SPINE_WIDTH", "1.1 mm wide, outside the 1 mm tolerance", book, new Spread(13.8).pdf(p -> { }),
                1);
        passes("COVER_SPINE_WIDTH", "caliper per page", Map.of("page_count", 200, "caliper_mm", 0.0635,
                "caliper_per", "page"), HALF_INCH.pdf(p -> { }));
        fails("COVER_SPINE_WIDTH", "an odd page count rounds up to whole leaves", Map.of("page_count", 201,
                "caliper_mm", 2.0, "tolerance_mm", 0.5), new Spread(200).pdf(p -> { }), 1);
        passes("COVER_SPINE_WIDTH", "not judged without a page count", Map.of("caliper_mm", 0.127),
                new Spread(10).pdf(p -> { }));
        passes("COVER_SPINE_WIDTH", "a board allowance", Map.of("page_count", 200, "caliper_mm", 0.127,
                "extra_mm", 3.0), new Spread(15.7).pdf(p -> { }));

        // COVER_SPINE_TEXT_MARGIN
        passes("COVER_SPINE_TEXT_MARGIN", "spine text centred on a 0.5 in spine", NONE,
                HALF_INCH.pdf(topToBottom(HALF_INCH)));
        fails("COVER_SPINE_TEXT_MARGIN", "front text 1.5 mm right of the fold", NONE,
                HALF_INCH.pdf(textAt(HALF_INCH.rightFold, 1.5)), 1);
        passes("COVER_SPINE_TEXT_MARGIN", "front text 1.7 mm right of the fold", NONE,
                HALF_INCH.pdf(textAt(HALF_INCH.rightFold, 1.7)));
        fails("COVER_SPINE_TEXT_MARGIN", "text on the spine 1.5 mm right of the left fold", NONE,
                HALF_INCH.pdf(p -> p.fill(WHITE).text(HALF_INCH.leftFold + 1.5 * MM, 300, 4, "x")), 1);
        passes("COVER_SPINE_TEXT_MARGIN", "text on the spine 1.7 mm right of the left fold", NONE,
                HALF_INCH.pdf(p -> p.fill(WHITE).text(HALF_INCH.leftFold + 1.7 * MM, 300, 4, "x")));
        fails("COVER_SPINE_TEXT_MARGIN", "spine text too big for a thin spine", NONE,
                new Spread(3).pdf(topToBottom(new Spread(3))), 1);
        passes("COVER_SPINE_TEXT_MARGIN", "a 3 mm margin asked, text 3.1 mm away", Map.of("margin_mm", 3.0),
                HALF_INCH.pdf(textAt(HALF_INCH.rightFold, 3.1)));
        fails("COVER_SPINE_TEXT_MARGIN", "the spine from the profile puts the fold elsewhere",
                Map.of("spine_mm", 9.0), HALF_INCH.pdf(textAt(HALF_INCH.rightFold, -1.5)), 1);
        passes("COVER_SPINE_TEXT_MARGIN", "a single front page is no spread, whatever the spine", spine(12.7),
                () -> Pdfs.document().page(TRIM_W + 2 * BLEED, TRIM_H + 2 * BLEED).font(Pdfs.Font.EMBEDDED_SANS)
                        .text((TRIM_W + 2 * BLEED) / 2, 300, 10, "Centre").done().bytes());
        passes("COVER_SPINE_TEXT_MARGIN", "a picture at the fold is not text", NONE,
                HALF_INCH.pdf(p -> p.image(Pdfs.image(8, 8).cmyk(), HALF_INCH.rightFold - 20, 300, 40, 40)));

        // COVER_SPINE_TEXT_DIRECTION
        passes("COVER_SPINE_TEXT_DIRECTION", "top to bottom, the default convention", NONE,
                HALF_INCH.pdf(topToBottom(HALF_INCH)));
        fails("COVER_SPINE_TEXT_DIRECTION", "bottom to top under the default convention", NONE,
                HALF_INCH.pdf(bottomToTop(HALF_INCH)), 1);
        Map<String, Object> european = Map.of("direction", "bottom_to_top");
        passes("COVER_SPINE_TEXT_DIRECTION", "bottom to top, the European convention", european,
                HALF_INCH.pdf(bottomToTop(HALF_INCH)));
        fails("COVER_SPINE_TEXT_DIRECTION", "top to bottom under the European convention", european,
                HALF_INCH.pdf(topToBottom(HALF_INCH)), 1);
        double c85 = Math.cos(Math.toRadians(-85));
        double s85 = Math.sin(Math.toRadians(-85));
        fails("COVER_SPINE_TEXT_DIRECTION", "5 degrees off a quarter turn still counts", european,
                HALF_INCH.pdf(spineText(HALF_INCH, c85, s85, -s85, c85)), 1);
        double c75 = Math.cos(Math.toRadians(-75));
        double s75 = Math.sin(Math.toRadians(-75));
        passes("COVER_SPINE_TEXT_DIRECTION", "15 degrees off a quarter turn is not spine text", european,
                HALF_INCH.pdf(spineText(HALF_INCH, c75, s75, -s75, c75)));
        passes("COVER_SPINE_TEXT_DIRECTION", "horizontal text on a wide spine", NONE,
                new Spread(40).pdf(p -> p.fill(WHITE).text(new Spread(40).leftFold + 20, 400, 8, "Vol. 2")));
        passes("COVER_SPINE_TEXT_DIRECTION", "text turned bottom to top on the front cover", NONE,
                HALF_INCH.pdf(p -> p.fill(BLACK).textMatrix(0, 1, -1, 0, HALF_INCH.rightFold + 200, 200, 10,
                        "Sideways")));
        passes("COVER_SPINE_TEXT_DIRECTION", "a page shown upside down turns the text round", NONE,
                () -> HALF_INCH.page(Pdfs.document(), true, bottomToTop(HALF_INCH)).rotate(180).done().bytes());

        // COVER_SPINE_CONTENT_CROSSES_FOLD
        passes("COVER_SPINE_CONTENT_CROSSES_FOLD", "text on the spine", NONE, HALF_INCH.pdf(topToBottom(HALF_INCH)));
        fails("COVER_SPINE_CONTENT_CROSSES_FOLD", "front text starting 3 mm on the spine", NONE,
                HALF_INCH.pdf(textAt(HALF_INCH.rightFold, -3)), 1);
        passes("COVER_SPINE_CONTENT_CROSSES_FOLD", "front text starting 1 pt right of the fold", NONE,
                HALF_INCH.pdf(textAt(HALF_INCH.rightFold, 1 / MM)));
        fails("COVER_SPINE_CONTENT_CROSSES_FOLD", "front text starting 1 pt left of the fold", NONE,
                HALF_INCH.pdf(textAt(HALF_INCH.rightFold, -1 / MM)), 1);
        fails("COVER_SPINE_CONTENT_CROSSES_FOLD", "spine text too big for a thin spine", NONE,
                new Spread(3).pdf(topToBottom(new Spread(3))), 1);
        passes("COVER_SPINE_CONTENT_CROSSES_FOLD", "a picture across the spine is meant to be", NONE,
                HALF_INCH.pdf(p -> p.image(Pdfs.image(8, 8).cmyk(), HALF_INCH.leftFold - 50, 300,
                        HALF_INCH.spine + 100, 100)));

        // COVER_BARCODE_AREA
        Map<String, Object> required = Map.of("barcode_required", true);
        passes("COVER_BARCODE_AREA", "a barcode on a white box in the area", required,
                HALF_INCH.pdf(barcode(30, true)));
        fails("COVER_BARCODE_AREA", "blurb text running into the area", NONE,
                HALF_INCH.pdf(p -> p.text(AREA_X0 - 60, AREA_Y0 + 20, 12, "Text that runs on and on")), 1);
        passes("COVER_BARCODE_AREA", "an image ending 1 pt left of the area", NONE, HALF_INCH.pdf(p -> p
                .image(Pdfs.image(4, 4).cmyk(), AREA_X0 - 41, AREA_Y0 + 10, 40, 40)));
        fails("COVER_BARCODE_AREA", "an image 2 pt into the area", NONE, HALF_INCH.pdf(p -> p
                .image(Pdfs.image(4, 4).cmyk(), AREA_X0 - 38, AREA_Y0 + 10, 40, 40)), 1);
        passes("COVER_BARCODE_AREA", "the same image under the white box", NONE, HALF_INCH.pdf(p -> {
            p.image(Pdfs.image(4, 4).cmyk(), AREA_X0 - 38, AREA_Y0 + 10, 40, 40);
            barcode(30, true).accept(p);
        }));
        fails("COVER_BARCODE_AREA", "the same image over the white box", NONE, HALF_INCH.pdf(p -> {
            barcode(30, true).accept(p);
            p.image(Pdfs.image(4, 4).cmyk(), AREA_X0 - 38, AREA_Y0 + 10, 40, 40);
        }), 1);
        passes("COVER_BARCODE_AREA", "an empty area when none is required", NONE, HALF_INCH.pdf(p -> { }));
        passes("COVER_BARCODE_AREA", "a cover photo under the whole spread", NONE, HALF_INCH.pdf(p -> p
                .image(Pdfs.image(16, 16).cmyk(), 0, 0, HALF_INCH.width, HALF_INCH.height)));
        fails("COVER_BARCODE_AREA", "a cover photo is no barcode", required, HALF_INCH.pdf(p -> p
                .image(Pdfs.image(16, 16).cmyk(), 0, 0, HALF_INCH.width, HALF_INCH.height)), 1);
        fails("COVER_BARCODE_AREA", "an empty area when one is required", required, HALF_INCH.pdf(p -> { }), 1);
        passes("COVER_BARCODE_AREA", "20 separate bars make a barcode", required, HALF_INCH.pdf(barcode(20, false)));
        fails("COVER_BARCODE_AREA", "19 separate bars do not", required, HALF_INCH.pdf(barcode(19, false)), 1);
        passes("COVER_BARCODE_AREA", "a barcode image", required, HALF_INCH.pdf(p -> p
                .image(Pdfs.image(64, 32).gray(), AREA_X0 + 10, AREA_Y0 + 10, 100, 50)));
        passes("COVER_BARCODE_AREA", "right to left: the back cover is on the right", Map.of("right_to_left", true),
                HALF_INCH.pdf(p -> p.text(AREA_X0 - 60, AREA_Y0 + 20, 12, "Text that runs on and on")));
        fails("COVER_BARCODE_AREA", "right to left: text into the area on the right", Map.of("right_to_left", true),
                HALF_INCH.pdf(p -> p.text(HALF_INCH.rightFold + 18 + 100, AREA_Y0 + 20, 12, "Text running on")),
                1);
    }

    // ------------------------------------------------------------------------------------------ interiors

    /** An interior of {@code n} 6 x 9 in pages with 0.125 in bleed and a line of text mid-page on each. */
    static Supplier<byte[]> interior(int n) {
        return interior(n, (i, p) -> p.text(150, 300, 10, "Page " + i));
    }

    interface PageContent {
        void draw(int pageNum, Pdfs.Page page);
    }

    static Supplier<byte[]> interior(int n, PageContent content) {
        return () -> {
            Pdfs.Doc d = Pdfs.document();
            for (int i = 1; i <= n; i++) {
                Pdfs.Page p = interiorPage(d);
                content.draw(i, p);
                p.done();
            }
            return d.bytes();
        };
    }

    static Pdfs.Page interiorPage(Pdfs.Doc d) {
        return d.page(TRIM_W + 2 * BLEED, TRIM_H + 2 * BLEED).trimBox(BLEED, BLEED, TRIM_W + BLEED, TRIM_H + BLEED)
                .bleedBox(0, 0, TRIM_W + 2 * BLEED, TRIM_H + 2 * BLEED).font(Pdfs.Font.EMBEDDED_SANS).fill(BLACK);
    }

    static {
        // BINDING_PAGE_COUNT
        passes("BINDING_PAGE_COUNT", "4 pages", NONE, interior(4));
        fails("BINDING_PAGE_COUNT", "3 pages", NONE, interior(3), 0);
        Map<String, Object> saddle = Map.of("multiple_of", 4, "min_pages", 8, "max_pages", 12);
        passes("BINDING_PAGE_COUNT", "8 pages saddle-stitched", saddle, interior(8));
        fails("BINDING_PAGE_COUNT", "10 pages saddle-stitched", saddle, interior(10), 0);
        passes("BINDING_PAGE_COUNT", "12 pages, the most", saddle, interior(12));
        fails("BINDING_PAGE_COUNT", "16 pages, more than 12", saddle, interior(16), 0);
        fails("BINDING_PAGE_COUNT", "4 pages, fewer than 8", saddle, interior(4), 0);

        // BINDING_PAGE_SIZE_MISMATCH
        passes("BINDING_PAGE_SIZE_MISMATCH", "6 x 9 in pages", NONE, interior(2));
        fails("BINDING_PAGE_SIZE_MISMATCH", "a Letter page among them", NONE, () -> {
            Pdfs.Doc d = Pdfs.document();
            interiorPage(d).done().page(612, 792).done();
            return interiorPage(d).done().bytes();
        }, 2);
        passes("BINDING_PAGE_SIZE_MISMATCH", "0.4 mm wider, inside the tolerance", NONE, () -> Pdfs.document()
                .page(TRIM_W + 0.4 * MM, TRIM_H).done().bytes());
        fails("BINDING_PAGE_SIZE_MISMATCH", "0.6 mm wider, outside the tolerance", NONE, () -> Pdfs.document()
                .page(TRIM_W + 0.6 * MM, TRIM_H).done().bytes(), 1);
        passes("BINDING_PAGE_SIZE_MISMATCH", "a page stored landscape, shown upright by /Rotate", NONE,
                () -> Pdfs.document().page(TRIM_H, TRIM_W).rotate(90).done().bytes());
        fails("BINDING_PAGE_SIZE_MISMATCH", "a landscape page", NONE, () -> Pdfs.document().page(TRIM_H, TRIM_W)
                .done().bytes(), 1);

        // BINDING_BLANK_PAGES
        passes("BINDING_BLANK_PAGES", "every page printed", NONE, interior(3));
        fails("BINDING_BLANK_PAGES", "page 2 blank", NONE, interior(3, (i, p) -> {
            if (i != 2) {
                p.text(150, 300, 10, "Page " + i);
            }
        }), 2);
        fails("BINDING_BLANK_PAGES", "page 2 has only marks outside the trim", NONE, interior(3, (i, p) -> {
            p.stroke(BLACK).lineWidth(0.25).line(0, 4, 6, 4);
            if (i != 2) {
                p.text(150, 300, 10, "Page " + i);
            }
        }), 2);
        fails("BINDING_BLANK_PAGES", "page 2 has only invisible text", NONE, interior(3, (i, p) -> {
            if (i == 2) {
                p.textRenderMode(3);
            }
            p.text(150, 300, 10, "Page " + i);
        }), 2);
        passes("BINDING_BLANK_PAGES", "a page with only a hairline rule", NONE, interior(2, (i, p) -> {
            if (i == 2) {
                p.stroke(BLACK).lineWidth(0.25).line(100, 300, 300, 300);
            } else {
                p.text(150, 300, 10, "Page " + i);
            }
        }));

        // BINDING_GUTTER_MARGIN: 9.5 mm from the binding edge, page 1 bound on its left
        double left = BLEED;
        passes("BINDING_GUTTER_MARGIN", "text 9.6 mm from the binding edge of page 1", NONE,
                interior(1, (i, p) -> p.text(left + 9.6 * MM, 300, 10, "Recto")));
        fails("BINDING_GUTTER_MARGIN", "text 9.4 mm from the binding edge of page 1", NONE,
                interior(1, (i, p) -> p.text(left + 9.4 * MM, 300, 10, "Recto")), 1);
        passes("BINDING_GUTTER_MARGIN", "left-hand page 2: its left edge is the outside", NONE,
                interior(2, (i, p) -> p.text(left + (i == 2 ? 3 : 20) * MM, 300, 10, "Page")));
        fails("BINDING_GUTTER_MARGIN", "left-hand page 2: text reaching its right edge", NONE,
                interior(2, (i, p) -> p.text(i == 2 ? TRIM_W + BLEED - 30 : 150, 300, 10, "Page")), 2);
        Map<String, Object> rtl = Map.of("right_to_left", true);
        passes("BINDING_GUTTER_MARGIN", "right to left: page 2 bound on its left, text 9.6 mm away", rtl,
                interior(2, (i, p) -> p.text(i == 2 ? left + 9.6 * MM : 100, 300, 10, "Page")));
        fails("BINDING_GUTTER_MARGIN", "right to left: page 2 bound on its left, text 9.4 mm away", rtl,
                interior(2, (i, p) -> p.text(i == 2 ? left + 9.4 * MM : 100, 300, 10, "Page")), 2);
        passes("BINDING_GUTTER_MARGIN", "right to left: page 1's left edge is the outside", rtl,
                interior(1, (i, p) -> p.text(left + 3 * MM, 300, 10, "Page")));
        passes("BINDING_GUTTER_MARGIN", "a 5 mm gutter asked, text 5.1 mm away", Map.of("gutter_mm", 5.0),
                interior(1, (i, p) -> p.text(left + 5.1 * MM, 300, 10, "Recto")));
    }

    // ------------------------------------------------------------------------------------------ running

    static List<Finding> analyze(String id, byte[] pdf, Map<String, Object> params, Severity severity)
            throws Exception {
        Profile profile = new Profile("one-check", id, null, null, false,
                List.of(new ProfileCheck(id, severity, params, null)));
        Path f = Files.createTempFile("book-case", ".pdf");
        try {
            Files.write(f, pdf);
            List<Finding> findings = new Engine(EngineSettings.defaults()).analyze(f, new AnalysisRequest(profile,
                    false)).findings();
            assertThat(findings).as("no check may fail on a generated file")
                    .noneMatch(x -> x.inspectionId().equals(Engine.CHECK_FAILED));
            return findings.stream().filter(x -> x.inspectionId().equals(id)).toList();
        } finally {
            Files.deleteIfExists(f);
        }
    }

    @TestFactory
    Stream<DynamicTest> everyBookCheckPassesAndFailsItsFiles() {
        return VARIANTS.stream().map(v -> DynamicTest.dynamicTest(v.id() + (v.fails() ? " fails: " : " passes: ")
                + v.what(), () -> {
                    List<Finding> findings = analyze(v.id(), v.file().get(), v.params(), null);
                    if (!v.fails()) {
                        assertThat(findings).as(v.what()).isEmpty();
                        return;
                    }
                    assertThat(findings).as(v.what()).isNotEmpty();
                    if (v.page() != null && v.page() > 0) {
                        assertThat(findings).extracting(Finding::pageNum).contains(v.page());
                    }
                }));
    }

    @Test
    void everyBookCheckHasFilesThatPassAndFilesThatFail() {
        Set<String> ids = BookChecks.all().stream().map(c -> c.info().id())
                .collect(Collectors.toCollection(TreeSet::new));
        Set<String> passing = VARIANTS.stream().filter(v -> !v.fails()).map(Variant::id).collect(Collectors.toSet());
        Set<String> failing = VARIANTS.stream().filter(Variant::fails).map(Variant::id).collect(Collectors.toSet());
        assertThat(passing).containsAll(ids);
        assertThat(failing).containsAll(ids);
        assertThat(ids).containsAll(passing).containsAll(failing);
        Map<String, Long> perId = VARIANTS.stream().collect(Collectors.groupingBy(Variant::id, LinkedHashMap::new,
                Collectors.counting()));
        assertThat(perId.values()).as("near misses beside the plain pass and fail").allMatch(n -> n >= 4);
    }

    @Test
    void blankPagesAreListedForInformationAndTooLongARunAtTheCheckSeverity() throws Exception {
        byte[] pdf = interior(6, (i, p) -> {
            if (i == 1 || i == 5) {
                p.text(150, 300, 10, "Page " + i);
            }
        }).get();
        List<Finding> f = analyze("BINDING_BLANK_PAGES", pdf, NONE, Severity.WARNING);
        assertThat(f).hasSize(2);
        assertThat(f.get(0).severity()).isEqualTo(Severity.INFO);
        assertThat(f.get(0).message()).isEqualTo("4 blank page(s): 2-4, 6");
        assertThat(f.get(0).details()).containsEntry("blank_pages", List.of(2, 3, 4, 6))
                .containsEntry("blank_count", 4);
        assertThat(f.get(1).severity()).isEqualTo(Severity.WARNING);
        assertThat(f.get(1).message()).isEqualTo("3 blank pages in a row (pages 2 to 4); at most 2 expected");
        assertThat(f.get(1).pageNum()).isEqualTo(2);
        assertThat(f.get(1).details()).containsEntry("pages_in_row", 3).containsEntry("last_page", 4);
    }

    @Test
    void twoBlankPagesInARowAreOnlyListed() throws Exception {
        byte[] pdf = interior(4, (i, p) -> {
            if (i == 1 || i == 4) {
                p.text(150, 300, 10, "Page " + i);
            }
        }).get();
        assertThat(analyze("BINDING_BLANK_PAGES", pdf, NONE, Severity.WARNING)).singleElement()
                .satisfies(x -> assertThat(x.severity()).isEqualTo(Severity.INFO));
        assertThat(analyze("BINDING_BLANK_PAGES", pdf, Map.of("max_blank_in_row", 1), Severity.WARNING))
                .extracting(Finding::severity).containsExactly(Severity.INFO, Severity.WARNING);
    }

    @Test
    void coverSizeWithoutATrimBoxMeasuresTheSheetWithItsBleedAndWithoutASpineOnlyAMinimumWidth() throws Exception {
        var close = org.assertj.core.data.Offset.offset(0.06);
        // no TrimBox: the CropBox is the sheet, bleed on both sides counts in what is expected
        Finding sheet = analyze("COVER_SIZE", new Spread(12.7, 2).pdf(false, p -> { }).get(), spine(12.7), null)
                .getFirst();
        assertThat(sheet.details()).containsEntry("measured_box", "CropBox");
        assertThat((Double) sheet.details().get("width_mm")).isCloseTo(321.85, close);
        assertThat((Double) sheet.details().get("height_mm")).isCloseTo(234.95, close);
        assertThat((Double) sheet.details().get("expected_width_mm")).isCloseTo(323.85, close);
        assertThat((Double) sheet.details().get("expected_height_mm")).isCloseTo(234.95, close);
        assertThat((Double) sheet.details().get("implied_spine_mm")).isCloseTo(10.7, close);
        assertThat(sheet.message()).contains("with bleed (no TrimBox, so the page is the sheet)", "needs 323.85 x "
                + "234.95 mm");
        // no spine given: only a minimum width, two trims; 1 mm less is reported with the spine it implies
        Finding narrow = analyze("COVER_SIZE", new Spread(0, 1).pdf(p -> { }).get(), NONE, null).getFirst();
        assertThat(narrow.message()).endsWith("needs at least 304.8 mm wide and 228.6 mm high")
                .contains("a spine of any width");
        assertThat((Double) narrow.details().get("implied_spine_mm")).isCloseTo(-1.0, close);
        assertThat(narrow.details().get("expected_width_mm")).isNull();
        // and without a TrimBox the two trims' minimum includes the bleed
        assertThat(analyze("COVER_SIZE", new Spread(0, 0).pdf(false, p -> { }).get(), NONE, null)).isEmpty();
        Finding narrowSheet = analyze("COVER_SIZE", new Spread(0, 1).pdf(false, p -> { }).get(), NONE, null)
                .getFirst();
        assertThat(narrowSheet.message()).endsWith("needs at least 311.15 mm wide and 234.95 mm high");
        assertThat((Double) narrowSheet.details().get("implied_spine_mm")).isCloseTo(-1.0, close);

        // the folds of a sheet without a TrimBox: the flat cover is the sheet less the bleed, the spine what is
        // left of it after two trims, so text 1.5 mm right of the right fold is measured as 1.5 mm from it
        Finding margin = analyze("COVER_SPINE_TEXT_MARGIN", HALF_INCH.pdf(false, textAt(HALF_INCH.rightFold, 1.5))
                .get(), NONE, null).getFirst();
        assertThat((Double) margin.details().get("distance_mm")).isCloseTo(1.5, close);
        assertThat(margin.details()).containsEntry("on_spine", false);
        Finding inside = analyze("COVER_SPINE_TEXT_MARGIN", HALF_INCH.pdf(false, textAt(HALF_INCH.leftFold, 1))
                .get(), NONE, null).getFirst();
        assertThat(inside.details()).containsEntry("on_spine", true);
        assertThat((Double) inside.details().get("distance_mm")).isCloseTo(1.0, close);
    }

    @Test
    void gutterMarginFollowsTurnedAndScaledPagesAndSaysWhichEdgeBinds() throws Exception {
        var close = org.assertj.core.data.Offset.offset(0.01);
        String longText = "A line of running text long enough to be cut short in the finding's details, past eighty";
        // page 2 (left-hand) bound on its right: the details name the edge, the distance, the gutter and the text
        Finding verso = analyze("BINDING_GUTTER_MARGIN", interior(2, (i, p) -> {
            if (i == 2) {
                p.font(Pdfs.Font.EMBEDDED_SANS).text(TRIM_W + BLEED - 150, 300, 4, longText);
            } else {
                p.text(150, 300, 10, "Page 1");
            }
        }).get(), NONE, null).getFirst();
        assertThat(verso.pageNum()).isEqualTo(2);
        assertThat(verso.details()).containsEntry("binding_edge", "right").containsEntry("gutter_mm", 9.5)
                .containsEntry("text", longText.substring(0, 80) + "...");
        assertThat(verso.message()).startsWith("Text on left-hand page 2 is ");
        // /Rotate 180 shows the page's right edge on the left: a right-hand page is then bound on its right edge
        byte[] turned = Pdfs.document().page(TRIM_W, TRIM_H).rotate(180).font(Pdfs.Font.EMBEDDED_SANS).fill(BLACK)
                .text(TRIM_W - 9 * MM - 5, 300, 10, "Turn").text(3 * MM, 200, 10, "Outside").done().bytes();
        assertThat(analyze("BINDING_GUTTER_MARGIN", turned, NONE, null)).singleElement().satisfies(t -> {
            assertThat(t.details()).containsEntry("text", "Turn").containsEntry("binding_edge", "left");
            assertThat((Double) t.details().get("distance_mm")).isLessThan(9.5).isGreaterThan(0.0);
        });
        // a page turned a quarter has no left or right binding edge we can tell: not judged
        byte[] quarter = Pdfs.document().page(TRIM_W, TRIM_H).rotate(90).font(Pdfs.Font.EMBEDDED_SANS).fill(BLACK)
                .text(2 * MM, 300, 10, "Edge").done().bytes();
        assertThat(analyze("BINDING_GUTTER_MARGIN", quarter, NONE, null)).isEmpty();
        // UserUnit 2: 5 units from the edge are 10 mm on paper, outside a 9.5 mm gutter; 4.5 units are 9 mm
        for (double units : new double[] {5, 4.5}) {
            byte[] scaled = Pdfs.document().page(TRIM_W / 2, TRIM_H / 2).userUnit(2).font(Pdfs.Font.EMBEDDED_SANS)
                    .fill(BLACK).text(units * MM, 150, 5, "Scaled").done().bytes();
            List<Finding> f = analyze("BINDING_GUTTER_MARGIN", scaled, NONE, null);
            if (units == 5) {
                assertThat(f).isEmpty();
            } else {
                assertThat((Double) f.getFirst().details().get("distance_mm")).isCloseTo(9.0, close);
            }
        }
    }

    @Test
    void barcodeAreaSaysWhatRunsIntoItAndFollowsACoverTurnedUpsideDown() throws Exception {
        String blurb = "Text that runs on and on and on and on and on and on";
        Finding text = analyze("COVER_BARCODE_AREA", HALF_INCH.pdf(p -> p.text(AREA_X0 - 60, AREA_Y0 + 20, 12,
                blurb)).get(), NONE, null).getFirst();
        assertThat(text.message()).isEqualTo("Text \"" + blurb.substring(0, 40)
                + "...\" runs into the barcode area on the back cover");
        Finding shortText = analyze("COVER_BARCODE_AREA", HALF_INCH.pdf(p -> p.text(AREA_X0 - 10, AREA_Y0 + 20, 12,
                "Price")).get(), NONE, null).getFirst();
        assertThat(shortText.message()).isEqualTo("Text \"Price\" runs into the barcode area on the back cover");
        Finding image = analyze("COVER_BARCODE_AREA", HALF_INCH.pdf(p -> p.image(Pdfs.image(4, 4).cmyk(),
                AREA_X0 - 38, AREA_Y0 + 10, 40, 40)).get(), NONE, null).getFirst();
        assertThat(image.message()).isEqualTo("An image runs into the barcode area on the back cover");
        // a hairline across the whole area: its overlap is 0.05 pt high but the area's width long
        Finding rule = analyze("COVER_BARCODE_AREA", HALF_INCH.pdf(p -> p.stroke(BLACK).lineWidth(0.05)
                .line(AREA_X0 - 20, AREA_Y0 + 40, AREA_X1 + 20, AREA_Y0 + 40)).get(), NONE, null).getFirst();
        assertThat(rule.message()).isEqualTo("A path runs into the barcode area on the back cover");
        // turned upside down (/Rotate 180): the back cover shows on the page's right, the bottom trim at its top
        double top = HALF_INCH.height - BLEED;
        assertThat(analyze("COVER_BARCODE_AREA", HALF_INCH.pdf(p -> p.rotate(180).text(HALF_INCH.rightFold + 18 + 100,
                top - 18 - 20, 12, "Upside down text running on")).get(), NONE, null)).singleElement()
                .satisfies(f -> assertThat(f.message()).contains("\"Upside down text running on\""));
        assertThat(analyze("COVER_BARCODE_AREA", HALF_INCH.pdf(p -> p.rotate(180).text(AREA_X0 - 10, AREA_Y0 + 20,
                12, "Price")).get(), NONE, null)).isEmpty();
    }

    @Test
    void coverFindingsSayWhatWasMeasuredAndWhatWasExpected() throws Exception {
        Finding size = analyze("COVER_SIZE", new Spread(12.7, 2).pdf(p -> { }).get(), spine(12.7), null).getFirst();
        assertThat(size.message()).isEqualTo("Page 1 is 315.5 x 228.6 mm trimmed (TrimBox); a 152.4 x 228.6 mm "
                + "trim with a 12.7 mm spine and 3.175 mm bleed needs 317.5 x 228.6 mm");
        assertThat(size.details()).containsEntry("measured_box", "TrimBox").containsEntry("width_mm", 315.5)
                .containsEntry("expected_width_mm", 317.5).containsEntry("implied_spine_mm", 10.7);
        Finding margin = analyze("COVER_SPINE_TEXT_MARGIN", HALF_INCH.pdf(textAt(HALF_INCH.rightFold, 1.5)).get(),
                NONE, null).getFirst();
        assertThat(margin.details()).containsEntry("distance_mm", 1.5).containsEntry("on_spine", false)
                .containsEntry("text", "Price");
        assertThat(margin.bbox().getFirst()).isCloseTo(HALF_INCH.rightFold + 1.5 * MM,
                org.assertj.core.data.Offset.offset(0.01));
        Finding area = analyze("COVER_BARCODE_AREA", HALF_INCH.pdf(p -> p.image(Pdfs.image(4, 4).cmyk(),
                AREA_X0 - 38, AREA_Y0 + 10, 40, 40)).get(), NONE, null).getFirst();
        List<Double> inside = List.of(AREA_X0, AREA_Y0 + 10, AREA_X0 + 2, AREA_Y0 + 50);
        for (int i = 0; i < 4; i++) {
            assertThat(area.bbox().get(i)).as("the part inside the area, " + i).isCloseTo(inside.get(i),
                    org.assertj.core.data.Offset.offset(1e-6));
        }
    }

    @Test
    void bookChecksAreRegisteredInTheCatalogueInTheirOwnCategory() {
        for (Check c : BookChecks.all()) {
            assertThat(dev.preflight.engine.CheckCatalog.builtin().info(c.info().id())).isEqualTo(c.info());
            assertThat(c.info().category()).isEqualTo("book");
        }
        assertThat(BookChecks.all()).extracting(c -> c.info().id()).containsExactly("COVER_PAGE_COUNT",
                "COVER_SIZE", "COVER_SPINE_WIDTH", "COVER_SPINE_TEXT_MARGIN", "COVER_SPINE_TEXT_DIRECTION",
                "COVER_SPINE_CONTENT_CROSSES_FOLD", "COVER_BARCODE_AREA", "BINDING_PAGE_COUNT",
                "BINDING_PAGE_SIZE_MISMATCH", "BINDING_BLANK_PAGES", "BINDING_GUTTER_MARGIN");
    }
}
