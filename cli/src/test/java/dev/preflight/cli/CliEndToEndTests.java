package dev.preflight.cli;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * preflight-cli against the real server jar running as a child process: submit and wait, tables grouped by check,
 * --json, the list commands, exit codes 0/1/2, and the launcher script reading PREFLIGHT_URL and PREFLIGHT_API_KEY.
 * Most runs go through the command line in this JVM (picocli's own entry point, output captured); the launcher
 * runs as a process.
 */
class CliEndToEndTests {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private static TestServer server;
    private static String key;
    private static Path work;
    private static Path problemPdf;

    record Run(int exit, String out, String err) {
        JsonNode json() {
            return JSON.readTree(out);
        }
    }

    @BeforeAll
    static void start() throws Exception {
        server = TestServer.start();
        key = server.newKey("growth");
        work = Files.createTempDirectory(Files.createDirectories(Path.of(System.getProperty("preflight.work.dir"))), "files");
        problemPdf = TestPdfs.problem(work.resolve("problem.pdf"));
    }

    @AfterAll
    static void stop() throws Exception {
        if (server != null) {
            server.close();
        }
    }

    /** Runs the command line in this JVM with the test server's URL and key. */
    private static Run cli(String... args) {
        var all = new ArrayList<>(List.of("--url", server.url, "--api-key", key));
        all.addAll(List.of(args));
        return raw(all.toArray(String[]::new));
    }

    private static Run raw(String... args) {
        var out = new StringWriter();
        var err = new StringWriter();
        var cli = PreflightCli.commandLine();
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        int exit = cli.execute(args);
        return new Run(exit, out.toString(), err.toString());
    }

    private static JsonNode job(String id) throws Exception {
        return server.get("/api/v1/jobs/" + id, key);
    }

    @Test
    void submitWaitsThenPrintsTheFindingsGroupedByCheckAndExits1WhenPreflightFails() throws Exception {
        Run run = cli("submit", problemPdf.toString(), "--wait");
        assertThat(run.exit()).as(run.err()).isEqualTo(1);
        assertThat(run.err()).contains("waiting: 1/1 done");

        List<String> lines = run.out().lines().toList();
        assertThat(lines.get(0)).startsWith("problem.pdf: FAILED  ").contains("service-default, 2 pages");
        String jobId = lines.get(0).replaceAll(".*\\(job ([0-9a-f-]{36}),.*", "$1");
        JsonNode job = job(jobId);
        var counts = new HashMap<String, Integer>();
        job.get("findings").forEach(f -> counts.merge(f.get("inspection_id").asString(), 1, Integer::sum));
        assertThat(counts).containsKeys("PAGE_TRIMBOX_MISSING", "IMG_RES_LOW");
        assertThat(lines.get(0)).contains(job.get("summary").get("error_count").asInt() + " error");

        assertThat(lines.get(1).split("\\s+")).containsSubsequence("CHECK", "SEVERITY", "COUNT", "PAGES", "MESSAGE");
        var rows = lines.subList(2, lines.size());
        assertThat(rows).hasSize(counts.size());
        for (String row : rows) {
            String[] cells = row.strip().split("\\s{2,}");
            assertThat(cells[2]).as(row).isEqualTo(counts.get(cells[0]).toString());
        }
        String trim = rows.stream().filter(r -> r.strip().startsWith("PAGE_TRIMBOX_MISSING ")).findFirst().orElseThrow();
        assertThat(trim.strip().split("\\s{2,}", 5)).containsExactly("PAGE_TRIMBOX_MISSING", "error", "2", "1-2",
                "Page 1 has no TrimBox  (+1 more)");
    }

    @Test
    void exits0WhenEveryJobPasses() {
        Run run = cli("submit", problemPdf.toString(), "--minimal", "--wait");
        assertThat(run.exit()).as(run.out() + run.err()).isZero();
        assertThat(run.out()).startsWith("problem.pdf: PASSED  0 errors, 0 warnings, 0 advisories, 0 info  (job ")
                .contains("minimal, 2 pages").contains("\n  no findings\n");
    }

    @Test
    void importsAnExternalReportInTheGivenFormat() throws Exception {
        Path report = Files.writeString(work.resolve("report.json"), """
                {"schema_version": "1", "source": {"tool": "QC"},
                 "findings": [{"severity": "advisory", "message": "Spot colour name differs", "inspection_id": "SPOT",
                               "page_num": 2},
                              {"severity": "info", "message": "Checked with QC 3"}]}""");
        Run run = cli("--json", "submit", problemPdf.toString(), "--external", report.toString(), "--format", "service_json",
                "--wait");
        assertThat(run.exit()).as(run.err()).isZero();
        JsonNode job = run.json().get("jobs").get(0);
        assertThat(job.get("preflight_source").asString()).isEqualTo("external");
        assertThat(job.get("external_format").asString()).isEqualTo("service_json");
        assertThat(job.get("findings").findValues("message").stream().map(JsonNode::asString).toList())
                .containsExactly("Spot colour name differs", "Checked with QC 3");

        Run table = cli("submit", problemPdf.toString(), "--external", report.toString(), "--wait");
        assertThat(table.exit()).isZero();
        assertThat(table.out()).contains("PASSED  0 errors, 0 warnings, 1 advisory, 1 info")
                .containsPattern("EXT-SVC-SPOT\\s+advisory\\s+1\\s+2\\s+Spot colour name differs");
    }

    @Test
    void jsonOutputIsTheServersJobsAndTheExitCodeStillJudges() throws Exception {
        Path second = Files.copy(problemPdf, work.resolve("second.pdf"));
        Run run = cli("--json", "submit", problemPdf.toString(), second.toString(), "--wait", "--profile", "digital-print");
        assertThat(run.exit()).as(run.err()).isEqualTo(1);
        JsonNode jobs = run.json().get("jobs");
        assertThat(jobs).hasSize(2);
        assertThat(jobs.get(0).get("file_name").asString()).isEqualTo("problem.pdf");
        assertThat(jobs.get(1).get("file_name").asString()).isEqualTo("second.pdf");
        for (JsonNode printed : jobs) {
            JsonNode stored = job(printed.get("job_id").asString());
            assertThat(printed.get("profile_id").asString()).isEqualTo("digital-print");
            assertThat(printed.get("findings")).isEqualTo(stored.get("findings"));
            assertThat(printed.get("summary")).isEqualTo(stored.get("summary"));
        }
    }

    @Test
    void submitWithoutWaitPrintsTheQueuedJobsAndExits0() throws Exception {
        Run run = cli("submit", problemPdf.toString());
        assertThat(run.exit()).as(run.err()).isZero();
        List<String> lines = run.out().lines().toList();
        assertThat(lines.get(0).split("\\s+")).containsExactly("FILE", "JOB", "STATUS");
        String[] row = lines.get(1).split("\\s+");
        assertThat(row[0]).isEqualTo("problem.pdf");
        assertThat(row[2]).isEqualTo("queued");
        assertThat(job(row[1]).get("file_name").asString()).isEqualTo("problem.pdf");
    }

    @Test
    void listsJobsProfilesAndChecksAsTablesOrJson() throws Exception {
        String jobId = cli("--json", "submit", problemPdf.toString()).json().get("jobs").get(0).get("job_id").asString();
        Run jobs = cli("jobs", "--page-size", "200");
        assertThat(jobs.exit()).isZero();
        assertThat(jobs.out().lines().filter(l -> l.startsWith(jobId))).singleElement().asString().endsWith("problem.pdf");
        assertThat(jobs.out()).containsPattern("page 1 of 1 \\(\\d+ jobs\\)");
        assertThat(cli("--json", "jobs", "--page-size", "200").json().get("jobs").findValuesAsString("job_id")).contains(jobId);

        JsonNode profiles = server.get("/api/v1/profiles", key).get("profiles");
        Run table = cli("profiles");
        assertThat(table.out().lines().count()).isEqualTo(profiles.size() + 1);
        assertThat(table.out()).containsPattern("(?m)^service-default\\s+-\\s+built-in\\s+\\d+\\s+Service default$");
        assertThat(cli("profiles", "--json").json().get("profiles")).isEqualTo(profiles);

        JsonNode registry = server.get("/api/v1/check-names", key);
        long fonts = registry.valueStream().filter(c -> c.get("category").asString().equals("font")).count();
        Run checks = cli("checks", "--category", "font");
        assertThat(checks.out().lines().skip(1)).hasSize((int) fonts).allMatch(l -> l.split("\\s+")[1].equals("font"));
        assertThat(cli("checks", "--json").json()).isEqualTo(registry);
    }

    @Test
    void reportMintsAReportPrintsItsShareUrlAndSavesTheFile() throws Exception {
        String jobId = cli("--json", "submit", problemPdf.toString(), "--wait").json().get("jobs").get(0)
                .get("job_id").asString();
        Path out = work.resolve("report-" + jobId + ".pdf");
        Run run = cli("report", jobId, "--format", "pdf", "-o", out.toString());
        assertThat(run.exit()).as(run.err()).isZero();
        String url = run.out().strip().split("\\s+")[0];
        assertThat(url).startsWith(server.url + "/r/").endsWith(".pdf");
        assertThat(run.out()).contains("(pdf, expires ");
        String token = url.substring(url.lastIndexOf('/') + 1, url.length() - ".pdf".length());
        JsonNode tokens = server.get("/api/v1/jobs/" + jobId + "/reports", key).get("reports");
        assertThat(tokens.findValuesAsString("token")).contains(token);
        byte[] pdf = Files.readAllBytes(out);
        assertThat(new String(pdf, 0, 5, StandardCharsets.US_ASCII)).isEqualTo("%PDF-");
        assertThat(run.err()).isEqualTo("saved " + out + " (" + pdf.length + " bytes)" + System.lineSeparator());
        assertThat(Files.exists(work.resolve(out.getFileName() + ".part"))).isFalse();

        Run json = cli("--json", "report", jobId, "--format", "json", "--expiry-days", "2");
        assertThat(json.exit()).as(json.err()).isZero();
        JsonNode minted = json.json().get("reports").get(0);
        assertThat(minted.get("format").asString()).isEqualTo("json");
        assertThat(minted.get("url").asString()).endsWith(".json");
        java.time.Duration life = java.time.Duration.between(java.time.Instant.now(),
                java.time.Instant.parse(minted.get("expires_at").asString()));
        assertThat(life.toHours()).isBetween(47L, 48L);

        Run unknown = cli("report", "00000000-0000-4000-8000-000000000000");
        assertThat(unknown.exit()).isEqualTo(2);
        assertThat(unknown.err()).startsWith("preflight-cli: POST /api/v1/jobs/00000000-0000-4000-8000-000000000000/reports answered 404");
        Map<List<String>, String> usage = Map.of(
                List.of("report", "not-a-job"), "JOB must be a job id",
                List.of("report", jobId, "--format", "docx"), "unknown --format docx",
                List.of("report", jobId, "--expiry-days", "0"), "--expiry-days 1 to 3650");
        usage.forEach((args, reason) -> {
            Run r = cli(args.toArray(String[]::new));
            assertThat(r.exit()).as(args + ": " + r.err()).isEqualTo(2);
            assertThat(r.err()).contains(reason);
        });
    }

    @Test
    void usageErrorsExit2WithTheReason() throws IOException {
        Path report = Files.writeString(work.resolve("r.json"), "{\"findings\": []}");
        Map<List<String>, String> cases = Map.of(
                List.of("submit"), "Missing required parameter: 'FILE'",
                List.of("submit", "nowhere.pdf"), "no such file: nowhere.pdf",
                List.of("submit", problemPdf.toString(), "--format", "service_json"), "describe an --external report",
                List.of("submit", problemPdf.toString(), problemPdf.toString(), "--external", report.toString()),
                "give exactly one FILE",
                List.of("submit", problemPdf.toString(), "--external", report.toString(), "--format", "pdf"),
                "unknown --format pdf",
                List.of("jobs", "--page-size", "500"), "--page-size 1 to 200",
                List.of("frobnicate"), "Unmatched argument");
        cases.forEach((args, reason) -> {
            Run run = cli(args.toArray(String[]::new));
            assertThat(run.exit()).as(args + ": " + run.err()).isEqualTo(2);
            assertThat(run.err()).as(args.toString()).contains(reason);
        });
    }

    @Test
    void apiAndTransportErrorsExit2WithTheServersDetail() {
        Run profile = cli("submit", problemPdf.toString(), "--profile", "no-such-profile");
        assertThat(profile.exit()).isEqualTo(2);
        assertThat(profile.err()).startsWith("preflight-cli: POST /api/v1/jobs answered 404: ").contains("no-such-profile");

        Run noKey = raw("--url", server.url, "jobs");
        assertThat(noKey.exit()).isEqualTo(2);
        assertThat(noKey.err()).contains("answered 401: Missing bearer token").contains("set PREFLIGHT_API_KEY");

        Run badKey = raw("--url", server.url, "--api-key", "svc_live_wrong", "jobs");
        assertThat(badKey.exit()).isEqualTo(2);
        assertThat(badKey.err()).contains("answered 401");

        Run down = raw("--url", "http://127.0.0.1:1", "profiles");
        assertThat(down.exit()).isEqualTo(2);
        assertThat(down.err()).startsWith("preflight-cli: cannot reach http://127.0.0.1:1");

        Run notUrl = raw("--url", "ftp://example", "profiles");
        assertThat(notUrl.exit()).isEqualTo(2);
        assertThat(notUrl.err()).contains("not an http(s) URL");
    }

    @Test
    void theLauncherTakesTheServerAndKeyFromTheEnvironment() throws Exception {
        Path launcher = Path.of(System.getProperty("preflight.repo.dir"), "bin", "preflight-cli");
        Run failed = launch(launcher, Map.of("PREFLIGHT_URL", server.url, "PREFLIGHT_API_KEY", key),
                "submit", problemPdf.toString(), "--wait");
        assertThat(failed.exit()).as(failed.err()).isEqualTo(1);
        assertThat(failed.out()).startsWith("problem.pdf: FAILED").contains("PAGE_TRIMBOX_MISSING");
        assertThat(failed.err()).contains("waiting: 1/1 done").doesNotContain("SLF4J");

        Run passed = launch(launcher, Map.of("PREFLIGHT_URL", server.url, "PREFLIGHT_API_KEY", key),
                "--json", "submit", problemPdf.toString(), "--minimal", "--wait");
        assertThat(passed.exit()).as(passed.err()).isZero();
        assertThat(passed.json().get("jobs").get(0).get("summary").get("passed").asBoolean()).isTrue();

        Run wrongKey = launch(launcher, Map.of("PREFLIGHT_URL", server.url, "PREFLIGHT_API_KEY", "svc_live_wrong"), "jobs");
        assertThat(wrongKey.exit()).isEqualTo(2);
        assertThat(wrongKey.out()).isEmpty();
    }

    private static Run launch(Path launcher, Map<String, String> env, String... args) throws Exception {
        var command = new ArrayList<String>();
        command.add(launcher.toString());
        command.addAll(List.of(args));
        var builder = new ProcessBuilder(command).directory(work.toFile());
        builder.environment().keySet().removeIf(k -> k.startsWith("PREFLIGHT_"));
        builder.environment().putAll(env);
        Path out = Files.createTempFile(work, "out", ".txt");
        Path err = Files.createTempFile(work, "err", ".txt");
        Process process = builder.redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        assertThat(process.waitFor(120, TimeUnit.SECONDS)).as("launcher finished").isTrue();
        return new Run(process.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                Files.readString(err, StandardCharsets.UTF_8));
    }
}
