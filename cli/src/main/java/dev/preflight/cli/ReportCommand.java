package dev.preflight.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;
import tools.jackson.databind.JsonNode;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.regex.Pattern;

/**
 * report: mints a report of a completed job (POST /api/v1/jobs/{job_id}/reports) and prints its share URL; with -o,
 * downloads the file from that URL too. The share URL needs no key, so the download never sends one.
 */
@Command(name = "report", description = "Mint a report of a completed job: print its share URL, or save it with -o.")
final class ReportCommand implements Callable<Integer> {

    static final List<String> FORMATS = List.of("pdf", "html", "json", "xml", "annotated_pdf", "annotated_pdf_markup");
    private static final Pattern UUID = Pattern.compile("[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}");

    @ParentCommand
    PreflightCli cli;

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "JOB", description = "The job's id.")
    String jobId;

    @Option(names = "--format", defaultValue = "pdf",
            description = "pdf, html, json, xml, annotated_pdf or annotated_pdf_markup (default ${DEFAULT-VALUE}).")
    String format;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE", description = "Also download the report to FILE.")
    Path output;

    @Option(names = "--expiry-days", paramLabel = "DAYS",
            description = "Days the share URL works, 1-3650 (default: the plan's default).")
    Integer expiryDays;

    @Override
    public Integer call() {
        if (!UUID.matcher(jobId).matches()) {
            throw new ParameterException(spec.commandLine(), "JOB must be a job id (a UUID), not " + jobId);
        }
        if (!FORMATS.contains(format)) {
            throw new ParameterException(spec.commandLine(), "unknown --format " + format + "; one of " + String.join(", ", FORMATS));
        }
        if (expiryDays != null && (expiryDays < 1 || expiryDays > 3650)) {
            throw new ParameterException(spec.commandLine(), "--expiry-days 1 to 3650");
        }
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("formats", List.of(format));
        if (expiryDays != null) {
            body.put("expiry_days", expiryDays);
        }
        PreflightApi api = cli.api();
        JsonNode minted = api.post("/api/v1/jobs/" + jobId + "/reports", body);
        JsonNode report = minted.path("reports").path(0);
        String url = report.path("url").asString(null);
        if (url == null) {
            throw new PreflightApi.Failure(0, "the server minted no URL for " + format);
        }
        long saved = output == null ? -1 : api.download(url, output);
        var out = spec.commandLine().getOut();
        if (cli.json) {
            PreflightCli.printJson(out, minted);
        } else {
            String expires = report.path("expires_at").isNull() ? "never expires" : "expires " + report.path("expires_at").asString();
            out.println(url + "  (" + format + ", " + expires + ")");
        }
        out.flush();
        if (saved >= 0) {
            var err = spec.commandLine().getErr();
            err.println("saved " + output + " (" + FindingsReport.plural(saved, "byte") + ")");
            err.flush();
        }
        return PreflightCli.PASSED;
    }
}
