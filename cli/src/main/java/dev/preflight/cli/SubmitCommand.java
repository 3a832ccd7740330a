package dev.preflight.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;
import tools.jackson.databind.JsonNode;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;

/** submit FILE...: one job per file; with --wait, the findings of each, grouped by check. */
@Command(name = "submit", description = {"Submit files for preflight, one job each.",
        "With --wait, wait for them (progress on stderr) and print their findings grouped by check."})
final class SubmitCommand implements Callable<Integer> {

    static final Set<String> EXTERNAL_FORMATS = Set.of("preflight_a_xml", "preflight_b_json", "preflight_b_xml",
            "preflight_c_xml", "service_json");

    @ParentCommand
    PreflightCli cli;

    @Spec
    CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "FILE", description = "PDF, JPEG, PNG, TIFF, PostScript or EPS files.")
    List<Path> files;

    @Option(names = {"-p", "--profile"}, paramLabel = "PROFILE",
            description = "Profile to check with (default: the server's, service-default). See: preflight-cli profiles.")
    String profile;

    @Option(names = {"-w", "--wait"}, description = "Wait for the jobs and print their findings.")
    boolean wait;

    @Option(names = "--timeout", paramLabel = "SECONDS", defaultValue = "600",
            description = "Give up waiting after this long (default ${DEFAULT-VALUE}); the jobs go on.")
    int timeout;

    @Option(names = "--external", paramLabel = "REPORT",
            description = "Import this report of another preflight tool instead of running our checks (one FILE).")
    Path external;

    @Option(names = "--format", paramLabel = "FORMAT",
            description = "Format of the --external report: preflight_a_xml (PitStop), preflight_b_xml, preflight_b_json "
                    + "(pdfToolbox), preflight_c_xml (Acrobat), service_json. Default: detected from the report.")
    String format;

    @Option(names = "--mapping", paramLabel = "MAPPING_ID", description = "Read the --external report with this import mapping.")
    String mapping;

    @Option(names = "--minimal", description = "Page geometry only: no checks.")
    boolean minimal;

    @Option(names = "--workflow", paramLabel = "WORKFLOW_ID",
            description = "Submit through this workflow: its pinned settings fill what these options leave out.")
    String workflow;

    @Override
    public Integer call() throws InterruptedException {
        validate();
        PreflightApi api = cli.api();
        var out = spec.commandLine().getOut();
        var submitted = new LinkedHashMap<Path, JsonNode>();
        for (Path file : files) {
            submitted.put(file, api.submit(file, fields(), external == null ? Map.of() : Map.of("external_report", external)));
        }
        if (!wait) {
            if (cli.json) {
                PreflightCli.printJson(out, Map.of("jobs", submitted.values()));
            } else {
                var table = new TextTable("FILE", "JOB", "STATUS");
                submitted.forEach((file, r) -> table.row(file.getFileName(), r.path("job_id").asString(), r.path("status").asString()));
                table.print(out, "");
            }
            return PreflightCli.PASSED;
        }
        List<JsonNode> jobs = await(api, submitted.values().stream().map(r -> r.path("job_id").asString()).toList());
        List<Job> read = jobs.stream().map(j -> api.read(j, Job.class)).toList();
        if (cli.json) {
            PreflightCli.printJson(out, Map.of("jobs", jobs));
        } else {
            for (int i = 0; i < read.size(); i++) {
                if (i > 0) {
                    out.println();
                }
                FindingsReport.print(out, read.get(i));
            }
            out.flush();
        }
        return read.stream().allMatch(Job::passed) ? PreflightCli.PASSED : PreflightCli.FAILED_PREFLIGHT;
    }

    private void validate() {
        for (Path file : files) {
            if (!Files.isRegularFile(file) || !Files.isReadable(file)) {
                throw usage("no such file: " + file);
            }
        }
        if (external != null) {
            if (!Files.isRegularFile(external)) {
                throw usage("no such report: " + external);
            }
            if (files.size() != 1) {
                throw usage("--external imports a report for one PDF: give exactly one FILE");
            }
            if (minimal) {
                throw usage("--external and --minimal exclude each other");
            }
        } else if (format != null || mapping != null) {
            throw usage("--format and --mapping describe an --external report");
        }
        if (format != null && mapping != null) {
            throw usage("--format and --mapping exclude each other");
        }
        if (format != null && !EXTERNAL_FORMATS.contains(format)) {
            throw usage("unknown --format " + format + "; one of " + String.join(", ", EXTERNAL_FORMATS.stream().sorted().toList()));
        }
        if (timeout < 1) {
            throw usage("--timeout must be at least 1 second");
        }
    }

    private ParameterException usage(String message) {
        return new ParameterException(spec.commandLine(), message);
    }

    private Map<String, String> fields() {
        var fields = new LinkedHashMap<String, String>();
        if (profile != null) {
            fields.put("profile_id", profile);
        }
        if (external != null) {
            fields.put("preflight_source", "external");
        } else if (minimal) {
            fields.put("preflight_source", "minimal");
        }
        if (format != null) {
            fields.put("external_format", format);
        }
        if (mapping != null) {
            fields.put("mapping_id", mapping);
        }
        if (workflow != null) {
            fields.put("workflow_id", workflow);
        }
        return fields;
    }

    /** Polls the jobs until none is waiting, showing how many are done. */
    private List<JsonNode> await(PreflightApi api, List<String> ids) throws InterruptedException {
        var progress = new Progress(spec.commandLine().getErr(), ids.size());
        long deadline = System.nanoTime() + timeout * 1_000_000_000L;
        while (true) {
            var jobs = new ArrayList<JsonNode>();
            for (String id : ids) {
                jobs.add(api.get("/api/v1/jobs/" + id));
            }
            int done = (int) jobs.stream().filter(j -> !api.read(j, Job.class).waiting()).count();
            progress.show(done);
            if (done == ids.size()) {
                progress.finish();
                return jobs;
            }
            if (System.nanoTime() > deadline) {
                progress.finish();
                throw new PreflightApi.Failure(0, "gave up waiting after " + timeout + " s with " + (ids.size() - done)
                        + " of " + ids.size() + " jobs unfinished; they go on (see: preflight-cli jobs)");
            }
            Thread.sleep(500);
        }
    }
}
