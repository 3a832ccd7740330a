// Workflows: named submit defaults (profile, analysis, brand) that a submission picks with workflow_id.
import { html, nothing, live } from '../lit.js';
import { api } from '../api.js';
import { View, errorBanner, confirmDialog, announce } from '../ui.js';
import { when } from '../format.js';

const SOURCES = [['', 'Left to the submitter'], ['engine', 'Check with the profile'], ['external', 'Import a report'], ['minimal', 'Page geometry only']];
const BRANDS = [['', 'Tenant default'], ['anonymous', 'Anonymous (no branding)'], ['service', 'Service branding']];

const emptyDraft = () => ({ id: null, name: '', profile_id: 'service-default', preflight_source: '', brand: '' });

export class WorkflowsView extends View {
  constructor(app) {
    super(app);
    this.workflows = null;
    this.profiles = [];
    this.draft = emptyDraft();
  }

  get title() { return 'Workflows'; }

  async load() {
    const [w, p] = await Promise.all([
      this.attempt(() => api('/workflows')),
      this.attempt(() => api('/profiles')),
    ]);
    if (w) this.workflows = w.workflows;
    if (p) this.profiles = p.profiles;
    this.update();
  }

  edit(workflow) {
    this.draft = workflow
      ? { id: workflow.id, name: workflow.name, profile_id: workflow.profile_id,
          preflight_source: workflow.preflight_source ?? '', brand: workflow.brand ?? '' }
      : emptyDraft();
    this.update();
    this.el.querySelector('#workflow-name')?.focus();
  }

  async save(event) {
    event.preventDefault();
    const d = this.draft;
    const body = { name: d.name, profile_id: d.profile_id, preflight_source: d.preflight_source || null, brand: d.brand || null };
    const saved = await this.attempt(() => (d.id
      ? api(`/workflows/${d.id}`, { method: 'PATCH', json: body })
      : api('/workflows', { method: 'POST', json: body })));
    if (saved) {
      announce(`Workflow ${saved.name} saved`);
      this.draft = emptyDraft();
      this.load();
    }
  }

  async remove(workflow) {
    if (!await confirmDialog({ title: 'Delete this workflow?', message: `${workflow.name} will no longer be usable at submit.` })) return;
    await this.attempt(() => api(`/workflows/${workflow.id}`, { method: 'DELETE' }));
    this.load();
  }

  shortcuts() {
    return [{ key: 'n', label: 'New workflow', run: () => this.edit(null) }];
  }

  template() {
    const d = this.draft;
    const set = field => e => { this.draft = { ...this.draft, [field]: e.target.value }; };
    return html`<h1 tabindex="-1">Workflows</h1>
      <p class="muted">A workflow pins submit defaults under one name; a submission with its <code>workflow_id</code>
        gets them for every part it leaves out.</p>
      ${errorBanner(this.error)}
      ${this.workflows === null ? html`<p class="muted">Loading…</p>` : this.workflows.length === 0
        ? html`<p class="muted">No workflows yet.</p>` : html`
      <table>
        <caption class="sr-only">Workflows</caption>
        <thead><tr><th scope="col">Name</th><th scope="col">Profile</th><th scope="col">Analysis</th>
          <th scope="col">Brand</th><th scope="col">Created</th><th scope="col"><span class="sr-only">Actions</span></th></tr></thead>
        <tbody>${this.workflows.map(w => html`<tr>
          <td>${w.name}<div class="muted small"><code>${w.id}</code></div></td>
          <td><a href="/app/profiles/${encodeURIComponent(w.profile_id)}">${w.profile_id}</a></td>
          <td>${w.preflight_source ?? 'submitter decides'}</td>
          <td>${w.brand ?? 'tenant default'}</td>
          <td>${when(w.created_at)}</td>
          <td class="row-actions">
            <button type="button" class="quiet" @click=${() => this.edit(w)} aria-label="Edit ${w.name}">Edit</button>
            <button type="button" class="quiet danger" @click=${() => this.remove(w)} aria-label="Delete ${w.name}">Delete</button>
          </td>
        </tr>`)}</tbody>
      </table>`}
      <form class="panel form narrow" @submit=${e => this.save(e)}>
        <h2>${d.id ? `Edit ${d.name}` : 'New workflow'}</h2>
        <label>Name <input id="workflow-name" required maxlength="255" .value=${live(d.name)} @input=${set('name')}></label>
        <label>Profile
          <select @change=${set('profile_id')}>${this.profiles.map(p => html`
            <option value=${p.profile_id} ?selected=${p.profile_id === d.profile_id}>${p.name} (${p.profile_id})</option>`)}</select>
        </label>
        <label>Analysis
          <select @change=${set('preflight_source')}>${SOURCES.map(([v, label]) => html`
            <option value=${v} ?selected=${v === d.preflight_source}>${label}</option>`)}</select>
        </label>
        <label>Brand
          <select @change=${set('brand')}>${BRANDS.map(([v, label]) => html`
            <option value=${v} ?selected=${v === d.brand}>${label}</option>`)}</select>
        </label>
        <div class="actions">
          ${d.id ? html`<button type="button" @click=${() => this.edit(null)}>Cancel</button>` : nothing}
          <button class="primary" type="submit">${d.id ? 'Save workflow' : 'Create workflow'}</button>
        </div>
      </form>`;
  }
}
