package dev.preflight.engine.fixups;

import dev.preflight.engine.Finding;
import dev.preflight.engine.Profile;
import dev.preflight.engine.Profiles;
import dev.preflight.engine.testpdf.Pdfs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

import static dev.preflight.engine.fixups.FixupChecks.findings;
import static org.assertj.core.api.Assertions.assertThat;

/** The chained case, planned from the findings as {@code auto: true} does. Needs Ghostscript. */
class ChainedFixupsTests {

    @TempDir
    Path dir;

    @Test
    void anRgbFlyerWithoutBoxesBleedOrEmbeddedFontsAndWithWhiteOverprintPassesGwgSheetfedAfterTheFixups()
            throws Exception {
        Path icc = Files.write(dir.resolve("fogra39.icc"), Pdfs.cmykProfile());
        OutputCondition fogra39 = new OutputCondition("fogra39", "FOGRA39", "Offset, coated paper",
                "http://www.color.org", "CMYK", icc);
        Fixups fixups = new Fixups(new FixupSettings("gs", Duration.ofMinutes(2), dir, 64L << 20,
                id -> Optional.ofNullable(Map.of("fogra39", fogra39).get(id))));
        Path in = Pdfs.document().page(595, 842)
                .image(Pdfs.image(600, 600).rgb(), 40, 400, 150, 150)
                .fill(Pdfs.cmyk(0.1, 0.6, 0, 0)).rect(0, 0, 595, 300)
                .font(Pdfs.Font.HELVETICA).fill(Pdfs.cmyk(0, 0, 0, 1)).text(40, 200, 24, "Summer sale")
                .overprint(true, true, 1).fill(Pdfs.cmyk(0, 0, 0, 0)).text(40, 120, 18, "white on colour")
                .done().write(dir.resolve("flyer.pdf"));
        Profile gwg = Profiles.builtin("gwg2022-sheetcmyk-cmyk");
        Set<String> before = findings(in, gwg).stream().map(Finding::inspectionId).collect(Collectors.toSet());
        assertThat(before).contains("COLOR_BINDING_EARLY", "PDFX_FONTS_NOT_EMBEDDED", "PDFX_TRIM_OR_ART_MISSING",
                "OP_WHITE_TEXT", "PDFX_OI_MISSING");

        List<FixupRequest> plan = fixups.plan(before, gwg);
        assertThat(plan).extracting(FixupRequest::fixupId).containsExactly("SET_PAGE_BOXES", "EMBED_FONTS",
                "CONVERT_TO_OUTPUT_INTENT", "WHITE_KNOCKOUT", "SET_OUTPUT_INTENT");
        Path out = dir.resolve("fixed.pdf");
        FixupResult result = fixups.apply(in, out, plan);
        assertThat(result.applied()).extracting(AppliedFixup::fixupId).containsExactly("SET_PAGE_BOXES",
                "EMBED_FONTS", "CONVERT_TO_OUTPUT_INTENT", "WHITE_KNOCKOUT", "SET_OUTPUT_INTENT");
        assertThat(result.applied().get(1).notes()).containsExactly(
                "font Helvetica was not in the file; embedded Ghostscript's NimbusSans-Regular in its place");

        TreeSet<String> after = findings(out, gwg).stream().map(Finding::inspectionId)
                .collect(Collectors.toCollection(TreeSet::new));
        assertThat(after).as("the file passes gwg2022-sheetcmyk-cmyk: no finding at all").isEmpty();
        assertThat(result.applied().get(4).notes()).noneMatch(n -> n.startsWith("not identified"));
    }
}
