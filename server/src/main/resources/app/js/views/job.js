// One job: its pages in the viewer (once it completed), its facts, and its findings grouped by check. The layout has
// two columns: the stage (the page viewer, its tools and the job's facts) and the findings panel, which tells the
// viewer what was selected.
import { html, nothing } from '../lit.js';
import { api, checkRegistry } from '../api.js';
import { View, errorBanner, confirmDialog, announce, applyAccent } from '../ui.js';
import { FindingsPanel } from '../findings-panel.js';
import { PageViewer } from '../page-viewer.js';
import { bytes, when, duration, isWaiting, isDone, statusBadge, verdictBadge, counts, plural } from '../format.js';

const POLL_MS = 1500;

export class JobView extends View {
  constructor(app, jobId) {
    super(app);
    this.jobId = jobId;
    this.job = null;
    this.missing = false;
    this.panel = new FindingsPanel({ onChange: () => this.update(), onSelect: f => this.selected(f) });
  }

  get title() { return this.job ? this.job.file_name : 'Job'; }

  load() {
    checkRegistry().then(names => this.panel.setNames(names)).catch(e => { this.error = e.message; this.update(); });
    this.refresh();
  }

  async refresh() {
    try {
      const job = await api(`/jobs/${encodeURIComponent(this.jobId)}`);
      const first = !this.job;
      if (this.job && isWaiting(this.job.status) && !isWaiting(job.status)) announce(`Analysis ${job.status}`);
      this.job = job;
      this.panel.emptyText = this.emptyText(job);
      this.panel.setFindings(job.findings);
      if (isDone(job.status) && !this.viewer) {
        this.viewer = new PageViewer({ jobId: job.job_id, fileName: job.file_name, onChange: () => this.update(),
          onConfig: config => this.present(config) });
        this.viewer.setFindings(this.panel.findings);
        this.update();
        this.viewer.start();
        this.loadOthers();
        this.loadFixups();
      }
      if (first) this.app.titleChanged();
      if (isWaiting(job.status)) this.later(() => this.refresh(), POLL_MS);
    } catch (e) {
      if (e.status === 404) this.missing = true; else this.error = e.message;
      this.update();
    }
  }

  emptyText(job) {
    if (isWaiting(job.status)) return 'Analysing: findings appear when the job is done.';
    if (!isDone(job.status)) return 'The job failed: there are no findings.';
    const tool = job.external_source?.tool;
    if (job.preflight_source === 'external') return tool ? `The ${tool} report lists no findings.` : 'The imported report lists no findings.';
    if (job.preflight_source === 'minimal') return 'Geometry only: no checks were run.';
    return `No findings: the file passed every check of ${job.profile_id}.`;
  }

  /**
   * The viewer config's presentation, for as long as this page is shown: dark_mode turns the dark theme on (unless
   * the user chose a theme with the toggle), and viewer_accent_color becomes the page's accent. The brand's own
   * colours are for the people a job is shared with (the share view); here the tenant sees the brand's logo and
   * name above the page.
   */
  present(config) {
    if (!this.mounted) return;
    this.app.setThemeHint(config.dark_mode ? 'dark' : null);
    this.unbrand = applyAccent(config.viewer_accent_color);
  }

  unmount() {
    this.viewer?.stop();
    this.app.setThemeHint(null);
    this.unbrand?.();
    super.unmount();
  }

  /**
   * The branding's logo (the brand's, else the viewer config's) with the brand's name, above the page; nothing when
   * anonymous or without a logo (the service's own branding has none, and its name is in the header already).
   */
  brandLine() {
    const c = this.viewer?.config;
    if (!c || c.anonymous) return nothing;
    const logo = c.brand_logo_url ?? c.viewer_logo_url;
    if (!logo) return nothing;
    return html`<p class="viewer-brand"><img class="brand-logo" src=${logo} alt=${c.brand_name ? '' : 'Brand logo'} height="22">
      ${c.brand_name ? html`<span class="brand-name">${c.brand_name}</span>` : nothing}</p>`;
  }

  /** Other completed jobs of the tenant, to compare this one with (the most recent page of the list). */
  async loadOthers() {
    try {
      const list = await api('/jobs?page=1&page_size=50');
      this.others = list.jobs.filter(j => j.job_id !== this.jobId && isDone(j.status));
      this.update();
    } catch { this.others = []; }
  }

  /**
   * The fixups that may help this job (GET /api/v1/fixups), those resolving one of its findings first and ticked;
   * only for completed jobs that ran our own checks or page geometry (an imported report's findings are not ours).
   */
  async loadFixups() {
    if (this.job.preflight_source === 'external') return;
    try {
      const ids = new Set(this.job.findings.map(f => f.inspection_id));
      const resolves = (fx, id) => fx.resolves.some(r => r.endsWith('*') ? id.startsWith(r.slice(0, -1)) : r === id);
      this.fixups = (await api('/fixups')).fixups.map(fx => ({ ...fx, useful: [...ids].some(id => resolves(fx, id)) }));
      this.update();
    } catch { this.fixups = []; }
  }

  /** Fixes the file into a new job (auto: the fixups that resolve the findings) and opens that job. */
  async fix(auto, form) {
    const chosen = auto ? null : new FormData(form).getAll('fixup').map(id => ({ fixup_id: id, params: {} }));
    const made = await this.attempt(() => api(`/jobs/${encodeURIComponent(this.jobId)}/fixups`,
      { method: 'POST', json: auto ? { auto: true } : { fixups: chosen } }));
    if (made) {
      announce('Fixing into a new job');
      this.app.navigate(`/app/jobs/${encodeURIComponent(made.job_id)}`);
    }
  }

  fixPanel() {
    if (!this.fixups?.length) return nothing;
    return html`<section class="panel fix-panel" aria-labelledby="fix-title">
      <h2 id="fix-title">Fix</h2>
      <p class="muted">A fix makes a new job with the fixed file and checks it again; this job stays as it is.</p>
      <form @submit=${e => { e.preventDefault(); this.fix(false, e.target); }}>
        <fieldset><legend>Fixups</legend>
          ${this.fixups.map(fx => html`<label class="inline"><input type="checkbox" name="fixup" value=${fx.fixup_id}
            ?checked=${fx.useful}> ${fx.name} <span class="muted">(${fx.fixup_id})</span></label>`)}
        </fieldset>
        <button type="submit" class="fix-chosen">Fix with the chosen fixups</button>
        <button type="button" class="fix-auto" @click=${() => this.fix(true)}>Fix automatically</button>
      </form>
    </section>`;
  }

  /** Where a fixed job came from and what its fixups did, with the before/after comparison. */
  fixedFrom(job) {
    if (!job.source_job_id && !job.fixups_applied?.length) return nothing;
    return html`<section class="panel fixed-from" aria-labelledby="fixed-title">
      <h2 id="fixed-title">Fixed file</h2>
      ${job.source_job_id ? html`<p>Fixed from <a href="/app/jobs/${encodeURIComponent(job.source_job_id)}">the source
        job</a>. <a class="before-after" href="/app/compare/${encodeURIComponent(job.source_job_id)}/${encodeURIComponent(job.job_id)}">Before
        and after, side by side</a></p>` : html`<p>Fixed before the analysis; the file as submitted is kept.</p>`}
      <ul>${job.fixups_applied.map(a => html`<li><strong>${a.fixup_id}</strong>:
        ${plural(a.objects_changed, 'object')} changed${a.pages.length ? html` on ${plural(a.pages.length, 'page')}` : nothing}
        ${a.notes.map(n => html`<br><span class="muted">${n}</span>`)}</li>`)}</ul>
    </section>`;
  }

  /** Shows the finding in the viewer; screen readers hear which one; the panel shows its detail in place. */
  selected(finding) {
    this.viewer?.show(finding);
    announce(`${finding.inspection_id}: ${finding.message}${finding.page_num ? `, page ${finding.page_num}` : ''}`);
  }

  async remove() {
    const ok = await confirmDialog({
      title: 'Delete this job?',
      message: `${this.job.file_name} and everything derived from it (findings, renders, reports) will be deleted.`,
    });
    if (!ok) return;
    const done = await this.attempt(() => api(`/jobs/${this.job.job_id}`, { method: 'DELETE' }).then(() => true));
    if (done) {
      announce(`${this.job.file_name} deleted`);
      this.app.navigate('/app/');
    }
  }

  shortcuts() {
    const filter = (key, severity) => ({ key, label: `Show or hide ${severity} findings`, run: () => this.panel.toggleSeverity(severity) });
    return [
      { key: 'j', label: 'Next finding', run: () => this.panel.step(1, this.el) },
      { key: 'k', label: 'Previous finding', run: () => this.panel.step(-1, this.el) },
      filter('1', 'error'), filter('2', 'warning'), filter('3', 'advisory'), filter('4', 'info'),
      { key: '/', label: 'Filter the findings', run: () => this.el.querySelector('#findings-filter')?.focus() },
      { key: 'd', label: 'Delete this job', run: () => this.job && this.remove() },
      { key: 'b', label: 'Back to the jobs', run: () => this.app.navigate('/app/') },
      ...(this.viewer?.shortcuts() ?? []),
    ];
  }

  template() {
    if (this.missing) {
      return html`<h1 tabindex="-1">Job not found</h1>
        <p>No job <code>${this.jobId}</code> in this tenant. <a href="/app/">Back to the jobs</a></p>`;
    }
    const job = this.job;
    if (!job) return html`<h1 tabindex="-1">Job</h1>${errorBanner(this.error)}<p class="muted">Loading…</p>`;
    return html`
      <nav class="crumbs" aria-label="Breadcrumb"><a href="/app/">Jobs</a> <span aria-hidden="true">/</span>
        <span aria-current="page">${job.file_name}</span></nav>
      <div class="job-head">
        <h1 tabindex="-1">${job.file_name}</h1>
        ${statusBadge(job)} ${verdictBadge(job)}
        <button type="button" class="danger" @click=${() => this.remove()}>Delete job</button>
      </div>
      ${errorBanner(this.error)}
      <div class=${this.viewer?.config?.enable_findings_panel === false ? 'job-layout single' : 'job-layout'}>
        <section class="stage" aria-label="Document">
          ${this.brandLine()}
          ${this.viewer ? this.viewer.template() : nothing}
          ${this.viewer?.config?.enable_comparison && this.others?.length ? this.comparePicker() : nothing}
          ${this.fixedFrom(job)}
          ${isDone(job.status) ? this.fixPanel() : nothing}
          ${this.facts(job)}
        </section>
        ${this.viewer?.config?.enable_findings_panel === false ? nothing
          : html`<aside class="findings-panel" aria-labelledby="findings-title">${this.panel.template()}</aside>`}
      </div>`;
  }

  comparePicker() {
    return html`<form class="compare-pick" @submit=${e => {
      e.preventDefault();
      const other = new FormData(e.target).get('other');
      this.app.navigate(`/app/compare/${encodeURIComponent(this.jobId)}/${encodeURIComponent(other)}`);
    }}>
      <label class="inline">Compare with
        <select name="other">${this.others.map(j => html`<option value=${j.job_id}>${j.file_name} · ${when(j.created_at)}</option>`)}</select></label>
      <button type="submit">Compare</button>
    </form>`;
  }

  facts(job) {
    const epm = job.epm_verdict;
    const source = job.external_source ?? {};
    return html`
      ${job.error ? html`<p class="banner error" role="status">Failed: ${job.error}</p>` : nothing}
      <dl class="facts">
        <dt>Analysis</dt><dd>${job.preflight_source === 'engine' ? html`profile <a href="/app/profiles/${encodeURIComponent(job.profile_id)}">${job.profile_id}</a>`
          : job.preflight_source === 'external' ? `imported ${job.external_format ?? 'report'}` : 'page geometry only'}</dd>
        <dt>Pages</dt><dd>${job.page_count ?? '–'}</dd>
        <dt>Size</dt><dd>${bytes(job.file_size)}</dd>
        <dt>Submitted</dt><dd>${when(job.created_at)}</dd>
        <dt>Finished</dt><dd>${when(job.completed_at)}</dd>
        <dt>Took</dt><dd>${duration(job.duration_ms)}</dd>
        <dt>Findings</dt><dd>${counts(job.summary)} <span class="muted">${plural(job.summary.total_findings, 'finding')}</span></dd>
        ${Object.entries(source).map(([k, v]) => html`<dt>Report ${k}</dt><dd>${String(v)}</dd>`)}
      </dl>
      ${epm ? html`<section class="panel" aria-labelledby="epm-title">
        <h2 id="epm-title">CMY-only press (EPM)</h2>
        <p>Tier <strong>${epm.tier.replaceAll('_', ' ')}</strong>${epm.recommends_special_substrate ? ', special substrate recommended' : ''}.</p>
        ${epm.rejection_drivers.length ? html`<p>Driven by ${epm.rejection_drivers.join(', ')}.</p>` : nothing}
      </section>` : nothing}`;
  }
}
