package dev.preflight.review;

import dev.preflight.jobs.JobView;
import dev.preflight.jobs.JobViews;
import dev.preflight.platform.RequestValidationException;
import dev.preflight.reports.JobReports;
import dev.preflight.viewer.JobVerdicts;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * Assembles the job state: the job itself and, as {@code include} asks, its share links (reports module), its
 * approval chain, its verdict (viewer module) and its annotations. Reads every block through the owning module's
 * public API in one read-only transaction, so the blocks agree with each other.
 */
@Service
class JobStateService {

    /** The blocks {@code include} may name. */
    enum Block {
        REPORTS, APPROVAL_CHAIN, VERDICT, ANNOTATIONS;

        String wire() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** What the share-link twin may include: everything but the share links. */
    static final Set<Block> SHARED = EnumSet.of(Block.APPROVAL_CHAIN, Block.VERDICT, Block.ANNOTATIONS);

    private final JobViews views;
    private final JobReports reports;
    private final JobVerdicts verdicts;
    private final ApprovalService approvals;
    private final AnnotationService annotations;

    JobStateService(JobViews views, JobReports reports, JobVerdicts verdicts, ApprovalService approvals,
                    AnnotationService annotations) {
        this.views = views;
        this.reports = reports;
        this.verdicts = verdicts;
        this.approvals = approvals;
        this.annotations = annotations;
    }

    /**
     * The blocks a comma-separated {@code include} names, out of {@code allowed}; null or blank means all of them.
     * An unknown or disallowed key answers 422 at {@code ["query", "include"]}.
     */
    static Set<Block> parseInclude(@Nullable String include, Set<Block> allowed) {
        if (include == null || include.isBlank()) {
            return EnumSet.copyOf(allowed);
        }
        Set<Block> blocks = EnumSet.noneOf(Block.class);
        for (String raw : include.split(",", -1)) {
            String key = raw.strip();
            Block block = Arrays.stream(Block.values()).filter(b -> b.wire().equals(key)).findFirst()
                    .filter(allowed::contains).orElse(null);
            if (block == null) {
                String keys = allowed.stream().map(Block::wire).collect(Collectors.joining(", "));
                throw RequestValidationException.of("query", "include", "Unknown include key '" + key
                        + "': use a comma-separated list of " + keys, "enum");
            }
            blocks.add(block);
        }
        return blocks;
    }

    /** The state of a job with the blocks asked for; a share-link visitor's job body carries no report links. */
    @Transactional(readOnly = true)
    JobState state(JobView job, Set<Block> blocks, boolean shared) {
        var body = views.job(job);
        return new JobState(shared ? body.withoutReportLinks() : body,
                blocks.contains(Block.REPORTS) ? reports(job) : null,
                blocks.contains(Block.APPROVAL_CHAIN) ? chain(job) : JobState.Chain.NOT_INCLUDED,
                blocks.contains(Block.VERDICT) ? verdict(job) : JobState.Verdict.NOT_INCLUDED,
                blocks.contains(Block.ANNOTATIONS) ? annotations(job) : null);
    }

    private List<JobState.Report> reports(JobView job) {
        return reports.active(job.tenantId(), job.id()).stream()
                .map(r -> new JobState.Report(r.format(), r.url(), r.token(), r.allowAnnotations(),
                        r.requireVisitorEmail()))
                .toList();
    }

    private JobState.@Nullable Chain chain(JobView job) {
        return approvals.inForce(job).map(c -> new JobState.Chain(c.status(), c.currentStep(), c.steps().stream()
                .filter(s -> !s.status().equals("pending"))
                .map(s -> new JobState.Step(s.stepName(), s.approverEmail(), s.status(), s.decision(), s.notes()))
                .toList())).orElse(null);
    }

    private JobState.@Nullable Verdict verdict(JobView job) {
        return verdicts.of(job).map(v -> new JobState.Verdict(v.verdict(), v.autoPassed(), v.notes())).orElse(null);
    }

    private JobState.Annotations annotations(JobView job) {
        List<AnnotationBodies.Annotation> items = annotations.list(job, "comments");
        Map<String, Integer> byPage = new TreeMap<>((a, b) -> Integer.compare(Integer.parseInt(a),
                Integer.parseInt(b)));
        for (AnnotationBodies.Annotation a : items) {
            byPage.merge(Integer.toString(a.pageNum()), 1, Integer::sum);
        }
        return new JobState.Annotations(items.size(), byPage, items);
    }
}
