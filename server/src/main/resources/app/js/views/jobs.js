// The dashboard: submit files (drag and drop or a file picker) with a profile, a report to import or geometry only;
// the job list with status, verdict and counts by severity, refreshed while jobs are being analysed.
import { html, nothing, repeat, live } from '../lit.js';
import { api, upload } from '../api.js';
import { View, errorBanner, confirmDialog, announce } from '../ui.js';
import { bytes, when, isWaiting, statusBadge, verdictBadge, counts } from '../format.js';

const PAGE_SIZE = 25;
const BUSY_POLL_MS = 1500;
const IDLE_POLL_MS = 10000;

/** external_format values and the tools whose reports they are (docs/imports.md). */
export const EXTERNAL_FORMATS = [
  ['preflight_a_xml', 'Enfocus PitStop XML'],
  ['preflight_b_xml', 'callas pdfToolbox XML'],
  ['preflight_b_json', 'callas pdfToolbox JSON'],
  ['preflight_c_xml', 'Adobe Acrobat Preflight XML'],
  ['service_json', 'Preflight import JSON'],
];

export class JobsView extends View {
  constructor(app) {
    super(app);
    this.page = Number(new URLSearchParams(location.search).get('page')) || 1;
    this.list = null;
    this.profiles = [];
    this.mappings = [];
    this.workflows = [];
    this.uploads = [];
    this.selected = -1;
    this.form = { source: 'engine', profileId: 'service-default', profileQuery: '', format: '', workflowId: '', report: null };
  }

  get title() { return 'Jobs'; }

  load() {
    this.refresh();
    api('/profiles').then(r => { this.profiles = r.profiles; this.update(); }).catch(e => this.fail(e));
    api('/tenant/import-mappings').then(r => { this.mappings = r.mappings.filter(m => m.is_active); this.update(); })
      .catch(e => this.fail(e));
    api('/workflows').then(r => { this.workflows = r.workflows; this.update(); }).catch(e => this.fail(e));
  }

  fail(e) { this.error = e.message; this.update(); }

  async refresh() {
    const list = await this.attempt(() => api(`/jobs?page=${this.page}&page_size=${PAGE_SIZE}`));
    if (list) {
      const before = new Map((this.list?.jobs ?? []).map(j => [j.job_id, j.status]));
      this.list = list;
      for (const job of list.jobs) {
        if (isWaiting(before.get(job.job_id)) && !isWaiting(job.status)) announce(`${job.file_name}: ${job.status}`);
      }
      this.update();
    }
    this.schedule();
  }

  /** Polls fast while something is moving, slowly otherwise, and not at all while the tab is hidden. */
  schedule() {
    const busy = this.uploads.some(u => u.state === 'sending') || (this.list?.jobs ?? []).some(j => isWaiting(j.status));
    this.later(() => (document.hidden ? this.schedule() : this.refresh()), busy ? BUSY_POLL_MS : IDLE_POLL_MS);
  }

  goToPage(page) {
    this.page = page;
    history.replaceState(null, '', page === 1 ? '/app/' : `/app/?page=${page}`);
    this.selected = -1;
    this.refresh();
  }

  // --- submitting -------------------------------------------------------------------------------------------

  get workflow() { return this.workflows.find(w => w.id === this.form.workflowId); }

  /** The source the submission will run with: the workflow's when it pins one, else the form's. */
  get source() { return this.workflow ? (this.workflow.preflight_source ?? 'engine') : this.form.source; }

  set(field, value) {
    this.form = { ...this.form, [field]: value };
    this.update();
  }

  dropped(event) {
    event.preventDefault();
    this.el?.querySelector('.drop')?.classList.remove('over');
    this.submit([...event.dataTransfer.files]);
  }

  picked(event) {
    this.submit([...event.target.files]);
    event.target.value = '';
  }

  async submit(files) {
    if (!files.length) return;
    if (this.source === 'external') {
      if (!this.form.report) { this.fail(new Error('Choose the report to import first.')); return; }
      if (files.length > 1) { this.fail(new Error('A report belongs to one PDF: submit one file with it.')); return; }
    }
    this.error = null;
    for (const file of files) {
      const entry = { name: file.name, loaded: 0, total: file.size, state: 'sending', message: '' };
      this.uploads = [entry, ...this.uploads].slice(0, 8);
      this.update();
      this.schedule();
      try {
        const { body } = await upload('/jobs', this.formData(file), (loaded, total) => {
          entry.loaded = loaded;
          entry.total = total || entry.total;
          this.update();
        });
        entry.state = 'sent';
        entry.message = `queued as ${body.job_id}`;
        announce(`${file.name} submitted`);
      } catch (e) {
        entry.state = 'refused';
        entry.message = e.message;
        announce(`${file.name} refused: ${e.message}`);
      }
      this.update();
    }
    if (this.page !== 1) this.goToPage(1); else this.refresh();
  }

  formData(file) {
    const data = new FormData();
    data.append('file', file);
    if (this.workflow) {
      data.append('workflow_id', this.workflow.id);
    } else if (this.form.source === 'engine') {
      data.append('profile_id', this.form.profileId);
    } else {
      data.append('preflight_source', this.form.source);
    }
    if (this.source === 'external') {
      data.append('external_report', this.form.report);
      if (this.form.format.startsWith('mapping:')) data.append('mapping_id', this.form.format.slice(8));
      else if (this.form.format) data.append('external_format', this.form.format);
    }
    return data;
  }

  // --- the list ---------------------------------------------------------------------------------------------

  async remove(job) {
    const ok = await confirmDialog({
      title: 'Delete this job?',
      message: `${job.file_name} and everything derived from it (findings, renders, reports) will be deleted.`,
    });
    if (!ok) return;
    await this.attempt(() => api(`/jobs/${job.job_id}`, { method: 'DELETE' }));
    announce(`${job.file_name} deleted`);
    this.refresh();
  }

  select(step) {
    const jobs = this.list?.jobs ?? [];
    if (!jobs.length) return;
    this.selected = Math.max(0, Math.min(jobs.length - 1, this.selected + step));
    this.update();
    this.el.querySelector(`tr[data-row="${this.selected}"] a`)?.focus();
  }

  shortcuts() {
    const job = () => this.list?.jobs[this.selected];
    return [
      { key: 'u', label: 'Choose files to submit', run: () => this.el.querySelector('#files').click() },
      { key: 'j', label: 'Next job', run: () => this.select(1) },
      { key: 'k', label: 'Previous job', run: () => this.select(-1) },
      { key: 'o', label: 'Open the selected job', run: () => job() && this.app.navigate(`/app/jobs/${job().job_id}`) },
      { key: 'd', label: 'Delete the selected job', run: () => job() && this.remove(job()) },
      { key: 'r', label: 'Refresh the list', run: () => this.refresh() },
    ];
  }

  // --- templates --------------------------------------------------------------------------------------------

  template() {
    return html`
      <h1 tabindex="-1">Jobs</h1>
      ${errorBanner(this.error)}
      ${this.submitForm()}
      ${this.jobsTable()}`;
  }

  profileOptions() {
    const q = this.form.profileQuery.trim().toLowerCase();
    const hit = p => p.profile_id === this.form.profileId || !q
      || [p.profile_id, p.name, p.standard ?? ''].some(s => s.toLowerCase().includes(q));
    const group = (label, list) => (list.length
      ? html`<optgroup label=${label}>${list.map(p => html`<option value=${p.profile_id}
          ?selected=${p.profile_id === this.form.profileId}>${p.name} (${p.profile_id})</option>`)}</optgroup>`
      : nothing);
    const shown = this.profiles.filter(hit);
    return [group('This tenant', shown.filter(p => !p.is_builtin)), group('Built in', shown.filter(p => p.is_builtin))];
  }

  submitForm() {
    const f = this.form;
    const pinned = Boolean(this.workflow);
    return html`<section class="panel submit" aria-labelledby="submit-title">
      <h2 id="submit-title">Submit files</h2>
      <div class="submit-grid">
        <div class="drop" @dragover=${e => { e.preventDefault(); e.currentTarget.classList.add('over'); }}
             @dragleave=${e => e.currentTarget.classList.remove('over')} @drop=${e => this.dropped(e)}>
          <p>Drop PDF, image or PostScript files here</p>
          <input id="files" type="file" multiple class="visually-hidden-file" @change=${e => this.picked(e)}
                 accept=".pdf,.jpg,.jpeg,.png,.tif,.tiff,.ps,.eps,application/pdf,image/*,application/postscript">
          <label for="files" class="button primary">Choose files…</label>
        </div>
        <div class="fields">
          <label>Workflow
            <select @change=${e => this.set('workflowId', e.target.value)}>
              <option value="" ?selected=${!f.workflowId}>None: choose below</option>
              ${this.workflows.map(w => html`<option value=${w.id} ?selected=${w.id === f.workflowId}>${w.name}</option>`)}
            </select>
          </label>
          <fieldset ?disabled=${pinned}>
            <legend>Analysis${pinned ? ' (set by the workflow)' : ''}</legend>
            ${[['engine', 'Check with a profile'], ['external', 'Import a report'], ['minimal', 'Page geometry only']].map(([v, label]) => html`
              <label class="inline"><input type="radio" name="source" value=${v} .checked=${live(this.source === v)}
                @change=${() => this.set('source', v)}> ${label}</label>`)}
          </fieldset>
          ${this.source === 'engine' && !pinned ? html`
            <div class="profile-pick">
              <label>Find a profile
                <input type="search" .value=${live(f.profileQuery)} @input=${e => this.set('profileQuery', e.target.value)}>
              </label>
              <label>Profile
                <select @change=${e => this.set('profileId', e.target.value)}>${this.profileOptions()}</select>
              </label>
            </div>` : nothing}
          ${this.source === 'external' ? html`
            <div class="profile-pick">
              <label>Report to import
                <input type="file" accept=".xml,.json,application/xml,application/json"
                       @change=${e => this.set('report', e.target.files[0] ?? null)}>
              </label>
              <label>Report format
                <select @change=${e => this.set('format', e.target.value)}>
                  <option value="" ?selected=${!f.format}>Detect from the report</option>
                  ${EXTERNAL_FORMATS.map(([v, label]) => html`<option value=${v} ?selected=${f.format === v}>${label}</option>`)}
                  ${this.mappings.length ? html`<optgroup label="Custom mappings">${this.mappings.map(m => html`
                    <option value=${`mapping:${m.id}`} ?selected=${f.format === `mapping:${m.id}`}>${m.name}</option>`)}</optgroup>` : nothing}
                </select>
              </label>
            </div>` : nothing}
        </div>
      </div>
      ${this.uploads.length ? html`<ul class="uploads" aria-label="Uploads">
        ${this.uploads.map(u => html`<li class=${u.state}>
          <span class="name">${u.name}</span>
          ${u.state === 'sending'
            ? html`<progress max=${u.total || 1} value=${u.loaded} aria-label="Uploading ${u.name}"></progress>`
            : html`<span class="message">${u.state === 'refused' ? 'Refused: ' : ''}${u.message}</span>`}
        </li>`)}</ul>` : nothing}
    </section>`;
  }

  jobsTable() {
    if (!this.list) return html`<p class="muted">Loading jobs…</p>`;
    const { jobs, total } = this.list;
    const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
    return html`<section aria-labelledby="jobs-title">
      <h2 id="jobs-title">Recent jobs <span class="muted">(${total})</span></h2>
      ${jobs.length === 0 ? html`<p class="muted">No jobs yet: submit a file above.</p>` : html`
      <table class="jobs">
        <thead><tr>
          <th scope="col">File</th><th scope="col">Status</th><th scope="col">Verdict</th>
          <th scope="col">Errors · warnings · advisories</th><th scope="col">Profile</th>
          <th scope="col" class="num">Pages</th><th scope="col" class="num">Size</th><th scope="col">Submitted</th>
          <th scope="col"><span class="sr-only">Actions</span></th>
        </tr></thead>
        <tbody>${repeat(jobs, j => j.job_id, (j, i) => html`
          <tr data-row=${i} class=${i === this.selected ? 'selected' : ''}>
            <td class="file"><a href="/app/jobs/${j.job_id}" @focus=${() => { this.selected = i; }}>${j.file_name}</a>
              ${j.error ? html`<div class="muted small">${j.error}</div>` : nothing}</td>
            <td>${statusBadge(j)}</td>
            <td>${verdictBadge(j)}</td>
            <td>${counts(j.summary)}</td>
            <td>${j.preflight_source === 'engine' ? j.profile_id : j.preflight_source}</td>
            <td class="num">${j.page_count ?? '–'}</td>
            <td class="num">${bytes(j.file_size)}</td>
            <td>${when(j.created_at)}</td>
            <td><button type="button" class="quiet danger" @click=${() => this.remove(j)}
                  aria-label="Delete ${j.file_name}">Delete</button></td>
          </tr>`)}
        </tbody>
      </table>`}
      ${pages > 1 ? html`<nav class="pager" aria-label="Job pages">
        <button type="button" ?disabled=${this.page <= 1} @click=${() => this.goToPage(this.page - 1)}>Previous</button>
        <span>Page ${this.page} of ${pages}</span>
        <button type="button" ?disabled=${this.page >= pages} @click=${() => this.goToPage(this.page + 1)}>Next</button>
      </nav>` : nothing}
    </section>`;
  }
}
