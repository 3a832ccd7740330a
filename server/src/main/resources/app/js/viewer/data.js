// What the page viewer reads from the viewer API and writes to it, apart from the annotations (annotations.js): the
// config and pages, the inks, the layers, the verdict, tile warming, the thumbnails, the TAC runs of a page, the
// densitometer and colour picker, and minting a report. Every path is relative to the viewer's base, the job's routes
// or a share link's public twins.
import { api, image } from '../api.js';
import { announce } from '../ui.js';

const POLL_MS = 1500;
/** Resolution of the page thumbnails. */
const THUMB_DPI = 36;

export class ViewerData {
  /** `config` is the viewer config a share page fetched already (else it is read here). */
  constructor(viewer, { config }) {
    this.v = viewer;
    this.preset = config ?? null;
    /** The job's inks (process first), once read; `channelsNote` says why there are none yet. */
    this.channels = null;
    this.channelsNote = null;
    this.layers = [];
    this.verdict = null;
    this.warming = null;
    /** The TAC runs of one page at one limit (`page_num` says which). */
    this.runs = null;
    /** The last densitometer and colour reading, with its page and point. */
    this.reading = null;
    this.report = null;
    /** Thumbnail blob: URLs by page number. */
    this.thumbs = new Map();
  }

  /** The viewer config and the job's pages, which everything else needs. */
  async open() {
    const v = this.v;
    [v.config, { pages: v.pages }] = await Promise.all([
      this.preset ?? api(`${v.base}/config`), api(`${v.base}/pages`)]);
  }

  stop() {
    clearTimeout(this.timer);
    clearTimeout(this.warmTimer);
  }

  async loadVerdict() {
    const v = this.v;
    if (v.config.verdict_mode === 'off') return;
    try { this.verdict = await api(`${v.base}/verdict`); } catch (e) { v.error = e.message; }
    v.onChange();
  }

  async loadLayers() {
    const v = this.v;
    try {
      this.layers = (await api(`${v.base}/layers`)).layers;
      v.canvas.defaultLayers(this.layers);
    } catch (e) { v.error = e.message; }
    v.onChange();
  }

  async loadChannels() {
    const v = this.v;
    if (!v.config.capabilities.separations) {
      this.channelsNote = v.config.capability_fillin_enabled
        ? 'The separations of this job have not been computed yet.'
        : 'This plan cannot compute separations for this job.';
      v.onChange();
      return;
    }
    try {
      this.channels = (await api(`${v.base}/separations`)).channels;
      this.channelsNote = null;
    } catch (e) { this.channelsNote = e.message; }
    v.onChange();
  }

  /** Asks for the separations (the ink pass), then polls the config until the capability is there. */
  async fillSeparations() {
    const v = this.v;
    try {
      await api(`${v.base}/capabilities/separations`, { method: 'POST' });
      this.channelsNote = 'Computing the separations…';
      v.onChange();
      const poll = async () => {
        if (v.stopped) return;
        const config = await api(`${v.base}/config`).catch(() => null);
        if (config?.capabilities.separations) {
          v.config = config;
          this.loadChannels();
        } else {
          this.timer = setTimeout(poll, POLL_MS);
        }
      };
      poll();
    } catch (e) {
      this.channelsNote = e.message;
      v.onChange();
    }
  }

  async pollWarming() {
    const v = this.v;
    try {
      this.warming = await api(`${v.base}/tile-warming`);
    } catch {
      this.warming = null;
      return;
    }
    v.onChange();
    if (!v.stopped && this.warming.status === 'in_progress') this.warmTimer = setTimeout(() => this.pollWarming(), POLL_MS);
  }

  get showThumbnails() { return this.v.config?.enable_page_thumbnails && this.v.pages.length > 1; }

  /** Thumbnails at 36 dpi (the layers' default state), one after another once the first page is painted. */
  async loadThumbnails() {
    const v = this.v;
    if (!this.showThumbnails) return;
    for (const p of v.pages) {
      if (v.stopped) return;
      try {
        const img = await image(`${v.base}/pages/${p.page_num}/tile?dpi=${THUMB_DPI}`);
        this.thumbs.set(p.page_num, img.url);
        v.onChange();
      } catch { /* the thumbnail stays a page number */ }
    }
  }

  /** The TAC runs of the current page at the current limit (a share link has no runs). */
  async loadRuns() {
    const v = this.v;
    if (v.shared) return;
    const pageNum = v.pageNum;
    const limit = v.canvas.tacLimit;
    try {
      const runs = await api(`${v.base}/pages/${pageNum}/tac-heatmap/runs?dpi=${v.dpi}&tac_limit=${limit}`);
      if (pageNum === v.pageNum && limit === v.canvas.tacLimit) this.runs = runs;
    } catch (e) { v.error = e.message; }
    v.canvas.schedule();
    v.onChange();
  }

  /** Reads the densitometer (not on a share link) and the colour picker at a PDF point of the current page. */
  async measure(x, y) {
    const v = this.v;
    const at = `x=${x.toFixed(2)}&y=${y.toFixed(2)}&dpi=${v.dpi}`;
    const pageNum = v.pageNum;
    try {
      const [density, sample] = await Promise.all([
        v.shared ? null : api(`${v.base}/pages/${pageNum}/densitometer?${at}&tac_limit=${v.canvas.tacLimit}`),
        api(`${v.base}/pages/${pageNum}/sample?${at}`),
      ]);
      this.reading = { page_num: pageNum, x, y, density, sample };
      announce(density ? `Total ink ${density.tac.toFixed(1)} %` : `Colour ${sample.hex}`);
    } catch (e) { v.error = e.message; }
    v.canvas.schedule();
    v.onChange();
  }

  /** Records the verdict; true when the API kept it. */
  async recordVerdict(verdict, notes) {
    const v = this.v;
    try {
      this.verdict = await api(`${v.base}/verdict`, { method: 'POST', json: notes ? { verdict, notes } : { verdict } });
      v.error = null;
      announce(`Verdict recorded: ${verdict}`);
      return true;
    } catch (e) {
      v.error = e.message;
      return false;
    }
  }

  /** Mints a report of the job (POST /api/v1/jobs/{job_id}/reports); true when it was minted. */
  async mintReport(format) {
    const v = this.v;
    try {
      const minted = await api(`/jobs/${encodeURIComponent(v.jobId)}/reports`, { method: 'POST', json: { formats: [format] } });
      this.report = minted.reports[0];
      announce(`Report minted: ${format}`);
      return true;
    } catch (e) {
      v.error = e.message;
      return false;
    }
  }
}
