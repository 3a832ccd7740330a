package dev.preflight.intake;

import dev.preflight.jobs.AiPresets;
import dev.preflight.jobs.JobSubmission;
import dev.preflight.jobs.SubmissionDefaults;
import dev.preflight.platform.NotFoundException;
import dev.preflight.platform.Times;
import dev.preflight.platform.Validator;
import dev.preflight.tenancy.Caller;
import dev.preflight.tenancy.Permission;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * Workflows: CRUD, and the defaults they give a submission that names one ({@link SubmissionDefaults}). A field
 * the submission gives wins; the workflow fills only what it leaves out; brand and unbranded are one choice.
 */
@Service
class WorkflowService implements SubmissionDefaults {

    /** The fields a workflow pins, as a client sends them (null pins nothing). */
    record Fields(String name, String profileId, String brandSpecId, String preflightSource, Boolean aiEnabled,
                  String aiCategories, String aiFeatures, String aiPreset, String brand, Boolean unbranded) {
    }

    static final Set<String> EDITABLE = Set.of("name", "profile_id", "brand_spec_id", "preflight_source", "ai_enabled",
            "ai_categories", "ai_features", "ai_preset", "brand", "unbranded");

    private final WorkflowRepository repository;
    private final PinnedFields pinned;
    private final ObjectProvider<AiPresets> aiPresets;

    WorkflowService(WorkflowRepository repository, PinnedFields pinned, ObjectProvider<AiPresets> aiPresets) {
        this.repository = repository;
        this.pinned = pinned;
        this.aiPresets = aiPresets;
    }

    List<Workflow> list(Caller caller) {
        return repository.list(caller.tenantId());
    }

    Workflow get(Caller caller, UUID id) {
        return repository.find(caller.tenantId(), id.toString())
                .orElseThrow(() -> new NotFoundException("Workflow " + id + " not found."));
    }

    @Transactional
    Workflow create(Caller caller, Fields fields) {
        caller.require(Permission.JOBS);
        Fields f = validated(caller.tenantId(), fields, Validator.body(), null);
        Instant now = Times.now();
        var w = new Workflow(UUID.randomUUID().toString(), caller.tenantId(), f.name(), f.profileId(), f.brandSpecId(),
                f.preflightSource(), f.aiEnabled(), f.aiCategories(), f.aiFeatures(), f.aiPreset(), f.brand(),
                f.unbranded(), now, now);
        repository.insert(w);
        return w;
    }

    /** Applies the fields the body names ({@code null} clears an optional one) and leaves the others. */
    @Transactional
    Workflow update(Caller caller, UUID id, Map<String, Object> body) {
        caller.require(Permission.JOBS);
        Workflow w = get(caller, id);
        var v = Validator.body();
        var patch = new PatchBody(body, EDITABLE, v);
        var f = new Fields(
                patch.has("name") ? patch.string("name") : w.name(),
                patch.has("profile_id") ? patch.string("profile_id") : w.profileId(),
                patch.has("brand_spec_id") ? patch.string("brand_spec_id") : w.brandSpecId(),
                patch.has("preflight_source") ? patch.string("preflight_source") : w.preflightSource(),
                patch.has("ai_enabled") ? patch.bool("ai_enabled") : w.aiEnabled(),
                patch.has("ai_categories") ? patch.string("ai_categories") : w.aiCategories(),
                patch.has("ai_features") ? patch.string("ai_features") : w.aiFeatures(),
                patch.has("ai_preset") ? patch.string("ai_preset") : w.aiPreset(),
                patch.has("brand") ? patch.string("brand") : w.brand(),
                patch.has("unbranded") ? patch.bool("unbranded") : w.unbranded());
        f = validated(caller.tenantId(), f, v, w);
        var updated = new Workflow(w.id(), w.tenantId(), f.name(), f.profileId(), f.brandSpecId(),
                f.preflightSource(), f.aiEnabled(), f.aiCategories(), f.aiFeatures(), f.aiPreset(), f.brand(),
                f.unbranded(), w.createdAt(), Times.now());
        repository.update(updated);
        return updated;
    }

    @Transactional
    void delete(Caller caller, UUID id) {
        caller.require(Permission.JOBS);
        if (repository.delete(caller.tenantId(), id.toString()) == 0) {
            throw new NotFoundException("Workflow " + id + " not found.");
        }
    }

    @Override
    public JobSubmission apply(String tenantId, UUID workflowId, JobSubmission s) {
        Workflow w = repository.find(tenantId, workflowId.toString())
                .orElseThrow(() -> new NotFoundException("Workflow " + workflowId + " not found."));
        boolean brandChosen = given(s.brand()) || given(s.unbranded());
        return new JobSubmission(s.file(), pick(s.profileId(), w.profileId()),
                pick(s.preflightSource(), w.preflightSource()), s.externalFormat(), s.externalReport(), s.mappingId(),
                s.jdfFile(), pick(s.aiEnabled(), text(w.aiEnabled())), pick(s.aiCategories(), w.aiCategories()),
                pick(s.aiFeatures(), w.aiFeatures()), pick(s.aiPreset(), w.aiPreset()),
                brandChosen ? s.brand() : w.brand(), brandChosen ? s.unbranded() : text(w.unbranded()),
                pick(s.brandSpecId(), w.brandSpecId()), null);
    }

    /**
     * Checks every field (422 with all problems), then the references that are new or changed against
     * {@code before} (404); returns the fields normalised.
     */
    private Fields validated(String tenantId, Fields f, Validator v, Workflow before) {
        String name = f.name() == null ? null : f.name().trim();
        if (name == null || name.isEmpty()) {
            v.add("name", "Field required", "missing");
        } else {
            v.length("name", name, 1, 255);
        }
        String profileId = PinnedFields.blankToNull(f.profileId());
        pinned.profileId(v, profileId);
        String brandSpecId = PinnedFields.blankToNull(f.brandSpecId());
        UUID brandSpec = v.uuid("brand_spec_id", brandSpecId);
        String source = PinnedFields.blankToNull(f.preflightSource());
        v.oneOf("preflight_source", source, PinnedFields.SOURCES);
        String categories = PinnedFields.blankToNull(f.aiCategories());
        v.length("ai_categories", categories, 1, 1024);
        String features = PinnedFields.blankToNull(f.aiFeatures());
        v.length("ai_features", features, 1, 1024);
        String preset = PinnedFields.blankToNull(f.aiPreset());
        v.length("ai_preset", preset, 1, 128);
        AiPresets presets = aiPresets.getIfAvailable();
        if (presets != null) {
            // a pinned preset must be one a submission may name, or every submission through the workflow is a 422
            v.oneOf("ai_preset", preset, presets.slugs());
        }
        String brand = PinnedFields.blankToNull(f.brand());
        UUID brandProfile = pinned.brand(v, brand);
        v.throwIfInvalid();
        String spec = brandSpec == null ? null : brandSpec.toString();
        pinned.requireReferences(tenantId, before != null && profileId.equals(before.profileId()) ? null : profileId,
                before != null && java.util.Objects.equals(brand, before.brand()) ? null : brandProfile,
                before != null && java.util.Objects.equals(spec, before.brandSpecId()) ? null : brandSpec);
        return new Fields(name, profileId, spec, source, f.aiEnabled(),
                categories, features, preset, brand, f.unbranded());
    }

    private static boolean given(String part) {
        return part != null && !part.isBlank();
    }

    private static String pick(String submitted, String pinned) {
        return given(submitted) ? submitted : pinned;
    }

    private static String text(Boolean b) {
        return b == null ? null : b.toString();
    }
}
