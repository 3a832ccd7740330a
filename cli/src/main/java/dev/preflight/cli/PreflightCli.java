package dev.preflight.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;

import java.io.PrintWriter;

/**
 * preflight-cli: submits files to a Preflight server and prints their findings, mints reports, lists jobs, profiles
 * and checks.
 * Exit codes: 0 when every job passes (or nothing was judged), 1 when a job fails preflight, 2 on usage errors, API
 * errors and transport errors.
 */
@Command(name = "preflight-cli", mixinStandardHelpOptions = true, versionProvider = PreflightCli.Version.class,
        description = "Preflight PDFs with a Preflight server from scripts and terminals.",
        subcommands = {SubmitCommand.class, JobsCommand.class, ReportCommand.class, ProfilesCommand.class, ChecksCommand.class},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:every job passed (or no job was judged)", "1:a job failed preflight, or could not be processed",
                "2:usage error, API error or the server could not be reached"},
        footerHeading = "%nEnvironment:%n",
        footer = {"  PREFLIGHT_URL       base URL of the server (default http://localhost:8080)",
                "  PREFLIGHT_API_KEY   bearer key (svc_live_... or svc_test_...); not needed in auth mode none"})
public final class PreflightCli {

    public static final int PASSED = 0;
    public static final int FAILED_PREFLIGHT = 1;
    public static final int ERROR = 2;

    @Option(names = "--url", scope = ScopeType.INHERIT, paramLabel = "URL",
            defaultValue = "${env:PREFLIGHT_URL:-http://localhost:8080}",
            description = "Base URL of the server (default: $PREFLIGHT_URL or ${DEFAULT-VALUE}).")
    String url;

    @Option(names = "--api-key", scope = ScopeType.INHERIT, paramLabel = "KEY", defaultValue = "${env:PREFLIGHT_API_KEY}",
            description = "API key (default: $PREFLIGHT_API_KEY). Prefer the variable: arguments show in process lists.")
    String apiKey;

    @Option(names = "--json", scope = ScopeType.INHERIT,
            description = "Print the server's JSON instead of tables (progress still goes to stderr).")
    boolean json;

    PreflightApi api() {
        return new PreflightApi(url, apiKey);
    }

    static void printJson(PrintWriter out, Object value) {
        out.println(PreflightApi.JSON.writerWithDefaultPrettyPrinter().writeValueAsString(value));
        out.flush();
    }

    /** The command line with this tool's error handling: API and transport errors print one line and exit 2. */
    public static CommandLine commandLine() {
        var cli = new CommandLine(new PreflightCli());
        cli.setExecutionExceptionHandler((e, cmd, parsed) -> {
            PrintWriter err = cmd.getErr();
            err.println("preflight-cli: " + (e instanceof PreflightApi.Failure f ? f.getMessage() : e.toString()));
            err.flush();
            return ERROR;
        });
        return cli;
    }

    public static void main(String[] args) {
        System.exit(commandLine().execute(args));
    }

    /** The version in the jar's manifest. */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String v = PreflightCli.class.getPackage().getImplementationVersion();
            return new String[] {"preflight-cli " + (v == null ? "(not run from its jar: version unknown)" : v)};
        }
    }
}
