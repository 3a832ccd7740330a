package dev.preflight.engine.imports;

import dev.preflight.engine.Finding;
import dev.preflight.engine.Severity;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static dev.preflight.engine.imports.ReportFixtures.bytes;
import static org.assertj.core.api.Assertions.assertThat;

class ServiceJsonExporterTests {

    @Test
    void importedFindingsSurviveAnExportAndReimportUnchanged() throws Exception {
        for (String file : new String[] {"service_json/full.json", "pitstop/v3-mm.xml", "pitstop/v2.xml",
                "callas/pdftoolbox-full.xml", "callas/json-v1-numeric.json", "acrobat/legacy-pdfinspektor3.xml"}) {
            ImportResult first = ReportImporters.importReport(null, bytes(file));
            byte[] exported = ServiceJsonExporter.export(first.findings(), first.sourceInfo());
            ImportResult second = ReportImporters.importReport(null, exported);

            List<Finding> expected = first.findings().stream().map(ServiceJsonExporterTests::asNative).toList();
            assertThat(second.findings()).as(file).isEqualTo(expected);
        }
    }

    @Test
    void nativeFindingsRoundTripExactly() throws Exception {
        ImportResult first = ReportImporters.importReport("service_json", bytes("service_json/full.json"));
        byte[] exported = ServiceJsonExporter.export(first.findings(), first.sourceInfo());
        ImportResult second = ReportImporters.importReport("service_json", exported);

        assertThat(second.findings()).isEqualTo(first.findings());
        assertThat(second.sourceInfo()).isEqualTo(first.sourceInfo());
    }

    @Test
    void engineFindingsGainOnlyThePrefixAndTheSource() throws Exception {
        Finding engine = new Finding("IMG_RES_LOW", Severity.ERROR, "Image at 96 ppi", 3,
                Finding.box(10, 20, 110, 220), "15 0 R", "image", "image", "GWG2022 R0031",
                Map.of("ppi", 96.5, "limit", 150, "names", List.of("a", "b")), Finding.SOURCE_ENGINE);

        Finding back = ReportImporters.importReport(null, ServiceJsonExporter.export(List.of(engine), Map.of()))
                .findings().getFirst();

        assertThat(back).isEqualTo(new Finding("EXT-SVC-IMG_RES_LOW", Severity.ERROR, "Image at 96 ppi", 3,
                Finding.box(10, 20, 110, 220), "15 0 R", "image", "image", "GWG2022 R0031",
                Map.of("ppi", 96.5, "limit", 150, "names", List.of("a", "b")), "external:service_json"));
    }

    @Test
    void nonScalarSourceValuesAreWrittenAsJsonTextSoTheDocumentStaysValid() throws Exception {
        Map<String, Object> source = new LinkedHashMap<>();
        source.put("tool", "callas pdfToolbox");
        source.put("processing_errors", List.of("x"));
        source.put("skipped", null);

        ImportResult back = ReportImporters.importReport("service_json",
                ServiceJsonExporter.export(List.of(), source));
        assertThat(back.sourceInfo()).containsExactly(Map.entry("tool", "callas pdfToolbox"),
                Map.entry("processing_errors", "[\"x\"]"));
    }

    /** What a finding becomes after one pass through service_json: EXT-SVC- prefix and the native source. */
    private static Finding asNative(Finding f) {
        String id = ImportedIds.prefixed(ImportedIds.SERVICE_JSON, f.inspectionId());
        return new Finding(id, f.severity(), f.message(), f.pageNum(), f.bbox(), f.objectId(), f.objectType(),
                f.category(), f.isoClause(), f.details(), "external:service_json");
    }
}
