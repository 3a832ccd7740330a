package dev.preflight.intake;

import dev.preflight.analysis.AnalysisService;
import dev.preflight.jobs.JobService;
import dev.preflight.platform.Validator;
import org.springframework.stereotype.Component;

import java.util.List;
import java.util.UUID;

/**
 * The rules for submit fields that a workflow or a vanity endpoint pins, the same as the submit route applies to
 * them: format first (422, field by field), then the references (404 for a profile, brand profile or BrandSpec the
 * tenant does not own).
 */
@Component
class PinnedFields {

    static final List<String> SOURCES = List.of("engine", "external", "minimal");

    private final AnalysisService analysis;
    private final JobService jobs;

    PinnedFields(AnalysisService analysis, JobService jobs) {
        this.analysis = analysis;
        this.jobs = jobs;
    }

    /** A required profile id: present and at most 128 characters. */
    void profileId(Validator v, String value) {
        if (value == null || value.isBlank()) {
            v.add("profile_id", "Field required", "missing");
        } else {
            v.length("profile_id", value, 1, 128);
        }
    }

    /** {@code anonymous}, {@code service} or a brand profile UUID; returns the UUID when it is one. */
    UUID brand(Validator v, String value) {
        if (value == null || value.equals("anonymous") || value.equals("service")) {
            return null;
        }
        // Anything but the two keywords must be a brand profile's UUID, exactly as at submit.
        return v.uuid("brand", value);
    }

    /**
     * 404 unless the profile, brand profile and BrandSpec (each when given) belong to the tenant or are built in.
     * An update passes only the references it changes: one that was valid when set stays (a BrandSpec archived since
     * does not block changing a description).
     */
    void requireReferences(String tenantId, String profileId, UUID brandProfile, UUID brandSpec) {
        if (profileId != null) {
            analysis.requireProfile(tenantId, profileId);
        }
        if (brandProfile != null) {
            jobs.requireBrandProfile(tenantId, brandProfile);
        }
        if (brandSpec != null) {
            jobs.requireBrandSpec(tenantId, brandSpec);
        }
    }

    static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s.trim();
    }
}
