package dev.preflight.engine.conformance;

import dev.preflight.engine.AnalysisRequest;
import dev.preflight.engine.AnalysisResult;
import dev.preflight.engine.ConformanceSettings;
import dev.preflight.engine.Engine;
import dev.preflight.engine.EngineSettings;
import dev.preflight.engine.Finding;
import dev.preflight.engine.Profile;
import dev.preflight.engine.ProfileCheck;
import dev.preflight.engine.Profiles;
import dev.preflight.engine.Severity;
import dev.preflight.engine.facts.ConformanceFact;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.common.PDMetadata;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.encryption.AccessPermission;
import org.apache.pdfbox.pdmodel.encryption.StandardProtectionPolicy;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Conformance through the engine on PDFs made here for what the veraPDF corpus does not show. */
class ConformanceEngineTests {

    private static final Engine ENGINE = new Engine(EngineSettings.defaults());

    @TempDir
    Path dir;

    @Test
    void ruleFailingOnOnePageIsLocatedOnThatPage() throws Exception {
        Path pdf = write("third-page-rgb.pdf", doc -> {
            page(doc);
            page(doc);
            try (var cs = new PDPageContentStream(doc, page(doc))) {
                cs.setNonStrokingColor(0.9f, 0.1f, 0.1f);
                cs.addRect(100, 100, 200, 200);
                cs.fill();
            }
        });
        List<Finding> findings = conformance(run(pdf, Profiles.builtin("pdfa-2b")));
        Finding rgb = findings.stream().filter(f -> f.pageNum() > 0).findFirst().orElseThrow();
        assertThat(rgb.inspectionId()).startsWith("PDFA2_6_2_4_3_T");
        assertThat(rgb.pageNum()).isEqualTo(3);
        assertThat(rgb.objectId()).matches("\\d+ 0 R");
        assertThat(rgb.isoClause()).isEqualTo("ISO 19005-2:2011 6.2.4.3");
        assertThat(locations(rgb)).allSatisfy(l -> assertThat(l.get("page")).isEqualTo(3));
        // the document-level failures (no XMP metadata, no output intent) carry no page
        assertThat(findings).anyMatch(f -> f.pageNum() == 0);
    }

    @Test
    void findingsAboutAnAnnotationOrAnImageAreBoxedWhereTheyAre() throws Exception {
        Path pdf = write("boxed.pdf", doc -> {
            PDPage first = page(doc);
            var img = new java.awt.image.BufferedImage(8, 8, java.awt.image.BufferedImage.TYPE_INT_RGB);
            var x = org.apache.pdfbox.pdmodel.graphics.image.LosslessFactory.createFromImage(doc, img);
            try (var cs = new PDPageContentStream(doc, first)) {
                cs.drawImage(x, 50, 60, 100, 80);
            }
            PDPage second = page(doc);
            var note = new org.apache.pdfbox.pdmodel.interactive.annotation.PDAnnotationSquare();
            note.setRectangle(new PDRectangle(100, 200, 50, 60));
            second.getAnnotations().add(note);
        });
        List<Finding> findings = conformance(run(pdf, Profiles.builtin("pdfa-2b")));
        // 6.3.2: an annotation without the print flag, on page 2, boxed by its rectangle
        Finding annot = findings.stream().filter(f -> f.inspectionId().startsWith("PDFA2_6_3_2_")).findFirst()
                .orElseThrow();
        assertThat(annot.pageNum()).isEqualTo(2);
        assertThat(annot.bbox()).containsExactly(100.0, 200.0, 150.0, 260.0);
        // 6.2.4.3: the RGB image on page 1, boxed where it is placed
        Finding image = findings.stream().filter(f -> f.inspectionId().startsWith("PDFA2_6_2_4_3_")
                && f.pageNum() == 1 && f.bbox() != null).findFirst().orElseThrow();
        assertThat(image.bbox()).containsExactly(50.0, 60.0, 150.0, 140.0);
        // a rule about the document has no place
        assertThat(findings.stream().filter(f -> f.pageNum() == 0)).allSatisfy(f -> assertThat(f.bbox()).isNull());
    }

    @Test
    void onlyThePagesAFailedRuleNamesAnObjectOnAreWalkedForAConformanceOnlyProfile() {
        var located = new ConformanceFact.RuleFailures(3, List.of(new ConformanceFact.Location(4, "12 0 R", "ctx"),
                new ConformanceFact.Location(0, "1 0 R", "document"), new ConformanceFact.Location(7, null, "page")));
        var completed = new ConformanceFact("2b", ConformanceFact.Status.COMPLETED, null,
                java.util.Map.of("PDFA2_6_2_4_3_T1", located), 5);
        var stopped = new ConformanceFact("ua1", ConformanceFact.Status.STOPPED, "stopped",
                java.util.Map.of("PDFUA1_7_1_T1", new ConformanceFact.RuleFailures(1,
                        List.of(new ConformanceFact.Location(9, "3 0 R", "ctx")))), 5);
        assertThat(Engine.placedPages(java.util.Map.of("2b", completed, "ua1", stopped)))
                .containsExactly(4);
        assertThat(ConformancePlan.conformanceOnly(Profiles.builtin("pdfa-2b"))).isTrue();
        assertThat(ConformancePlan.conformanceOnly(Profiles.builtin(ConformanceProfiles.AUTO))).isTrue();
        assertThat(ConformancePlan.conformanceOnly(Profiles.builtin("service-default"))).isFalse();
    }

    @Test
    void ruleFailingThousandsOfTimesIsOneFinding() throws Exception {
        Path pdf = write("many-pages-rgb.pdf", doc -> {
            for (int i = 0; i < 2500; i++) {
                try (var cs = new PDPageContentStream(doc, page(doc))) {
                    cs.setNonStrokingColor(0.2f, 0.4f, 0.6f);
                    cs.addRect(10, 10, 20, 20);
                    cs.fill();
                }
            }
        });
        List<Finding> findings = conformance(run(pdf, Profiles.builtin("pdfa-2b")));
        var byId = findings.stream().collect(java.util.stream.Collectors.groupingBy(Finding::inspectionId));
        assertThat(byId.values()).allSatisfy(same -> assertThat(same).hasSize(1));
        Finding many = findings.stream().filter(f -> ((Number) f.details().get("occurrences")).intValue() >= 2500)
                .findFirst().orElseThrow();
        assertThat(locations(many)).hasSize(10);
        assertThat(many.details()).containsEntry("locations_shown", 10);
        assertThat(many.message()).contains((many.details().get("occurrences")) + " times");
    }

    @Test
    void autoProfileValidatesTheDeclaredFlavour() throws Exception {
        Path pdf = write("declares-3u.pdf", doc -> {
            try (var cs = new PDPageContentStream(doc, page(doc))) {
                // device RGB without an output intent: a failure of PDF/A-3 as of every part
                cs.setNonStrokingColor(0.9f, 0.1f, 0.1f);
                cs.addRect(100, 100, 200, 200);
                cs.fill();
            }
            var xmp = """
                    <?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?>
                    <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
                    <rdf:Description rdf:about="" xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/">
                    <pdfaid:part>3</pdfaid:part><pdfaid:conformance>U</pdfaid:conformance>
                    </rdf:Description></rdf:RDF></x:xmpmeta>
                    <?xpacket end="w"?>""";
            var md = new PDMetadata(doc);
            md.importXMPMetadata(xmp.getBytes(StandardCharsets.UTF_8));
            doc.getDocumentCatalog().setMetadata(md);
        });
        AnalysisResult r = run(pdf, Profiles.builtin(ConformanceProfiles.AUTO));
        assertThat(r.findings()).anyMatch(f -> f.inspectionId().startsWith("PDFA3_6_2_4_3_T")
                && f.details().get("flavour").equals("3u"));
        assertThat(r.findings()).noneMatch(f -> f.inspectionId().startsWith("PDFA2_")
                || f.inspectionId().startsWith("PDFUA"));
        assertThat(r.findings()).anyMatch(f -> f.inspectionId().equals(DeclaredConformanceCheck.ID)
                && f.severity() == Severity.INFO && f.message().contains("PDF/A-3u"));
    }

    @Test
    void autoProfileReportsAFileDeclaringNothing() throws Exception {
        Path pdf = write("declares-nothing.pdf", ConformanceEngineTests::page);
        AnalysisResult r = run(pdf, Profiles.builtin(ConformanceProfiles.AUTO));
        assertThat(r.findings()).singleElement().satisfies(f -> {
            assertThat(f.inspectionId()).isEqualTo(DeclaredConformanceCheck.ID);
            assertThat(f.severity()).isEqualTo(Severity.ERROR);
            assertThat(f.message()).contains("declares no PDF/A or PDF/UA");
        });
    }

    @Test
    void mixedProfileValidatesEachFlavourOnceBesidePrintChecks() throws Exception {
        Path pdf = write("mixed.pdf", doc -> {
            try (var cs = new PDPageContentStream(doc, page(doc))) {
                cs.setNonStrokingColor(0.9f, 0.1f, 0.1f);
                cs.addRect(100, 100, 200, 200);
                cs.fill();
            }
        });
        var rules = ConformanceRules.get();
        var checks = new java.util.ArrayList<ProfileCheck>();
        checks.add(new ProfileCheck("OI_MISSING", null, Map.of(), null));
        rules.idsOf("2b").forEach(id -> checks.add(new ProfileCheck(id, null, Map.of(), null)));
        checks.add(new ProfileCheck(rules.idsOf("ua1").get(0), null, Map.of(), null));
        Profile mixed = Profiles.validate(new Profile("x4-a2b", "PDF/X-4 and PDF/A-2b", null, null, false, checks),
                dev.preflight.engine.CheckCatalog.builtin());
        assertThat(ConformancePlan.of(mixed, (List<String>) null).flavours()).containsExactly("2b", "ua1");
        AnalysisResult r = run(pdf, mixed);
        assertThat(r.findings()).anyMatch(f -> f.inspectionId().equals("OI_MISSING"));
        assertThat(r.findings()).anyMatch(f -> f.inspectionId().startsWith("PDFA2_6_2_4_3_T"));
        assertThat(conformance(r)).allSatisfy(f -> assertThat(List.of("2b", "ua1")).contains(
                (String) f.details().get("flavour")));
    }

    @Test
    void slowValidationStopsWithANoteAndTheNextJobStillRuns() throws Exception {
        var settings = ConformanceSettings.defaults().withBounds(Duration.ofSeconds(60), 384);
        Path small = write("small.pdf", ConformanceEngineTests::page);
        // a warm child, so that the bound below measures the file rather than a JVM start
        assertThat(conformance(run(small, Profiles.builtin("pdfa-2b"), settings))).isNotEmpty();
        Path slow = write("slow.pdf", doc -> {
            for (int i = 0; i < 4000; i++) {
                try (var cs = new PDPageContentStream(doc, page(doc))) {
                    for (int j = 0; j < 50; j++) {
                        cs.setNonStrokingColor(j / 50f, 0.4f, 0.6f);
                        cs.addRect(j, j, 20, 20);
                        cs.fill();
                    }
                }
            }
        });
        var tight = settings.withBounds(Duration.ofSeconds(2), 384);
        AnalysisResult r = run(slow, Profiles.builtin("pdfa-2b"), tight);
        assertThat(r.findings()).singleElement().satisfies(f -> {
            assertThat(f.inspectionId()).isEqualTo(ConformanceNotices.NOT_VALIDATED);
            assertThat(f.message()).contains("validation stopped after 2 s");
            assertThat(f.details()).containsEntry("status", "stopped");
        });
        assertThat(conformance(run(small, Profiles.builtin("pdfa-2b"), settings))).isNotEmpty()
                .noneMatch(f -> f.inspectionId().equals(ConformanceNotices.NOT_VALIDATED));
    }

    @Test
    void validationOverItsHeapStopsWithANote() throws Exception {
        var settings = ConformanceSettings.defaults().withBounds(Duration.ofMinutes(3), 40);
        // the bound is the file's: a small file validates in a child of the same heap
        Path small = write("small-in-40mb.pdf", ConformanceEngineTests::page);
        assertThat(conformance(run(small, Profiles.builtin("pdfa-2b"), settings))).isNotEmpty()
                .noneMatch(f -> f.inspectionId().equals(ConformanceNotices.NOT_VALIDATED));
        Path big = write("big.pdf", doc -> {
            for (int i = 0; i < 6000; i++) {
                try (var cs = new PDPageContentStream(doc, page(doc))) {
                    for (int j = 0; j < 40; j++) {
                        cs.setNonStrokingColor(j / 40f, 0.4f, 0.6f);
                        cs.addRect(j, j, 20, 20);
                        cs.fill();
                    }
                }
            }
        });
        AnalysisResult r = run(big, Profiles.builtin("pdfa-2b"), settings);
        assertThat(r.findings()).singleElement().satisfies(f -> {
            assertThat(f.inspectionId()).isEqualTo(ConformanceNotices.NOT_VALIDATED);
            assertThat(f.message()).contains("validation stopped after 40 MB");
            assertThat(f.details()).containsEntry("status", "stopped");
        });
    }

    @Test
    void encryptedFileIsJudgedOrNotedNeverLost() throws Exception {
        Path pdf = write("encrypted.pdf", doc -> {
            page(doc);
            var policy = new StandardProtectionPolicy("owner", "", new AccessPermission());
            policy.setEncryptionKeyLength(128);
            doc.protect(policy);
        });
        List<Finding> findings = conformance(run(pdf, Profiles.builtin("pdfa-2b")));
        // PDF/A forbids encryption (ISO 19005-2 6.1.3: no Encrypt key in the trailer)
        assertThat(findings).anyMatch(f -> f.inspectionId().startsWith("PDFA2_6_1_3_T")
                || f.inspectionId().equals(ConformanceNotices.NOT_VALIDATED) && f.message().contains("encrypted"));
    }

    @Test
    void damagedFileGetsAClearNoteOrItsFindings() throws Exception {
        Path good = write("to-damage.pdf", ConformanceEngineTests::page);
        byte[] bytes = Files.readAllBytes(good);
        String text = new String(bytes, StandardCharsets.ISO_8859_1);
        // break the cross-reference offset: PDFBox repairs it by scanning, veraPDF judges the broken table
        Path damaged = dir.resolve("damaged.pdf");
        Files.write(damaged, text.replaceFirst("startxref\\s+\\d+", "startxref\n999999")
                .getBytes(StandardCharsets.ISO_8859_1));
        List<Finding> findings = conformance(run(damaged, Profiles.builtin("pdfa-2b")));
        assertThat(findings).isNotEmpty().allSatisfy(f -> assertThat(f.message()).isNotBlank());
        assertThat(findings).anyMatch(f -> f.inspectionId().startsWith("PDFA2_6_1_")
                || f.inspectionId().equals(ConformanceNotices.NOT_VALIDATED));
    }

    // --- helpers

    interface Build {
        void into(PDDocument doc) throws IOException;
    }

    private Path write(String name, Build build) throws IOException {
        Path p = dir.resolve(name);
        try (var doc = new PDDocument()) {
            build.into(doc);
            doc.save(p.toFile());
        }
        return p;
    }

    private static PDPage page(PDDocument doc) {
        var p = new PDPage(PDRectangle.A4);
        doc.addPage(p);
        return p;
    }

    private static AnalysisResult run(Path pdf, Profile profile) throws Exception {
        return ENGINE.analyze(pdf, new AnalysisRequest(profile, false));
    }

    private static AnalysisResult run(Path pdf, Profile profile, ConformanceSettings settings) throws Exception {
        return new Engine(EngineSettings.defaults(), settings).analyze(pdf, new AnalysisRequest(profile, false));
    }

    private static List<Finding> conformance(AnalysisResult r) {
        return r.findings().stream().filter(f -> "conformance".equals(f.category())).toList();
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> locations(Finding f) {
        return (List<Map<String, Object>>) f.details().get("locations");
    }
}
