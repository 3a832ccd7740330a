package dev.preflight.fixups;

import dev.preflight.analysis.ProfileService;
import dev.preflight.engine.fixups.AppliedFixup;
import dev.preflight.engine.fixups.FixupException;
import dev.preflight.engine.fixups.FixupInfo;
import dev.preflight.engine.fixups.FixupRequest;
import dev.preflight.engine.fixups.FixupSettings;
import dev.preflight.engine.fixups.Fixups;
import dev.preflight.engine.fixups.InvalidFixupRequestException;
import dev.preflight.engine.fixups.OutputCondition;
import dev.preflight.intake.OutputConditions;
import dev.preflight.jobs.FixupApplied;
import dev.preflight.jobs.FixupStep;
import dev.preflight.jobs.JobFixer;
import dev.preflight.platform.PlatformProperties;
import org.springframework.stereotype.Component;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

/** The engine's fixups behind the jobs module's {@link JobFixer}, and the registry the routes show. */
@Component
class EngineFixer implements JobFixer {

    private final Fixups fixups;
    private final ProfileService profiles;

    EngineFixer(FixupsProperties properties, PlatformProperties platform, OutputConditions conditions,
                ProfileService tenantProfiles) {
        this.profiles = tenantProfiles;
        Path scratch = platform.scratchDir().resolve("fixups");
        Path profiles = scratch.resolve("icc");
        try {
            Files.createDirectories(profiles);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create the fixups' scratch directory " + scratch, e);
        }
        this.fixups = new Fixups(new FixupSettings(properties.ghostscript(),
                Duration.ofSeconds(properties.timeoutSeconds()), scratch,
                properties.maxMainMemoryMb() * 1024L * 1024L, id -> condition(conditions, profiles, id)));
    }

    /** A catalogue condition for the engine, its bundled profile written once to a file the tools can read. */
    static Optional<OutputCondition> condition(OutputConditions conditions, Path profiles, String id) {
        return conditions.find(id).map(c -> {
            Path file = null;
            if (c.profile() != null) {
                file = profiles.resolve(c.id() + ".icc");
                try {
                    if (!Files.isRegularFile(file) || Files.size(file) != c.profile().length) {
                        Path tmp = Files.createTempFile(profiles, c.id(), ".tmp");
                        Files.write(tmp, c.profile());
                        Files.move(tmp, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING,
                                java.nio.file.StandardCopyOption.ATOMIC_MOVE);
                    }
                } catch (IOException e) {
                    throw new UncheckedIOException("cannot write the profile of " + c.id(), e);
                }
            }
            return new OutputCondition(c.id(), c.outputConditionIdentifier(), c.outputCondition(),
                    c.registryName(), c.colorSpace(), file);
        });
    }

    /** Every fixup, in the order a chain runs them. */
    List<FixupInfo> registry() {
        return fixups.registry();
    }

    @Override
    public List<FixupStep> validate(List<FixupStep> steps) {
        try {
            return fixups.validate(requests(steps)).stream().map(EngineFixer::step).toList();
        } catch (InvalidFixupRequestException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
    }

    @Override
    public List<FixupStep> plan(String tenantId, String profileId, Collection<String> inspectionIds) {
        // A profile deleted since the job was submitted plans with the fixups' defaults.
        var profile = profiles.find(tenantId, profileId).orElse(null);
        return fixups.plan(inspectionIds, profile).stream().map(EngineFixer::step).toList();
    }

    @Override
    public List<FixupApplied> fix(Path in, Path out, List<FixupStep> steps) throws CannotFixException {
        try {
            return fixups.apply(in, out, requests(steps)).applied().stream().map(EngineFixer::applied).toList();
        } catch (FixupException e) {
            throw new CannotFixException(e.getMessage(), e);
        } catch (InvalidFixupRequestException e) {
            // A plan stored before this server's fixups changed (a fixup gone, a parameter renamed).
            throw new CannotFixException("the fixups asked for are no longer valid: " + e.getMessage(), e);
        }
    }

    private static List<FixupRequest> requests(List<FixupStep> steps) {
        return steps == null ? List.of()
                : steps.stream().map(s -> s == null ? null : new FixupRequest(s.fixupId(), s.params())).toList();
    }

    private static FixupStep step(FixupRequest r) {
        return new FixupStep(r.fixupId(), r.params());
    }

    private static FixupApplied applied(AppliedFixup a) {
        return new FixupApplied(a.fixupId(), a.params(), a.pages(), a.objectsChanged(), a.notes());
    }
}
