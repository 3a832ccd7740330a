package dev.preflight.viewer;

import dev.preflight.analysis.PageBoxes;
import dev.preflight.engine.Box;
import dev.preflight.engine.PageGeometry;
import dev.preflight.jobs.JobReader;
import dev.preflight.jobs.JobStatus;
import dev.preflight.jobs.JobView;
import dev.preflight.platform.ConflictException;
import dev.preflight.platform.NotFoundException;
import org.springframework.stereotype.Component;

/** The checks every viewer route shares: the job is complete, the page exists; and the page's engine geometry. */
@Component
class ViewerPages {

    private final JobReader jobs;

    ViewerPages(JobReader jobs) {
        this.jobs = jobs;
    }

    /** 409 unless the job completed: the viewer needs the processed document and its ingest. */
    void requireComplete(JobView job) {
        if (job.complete()) {
            return;
        }
        if (job.status() == JobStatus.FAILED) {
            throw new ConflictException("Job " + job.id() + " failed, so there is nothing to view: " + job.error());
        }
        throw new ConflictException("Job " + job.id() + " is still " + jobs.wire(job.status())
                + "; the viewer shows it once it is " + jobs.wire(JobStatus.COMPLETED) + ".");
    }

    /** The stored boxes of a 1-based page of a complete job; 404 when the page does not exist. */
    PageBoxes page(JobView job, int pageNum) {
        requireComplete(job);
        if (pageNum < 1 || pageNum > job.pages().size()) {
            throw new NotFoundException("Page " + pageNum + " does not exist; the document has " + job.pages().size()
                    + (job.pages().size() == 1 ? " page." : " pages."));
        }
        return job.pages().get(pageNum - 1);
    }

    /** The engine's geometry of a stored page (the same numbers the ingest read). */
    static PageGeometry geometry(PageBoxes p) {
        return new PageGeometry(p.pageNum(), box(p.mediaBox()), box(p.cropBox()), box(p.trimBox()),
                box(p.bleedBox()), box(p.artBox()), p.rotation(), p.userUnit());
    }

    static PageBoxes.Box box(Box b) {
        return b == null ? null : new PageBoxes.Box(b.x0(), b.y0(), b.x1(), b.y1());
    }

    private static Box box(PageBoxes.Box b) {
        return b == null ? null : new Box(b.x0(), b.y0(), b.x1(), b.y1());
    }
}
