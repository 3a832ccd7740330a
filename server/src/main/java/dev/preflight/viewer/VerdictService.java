package dev.preflight.viewer;

import dev.preflight.jobs.JobView;
import dev.preflight.platform.Times;
import dev.preflight.platform.Validator;
import dev.preflight.tenancy.Caller;
import dev.preflight.tenancy.Permission;
import org.jspecify.annotations.Nullable;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import java.util.List;
import java.util.Objects;

/**
 * The job's verdict (spec: Verdict): automatic from summary.passed until a reviewer records pass or fail, which they
 * may do at any time; a job can be auto-passed and manually failed at once. Recording a verdict that changes the
 * record publishes {@link VerdictChanged} in the same transaction.
 */
@Service
class VerdictService {

    static final int MAX_NOTES = 4000;

    private final VerdictRepository verdicts;
    private final ViewerPages pages;
    private final ApplicationEventPublisher events;

    VerdictService(VerdictRepository verdicts, ViewerPages pages, ApplicationEventPublisher events) {
        this.verdicts = verdicts;
        this.pages = pages;
        this.events = events;
    }

    ViewerResponses.Verdict verdict(ViewedJob v) {
        JobView job = v.job();
        pages.requireComplete(job);
        boolean auto = job.summary().passed();
        return verdicts.find(job.tenantId(), job.id())
                .map(r -> new ViewerResponses.Verdict(r.verdict(), auto, r.verdictBy(), r.verdictAt(), r.notes()))
                .orElseGet(() -> new ViewerResponses.Verdict(auto ? "pass" : "fail", auto, null, null, null));
    }

    /** Records a reviewer's verdict: {@code pass} or {@code fail} (fail needs notes); anything else is 422. */
    @Transactional
    ViewerResponses.Verdict record(ViewedJob v, Caller caller, @Nullable String verdict, @Nullable String notes) {
        caller.require(Permission.JOBS);
        var check = Validator.body();
        if (check.required("verdict", verdict)) {
            check.oneOf("verdict", verdict, List.of("pass", "fail"));
        }
        String cleanNotes = notes == null || notes.isBlank() ? null : notes.strip();
        if ("fail".equals(verdict) && cleanNotes == null) {
            check.add("notes", "Field required when verdict is fail: say why the job fails", "missing");
        }
        check.length("notes", cleanNotes, 1, MAX_NOTES);
        check.throwIfInvalid();
        JobView job = v.job();
        pages.requireComplete(job);
        boolean auto = job.summary().passed();
        var before = verdicts.findForUpdate(job.tenantId(), job.id());
        String previous = before.map(VerdictRepository.Recorded::verdict).orElse(auto ? "pass" : "fail");
        if (before.isPresent() && before.get().verdict().equals(verdict)
                && Objects.equals(before.get().notes(), cleanNotes)) {
            VerdictRepository.Recorded same = before.get();
            return new ViewerResponses.Verdict(same.verdict(), auto, same.verdictBy(), same.verdictAt(), same.notes());
        }
        var recorded = new VerdictRepository.Recorded(verdict, by(caller), Times.now(), cleanNotes);
        verdicts.save(job.tenantId(), job.id(), recorded);
        events.publishEvent(new VerdictChanged(job.tenantId(), job.id(), previous, verdict, recorded.verdictBy(),
                cleanNotes, recorded.verdictAt()));
        return new ViewerResponses.Verdict(verdict, auto, recorded.verdictBy(), recorded.verdictAt(), cleanNotes);
    }

    /** Who recorded a verdict: the API key, or the self-hosted built-in user in auth mode none. */
    static String by(Caller caller) {
        return caller.keyId() == null ? "self-hosted" : "api_key:" + caller.keyId();
    }
}
