package dev.preflight.engine.facts;

import dev.preflight.engine.testpdf.Pdfs;
import org.apache.pdfbox.cos.COSArray;
import org.apache.pdfbox.cos.COSDictionary;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.cos.COSStream;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;

import static dev.preflight.engine.facts.FactsFixture.facts;
import static dev.preflight.engine.facts.FactsFixture.only;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The facts the book and file-storage checks read: the direction of a text run's baseline, how many subpaths a
 * path has, which pages carry thumbnails and which streams are compressed with LZW.
 */
class BookFactsTests {

    private static final Pdfs.Colour BLACK = Pdfs.cmyk(0, 0, 0, 1);

    private static double angleOf(double a, double b, double c, double d) {
        PaintedElement e = only(facts(Pdfs.document().page(400, 400).font(Pdfs.Font.EMBEDDED_SANS).fill(BLACK)
                .textMatrix(a, b, c, d, 200, 200, 12, "Spine").done().bytes()), x -> x.kind() == ElementKind.TEXT);
        return e.text().angle();
    }

    @Test
    void textAngleIsTheBaselineDirectionInPageSpace() {
        assertThat(angleOf(1, 0, 0, 1)).isEqualTo(0);
        assertThat(angleOf(0, 1, -1, 0)).as("turned counter-clockwise: reads bottom to top").isEqualTo(90);
        assertThat(angleOf(0, -1, 1, 0)).as("turned clockwise: reads top to bottom").isEqualTo(-90);
        assertThat(angleOf(-1, 0, 0, -1)).as("upside down").isEqualTo(180);
        assertThat(angleOf(0.866, 0.5, -0.5, 0.866)).isCloseTo(30, org.assertj.core.data.Offset.offset(0.01));
    }

    @Test
    void textAngleIncludesTheCurrentTransformation() {
        PaintedElement e = only(facts(Pdfs.document().page(400, 400).transform(0, -1, 1, 0, 0, 400)
                .font(Pdfs.Font.EMBEDDED_SANS).fill(BLACK).text(100, 100, 12, "Spine").done().bytes()),
                x -> x.kind() == ElementKind.TEXT);
        assertThat(e.text().angle()).isEqualTo(-90);
    }

    @Test
    void aPathCountsItsSubpaths() {
        var bars = new StringBuilder();
        for (int i = 0; i < 30; i++) {
            bars.append(100 + 3 * i).append(" 100 1 40 re ");
        }
        PaintedElement e = only(facts(Pdfs.document().page(400, 400).fill(BLACK).raw(bars + "f").done().bytes()),
                x -> x.kind() == ElementKind.FILL);
        assertThat(e.subpaths()).isEqualTo(30);
        assertThat(e.parts()).as("too many to keep as parts").isEmpty();
        PaintedElement line = only(facts(Pdfs.document().page(400, 400).stroke(BLACK).line(10, 10, 50, 50).done()
                .bytes()), x -> x.kind() == ElementKind.STROKE);
        assertThat(line.subpaths()).isEqualTo(1);
    }

    private static COSStream compressed(Pdfs.Doc d, COSName filter) {
        COSStream s = d.stream(new byte[0], false);
        try (OutputStream out = s.createOutputStream(filter)) {
            out.write(new byte[16]);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return s;
    }

    private static COSDictionary page(Pdfs.Doc d, int index) {
        COSArray kids = (COSArray) d.catalog().getCOSDictionary(COSName.PAGES).getDictionaryObject(COSName.KIDS);
        return (COSDictionary) kids.getObject(index);
    }

    @Test
    void thumbnailsAndLzwStreamsAreRecorded() {
        Pdfs.Doc d = Pdfs.document();
        d.page(200, 200).fill(BLACK).rect(10, 10, 10, 10).done().page(200, 200).done().page(200, 200).done();
        page(d, 1).setItem(COSName.getPDFName("Thumb"), compressed(d, COSName.LZW_DECODE));
        page(d, 2).setItem(COSName.getPDFName("Thumb"), compressed(d, COSName.FLATE_DECODE));
        COSStream xmp = compressed(d, COSName.LZW_DECODE);
        d.catalog().setItem(COSName.METADATA, xmp);
        DocumentFacts f = facts(d.bytes());
        assertThat(f.storage().thumbnailPages()).containsExactly(2, 3);
        assertThat(f.storage().lzwStreams()).extracting(StorageFact.LzwStream::kind, StorageFact.LzwStream::pageNum)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("thumbnail", 2),
                        org.assertj.core.groups.Tuple.tuple("metadata", 0));
    }

    @Test
    void aFlateFileHasNoLzwStreamsAndNoThumbnails() {
        DocumentFacts f = facts(Pdfs.document().page(200, 200).font(Pdfs.Font.EMBEDDED_SANS)
                .text(10, 10, 12, "Flate").image(Pdfs.image(8, 8).gray(), 50, 50, 20, 20).done()
                .xmp("<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"/>").bytes());
        assertThat(f.storage().lzwStreams()).isEmpty();
        assertThat(f.storage().thumbnailPages()).isEmpty();
    }
}
