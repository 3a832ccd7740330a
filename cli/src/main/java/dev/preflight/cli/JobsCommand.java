package dev.preflight.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;
import tools.jackson.databind.JsonNode;

import java.util.concurrent.Callable;

/** jobs: the tenant's jobs, newest first. */
@Command(name = "jobs", description = "List jobs, newest first.")
final class JobsCommand implements Callable<Integer> {

    @ParentCommand
    PreflightCli cli;

    @Spec
    CommandSpec spec;

    @Option(names = "--page", defaultValue = "1", description = "Page (default ${DEFAULT-VALUE}).")
    int page;

    @Option(names = "--page-size", defaultValue = "25", description = "Jobs per page, 1-200 (default ${DEFAULT-VALUE}).")
    int pageSize;

    @Override
    public Integer call() {
        if (page < 1 || pageSize < 1 || pageSize > 200) {
            throw new ParameterException(spec.commandLine(), "--page must be at least 1 and --page-size 1 to 200");
        }
        PreflightApi api = cli.api();
        JsonNode list = api.get("/api/v1/jobs?page=" + page + "&page_size=" + pageSize);
        var out = spec.commandLine().getOut();
        if (cli.json) {
            PreflightCli.printJson(out, list);
            return PreflightCli.PASSED;
        }
        var table = new TextTable("JOB", "STATUS", "VERDICT", ">ERRORS", ">WARNINGS", ">ADVISORIES", ">PAGES", "PROFILE",
                "CREATED", "FILE");
        for (JsonNode node : list.path("jobs")) {
            Job job = api.read(node, Job.class);
            var s = job.summary();
            table.row(job.jobId(), job.status(), job.done() ? (s.passed() ? "passed" : "failed") : "-",
                    s.errorCount(), s.warningCount(), s.advisoryCount(), job.pageCount(),
                    job.preflightSource().equals("engine") ? job.profileId() : job.preflightSource(), job.createdAt(),
                    job.fileName());
        }
        long total = list.path("total").asLong();
        if (table.isEmpty()) {
            out.println(total == 0 ? "no jobs" : "no jobs on page " + page);
        } else {
            table.print(out, "");
        }
        long pages = Math.max(1, (total + pageSize - 1) / pageSize);
        out.println("page " + page + " of " + pages + " (" + FindingsReport.plural(total, "job") + ")");
        out.flush();
        return PreflightCli.PASSED;
    }
}
