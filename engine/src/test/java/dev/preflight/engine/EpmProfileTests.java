package dev.preflight.engine;

import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.ContentChecks;
import dev.preflight.engine.testpdf.Pdfs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.function.Consumer;

import static org.assertj.core.api.Assertions.assertThat;

class EpmProfileTests {

    @TempDir
    Path tmp;

    @Test
    void builtinEpmProfileRunsEveryEpmCheckWithItsTierSeverity() {
        Profile epm = Profiles.builtin("epm");
        assertThat(epm).isNotNull();
        Profiles.validate(epm, CheckCatalog.builtin());
        var ids = ContentChecks.all().stream().map(c -> c.info().id()).filter(id -> id.startsWith("SVC_EPM_"))
                .toList();
        assertThat(epm.checks()).extracting(ProfileCheck::checkId).containsExactlyInAnyOrderElementsOf(ids);
        for (Check c : ContentChecks.all()) {
            ProfileCheck pc = epm.check(c.info().id());
            if (pc != null) {
                assertThat(pc.severity()).as(pc.checkId()).isEqualTo(c.info().defaultSeverity());
                assertThat(pc.isoClause()).startsWith("EPM ");
            }
        }
    }

    private EpmVerdict verdict(Consumer<Pdfs.Page> content) throws Exception {
        var doc = Pdfs.document();
        Pdfs.Page page = doc.page(400, 400);
        content.accept(page);
        Path file = page.done().write(tmp.resolve("epm-" + System.nanoTime() + ".pdf"));
        var result = new Engine(EngineSettings.defaults())
                .analyze(file, new AnalysisRequest(Profiles.builtin("epm"), false));
        return EpmVerdict.from(result.findings());
    }

    @Test
    void verdictsOnGeneratedPdfs() throws Exception {
        EpmVerdict clean = verdict(p -> p.fill(Pdfs.cmyk(0.2, 0.6, 0.1, 0)).rect(50, 50, 100, 100));
        assertThat(clean.tier()).isEqualTo(EpmVerdict.PASS);

        EpmVerdict smallBlack = verdict(p -> p.fill(Pdfs.cmyk(0, 0, 0, 1)).text(60, 200, 6, "Fine print"));
        assertThat(smallBlack.tier()).isEqualTo(EpmVerdict.REJECT);
        assertThat(smallBlack.legacyCodesFired()).contains("001");
        assertThat(smallBlack.rejectionDrivers()).contains("SVC_EPM_SMALL_BLACK_TEXT_REJECT");

        EpmVerdict rgb = verdict(p -> p.image(Pdfs.image(32, 32).rgb(), 50, 50, 100, 100));
        assertThat(rgb.tier()).isEqualTo(EpmVerdict.PASS_WITH_ADVISORY);
        assertThat(rgb.advisories()).containsExactly("SVC_EPM_RGB_CONTENT_REJECT");

        EpmVerdict grey = verdict(p -> p.image(Pdfs.image(32, 32).gray(), 50, 50, 100, 100));
        assertThat(grey.tier()).isEqualTo(EpmVerdict.MARGINAL);
        assertThat(grey.rejectionDrivers()).containsExactly("SVC_EPM_GRAY_IMAGE_REJECT");
    }
}
