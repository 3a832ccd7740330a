package dev.preflight.intake;

import dev.preflight.analysis.AnalysisService;
import dev.preflight.jobs.JobService;
import dev.preflight.jobs.JobStatus;
import dev.preflight.jobs.JobSubmission;
import dev.preflight.jobs.JobView;
import dev.preflight.platform.ApiException;
import dev.preflight.platform.ErrorBodies;
import dev.preflight.platform.NotFoundException;
import dev.preflight.platform.PayloadTooLargeException;
import dev.preflight.platform.PlatformProperties;
import dev.preflight.platform.RequestValidationException;
import dev.preflight.platform.Times;
import dev.preflight.platform.Validator;
import dev.preflight.tenancy.Caller;
import dev.preflight.tenancy.Permission;
import dev.preflight.tenancy.TenancyService;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;
import org.springframework.web.multipart.MultipartFile;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Batch submission: several files, or ZIP archives of files, sharing one set of submit fields; each file becomes a
 * job through the jobs API. A file that cannot become a job is reported in the batch with the reason; a problem with
 * the shared fields refuses the whole batch before any job exists.
 */
@Service
class BatchService {

    private static final Logger log = LoggerFactory.getLogger(BatchService.class);

    /** A batch with each item's current state. */
    record View(BatchRepository.Batch batch, List<ItemView> items, Map<String, Integer> counts, boolean done) {
    }

    /** An item with the status of its job ({@code rejected} without one, {@code deleted} when it is gone). */
    record ItemView(BatchRepository.Item item, String status) {
    }

    static final String REJECTED = "rejected";
    static final String DELETED = "deleted";

    private final BatchRepository repository;
    private final JobService jobs;
    private final AnalysisService analysis;
    private final TenancyService tenancy;
    private final IntakeProperties properties;
    private final PlatformProperties platform;

    BatchService(BatchRepository repository, JobService jobs, AnalysisService analysis, TenancyService tenancy,
                 IntakeProperties properties, PlatformProperties platform) {
        this.repository = repository;
        this.jobs = jobs;
        this.analysis = analysis;
        this.tenancy = tenancy;
        this.properties = properties;
        this.platform = platform;
    }

    View submit(Caller caller, List<MultipartFile> files, JobSubmission shared) {
        caller.require(Permission.JOBS);
        var v = Validator.body();
        if (files == null || files.isEmpty()) {
            v.add("files", "Field required", "missing");
        }
        if ("external".equals(PinnedFields.blankToNull(shared.preflightSource()))) {
            v.add("preflight_source", "A batch takes no external reports: use 'engine' or 'minimal'", "value_error");
        }
        v.throwIfInvalid();
        Path scratch = null;
        try {
            Files.createDirectories(platform.scratchDir());
            scratch = Files.createTempDirectory(platform.scratchDir(), "batch-");
            List<BatchInput> inputs = expand(caller, files, scratch);
            List<BatchRepository.Item> items = submitEach(caller, shared, inputs);
            var batch = new BatchRepository.Batch(UUID.randomUUID().toString(), caller.tenantId(), items.size(),
                    Times.now());
            repository.insert(batch, items);
            return view(caller, batch, items);
        } catch (IOException e) {
            throw new UncheckedIOException("could not stage the batch's files", e);
        } finally {
            deleteQuietly(scratch);
        }
    }

    View get(Caller caller, UUID batchId) {
        var batch = repository.find(caller.tenantId(), batchId.toString())
                .orElseThrow(() -> new NotFoundException("Batch " + batchId + " not found."));
        return view(caller, batch, repository.items(caller.tenantId(), batch.id()));
    }

    private List<BatchInput> expand(Caller caller, List<MultipartFile> files, Path scratch) throws IOException {
        var b = properties.batch();
        long perFile = Math.min(tenancy.maxUploadBytes(caller.plan()), b.maxEntryInflatedBytes());
        var budget = new BatchArchive.Budget(new BatchArchive.Limits(b.maxItems(), b.maxArchiveEntries(), perFile,
                b.maxTotalInflatedBytes(), b.maxCompressionRatio()));
        var inputs = new ArrayList<BatchInput>();
        for (int part = 0; part < files.size(); part++) {
            MultipartFile f = files.get(part);
            String name = f.getOriginalFilename() == null || f.getOriginalFilename().isBlank()
                    ? "file-" + (part + 1) : f.getOriginalFilename();
            if (f.getSize() > tenancy.maxUploadBytes(caller.plan())) {
                budget.countItem();
                inputs.add(BatchInput.refused(part, name, null, "too_large", "The file is " + f.getSize()
                        + " bytes; this tenant's upload limit is " + tenancy.maxUploadBytes(caller.plan()) + " bytes."));
                continue;
            }
            Path saved = scratch.resolve("part-" + part);
            f.transferTo(saved);
            if (Files.size(saved) > 0 && BatchArchive.isZip(saved)) {
                inputs.addAll(BatchArchive.expand(part, name, saved, scratch, budget, analysis::inputType));
            } else {
                budget.countItem();
                inputs.add(BatchArchive.judged(part, name, null, saved, Files.size(saved), analysis::inputType));
            }
        }
        return inputs;
    }

    private List<BatchRepository.Item> submitEach(Caller caller, JobSubmission shared, List<BatchInput> inputs) {
        var items = new ArrayList<BatchRepository.Item>();
        boolean anyJob = false;
        for (int seq = 0; seq < inputs.size(); seq++) {
            BatchInput in = inputs.get(seq);
            if (in.file() == null) {
                items.add(item(seq, in, null, in.errorCode(), in.error()));
                continue;
            }
            try {
                JobView job = jobs.submit(caller, shared.withFile(new ScratchUpload(in.file(), in.jobFileName())));
                items.add(item(seq, in, job.id(), null, null));
                anyJob = true;
            } catch (PayloadTooLargeException e) {
                items.add(item(seq, in, null, "too_large", e.detail()));
            } catch (RequestValidationException e) {
                if (aboutTheFile(e)) {
                    items.add(item(seq, in, null, "invalid_file", e.errors().get(0).msg()));
                } else if (!anyJob) {
                    throw e; // the shared fields are wrong: nothing was stored, the whole batch answers
                } else {
                    items.add(item(seq, in, null, REJECTED, e.detail()));
                }
            } catch (ApiException e) {
                if (!anyJob) {
                    throw e;
                }
                items.add(item(seq, in, null, REJECTED, e.detail()));
            }
        }
        if (!anyJob) {
            throw new RequestValidationException(items.stream().map(BatchService::problem).toList());
        }
        return items;
    }

    private static boolean aboutTheFile(RequestValidationException e) {
        return e.errors().stream().allMatch(err -> err.loc().size() == 2 && "file".equals(err.loc().get(1)));
    }

    private static BatchRepository.Item item(int seq, BatchInput in, String jobId, String code, String error) {
        return new BatchRepository.Item(seq, in.part(), in.name(), in.archive(), jobId, code, error);
    }

    /** A refused item as a validation problem located at its part (and member). */
    private static ErrorBodies.FieldError problem(BatchRepository.Item i) {
        List<Object> loc = i.archive() == null ? List.of("body", "files", i.part())
                : List.of("body", "files", i.part(), i.name());
        return new ErrorBodies.FieldError(loc, i.error(), i.errorCode());
    }

    private View view(Caller caller, BatchRepository.Batch batch, List<BatchRepository.Item> items) {
        var counts = new LinkedHashMap<String, Integer>();
        for (JobStatus s : JobStatus.values()) {
            counts.put(jobs.wire(s), 0);
        }
        counts.put(REJECTED, 0);
        counts.put(DELETED, 0);
        boolean done = true;
        var out = new ArrayList<ItemView>();
        for (BatchRepository.Item i : items) {
            String status;
            if (i.jobId() == null) {
                status = REJECTED;
            } else {
                JobView job = jobs.find(caller.tenantId(), i.jobId()).orElse(null);
                status = job == null ? DELETED : jobs.wire(job.status());
                done &= job == null || job.status().terminal();
            }
            counts.merge(status, 1, Integer::sum);
            out.add(new ItemView(i, status));
        }
        return new View(batch, out, counts, done);
    }

    private static void deleteQuietly(Path dir) {
        if (dir == null) {
            return;
        }
        try (var walk = Files.walk(dir)) {
            walk.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException e) {
                    log.debug("could not delete scratch file {}", p);
                }
            });
        } catch (IOException ignored) {
            // nothing left to clean
        }
    }
}
