package dev.preflight.viewer;

import dev.preflight.jobs.JobView;
import org.jspecify.annotations.Nullable;

/**
 * Resolves the branding the viewer config shows for a job. The branding module implements it as a bean; without
 * one the viewer is anonymous (every brand field null).
 */
public interface ViewerBranding {

    /**
     * The branding of a job's viewer.
     *
     * @param brand the config's {@code brand} parameter as given: {@code anonymous}, {@code service}, a brand profile
     *              UUID, or null for the job's own branding (its submission, else the tenant default)
     */
    ViewerBrand resolve(JobView job, @Nullable String brand);
}
