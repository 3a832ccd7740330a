// The page viewer of a completed job, on the authenticated viewer API (/api/v1/viewer/jobs/{job_id}/...): one page
// on a canvas with zoom and pan, deep zoom on region tiles, the findings' boxes drawn over it, separations toggled
// per ink (the visible plates composed in the browser), the TAC heatmap with its runs, a densitometer reading where
// the page is clicked, layers, annotations, and the verdict.
//
// This module composes the viewer's parts (js/viewer/), each keeping its own state and reaching the others through
// the viewer: data reads and writes the viewer API, canvas draws the page and what lies over it, interaction turns
// pointer, wheel and keys into the view, annotations draws and stores marks, panels renders the toolbar and tools.
// What they share is here: the job, the config, the pages and the current one, the findings and the selected one.
import { ViewerData } from './viewer/data.js';
import { PageCanvas } from './viewer/canvas.js';
import { Interaction } from './viewer/interaction.js';
import { Annotations } from './viewer/annotations.js';
import { Panels } from './viewer/panels.js';

export class PageViewer {
  /**
   * `onChange()` re-renders the host; `onConfig(config)` is told the viewer config once it is read (the host applies
   * the theme and branding). A share page passes `token` (and the `config` it already fetched): the viewer then reads
   * the public twins (/api/v1/viewer/public/{token}/...) and leaves out what has no twin (verdict recording, report
   * minting, tile warming, TAC runs, the densitometer: a click reads the colour only). `visitorForm` and `mayDelete`
   * are the annotations' (see viewer/annotations.js).
   */
  constructor({ jobId, fileName, onChange, token, config, visitorForm, onConfig, mayDelete }) {
    this.jobId = jobId;
    this.fileName = fileName;
    this.onChange = onChange;
    this.onConfig = onConfig ?? (() => {});
    this.shared = Boolean(token);
    this.base = token ? `/viewer/public/${encodeURIComponent(token)}` : `/viewer/jobs/${encodeURIComponent(jobId)}`;
    this.config = null;
    this.pages = [];
    this.pageNum = 1;
    /** The job's findings (with `key`, as the findings panel gives them) and the key of the one selected. */
    this.findings = [];
    this.selected = null;
    this.error = null;
    this.stopped = false;
    this.data = new ViewerData(this, { config });
    this.canvas = new PageCanvas(this);
    this.interaction = new Interaction(this);
    this.annotations = new Annotations(this, { visitorForm, mayDelete });
    this.panels = new Panels(this);
  }

  get page() { return this.pages[this.pageNum - 1]; }
  get dpi() { return this.config?.default_dpi ?? 72; }

  async start() {
    try {
      await this.data.open();
    } catch (e) {
      this.error = e.message;
      this.onChange();
      return;
    }
    this.canvas.tacLimit = this.config.default_tac_limit;
    this.interaction.openScale = Interaction.openScale(this.config.default_zoom);
    this.onConfig(this.config);
    this.onChange();
    this.canvas.observe();
    this.canvas.schedule();
    this.data.loadVerdict();
    if (this.config.enable_layers) this.data.loadLayers();
    if (this.annotations.enabled) this.annotations.load();
    if (this.config.enable_separations) this.data.loadChannels();
    if (!this.config.capabilities.tiles_warmed && !this.shared) this.data.pollWarming();
  }

  stop() {
    this.stopped = true;
    this.canvas.stop();
    this.data.stop();
  }

  setFindings(findings) {
    this.findings = findings;
    this.canvas.schedule();
  }

  /** Shows a finding: its page, zoomed to its box. */
  show(finding) { this.interaction.show(finding); }

  shortcuts() { return this.interaction.shortcuts(); }

  template() { return this.panels.template(); }
}
