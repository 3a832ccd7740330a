package dev.preflight.engine.checks;

import dev.preflight.engine.AnalysisRequest;
import dev.preflight.engine.Engine;
import dev.preflight.engine.EngineSettings;
import dev.preflight.engine.Finding;
import dev.preflight.engine.Profile;
import dev.preflight.engine.ProfileCheck;
import dev.preflight.engine.Profiles;
import dev.preflight.engine.testpdf.Pdfs;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.cos.COSStream;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.graphics.image.PDImageXObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.Deflater;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Streams that a page draws but that do not decode completely are DOC_DAMAGED findings naming the object and the
 * page, never a clean report and never an exception.
 */
class DamagedStreamTests {

    @TempDir
    Path tmp;

    /** Two pages: a CMYK Flate image on page 1, a JPEG on page 2, vector content on both. */
    private static byte[] sound() {
        var d = Pdfs.document();
        d.page(400, 400).fill(Pdfs.cmyk(0, 0, 0, 1)).rect(10, 10, 50, 50)
                .image(Pdfs.image(64, 64).cmyk(), 100, 100, 100, 100);
        d.page(400, 400).fill(Pdfs.cmyk(0, 1, 0, 0)).rect(10, 10, 50, 50)
                .image(Pdfs.image(64, 64).rgb().jpeg(), 100, 100, 100, 100);
        return d.bytes();
    }

    /** Reopens the file, changes it, saves it (uncompressed object streams, so that /Length can be edited). */
    private static byte[] edit(byte[] pdf, PdfEdit change) throws IOException {
        try (PDDocument doc = Loader.loadPDF(pdf)) {
            change.apply(doc);
            var out = new ByteArrayOutputStream();
            doc.save(out, org.apache.pdfbox.pdfwriter.compress.CompressParameters.NO_COMPRESSION);
            return out.toByteArray();
        }
    }

    interface PdfEdit {
        void apply(PDDocument doc) throws IOException;
    }

    private static COSStream imageOn(PDDocument doc, int pageIndex) throws IOException {
        PDPage page = doc.getPage(pageIndex);
        for (COSName n : page.getResources().getXObjectNames()) {
            if (page.getResources().getXObject(n) instanceof PDImageXObject img) {
                return img.getCOSObject();
            }
        }
        throw new IllegalStateException("no image on page " + (pageIndex + 1));
    }

    private static byte[] raw(COSStream s) throws IOException {
        try (InputStream in = s.createRawInputStream()) {
            return in.readAllBytes();
        }
    }

    private static void setRaw(COSStream s, byte[] data) throws IOException {
        try (OutputStream out = s.createRawOutputStream()) {
            out.write(data);
        }
    }

    private static byte[] deflate(byte[] data, boolean zlib) {
        Deflater d = new Deflater(Deflater.DEFAULT_COMPRESSION, !zlib);
        d.setInput(data);
        d.finish();
        var out = new ByteArrayOutputStream();
        byte[] buf = new byte[4096];
        while (!d.finished()) {
            out.write(buf, 0, d.deflate(buf));
        }
        d.end();
        return out.toByteArray();
    }

    private List<Finding> damaged(byte[] pdf) throws Exception {
        Path f = Files.write(tmp.resolve("damaged-" + System.nanoTime() + ".pdf"), pdf);
        Profile profile = new Profile("one-check", "DOC_DAMAGED", null, null, false,
                List.of(new ProfileCheck("DOC_DAMAGED", null, Map.of(), null)));
        List<Finding> all = new Engine(EngineSettings.defaults()).analyze(f, new AnalysisRequest(profile, false))
                .findings();
        assertThat(all).noneMatch(x -> x.inspectionId().equals(Engine.CHECK_FAILED));
        return all.stream().filter(x -> x.inspectionId().equals("DOC_DAMAGED")).toList();
    }

    @Test
    void soundFilesAreNotDamaged() throws Exception {
        assertThat(damaged(sound())).isEmpty();
        assertThat(damaged(edit(sound(), doc -> { }))).isEmpty();
    }

    @Test
    void paddedJpegIsNotDamaged() throws Exception {
        byte[] pdf = edit(sound(), doc -> {
            COSStream jpeg = imageOn(doc, 1);
            byte[] j = raw(jpeg);
            byte[] padded = Arrays.copyOf(j, j.length + 2);
            padded[j.length] = '\r';
            padded[j.length + 1] = '\n';
            setRaw(jpeg, padded);
        });
        assertThat(damaged(pdf)).isEmpty();
    }

    @Test
    void truncatedFlateImageIsReportedWithObjectAndPage() throws Exception {
        byte[] pdf = edit(sound(), doc -> {
            COSStream img = imageOn(doc, 0);
            byte[] r = raw(img);
            setRaw(img, Arrays.copyOf(r, r.length / 2));
        });
        assertThat(damaged(pdf)).singleElement().satisfies(f -> {
            assertThat(f.pageNum()).isEqualTo(1);
            assertThat(f.objectId()).matches("\\d+ 0 R");
            assertThat(f.message()).contains("image stream").contains("page 1").contains("Flate data ends early");
            assertThat(f.details()).containsEntry("stream_kind", "image").containsEntry("filter", "FlateDecode");
        });
    }

    @Test
    void truncatedJpegIsReportedOnItsPage() throws Exception {
        byte[] pdf = edit(sound(), doc -> {
            COSStream jpeg = imageOn(doc, 1);
            byte[] r = raw(jpeg);
            setRaw(jpeg, Arrays.copyOf(r, r.length - 40));
        });
        assertThat(damaged(pdf)).singleElement().satisfies(f -> {
            assertThat(f.pageNum()).isEqualTo(2);
            assertThat(f.message()).contains("JPEG data ends early");
            assertThat(f.details()).containsEntry("filter", "DCTDecode");
        });
    }

    @Test
    void corruptFlateContentStreamIsReported() throws Exception {
        byte[] pdf = edit(sound(), doc -> {
            COSStream content = doc.getPage(0).getCOSObject().getCOSStream(COSName.CONTENTS);
            byte[] data = "q 0 0 0 1 k 10 10 50 50 re f Q".repeat(20).getBytes(StandardCharsets.US_ASCII);
            byte[] z = deflate(data, true);
            byte[] broken = z.clone();
            for (int i = 8; i < broken.length - 4; i += 3) {
                broken[i] = (byte) 0xFF;
            }
            setRaw(content, broken);
            content.setItem(COSName.FILTER, COSName.FLATE_DECODE);
        });
        assertThat(damaged(pdf)).anySatisfy(f -> {
            assertThat(f.pageNum()).isEqualTo(1);
            assertThat(f.details()).containsEntry("stream_kind", "content");
            assertThat(f.message()).contains("Flate data");
        });
    }

    /** Writes the content through PDFBox's LZW encoder and returns the encoded bytes. */
    private static byte[] lzw(COSStream s, byte[] data) throws IOException {
        try (OutputStream out = s.createOutputStream(COSName.LZW_DECODE)) {
            out.write(data);
        }
        return raw(s);
    }

    private static final byte[] CONTENT = "q 0 0 0 1 k 10 10 50 50 re f Q\n".repeat(40)
            .getBytes(StandardCharsets.US_ASCII);

    @Test
    void soundLzwContentIsNotDamaged() throws Exception {
        byte[] pdf = edit(sound(), doc -> {
            COSStream content = doc.getPage(0).getCOSObject().getCOSStream(COSName.CONTENTS);
            lzw(content, CONTENT);
        });
        assertThat(damaged(pdf)).isEmpty();
    }

    @Test
    void lzwContentWithABadCodeIsReported() throws Exception {
        byte[] pdf = edit(sound(), doc -> {
            COSStream content = doc.getPage(0).getCOSObject().getCOSStream(COSName.CONTENTS);
            byte[] z = lzw(content, CONTENT);
            // code 511 (all ones) while the table is still small
            z[4] = (byte) 0xFF;
            z[5] = (byte) 0xFF;
            setRaw(content, z);
            content.setItem(COSName.FILTER, COSName.LZW_DECODE);
        });
        assertThat(damaged(pdf)).singleElement().satisfies(f -> {
            assertThat(f.pageNum()).isEqualTo(1);
            assertThat(f.message()).contains("LZW data has a bad code");
            assertThat(f.details()).containsEntry("filter", "LZWDecode").containsEntry("stream_kind", "content");
        });
    }

    @Test
    void wrongLengthIsReported() throws Exception {
        byte[] pdf = edit(sound(), doc -> imageOn(doc, 1).setBoolean(COSName.getPDFName("Marker"), true));
        String s = new String(pdf, StandardCharsets.ISO_8859_1);
        int marker = s.indexOf("/Marker true");
        int dictStart = s.lastIndexOf("<<", marker);
        Matcher m = Pattern.compile("/Length (\\d+)").matcher(s);
        assertThat(m.find(dictStart)).isTrue();
        String wrong = s.substring(0, m.start()) + "/Length " + (Long.parseLong(m.group(1)) + 9)
                + s.substring(m.end());
        // the xref offsets after the edit shift by at most a digit; PDFBox and RIPs find objects by scanning
        List<Finding> findings = damaged(wrong.getBytes(StandardCharsets.ISO_8859_1));
        assertThat(findings).anySatisfy(f -> {
            assertThat(f.pageNum()).isEqualTo(2);
            assertThat(f.message()).contains("/Length");
        });
    }

    /** The image on page 2 with a dictionary longer than the 4 KiB the /Length check reads first. */
    private static String longDictionary() throws IOException {
        byte[] pdf = edit(sound(), doc -> {
            COSStream img = imageOn(doc, 1);
            img.setBoolean(COSName.getPDFName("Marker"), true);
            img.setString(COSName.getPDFName("Padding"), "x".repeat(6000));
        });
        return new String(pdf, StandardCharsets.ISO_8859_1);
    }

    @Test
    void wrongLengthAfterALongDictionaryIsReported() throws Exception {
        String s = longDictionary();
        int marker = s.indexOf("/Marker true");
        int dictStart = s.lastIndexOf("<<", marker);
        assertThat(s.indexOf("stream", marker) - dictStart).isGreaterThan(4096);
        Matcher m = Pattern.compile("/Length (\\d+)").matcher(s);
        assertThat(m.find(dictStart)).isTrue();
        String wrong = s.substring(0, m.start()) + "/Length " + (Long.parseLong(m.group(1)) + 9)
                + s.substring(m.end());
        List<Finding> findings = damaged(wrong.getBytes(StandardCharsets.ISO_8859_1));
        assertThat(findings).anySatisfy(f -> {
            assertThat(f.pageNum()).isEqualTo(2);
            assertThat(f.message()).contains("/Length");
        });
    }

    @Test
    void aRightLengthAfterALongDictionaryIsNotReported() throws Exception {
        assertThat(damaged(longDictionary().getBytes(StandardCharsets.ISO_8859_1))).isEmpty();
    }

    @Test
    void aDamagedImageUnderTheDefaultProfileIsNotClean() throws Exception {
        byte[] pdf = edit(sound(), doc -> {
            COSStream img = imageOn(doc, 0);
            byte[] r = raw(img);
            setRaw(img, Arrays.copyOf(r, r.length / 3));
        });
        Path f = Files.write(tmp.resolve("default.pdf"), pdf);
        List<Finding> all = new Engine(EngineSettings.defaults())
                .analyze(f, new AnalysisRequest(Profiles.builtin("service-default"), false)).findings();
        assertThat(all).anySatisfy(x -> {
            assertThat(x.inspectionId()).isEqualTo("DOC_DAMAGED");
            assertThat(x.pageNum()).isEqualTo(1);
        });
    }
}
