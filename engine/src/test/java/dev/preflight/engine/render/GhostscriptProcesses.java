package dev.preflight.engine.render;

import java.nio.file.Path;
import java.util.List;

/** Finds live processes whose command line mentions a file, to prove a killed render left nothing running. */
final class GhostscriptProcesses {

    private GhostscriptProcesses() {
    }

    static List<ProcessHandle> runningOn(Path file) {
        String needle = file.toAbsolutePath().toString();
        return ProcessHandle.allProcesses()
                .filter(ProcessHandle::isAlive)
                .filter(p -> p.info().commandLine().map(c -> c.contains(needle)).orElse(false)
                        || p.info().arguments().map(a -> List.of(a).contains(needle)).orElse(false))
                .toList();
    }
}
