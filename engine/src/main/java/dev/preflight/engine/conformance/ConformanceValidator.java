package dev.preflight.engine.conformance;

import dev.preflight.engine.ConformanceSettings;
import dev.preflight.engine.facts.ConformanceFact;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.jar.JarFile;

/**
 * Validates a file against veraPDF flavours in a child JVM with its own heap and a time limit per job, so that a file
 * the validator cannot finish stops with a note instead of taking the worker or the node down. Children stay up
 * between jobs (veraPDF is initialised once per child JVM); one that runs out of time or heap is killed and replaced.
 */
public final class ConformanceValidator implements AutoCloseable {

    /** Exit status of a JVM that stopped on -XX:+ExitOnOutOfMemoryError. */
    private static final int OUT_OF_MEMORY_EXIT = 3;

    /**
     * Idle children by heap size, ready for the next job: shared by every validator of this JVM, since engines are
     * made per job and the point of a long-lived child is to outlive one.
     */
    private static final Map<Integer, Deque<Child>> IDLE = new ConcurrentHashMap<>();

    private final ConformanceSettings settings;

    public ConformanceValidator(ConformanceSettings settings) {
        this.settings = settings;
    }

    /**
     * Validates {@code pdf} against each flavour, each once.
     *
     * @return one fact per flavour, in the order given; a flavour the child did not finish is STOPPED or FAILED
     */
    public Map<String, ConformanceFact> validate(Path pdf, List<String> flavours) {
        var out = new LinkedHashMap<String, ConformanceFact>();
        if (flavours.isEmpty()) {
            return out;
        }
        long start = System.nanoTime();
        Path result = null;
        Child child = null;
        String stopped = null;
        boolean stoppedByBound = false;
        try {
            result = Files.createTempFile(settings.scratchDir(), "conformance-", ".json");
            child = take();
            String request = String.join("\t", result.toString(), pdf.toAbsolutePath().toString(),
                    String.valueOf(settings.maxLocations()), String.join("\t", flavours));
            Child.Answer answer = child.ask(request, settings.timeout());
            switch (answer) {
                case DONE -> {
                    give(child);
                    child = null;
                }
                case TIMED_OUT -> {
                    stopped = "validation stopped after " + settings.timeout().toSeconds() + " s";
                    stoppedByBound = true;
                }
                case EXITED -> {
                    int code = child.exitCode();
                    stoppedByBound = code == OUT_OF_MEMORY_EXIT || child.errors().contains("OutOfMemoryError");
                    stopped = stoppedByBound ? "validation stopped after " + settings.heapMb() + " MB"
                            : "the validator stopped unexpectedly (exit " + code + "): " + tail(child.errors());
                }
            }
            long millis = (System.nanoTime() - start) / 1_000_000;
            read(result, out, millis);
            for (String f : flavours) {
                if (!out.containsKey(f)) {
                    out.put(f, new ConformanceFact(f, stoppedByBound ? ConformanceFact.Status.STOPPED
                            : ConformanceFact.Status.FAILED,
                            stopped == null ? "the validator wrote no result" : stopped, Map.of(), millis));
                }
            }
        } catch (IOException e) {
            long millis = (System.nanoTime() - start) / 1_000_000;
            for (String f : flavours) {
                out.putIfAbsent(f, new ConformanceFact(f, ConformanceFact.Status.FAILED,
                        "the validator could not run: " + e.getMessage(), Map.of(), millis));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            long millis = (System.nanoTime() - start) / 1_000_000;
            for (String f : flavours) {
                out.putIfAbsent(f, new ConformanceFact(f, ConformanceFact.Status.FAILED,
                        "validation was interrupted", Map.of(), millis));
            }
        } finally {
            if (child != null) {
                // a child that did not answer in time, died or was interrupted is not reused
                child.kill();
            }
            if (result != null) {
                try {
                    Files.deleteIfExists(result);
                } catch (IOException ignored) {
                    // a scratch file left behind is swept with the scratch directory
                }
            }
        }
        return out;
    }

    private Deque<Child> idle() {
        return IDLE.computeIfAbsent(settings.heapMb(), k -> new ArrayDeque<>());
    }

    private Child take() throws IOException {
        Deque<Child> idle = idle();
        synchronized (idle) {
            Child c;
            while ((c = idle.pollFirst()) != null) {
                if (c.alive()) {
                    return c;
                }
                c.kill();
            }
        }
        return Child.start(javaCommand());
    }

    private void give(Child child) {
        Deque<Child> idle = idle();
        synchronized (idle) {
            if (idle.size() < settings.idleChildren()) {
                idle.addLast(child);
                return;
            }
        }
        child.kill();
    }

    /** Stops the idle children of this validator's heap size (the next job starts a fresh one). */
    @Override
    public void close() {
        Deque<Child> idle = idle();
        synchronized (idle) {
            idle.forEach(Child::kill);
            idle.clear();
        }
    }

    private static void read(Path result, Map<String, ConformanceFact> out, long millis) throws IOException {
        if (Files.size(result) == 0) {
            return;
        }
        JsonNode root = JsonMapper.builder().build().readTree(Files.readString(result));
        for (JsonNode r : root.path("results")) {
            String flavour = r.path("flavour").asString();
            var failures = new LinkedHashMap<String, ConformanceFact.RuleFailures>();
            for (var e : r.path("failures").properties()) {
                var locations = new ArrayList<ConformanceFact.Location>();
                for (JsonNode l : e.getValue().path("locations")) {
                    locations.add(new ConformanceFact.Location(l.path("page").asInt(),
                            l.path("object").isNull() ? null : l.path("object").asString(null),
                            l.path("context").asString(null)));
                }
                failures.put(e.getKey(), new ConformanceFact.RuleFailures(e.getValue().path("count").asInt(),
                        locations));
            }
            boolean completed = "completed".equals(r.path("status").asString());
            out.put(flavour, new ConformanceFact(flavour, completed ? ConformanceFact.Status.COMPLETED
                    : ConformanceFact.Status.FAILED, completed ? null : r.path("note").asString(null), failures,
                    r.path("millis").asLong(millis)));
        }
    }

    /** The java command that starts {@link ValidatorMain} on this JVM's own classpath. */
    List<String> javaCommand() throws IOException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        var cmd = new ArrayList<>(List.of(java, "-Xmx" + settings.heapMb() + "m", "-Xss8m",
                "-XX:+ExitOnOutOfMemoryError", "-XX:+UseSerialGC",
                "-Djava.awt.headless=true"));
        String classPath = System.getProperty("java.class.path");
        String bootJar = springBootJar(classPath);
        if (bootJar != null) {
            // inside the server's executable jar the engine's classes are nested: its launcher loads them
            cmd.addAll(List.of("-Dloader.main=" + ValidatorMain.class.getName(), "-cp", bootJar,
                    "org.springframework.boot.loader.launch.PropertiesLauncher"));
        } else {
            cmd.addAll(List.of("-cp", classPath, ValidatorMain.class.getName()));
        }
        return cmd;
    }

    /**
     * The class path when it is a Spring Boot executable jar (nested jars, its own launcher), else null. An extracted
     * jar ({@code -Djarmode=tools extract}) names its libraries in the manifest's Class-Path and runs as it is.
     */
    private static String springBootJar(String classPath) throws IOException {
        if (classPath == null || classPath.contains(java.io.File.pathSeparator) || !classPath.endsWith(".jar")) {
            return null;
        }
        try (var jar = new JarFile(classPath)) {
            var manifest = jar.getManifest();
            String main = manifest == null ? null : manifest.getMainAttributes().getValue("Main-Class");
            return main != null && main.startsWith("org.springframework.boot.loader.") ? classPath : null;
        }
    }

    private static String tail(String s) {
        String t = s == null ? "" : s.strip();
        return t.length() > 300 ? "..." + t.substring(t.length() - 300) : t;
    }
}
