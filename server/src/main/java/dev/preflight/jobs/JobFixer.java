package dev.preflight.jobs;

import java.nio.file.Path;
import java.util.Collection;
import java.util.List;

/**
 * Fixes a job's file before it is analysed: the fixups module implements it as a bean over the engine's fixups, so
 * that jobs can run a fix inside its own processing task (a node killed mid-way loses nothing: the task runs again
 * from the stored upload) without depending on that module or on the engine.
 */
public interface JobFixer {

    /**
     * The steps with every parameter checked and defaults filled in, in the order they will run.
     *
     * @throws IllegalArgumentException with a readable message for an empty list, an unknown fixup id or a bad
     *                                  parameter
     */
    List<FixupStep> validate(List<FixupStep> steps);

    /**
     * The fixups that resolve findings of these checks, in the order they will run, with parameters taken from the
     * tenant's profile the findings were made under where a fixup has a matching one (the profile's bleed, thinnest
     * line, allowed spot colours...), else the fixups' defaults.
     */
    List<FixupStep> plan(String tenantId, String profileId, Collection<String> inspectionIds);

    /**
     * Runs the steps on {@code in} and writes the fixed file to {@code out}; {@code in} is never written.
     *
     * @throws CannotFixException when the file cannot be fixed (damaged, encrypted, a tool failed); the message says
     *                            why, for the failed job's {@code error}
     */
    List<FixupApplied> fix(Path in, Path out, List<FixupStep> steps) throws CannotFixException;

    /** A file that could not be fixed; the message is the reason the job shows. */
    final class CannotFixException extends Exception {
        public CannotFixException(String message, Throwable cause) {
            super(message, cause);
        }
    }
}
