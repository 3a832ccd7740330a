package dev.preflight.viewer;

import dev.preflight.engine.EngineSettings;
import dev.preflight.engine.PageGeometry;
import dev.preflight.engine.RenderException;
import dev.preflight.engine.view.ChannelInfo;
import dev.preflight.engine.view.DocumentInk;
import dev.preflight.engine.view.PageInk;
import dev.preflight.jobs.JobReader;
import dev.preflight.jobs.JobView;
import dev.preflight.platform.PlatformProperties;
import dev.preflight.platform.UnprocessableException;
import org.springframework.stereotype.Service;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The document-wide ink pass: every page's separations rendered by Ghostscript at a low resolution, giving the job's
 * channel list (every process and spot ink, overprint simulated) and a TAC summary per page. An engine job whose
 * profile rendered ink brings the channel list from its ingest; otherwise the pass runs on demand (a fill request,
 * or the first request for data the job's capabilities promise) and is stored.
 */
@Service
class InkService {

    private final DocumentDataRepository data;
    private final DocumentWork work;
    private final JobReader jobs;
    private final ViewerProperties properties;
    private final Path scratch;

    InkService(DocumentDataRepository data, DocumentWork work, JobReader jobs, ViewerProperties properties,
               PlatformProperties platform) {
        this.data = data;
        this.work = work;
        this.jobs = jobs;
        this.properties = properties;
        this.scratch = platform.scratchDir().resolve("viewer");
    }

    /** The job's channels when they are known without rendering: from the ingest, or from a stored ink pass. */
    List<ViewerResponses.Channel> knownChannels(JobView job) {
        if (job.capabilities() != null && !job.capabilities().separationNames().isEmpty()) {
            return channels(ChannelInfo.ofNames(job.capabilities().separationNames()));
        }
        return data.ink(job.tenantId(), job.id())
                .filter(i -> i.status().equals(DocumentDataRepository.COMPLETE) && i.channels() != null)
                .map(i -> i.channels().channels()).orElse(List.of());
    }

    /** The job's channel list: known, or from the ink pass (waiting at most {@code wait} for it). */
    ViewerResponses.ChannelList channels(JobView job, Duration wait) {
        List<ViewerResponses.Channel> known = knownChannels(job);
        if (!known.isEmpty()) {
            return new ViewerResponses.ChannelList(job.id(), known);
        }
        return ensure(job, wait).channels();
    }

    /** The stored ink pass of the job, running it first when needed (waiting at most {@code wait}). */
    DocumentDataRepository.Ink ensure(JobView job, Duration wait) {
        var stored = data.ink(job.tenantId(), job.id());
        if (stored.isPresent()) {
            return complete(stored.get());
        }
        return complete(work.await("ink:" + job.id(), () -> {
            var again = data.ink(job.tenantId(), job.id());
            if (again.isPresent()) {
                return again.get();
            }
            DocumentDataRepository.Ink ink = compute(job);
            data.saveInk(job.tenantId(), job.id(), ink);
            return ink;
        }, wait, "The ink pass of job " + job.id()));
    }

    /** Forgets a failed pass so that a fill request runs it again. */
    void retryAfterFailure(JobView job) {
        data.forgetFailedInk(job.tenantId(), job.id());
    }

    private static DocumentDataRepository.Ink complete(DocumentDataRepository.Ink ink) {
        if (!ink.status().equals(DocumentDataRepository.COMPLETE)) {
            throw new UnprocessableException("The separations of this document could not be rendered: " + ink.error());
        }
        return ink;
    }

    private DocumentDataRepository.Ink compute(JobView job) throws Exception {
        List<PageGeometry> pages = job.pages().stream().map(ViewerPages::geometry).toList();
        double limit = properties.defaults().defaultTacLimit();
        var settings = new EngineSettings(100, properties.maxMainMemoryMb() * 1024L * 1024L,
                EngineSettings.defaults().maxElementsPerPage(), properties.inkDpi(), properties.ghostscript(),
                properties.documentTimeout(), scratch);
        DocumentInk ink;
        try {
            ink = DocumentInk.measure(jobs.documentFile(job), pages, settings, limit);
        } catch (RenderException e) {
            if (e.timedOut()) {
                throw e; // a busy machine, not the document: not stored, the next request tries again
            }
            return new DocumentDataRepository.Ink(DocumentDataRepository.FAILED, e.getMessage(), null, null);
        }
        var tac = new ArrayList<ViewerResponses.PageTac>();
        int dpi = ink.dpi();
        for (var e : ink.pages().entrySet()) {
            PageInk f = e.getValue();
            dpi = f.dpi();
            var coverage = new ArrayList<ViewerResponses.ChannelReading>();
            ChannelInfo.ofNames(f.coveragePercent().keySet()).forEach(c -> coverage.add(
                    new ViewerResponses.ChannelReading(c.name(), round1(f.coveragePercent().get(c.name())))));
            tac.add(new ViewerResponses.PageTac(e.getKey(), round1(f.maxTacAll()),
                    f.empty() || f.worstWindowAll() == null ? null : ViewerPages.box(f.worstWindowAll()),
                    round1(f.maxPixelTac()), round1(f.areaOverLimitAllPct()), coverage));
        }
        var channels = new ViewerResponses.ChannelList(job.id(), channels(ChannelInfo.ofNames(ink.separations())));
        var summary = new ViewerResponses.TacSummary(job.id(), dpi, ink.windowMm(), limit, tac);
        return new DocumentDataRepository.Ink(DocumentDataRepository.COMPLETE, null, channels, summary);
    }

    private static List<ViewerResponses.Channel> channels(List<ChannelInfo> infos) {
        return infos.stream().map(c -> new ViewerResponses.Channel(c.name(), c.type().apiName())).toList();
    }

    private static double round1(Double v) {
        return v == null ? 0 : Math.round(v * 10) / 10.0;
    }
}
