// Branding: the tenant's branding default (anonymous, a brand profile, or the service's), its brand profiles (what
// reports and share views show) and its BrandSpecs (the colours print advisories measure against).
import { html, nothing } from '../lit.js';
import { api, upload } from '../api.js';
import { View, errorBanner, confirmDialog, announce, styled } from '../ui.js';
import { when } from '../format.js';

const blankProfile = { name: '', profile_type: 'custom', brand_name: '', logo_url: '', primary_color: '', accent_color: '', footer_text: '', hide_footer: false };
const blankSpec = { name: '', customer_name: '', description: '', colors: [], rich_black_spec: null, is_default: false };

/** "Name = value" lines (optionally "; pantone") to BrandSpec colours, and back. */
function parseColours(text) {
  return text.split('\n').map(l => l.trim()).filter(Boolean).map(line => {
    const [name, rest = ''] = line.split('=').map(s => s.trim());
    const [value, pantone] = rest.split(';').map(s => s.trim());
    return { name, value, pantone: pantone || null, notes: null };
  });
}
const colourLines = colors => colors.map(c => `${c.name} = ${c.value}${c.pantone ? `; ${c.pantone}` : ''}`).join('\n');

export class BrandsView extends View {
  constructor(app) {
    super(app);
    this.defaults = null;
    this.profiles = null;
    this.specs = null;
    this.archived = false;
    this.editing = null;
    this.specEditing = null;
  }

  get title() { return 'Branding'; }
  get tenantPath() { return `/tenants/${encodeURIComponent(this.app.tenant.tenant_id)}`; }

  load() { this.refresh(); }

  async refresh() {
    await this.attempt(async () => {
      [this.defaults, { profiles: this.profiles }, { brand_specs: this.specs }] = await Promise.all([
        api('/tenant/branding-defaults'), api(`${this.tenantPath}/brand-profiles`),
        api(`/brand-specs${this.archived ? '?include_archived=true' : ''}`)]);
    });
  }

  async setMode(mode) {
    const json = mode === 'profile' ? { mode, brand_profile_id: this.defaults.default_brand_profile_id } : { mode };
    const d = await this.attempt(() => api('/tenant/branding-defaults', { method: 'PATCH', json }));
    if (d) { this.defaults = d; announce(`Branding default: ${mode}`); }
  }

  async saveProfile(event) {
    event.preventDefault();
    const f = new FormData(event.target);
    const text = name => { const v = String(f.get(name) ?? '').trim(); return v === '' ? null : v; };
    const body = { name: text('name'), profile_type: f.get('profile_type'), brand_name: text('brand_name'), logo_url: text('logo_url'),
      primary_color: text('primary_color'), accent_color: text('accent_color'), footer_text: text('footer_text'), hide_footer: f.get('hide_footer') === 'on' };
    const id = this.editing.id;
    let saved = await this.attempt(() => (id
      ? api(`${this.tenantPath}/brand-profiles/${id}`, { method: 'PUT', json: body })
      : api(`${this.tenantPath}/brand-profiles`, { method: 'POST', json: body })));
    const logo = f.get('logo');
    if (saved && logo instanceof File && logo.size > 0) {
      const form = new FormData();
      form.append('file', logo);
      saved = await upload(`${this.tenantPath}/brand-profiles/${saved.id}/logo`, form).then(r => r.body)
        .catch(e => { this.error = e.message; return null; });
    }
    if (saved) {
      announce(`Brand profile ${saved.name} saved`);
      this.editing = null;
      this.refresh();
    }
  }

  async makeDefault(profile) {
    await this.attempt(() => api(`${this.tenantPath}/default-brand-profile`, { method: 'PATCH', json: { brand_profile_id: profile.id } }));
    this.refresh();
  }

  async removeProfile(profile) {
    if (!await confirmDialog({ title: 'Delete this brand profile?', message: `${profile.name} will no longer brand reports or share views.` })) return;
    await this.attempt(() => api(`${this.tenantPath}/brand-profiles/${profile.id}`, { method: 'DELETE' }));
    this.refresh();
  }

  async saveSpec(event) {
    event.preventDefault();
    const f = new FormData(event.target);
    const text = name => { const v = String(f.get(name) ?? '').trim(); return v === '' ? null : v; };
    const ink = name => Number(f.get(name) || 0);
    const body = { name: text('name'), customer_name: text('customer_name'), description: text('description'),
      colors: parseColours(String(f.get('colors') ?? '')), is_default: f.get('is_default') === 'on',
      rich_black_spec: f.get('rich_black') === 'on' ? { c: ink('c'), m: ink('m'), y: ink('y'), k: ink('k') } : null };
    const id = this.specEditing.id;
    const saved = await this.attempt(() => (id ? api(`/brand-specs/${id}`, { method: 'PATCH', json: body })
      : api('/brand-specs', { method: 'POST', json: body })));
    if (saved) {
      announce(`BrandSpec ${saved.name ?? ''} saved`);
      this.specEditing = null;
      this.refresh();
    }
  }

  async archive(spec, restore) {
    await this.attempt(() => (restore ? api(`/brand-specs/${spec.id}/restore`, { method: 'POST' })
      : api(`/brand-specs/${spec.id}`, { method: 'DELETE' })));
    this.refresh();
  }

  shortcuts() {
    return [{ key: 'n', label: 'New brand profile', run: () => { this.editing = { ...blankProfile }; this.update(); } }];
  }

  template() {
    const d = this.defaults;
    return html`
      <h1 tabindex="-1">Branding</h1>
      ${errorBanner(this.error)}
      ${d ? html`<fieldset class="panel branding-mode"><legend>What reports and share views show by default</legend>
        ${[['anonymous', 'No branding (anonymous)'], ['profile', 'The default brand profile'], ['service', "The service's branding"]].map(([mode, label]) => html`
          <label class="inline"><input type="radio" name="branding-mode" .value=${mode} .checked=${d.mode === mode}
            ?disabled=${mode === 'profile' && !d.default_brand_profile_id} @change=${() => this.setMode(mode)}> ${label}</label>`)}
      </fieldset>` : nothing}
      <div class="two-columns">
        <section aria-labelledby="profiles-title">
          <div class="toolbar"><h2 id="profiles-title">Brand profiles <span class="muted">(${this.profiles?.length ?? '…'})</span></h2>
            <button type="button" class="primary" @click=${() => { this.editing = { ...blankProfile }; this.update(); }} aria-keyshortcuts="n">New brand profile</button></div>
          ${this.editing ? this.profileForm() : nothing}
          ${this.profiles?.length === 0 ? html`<p class="empty">No brand profiles yet.</p>` : nothing}
          <ul class="cards">${(this.profiles ?? []).map(p => html`<li class="panel brand-profile" data-profile=${p.id}>
            <p><strong>${p.name}</strong> ${p.is_default ? html`<span class="status done">default</span>` : nothing}
              <span class="muted small">${p.profile_type}</span></p>
            ${p.profile_type === 'custom' ? html`<p class="small">${p.brand_name ?? 'no brand name'}
              ${[p.primary_color, p.accent_color].filter(Boolean).map(c => html` <span class="ink-chip" ${styled({ background: c })}></span> <code>${c}</code>`)}
              ${p.logo_url ? html` · logo` : nothing}${p.custom_domain ? html` · ${p.custom_domain}${p.custom_domain_verified ? ' (verified)' : ''}` : nothing}</p>` : nothing}
            <div class="actions start">
              <button type="button" @click=${() => { this.editing = { ...p }; this.update(); }}>Edit</button>
              ${p.is_default ? nothing : html`<button type="button" @click=${() => this.makeDefault(p)}>Make default</button>`}
              <button type="button" class="danger" @click=${() => this.removeProfile(p)}>Delete</button>
            </div></li>`)}</ul>
        </section>
        <section aria-labelledby="specs-title">
          <div class="toolbar"><h2 id="specs-title">BrandSpecs <span class="muted">(${this.specs?.length ?? '…'})</span></h2>
            <button type="button" class="primary" @click=${() => { this.specEditing = { ...blankSpec }; this.update(); }}>New BrandSpec</button>
            <label class="inline"><input type="checkbox" .checked=${this.archived} @change=${() => { this.archived = !this.archived; this.refresh(); }}> Show archived</label></div>
          ${this.specEditing ? this.specForm() : nothing}
          ${this.specs?.length === 0 ? html`<p class="empty">No BrandSpecs yet.</p>` : nothing}
          <ul class="cards">${(this.specs ?? []).map(s => html`<li class="panel brand-spec" data-spec=${s.id}>
            <p><strong>${s.name ?? 'Unnamed'}</strong> ${s.is_default ? html`<span class="status done">default</span>` : nothing}
              ${s.is_archived ? html`<span class="status waiting">archived</span>` : nothing}
              ${s.customer_name ? html`<span class="muted small">for ${s.customer_name}</span>` : nothing}</p>
            <ul class="colours small">${s.colors.map(c => html`<li><code>${c.name}</code> ${c.value}${c.pantone ? ` · ${c.pantone}` : ''}</li>`)}</ul>
            ${s.rich_black_spec ? html`<p class="small">Rich black C${s.rich_black_spec.c} M${s.rich_black_spec.m} Y${s.rich_black_spec.y} K${s.rich_black_spec.k}</p>` : nothing}
            <p class="small muted">Updated ${when(s.updated_at)}</p>
            <div class="actions start">
              ${s.is_archived ? html`<button type="button" @click=${() => this.archive(s, true)}>Restore</button>` : html`
                <button type="button" @click=${() => { this.specEditing = { ...s }; this.update(); }}>Edit</button>
                <button type="button" class="danger" @click=${() => this.archive(s, false)}>Archive</button>`}
            </div></li>`)}</ul>
        </section>
      </div>`;
  }

  profileForm() {
    const p = this.editing;
    return html`<form class="form panel profile-form" @submit=${e => this.saveProfile(e)} aria-labelledby="profile-form-title">
      <h3 id="profile-form-title">${p.id ? `Edit ${p.name}` : 'New brand profile'}</h3>
      <label>Name <input name="name" required maxlength="255" .value=${p.name ?? ''}></label>
      <label>Type <select name="profile_type">
        ${[['custom', 'Custom: these fields'], ['service', "The service's branding"], ['none', 'None: neutral, no footer']].map(([v, l]) => html`<option value=${v} ?selected=${p.profile_type === v}>${l}</option>`)}
      </select></label>
      <label>Brand name <input name="brand_name" maxlength="255" .value=${p.brand_name ?? ''}></label>
      <label>Logo URL (https) <input name="logo_url" type="url" .value=${p.logo_url ?? ''}></label>
      <label>Or upload a logo (PNG, JPEG or SVG) <input name="logo" type="file" accept="image/png,image/jpeg,image/svg+xml"></label>
      <div class="two-columns">
        <label>Primary colour <input name="primary_color" pattern="#[0-9A-Fa-f]{6}" placeholder="#0b57d0" .value=${p.primary_color ?? ''}></label>
        <label>Accent colour <input name="accent_color" pattern="#[0-9A-Fa-f]{6}" placeholder="#e37400" .value=${p.accent_color ?? ''}></label>
      </div>
      <label>Footer text <input name="footer_text" maxlength="500" .value=${p.footer_text ?? ''}></label>
      <label class="inline"><input type="checkbox" name="hide_footer" .checked=${Boolean(p.hide_footer)}> Hide the footer</label>
      <div class="actions"><button type="button" @click=${() => { this.editing = null; this.update(); }}>Cancel</button>
        <button type="submit" class="primary">Save brand profile</button></div>
    </form>`;
  }

  specForm() {
    const s = this.specEditing;
    const rb = s.rich_black_spec;
    return html`<form class="form panel spec-form" @submit=${e => this.saveSpec(e)} aria-labelledby="spec-form-title">
      <h3 id="spec-form-title">${s.id ? `Edit ${s.name ?? 'BrandSpec'}` : 'New BrandSpec'}</h3>
      <label>Name <input name="name" maxlength="255" .value=${s.name ?? ''}></label>
      <label>Customer <input name="customer_name" maxlength="255" .value=${s.customer_name ?? ''}></label>
      <label>Description <textarea name="description" rows="2" maxlength="2000" .value=${s.description ?? ''}></textarea></label>
      <label>Colours <span class="muted small">one a line: Name = #RRGGBB, rgb(…) or cmyk(c, m, y, k); optional "; Pantone"</span>
        <textarea name="colors" class="code" rows="4" .value=${colourLines(s.colors ?? [])}></textarea></label>
      <fieldset><legend><label class="inline"><input type="checkbox" name="rich_black" .checked=${Boolean(rb)}> Target rich black (%)</label></legend>
        ${['c', 'm', 'y', 'k'].map(ink => html`<label class="inline">${ink.toUpperCase()} <input name=${ink} type="number" min="0" max="100" step="1" .value=${String(rb?.[ink] ?? '')}></label>`)}
      </fieldset>
      <label class="inline"><input type="checkbox" name="is_default" .checked=${Boolean(s.is_default)}> The tenant's default BrandSpec</label>
      <div class="actions"><button type="button" @click=${() => { this.specEditing = null; this.update(); }}>Cancel</button>
        <button type="submit" class="primary">Save BrandSpec</button></div>
    </form>`;
  }
}
