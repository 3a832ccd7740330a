package dev.preflight.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

import java.util.Map;
import java.util.concurrent.Callable;

/** checks: the check registry (GET /api/v1/check-names), optionally one category. */
@Command(name = "checks", description = "List the checks the engine has (the check registry).")
final class ChecksCommand implements Callable<Integer> {

    @ParentCommand
    PreflightCli cli;

    @Spec
    CommandSpec spec;

    @Option(names = "--category", paramLabel = "CATEGORY", description = "Only this category (image, color, font, ...).")
    String category;

    @Override
    public Integer call() {
        JsonNode registry = cli.api().get("/api/v1/check-names");
        ObjectNode shown = PreflightApi.JSON.createObjectNode();
        for (Map.Entry<String, JsonNode> check : registry.properties()) {
            if (category == null || category.equals(check.getValue().path("category").asString())) {
                shown.set(check.getKey(), check.getValue());
            }
        }
        var out = spec.commandLine().getOut();
        if (cli.json) {
            PreflightCli.printJson(out, shown);
            return PreflightCli.PASSED;
        }
        var table = new TextTable("CHECK", "CATEGORY", "SEVERITY", "NAME");
        for (Map.Entry<String, JsonNode> check : shown.properties()) {
            JsonNode c = check.getValue();
            table.row(check.getKey(), c.path("category").asString(), c.path("default_severity").asString(),
                    c.path("name").asString());
        }
        if (table.isEmpty()) {
            out.println("no checks" + (category == null ? "" : " in category " + category));
        } else {
            table.print(out, "");
        }
        out.flush();
        return PreflightCli.PASSED;
    }
}
