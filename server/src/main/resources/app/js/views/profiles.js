// Preflight profiles: built-in and this tenant's, searchable; one profile's checks with severities and parameters.
import { html, nothing } from '../lit.js';
import { api } from '../api.js';
import { View, errorBanner } from '../ui.js';
import { severityBadge } from '../format.js';

const contains = (q, ...texts) => texts.some(t => (t ?? '').toLowerCase().includes(q));

export class ProfilesView extends View {
  constructor(app) {
    super(app);
    this.profiles = null;
    this.query = '';
  }

  get title() { return 'Profiles'; }

  async load() {
    const r = await this.attempt(() => api('/profiles'));
    if (r) { this.profiles = r.profiles; this.update(); }
  }

  shortcuts() {
    return [{ key: '/', label: 'Search the profiles', run: () => this.el.querySelector('#profile-search').focus() }];
  }

  template() {
    const q = this.query.trim().toLowerCase();
    const shown = (this.profiles ?? []).filter(p => !q || contains(q, p.profile_id, p.name, p.standard, p.description));
    return html`<h1 tabindex="-1">Profiles</h1>
      ${errorBanner(this.error)}
      <label class="search">Search profiles
        <input id="profile-search" type="search" .value=${this.query} @input=${e => { this.query = e.target.value; this.update(); }}>
      </label>
      ${this.profiles === null ? html`<p class="muted">Loading…</p>` : html`
      <table>
        <caption class="sr-only">Profiles</caption>
        <thead><tr><th scope="col">Name</th><th scope="col">Id</th><th scope="col">Standard</th>
          <th scope="col">Owner</th><th scope="col" class="num">Checks</th></tr></thead>
        <tbody>${shown.map(p => html`<tr>
          <td><a href="/app/profiles/${encodeURIComponent(p.profile_id)}">${p.name}</a>
            ${p.description ? html`<div class="muted small">${p.description}</div>` : nothing}</td>
          <td><code>${p.profile_id}</code></td>
          <td>${p.standard ?? '–'}</td>
          <td>${p.is_builtin ? 'built in' : 'this tenant'}</td>
          <td class="num">${p.check_count}</td>
        </tr>`)}</tbody>
      </table>
      ${shown.length === 0 ? html`<p class="muted">No profile matches “${this.query}”.</p>` : nothing}`}`;
  }
}

export class ProfileView extends View {
  constructor(app, profileId) {
    super(app);
    this.profileId = profileId;
    this.profile = null;
    this.query = '';
  }

  get title() { return this.profile ? this.profile.name : 'Profile'; }

  async load() {
    const p = await this.attempt(() => api(`/profiles/${encodeURIComponent(this.profileId)}`));
    if (p) { this.profile = p; this.update(); this.app.titleChanged(); }
  }

  shortcuts() {
    return [{ key: '/', label: 'Search the checks', run: () => this.el.querySelector('#check-search')?.focus() }];
  }

  template() {
    const p = this.profile;
    const crumbs = html`<nav class="crumbs" aria-label="Breadcrumb"><a href="/app/profiles">Profiles</a>
      <span aria-hidden="true">/</span> <span aria-current="page">${this.profileId}</span></nav>`;
    if (!p) return html`${crumbs}<h1 tabindex="-1">Profile</h1>${errorBanner(this.error)}`;
    const q = this.query.trim().toLowerCase();
    const checks = p.checks.filter(c => !q || contains(q, c.inspection_id, c.name, c.category, c.iso_clause));
    return html`${crumbs}
      <h1 tabindex="-1">${p.name}</h1>
      <p>${p.description ?? ''} <span class="muted">${p.standard ?? ''} · ${p.is_builtin ? 'built in' : 'this tenant'} ·
        ${p.checks.length} checks</span></p>
      <label class="search">Search checks
        <input id="check-search" type="search" .value=${this.query} @input=${e => { this.query = e.target.value; this.update(); }}>
      </label>
      <table>
        <caption class="sr-only">Checks of ${p.name}</caption>
        <thead><tr><th scope="col">Check</th><th scope="col">Category</th><th scope="col">Severity</th>
          <th scope="col">Parameters</th><th scope="col">Clause</th></tr></thead>
        <tbody>${checks.map(c => html`<tr>
          <td><code>${c.inspection_id}</code>${c.name ? html`<div class="small">${c.name}</div>` : nothing}</td>
          <td>${c.category ?? '–'}</td>
          <td>${c.severity ? severityBadge(c.severity) : '–'}</td>
          <td class="params">${Object.entries(c.params).map(([k, v]) => html`<span class="param">${k} = ${JSON.stringify(v)}</span> `)}</td>
          <td>${c.iso_clause ?? ''}</td>
        </tr>`)}</tbody>
      </table>`;
  }
}
