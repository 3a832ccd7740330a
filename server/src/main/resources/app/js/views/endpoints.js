// Vanity submission endpoints (Growth plan and above): a slug with a bound profile that submits to
// POST /api/v1/endpoints/{slug}/submit.
import { html, nothing, live } from '../lit.js';
import { api } from '../api.js';
import { View, errorBanner, confirmDialog, announce } from '../ui.js';

const emptyDraft = () => ({ slug: '', profile_id: 'service-default', description: '', response_mode: 'async', is_active: true });

export class EndpointsView extends View {
  constructor(app) {
    super(app);
    this.endpoints = null;
    this.profiles = [];
    this.gated = null;
    this.draft = emptyDraft();
  }

  get title() { return 'Endpoints'; }

  async load() {
    try {
      this.endpoints = (await api('/endpoints')).endpoints;
      this.gated = null;
    } catch (e) {
      if (e.status === 403) this.gated = e.message; else this.error = e.message;
    }
    this.update();
    if (!this.gated && !this.profiles.length) {
      const p = await this.attempt(() => api('/profiles'));
      if (p) { this.profiles = p.profiles; this.update(); }
    }
  }

  async create(event) {
    event.preventDefault();
    const d = this.draft;
    const body = { ...d, description: d.description || null };
    const created = await this.attempt(() => api('/endpoints', { method: 'POST', json: body }));
    if (created) {
      announce(`Endpoint ${created.slug} created`);
      this.draft = emptyDraft();
      this.load();
    }
  }

  async setActive(endpoint, isActive) {
    await this.attempt(() => api(`/endpoints/${endpoint.slug}`, { method: 'PATCH', json: { is_active: isActive } }));
    this.load();
  }

  async remove(endpoint) {
    if (!await confirmDialog({ title: 'Delete this endpoint?', message: `${endpoint.submit_path} will answer 404.` })) return;
    await this.attempt(() => api(`/endpoints/${endpoint.slug}`, { method: 'DELETE' }));
    this.load();
  }

  template() {
    const head = html`<h1 tabindex="-1">Endpoints</h1>
      <p class="muted">A vanity endpoint gives a customer or a hot folder its own submit URL with a bound profile.</p>
      ${errorBanner(this.error)}`;
    if (this.gated) return html`${head}<p class="banner notice" role="status">${this.gated}</p>`;
    const d = this.draft;
    const set = (field, read = e => e.target.value) => e => { this.draft = { ...this.draft, [field]: read(e) }; };
    return html`${head}
      ${this.endpoints === null ? html`<p class="muted">Loading…</p>` : this.endpoints.length === 0
        ? html`<p class="muted">No endpoints yet.</p>` : html`
      <table>
        <caption class="sr-only">Vanity endpoints</caption>
        <thead><tr><th scope="col">Slug</th><th scope="col">Submit path</th><th scope="col">Profile</th>
          <th scope="col">Mode</th><th scope="col">State</th><th scope="col"><span class="sr-only">Actions</span></th></tr></thead>
        <tbody>${this.endpoints.map(e => html`<tr>
          <td>${e.slug}${e.description ? html`<div class="muted small">${e.description}</div>` : nothing}</td>
          <td><code>POST ${e.submit_path}</code></td>
          <td>${e.profile_id}</td><td>${e.response_mode}</td><td>${e.is_active ? 'active' : 'inactive'}</td>
          <td class="row-actions">
            <button type="button" class="quiet" @click=${() => this.setActive(e, !e.is_active)}
                    aria-label="${e.is_active ? 'Deactivate' : 'Activate'} ${e.slug}">${e.is_active ? 'Deactivate' : 'Activate'}</button>
            <button type="button" class="quiet danger" @click=${() => this.remove(e)} aria-label="Delete ${e.slug}">Delete</button>
          </td>
        </tr>`)}</tbody>
      </table>`}
      <form class="panel form narrow" @submit=${e => this.create(e)}>
        <h2>New endpoint</h2>
        <label>Slug (lowercase, words joined by -)
          <input required minlength="2" maxlength="255" pattern="[a-z0-9]+(-[a-z0-9]+)*" .value=${live(d.slug)} @input=${set('slug')}>
        </label>
        <label>Profile
          <select @change=${set('profile_id')}>${this.profiles.map(p => html`
            <option value=${p.profile_id} ?selected=${p.profile_id === d.profile_id}>${p.name} (${p.profile_id})</option>`)}</select>
        </label>
        <label>Description <input maxlength="1024" .value=${live(d.description)} @input=${set('description')}></label>
        <label>Answer
          <select @change=${set('response_mode')}>
            <option value="async" ?selected=${d.response_mode === 'async'}>At once (202, poll the job)</option>
            <option value="sync" ?selected=${d.response_mode === 'sync'}>When the job is done (200)</option>
          </select>
        </label>
        <label class="inline"><input type="checkbox" .checked=${live(d.is_active)} @change=${set('is_active', e => e.target.checked)}> Active</label>
        <div class="actions"><button class="primary" type="submit">Create endpoint</button></div>
      </form>`;
  }
}
