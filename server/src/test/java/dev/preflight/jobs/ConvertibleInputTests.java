package dev.preflight.jobs;

import dev.preflight.support.ServerTestBase;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;

import static org.assertj.core.api.Assertions.assertThat;

/** Images and PostScript are converted to PDF before analysis, and the findings say so. */
class ConvertibleInputTests extends ServerTestBase {

    @Test
    void aPngIsConvertedAndAnalysed() throws IOException {
        var t = newTenant("growth");
        var img = new BufferedImage(300, 200, BufferedImage.TYPE_INT_RGB);
        var out = new ByteArrayOutputStream();
        ImageIO.write(img, "png", out);
        JsonNode job = run(t, out.toByteArray());
        assertThat(job.get("status").asString()).as(job.toString()).isEqualTo("completed");
        assertThat(job.get("page_count").asInt()).isEqualTo(1);
        JsonNode first = job.get("findings").get(0);
        assertThat(first.get("inspection_id").asString()).isEqualTo("INPUT_CONVERTED");
        assertThat(first.get("severity").asString()).isEqualTo("info");
        assertThat(first.get("details").get("input_type").asString()).isEqualTo("png");
        assertThat(inspectionIds(job)).contains("COLOR_RGB_USED");
    }

    @Test
    void postScriptIsConvertedWithGhostscript() {
        var t = newTenant("growth");
        String ps = "%!PS-Adobe-3.0\n<< /PageSize [200 100] >> setpagedevice\n"
                + "0 0 0 1 setcmykcolor 10 10 50 50 rectfill showpage\n";
        JsonNode job = run(t, ps.getBytes(java.nio.charset.StandardCharsets.US_ASCII), "preflight_source", "minimal");
        assertThat(job.get("status").asString()).as(job.toString()).isEqualTo("completed");
        assertThat(job.get("page_count").asInt()).isEqualTo(1);
        assertThat(job.get("findings").get(0).get("inspection_id").asString()).isEqualTo("INPUT_CONVERTED");
    }
}
