package dev.preflight.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;
import tools.jackson.databind.JsonNode;

import java.util.concurrent.Callable;

/** profiles: built-in and tenant-owned preflight profiles. */
@Command(name = "profiles", description = "List the preflight profiles: built in and your own.")
final class ProfilesCommand implements Callable<Integer> {

    @ParentCommand
    PreflightCli cli;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        JsonNode list = cli.api().get("/api/v1/profiles");
        var out = spec.commandLine().getOut();
        if (cli.json) {
            PreflightCli.printJson(out, list);
            return PreflightCli.PASSED;
        }
        var table = new TextTable("PROFILE", "STANDARD", "OWNER", ">CHECKS", "NAME");
        for (JsonNode p : list.path("profiles")) {
            table.row(p.path("profile_id").asString(), p.path("standard").isNull() ? null : p.path("standard").asString(),
                    p.path("is_builtin").asBoolean() ? "built-in" : "tenant", p.path("check_count").asInt(),
                    p.path("name").asString());
        }
        table.print(out, "");
        out.flush();
        return PreflightCli.PASSED;
    }
}
