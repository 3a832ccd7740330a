package dev.preflight.reports;

import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.common.PDStream;
import org.apache.pdfbox.pdmodel.graphics.optionalcontent.PDOptionalContentGroup;
import org.apache.pdfbox.pdmodel.interactive.annotation.PDAnnotation;
import org.apache.pdfbox.pdmodel.interactive.annotation.PDAnnotationSquare;
import org.apache.pdfbox.pdmodel.interactive.documentnavigation.outline.PDOutlineItem;
import org.apache.pdfbox.text.PDFTextStripper;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import tools.jackson.databind.JsonNode;

import javax.imageio.ImageIO;
import javax.xml.XMLConstants;
import javax.xml.transform.stream.StreamSource;
import javax.xml.validation.SchemaFactory;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** Every format opened and checked: text, annotations, layers, content streams, schema, a real browser. */
class ReportFormatsTests extends ReportFixtures {

    /** The job's findings that carry a page and a rectangle (the ones reports mark). */
    private List<JsonNode> located(TenantKey t, String job) {
        var out = new ArrayList<JsonNode>();
        api.get("/api/v1/jobs/" + job, t.key()).json().get("findings").forEach(f -> {
            if (f.get("page_num").asInt() > 0 && f.get("bbox").isArray()) {
                out.add(f);
            }
        });
        return out;
    }

    private static String text(PDDocument doc) throws IOException {
        return new PDFTextStripper().getText(doc);
    }

    @Test
    void pdfReportIsTaggedWithBookmarksAndNamesFindingsChecksAndTheBrand() throws Exception {
        TenantKey t = newTenant("scale");
        String job = completedJob(t);
        byte[] pdf = api.get(path(minted(t, job, "pdf").get("pdf")), null).raw();
        Path dir = Path.of("target", "report-screenshots");
        Files.createDirectories(dir);
        Files.write(dir.resolve("report.pdf"), pdf);
        try (PDDocument doc = Loader.loadPDF(pdf)) {
            String text = text(doc);
            assertThat(text).contains("Preflight", "Report", "Failed", "Summary");
            JsonNode job0 = api.get("/api/v1/jobs/" + job, t.key()).json();
            for (JsonNode f : job0.get("findings")) {
                assertThat(text.replaceAll("\\s+", " ")).as(f.get("inspection_id").asString())
                        .contains(f.get("message").asString().replaceAll("\\s+", " "));
            }
            assertThat(doc.getDocumentCatalog().getMarkInfo().isMarked()).isTrue();
            assertThat(doc.getDocumentCatalog().getStructureTreeRoot()).isNotNull();
            assertThat(doc.getDocumentInformation().getProducer()).isEqualTo("Preflight");
            assertThat(doc.getDocumentInformation().getTitle()).isEqualTo("Report: test.pdf");
            var titles = new ArrayList<String>();
            for (PDOutlineItem top : doc.getDocumentCatalog().getDocumentOutline().children()) {
                titles.add(top.getTitle());
                for (PDOutlineItem check : top.children()) {
                    titles.add("  " + check.getTitle());
                }
            }
            assertThat(titles).contains("Summary");
            assertThat(titles.stream().filter(s -> s.matches("Errors|Warnings|Advisories|Notes"))).isNotEmpty();
            assertThat(titles.stream().filter(s -> s.startsWith("  "))).isNotEmpty();
        }
    }

    @Test
    void annotatedPdfMarksEachLocatedFindingOnceAtItsRectangleAndLeavesThePagesContentAlone() throws Exception {
        TenantKey t = newTenant("scale");
        byte[] original = findingsPdf();
        JsonNode jobBody = run(t, original);
        String job = jobBody.get("job_id").asString();
        List<JsonNode> located = located(t, job);
        assertThat(located).as("the fixture has located findings").isNotEmpty();
        byte[] annotated = api.get(path(minted(t, job, "annotated_pdf").get("annotated_pdf")), null).raw();
        try (PDDocument src = Loader.loadPDF(original); PDDocument out = Loader.loadPDF(annotated)) {
            int inserted = out.getNumberOfPages() - src.getNumberOfPages();
            assertThat(inserted).as("summary page inserted in front").isGreaterThanOrEqualTo(1);
            assertThat(text(out)).contains("Summary");
            var ours = new ArrayList<PDAnnotationSquare>();
            for (int i = 0; i < src.getNumberOfPages(); i++) {
                PDPage before = src.getPage(i);
                PDPage after = out.getPage(i + inserted);
                assertThat(streams(after).stream().map(b -> new String(b, StandardCharsets.ISO_8859_1)).toList())
                        .as("page " + (i + 1) + " content streams")
                        .isEqualTo(streams(before).stream().map(b -> new String(b, StandardCharsets.ISO_8859_1)).toList());
                for (PDAnnotation a : after.getAnnotations()) {
                    if (a instanceof PDAnnotationSquare sq && sq.getAnnotationName() != null
                            && sq.getAnnotationName().startsWith("finding-")) {
                        ours.add(sq);
                        String id = sq.getAnnotationName().substring("finding-".length());
                        JsonNode f = located.stream().filter(x -> x.get("finding_id").asString().equals(id))
                                .findFirst().orElseThrow();
                        assertThat(f.get("page_num").asInt()).isEqualTo(i + 1);
                        var r = sq.getRectangle();
                        JsonNode b = f.get("bbox");
                        if (b.get(2).asDouble() - b.get(0).asDouble() > 2 && b.get(3).asDouble() - b.get(1).asDouble() > 2) {
                            assertThat((double) r.getLowerLeftX()).isCloseTo(b.get(0).asDouble(), within(0.01));
                            assertThat((double) r.getLowerLeftY()).isCloseTo(b.get(1).asDouble(), within(0.01));
                            assertThat((double) r.getUpperRightX()).isCloseTo(b.get(2).asDouble(), within(0.01));
                            assertThat((double) r.getUpperRightY()).isCloseTo(b.get(3).asDouble(), within(0.01));
                        }
                        assertThat(sq.getContents()).isEqualTo(f.get("message").asString());
                        assertThat(sq.getSubject()).isNotBlank();
                        float[] rgb = sq.getColor().getComponents();
                        assertThat(rgb).hasSize(3);
                        if (f.get("severity").asString().equals("error")) {
                            assertThat(rgb[0]).isGreaterThan(0.7f);
                        }
                    }
                }
            }
            assertThat(ours).hasSize(located.size());
            assertThat(ours.stream().map(PDAnnotation::getAnnotationName).distinct().count()).isEqualTo(located.size());
            assertThat(out.getDocumentCatalog().getDocumentOutline().children().iterator().next().getTitle())
                    .isEqualTo("Summary");
        }
    }

    @Test
    void markupPdfDrawsTheMarksInANamedLayerAndKeepsTheOriginalStreams() throws Exception {
        TenantKey t = newTenant("scale");
        byte[] original = findingsPdf();
        String job = run(t, original).get("job_id").asString();
        JsonNode row = minted(t, job, "annotated_pdf_markup").get("annotated_pdf_markup");
        byte[] markup = api.get(path(row), null).raw();
        try (PDDocument src = Loader.loadPDF(original); PDDocument out = Loader.loadPDF(markup)) {
            var props = out.getDocumentCatalog().getOCProperties();
            assertThat(props).isNotNull();
            List<String> names = new ArrayList<>();
            for (PDOptionalContentGroup g : props.getOptionalContentGroups()) {
                names.add(g.getName());
            }
            assertThat(names).anyMatch(n -> n.matches("Report [0-9a-f]{8} findings"));
            int inserted = out.getNumberOfPages() - src.getNumberOfPages();
            boolean drawn = false;
            for (int i = 0; i < src.getNumberOfPages(); i++) {
                List<byte[]> before = streams(src.getPage(i));
                List<byte[]> after = streams(out.getPage(i + inserted));
                assertThat(containsInOrder(after, before)).as("page " + (i + 1) + " keeps its streams").isTrue();
                if (after.size() > before.size()) {
                    String added = new String(after.get(after.size() - 1), StandardCharsets.ISO_8859_1);
                    assertThat(added).contains("/OC ").contains("BDC").contains("re").contains("EMC");
                    drawn = true;
                }
                assertThat(out.getPage(i + inserted).getAnnotations()).noneMatch(a -> a.getAnnotationName() != null
                        && a.getAnnotationName().startsWith("finding-"));
            }
            assertThat(drawn).isTrue();
        }
    }

    @Test
    void xmlReportIsValidAgainstTheServedSchema() throws Exception {
        TenantKey t = newTenant("starter");
        String job = completedJob(t);
        String xml = api.get(path(minted(t, job, "xml").get("xml")), null).text();
        var xsd = api.get(XmlReport.XSD_PATH, null);
        assertThat(xsd.status()).isEqualTo(200);
        assertThat(xsd.header("Content-Type")).startsWith("application/xml");
        try (InputStream jar = getClass().getClassLoader().getResourceAsStream(XmlReport.XSD_RESOURCE)) {
            assertThat(xsd.raw()).isEqualTo(jar.readAllBytes());
        }
        var factory = SchemaFactory.newInstance(XMLConstants.W3C_XML_SCHEMA_NS_URI);
        factory.setProperty(XMLConstants.ACCESS_EXTERNAL_DTD, "");
        factory.setProperty(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
        var schema = factory.newSchema(new StreamSource(new ByteArrayInputStream(xsd.raw())));
        schema.newValidator().validate(new StreamSource(new StringReader(xml)));
        assertThat(xml).contains("<finding>", "<summary>", "<branding>", "<mode>service</mode>");
        var broken = xml.replace("<passed>", "<passed>maybe").replace("</passed>", "</passed>");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> schema.newValidator()
                .validate(new StreamSource(new StringReader(broken)))).isInstanceOf(org.xml.sax.SAXException.class);
    }

    @Test
    void jsonReportHasTheJobSummaryFindingsBrandingAndChecks() {
        TenantKey t = newTenant("starter");
        String job = completedJob(t);
        JsonNode doc = api.get(path(minted(t, job, "json").get("json")), null).json();
        JsonNode jobBody = api.get("/api/v1/jobs/" + job, t.key()).json();
        assertThat(doc.get("job").get("job_id").asString()).isEqualTo(job);
        assertThat(doc.get("summary")).isEqualTo(jobBody.get("summary"));
        assertThat(doc.get("findings")).isEqualTo(jobBody.get("findings"));
        assertThat(doc.get("branding").get("mode").asString()).isEqualTo("service");
        assertThat(doc.get("branding").get("brand_name").asString()).isEqualTo("Preflight");
        assertThat(doc.get("generated_at").asString()).matches("\\d{4}-\\d\\d-\\d\\dT.*Z");
        JsonNode check = doc.get("checks").get(0);
        assertThat(check.get("name").asString()).isNotBlank();
        assertThat(check.get("description").asString()).isNotBlank();
        assertThat(check.get("count").asInt()).isPositive();
    }

    @Test
    void htmlReportRendersInChromiumSelfContainedWithMarkedThumbnails() throws Exception {
        TenantKey t = newTenant("starter");
        String job = completedJob(t);
        String html = api.get(path(minted(t, job, "html").get("html")), null).text();
        assertThat(html).contains("occurrence", "Pages", "data:image/jpeg;base64,");
        assertThat(html).doesNotContain("http://", "https://");
        Path dir = Path.of("target", "report-screenshots");
        Files.createDirectories(dir);
        Path file = dir.resolve("report.html");
        Files.writeString(file, html);
        Path shot = dir.resolve("html-report.png");
        var options = new ChromeOptions();
        options.setBinary("/usr/bin/chromium");
        Path profile = Files.createTempDirectory("chromium-profile");
        options.addArguments("--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--user-data-dir=" + profile,
                "--window-size=1280,1600");
        var service = new ChromeDriverService.Builder().usingDriverExecutable(new File("/usr/bin/chromedriver"))
                .build();
        ChromeDriver driver = new ChromeDriver(service, options);
        try {
            driver.get(file.toUri().toString());
            Object loaded = ((JavascriptExecutor) driver).executeScript(
                    "return Array.from(document.images).every(i => i.complete && i.naturalWidth > 0)"
                            + " && document.images.length > 0");
            assertThat(loaded).as("every image loads from the file alone").isEqualTo(true);
            String body = driver.findElement(org.openqa.selenium.By.tagName("body")).getText();
            assertThat(body).contains("Failed", "Summary", "Page 1");
            Files.write(shot, driver.getScreenshotAs(OutputType.BYTES));
        } finally {
            driver.quit();
        }
        BufferedImage img = ImageIO.read(shot.toFile());
        assertThat(Files.size(shot)).isGreaterThan(20_000);
        assertThat(img.getWidth()).isGreaterThanOrEqualTo(1000);
        assertThat(img.getHeight()).isGreaterThanOrEqualTo(1000);
        Set<Integer> colours = new HashSet<>();
        for (int y = 0; y < img.getHeight(); y += 7) {
            for (int x = 0; x < img.getWidth(); x += 7) {
                colours.add(img.getRGB(x, y) & 0xffffff);
            }
        }
        assertThat(colours.size()).as("a rendered page, not a blank one").isGreaterThan(20);
    }

    @Test
    void anonymousOutputCarriesNoServiceNameAnywhere() throws Exception {
        TenantKey t = newTenant("scale");
        String job = completedJob(t, "unbranded", "true");
        var rows = minted(t, job, "html", "pdf", "annotated_pdf", "json");
        assertThat(api.get(path(rows.get("html")), null).text().toLowerCase(Locale.ROOT)).doesNotContain("preflight");
        var landing = api.get("/r/" + rows.get("pdf").get("token").asString(), null);
        assertThat(landing.text().toLowerCase(Locale.ROOT)).doesNotContain("preflight");
        for (String f : List.of("pdf", "annotated_pdf")) {
            var file = api.get(path(rows.get(f)) + "?download=1", null);
            assertThat(file.header("Content-Disposition")).startsWith("attachment")
                    .matches(".*filename=\"preflight-[0-9a-f]{8}(-annotated)?\\.pdf\".*");
            try (PDDocument doc = Loader.loadPDF(file.raw())) {
                String summary = new PDFTextStripper() {{ setEndPage(1); }}.getText(doc);
                assertThat(summary.toLowerCase(Locale.ROOT)).as(f).doesNotContain("preflight");
                if (f.equals("pdf")) {
                    assertThat(text(doc).toLowerCase(Locale.ROOT)).doesNotContain("preflight");
                    assertThat(doc.getDocumentInformation().getProducer()).isNull();
                    assertThat(doc.getDocumentInformation().getCreator()).isNull();
                    assertThat(doc.getDocumentInformation().getTitle()).isNull();
                    assertThat(doc.getDocumentCatalog().getMetadata()).isNull();
                }
            }
        }
        assertThat(api.get(path(rows.get("json")), null).json().get("branding").get("mode").asString())
                .isEqualTo("anonymous");
        var named = minted(t, completedJob(t), "pdf").get("pdf");
        assertThat(api.get(path(named) + "?download=1", null).header("Content-Disposition"))
                .contains("filename=\"report.pdf\"");
    }

    @Test
    void detailLevelAndSummaryPageChangeWhatIsIncluded() {
        TenantKey t = newTenant("starter");
        String job = completedJob(t);
        String executive = html(t, job, Map.of("detail_level", "executive"));
        assertThat(executive).contains("Summary").doesNotContain("id=\"pages\"", "class=\"explain\"");
        String standard = html(t, job, Map.of());
        assertThat(standard).contains("id=\"pages\"", "class=\"explain\"", "occurrence");
        String only = html(t, job, Map.of("summary_page", "only"));
        assertThat(only).contains("id=\"summary\"").doesNotContain("id=\"sev-", "id=\"pages\"");
        String off = html(t, job, Map.of("summary_page", "off"));
        assertThat(off).doesNotContain("id=\"summary\"").contains("id=\"sev-");
        String comprehensive = html(t, job, Map.of("detail_level", "comprehensive"));
        assertThat(comprehensive).contains("class=\"details\"");
        assertThat(mint(t, job, Map.of("detail_level", "everything")).status()).isEqualTo(422);
        assertThat(mint(t, job, Map.of("summary_page", "append")).status()).isEqualTo(422);
    }

    @Test
    void conformanceRulesAreListedUnderTheirClauseWithHowOftenTheyFailed() {
        TenantKey t = newTenant("starter");
        JsonNode job = run(t, findingsPdf(), "profile_id", "pdfa-1b");
        assertThat(job.get("status").asString()).isEqualTo("completed");
        var clauses = new java.util.TreeMap<String, java.util.Set<String>>();
        var occurrences = new java.util.HashMap<String, Integer>();
        job.get("findings").forEach(f -> {
            if (f.get("category").asString().equals("conformance") && f.get("iso_clause").isString()) {
                clauses.computeIfAbsent(f.get("iso_clause").asString(), k -> new java.util.TreeSet<>())
                        .add(f.get("inspection_id").asString());
                occurrences.put(f.get("inspection_id").asString(), f.get("details").get("occurrences").asInt());
            }
        });
        assertThat(clauses).as("a plain generated PDF breaks several PDF/A-1b clauses").hasSizeGreaterThan(1);
        String html = html(t, job.get("job_id").asString(), Map.of());
        // one heading per clause, however many of its tests failed
        for (String clause : clauses.keySet()) {
            String heading = "<h3 class=\"clause\">Clause " + clause + "</h3>";
            assertThat(html.split(java.util.regex.Pattern.quote(heading), -1)).as(clause).hasSize(2);
            // every failed test of the clause comes after its heading and before the next clause's
            int at = html.indexOf(heading);
            int next = html.indexOf("<h3 class=\"clause\">", at + heading.length());
            for (String rule : clauses.get(clause)) {
                int group = html.indexOf("id=\"check-" + rule + "\"");
                assertThat(group).as(rule).isGreaterThan(at);
                if (next > 0) {
                    assertThat(group).as(rule).isLessThan(next);
                }
            }
        }
        // a rule that failed more than once is counted by its occurrences, not as one finding
        var often = occurrences.entrySet().stream().filter(e -> e.getValue() > 1).findFirst().orElseThrow();
        int group = html.indexOf("id=\"check-" + often.getKey() + "\"");
        assertThat(html.substring(group, html.indexOf("</div>", html.indexOf("class=\"occ\"", group))))
                .contains(": " + often.getValue() + " occurrences");
    }

    private String html(TenantKey t, String job, Map<String, Object> options) {
        var body = new java.util.LinkedHashMap<String, Object>(options);
        body.put("formats", List.of("html"));
        var r = mint(t, job, body);
        assertThat(r.status()).as(r.text()).isEqualTo(201);
        return api.get(path(r.json().get("reports").get(0)), null).text();
    }

    private static List<byte[]> streams(PDPage page) throws IOException {
        var out = new ArrayList<byte[]>();
        var it = page.getContentStreams();
        while (it.hasNext()) {
            PDStream s = it.next();
            try (InputStream in = s.createInputStream()) {
                out.add(in.readAllBytes());
            }
        }
        return out;
    }

    /** True when {@code all} contains the arrays of {@code part} in order (byte for byte). */
    private static boolean containsInOrder(List<byte[]> all, List<byte[]> part) {
        int j = 0;
        for (byte[] a : all) {
            if (j < part.size() && java.util.Arrays.equals(a, part.get(j))) {
                j++;
            }
        }
        return j == part.size();
    }
}
