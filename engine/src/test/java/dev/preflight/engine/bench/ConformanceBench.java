package dev.preflight.engine.bench;

import dev.preflight.engine.AnalysisRequest;
import dev.preflight.engine.Engine;
import dev.preflight.engine.EngineSettings;
import dev.preflight.engine.Finding;
import dev.preflight.engine.Profile;
import dev.preflight.engine.Profiles;
import org.verapdf.gf.foundry.VeraGreenfieldFoundryProvider;
import org.verapdf.pdfa.Foundries;
import org.verapdf.pdfa.PDFAParser;
import org.verapdf.pdfa.flavours.PDFAFlavour;
import org.verapdf.pdfa.validation.validators.ValidatorFactory;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Our job under pdfa-2b (facts pass, the veraPDF child JVM, findings) next to veraPDF validating the same file in
 * this JVM (Greenfield parser, PDF/A-2b validator, failed checks counted), per file and in total, both warm: each
 * file once unmeasured, then the median of the measured passes. Then veraPDF's command-line validator as a user runs
 * it ({@link VeraPdfCli}: a new JVM per invocation, text report): once per file, and once for all the files in one
 * invocation, each run twice and the second run kept (files in the page cache).
 * Arguments: files or folders of PDFs. System properties bench.passes (default 3), bench.cli (default true).
 */
public final class ConformanceBench {

    private ConformanceBench() {
    }

    public static void main(String[] args) throws Exception {
        int passes = Integer.getInteger("bench.passes", 3);
        var files = new ArrayList<Path>();
        for (String a : args) {
            Path p = Path.of(a);
            if (Files.isDirectory(p)) {
                try (var s = Files.list(p)) {
                    s.filter(f -> f.toString().endsWith(".pdf")).sorted().forEach(files::add);
                }
            } else {
                files.add(p);
            }
        }
        VeraGreenfieldFoundryProvider.initialise();
        Engine engine = new Engine(EngineSettings.defaults());
        Profile profile = Profiles.builtin("pdfa-2b");
        double oursTotal = 0;
        double veraTotal = 0;
        System.out.println("| file | KB | ours, job under pdfa-2b (ms) | veraPDF alone (ms) | our failed rules | veraPDF failed rules |");
        System.out.println("|---|---|---|---|---|---|");
        for (Path f : files) {
            long[] ours = new long[passes];
            long[] vera = new long[passes];
            int ourRules = 0;
            int veraRules = 0;
            for (int i = -1; i < passes; i++) {
                long t0 = System.nanoTime();
                List<Finding> findings;
                try {
                    findings = engine.analyze(f, new AnalysisRequest(profile, false)).findings();
                } catch (Exception e) {
                    findings = List.of();
                }
                long t1 = System.nanoTime();
                int vr = validate(f);
                long t2 = System.nanoTime();
                if (i >= 0) {
                    ours[i] = (t1 - t0) / 1_000_000;
                    vera[i] = (t2 - t1) / 1_000_000;
                }
                ourRules = (int) findings.stream().filter(x -> x.inspectionId().startsWith("PDFA2_")).count();
                veraRules = vr;
            }
            long o = median(ours);
            long v = median(vera);
            oursTotal += o;
            veraTotal += v;
            System.out.printf("| %s | %d | %d | %d | %d | %d |%n", f.getFileName(), Files.size(f) / 1024, o, v,
                    ourRules, veraRules);
        }
        System.out.printf("| **total (%d files)** | | **%.0f** | **%.0f** | | |%n", files.size(), oursTotal, veraTotal);
        if (Boolean.parseBoolean(System.getProperty("bench.cli", "true"))) {
            cli(files, oursTotal);
        }
        System.exit(0);
    }

    /** veraPDF's command-line validator, a process per invocation, as a user would run it instead of our job. */
    private static void cli(List<Path> files, double oursTotal) throws Exception {
        System.out.println();
        System.out.println("| file | veraPDF CLI, one invocation per file (ms) |");
        System.out.println("|---|---|");
        double perFileTotal = 0;
        for (Path f : files) {
            cliRun(List.of(f));
            long ms = cliRun(List.of(f));
            perFileTotal += ms;
            System.out.printf("| %s | %d |%n", f.getFileName(), ms);
        }
        cliRun(files);
        long batch = cliRun(files);
        System.out.printf("| **total, one invocation per file** | **%.0f** |%n", perFileTotal);
        System.out.printf("%nveraPDF CLI, all %d files in one invocation: %d ms; our jobs: %.0f ms (%.2fx); "
                + "one invocation per file: %.0f ms (%.2fx)%n", files.size(), batch, oursTotal, oursTotal / batch,
                perFileTotal, oursTotal / perFileTotal);
    }

    /** Wall time of one {@link VeraPdfCli} process on these files, its report read and thrown away. */
    private static long cliRun(List<Path> files) throws Exception {
        var command = new ArrayList<String>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx512m", "-cp", System.getProperty("java.class.path"), VeraPdfCli.class.getName(),
                "--flavour", "2b", "--format", "text"));
        files.forEach(f -> command.add(f.toString()));
        long t0 = System.nanoTime();
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        p.getInputStream().transferTo(java.io.OutputStream.nullOutputStream());
        if (p.waitFor() != 0) {
            throw new IllegalStateException("the veraPDF CLI exited " + p.exitValue());
        }
        return (System.nanoTime() - t0) / 1_000_000;
    }

    /** veraPDF alone: parse, validate as PDF/A-2b, count the failed rules. */
    private static int validate(Path f) {
        try (PDFAParser parser = Foundries.defaultInstance().createParser(f.toFile(), PDFAFlavour.PDFA_2_B)) {
            return ValidatorFactory.createValidator(PDFAFlavour.PDFA_2_B, false, -1, 10, false, false)
                    .validate(parser).getFailedChecks().size();
        } catch (Exception e) {
            return -1;
        }
    }

    private static long median(long[] xs) {
        long[] s = xs.clone();
        Arrays.sort(s);
        return s[s.length / 2];
    }
}
