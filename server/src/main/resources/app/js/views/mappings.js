// Custom import mappings: the list (inactive ones too), a form for a new one, and an editor that previews the
// mapping against its sample report while you type (POST .../preview with the unsaved config and sample).
import { html, nothing, live } from '../lit.js';
import { api } from '../api.js';
import { View, errorBanner, confirmDialog, announce } from '../ui.js';
import { when, severityBadge } from '../format.js';

const PREVIEW_DELAY_MS = 400;

const STARTER_CONFIG = JSON.stringify({
  item_selector: '//Issue',
  fields: { message: '@text', severity: { selector: '@level' }, page_num: { selector: '@page' } },
  severity_map: { E: 'error', W: 'warning' },
  default_severity: 'warning',
}, null, 2);

/** The editable fields of a mapping, as strings for the form. */
function draftOf(m) {
  return {
    name: m?.name ?? '',
    description: m?.description ?? '',
    format: m?.format ?? 'xml',
    config: m ? JSON.stringify(m.config, null, 2) : STARTER_CONFIG,
    sample_payload: m?.sample_payload ?? '',
    sample_mime: m?.sample_mime ?? '',
  };
}

/** The request body of a draft; throws when the config is not JSON. */
function bodyOf(draft, isActive) {
  let config;
  try {
    config = JSON.parse(draft.config);
  } catch (e) {
    throw new Error(`The config is not valid JSON: ${e.message}`);
  }
  return {
    name: draft.name,
    description: draft.description || null,
    format: draft.format,
    config,
    sample_payload: draft.sample_payload || null,
    sample_mime: draft.sample_mime || null,
    is_active: isActive,
  };
}

function fields(draft, onInput) {
  const input = name => e => onInput(name, e.target.value);
  return html`
    <label>Name <input required maxlength="128" .value=${live(draft.name)} @input=${input('name')}></label>
    <label>Description <input .value=${live(draft.description)} @input=${input('description')}></label>
    <label>Report format
      <select @change=${input('format')}>
        <option value="xml" ?selected=${draft.format === 'xml'}>XML (XPath selectors)</option>
        <option value="json" ?selected=${draft.format === 'json'}>JSON (JSONPath selectors)</option>
      </select>
    </label>
    <label>Config (JSON: item_selector, fields, severity_map, default_severity)
      <textarea class="code" rows="12" spellcheck="false" .value=${live(draft.config)} @input=${input('config')}></textarea>
    </label>
    <label>Sample report
      <textarea class="code" rows="8" spellcheck="false" .value=${live(draft.sample_payload)} @input=${input('sample_payload')}></textarea>
    </label>
    <label>Sample media type <input maxlength="64" .value=${live(draft.sample_mime)} @input=${input('sample_mime')}></label>`;
}

export class MappingsView extends View {
  constructor(app) {
    super(app);
    this.mappings = null;
    this.draft = draftOf(null);
    this.creating = false;
  }

  get title() { return 'Import mappings'; }

  async load() {
    const r = await this.attempt(() => api('/tenant/import-mappings'));
    if (r) { this.mappings = r.mappings; this.update(); }
  }

  async create(event) {
    event.preventDefault();
    const created = await this.attempt(() => api('/tenant/import-mappings', { method: 'POST', json: bodyOf(this.draft, true) }));
    if (created) this.app.navigate(`/app/mappings/${created.id}`);
  }

  shortcuts() {
    return [{ key: 'n', label: 'New mapping', run: () => { this.creating = true; this.update(); this.el.querySelector('#new-mapping input')?.focus(); } }];
  }

  template() {
    return html`<h1 tabindex="-1">Import mappings</h1>
      <p class="muted">A mapping turns any XML or JSON preflight report into findings (<code>mapping_id</code> at submit).</p>
      ${errorBanner(this.error)}
      ${this.mappings === null ? html`<p class="muted">Loading…</p>` : this.mappings.length === 0
        ? html`<p class="muted">No mappings yet.</p>` : html`
      <table>
        <caption class="sr-only">Import mappings</caption>
        <thead><tr><th scope="col">Name</th><th scope="col">Format</th><th scope="col">State</th><th scope="col">Updated</th></tr></thead>
        <tbody>${this.mappings.map(m => html`<tr>
          <td><a href="/app/mappings/${m.id}">${m.name}</a>${m.description ? html`<div class="muted small">${m.description}</div>` : nothing}</td>
          <td>${m.format}</td><td>${m.is_active ? 'active' : 'inactive'}</td><td>${when(m.updated_at)}</td>
        </tr>`)}</tbody>
      </table>`}
      ${this.creating ? html`<form id="new-mapping" class="panel form" @submit=${e => this.create(e)}>
        <h2>New mapping</h2>
        ${fields(this.draft, (k, v) => { this.draft = { ...this.draft, [k]: v }; })}
        <p class="muted">Once created, the mapping is previewed against its sample report as you edit it.</p>
        <div class="actions">
          <button type="button" @click=${() => { this.creating = false; this.update(); }}>Cancel</button>
          <button class="primary" type="submit">Create mapping</button>
        </div>
      </form>` : html`<button type="button" class="primary" @click=${() => { this.creating = true; this.update(); }}>New mapping</button>`}`;
  }
}

export class MappingView extends View {
  constructor(app, id) {
    super(app);
    this.id = id;
    this.mapping = null;
    this.draft = null;
    this.preview = null;
    this.previewError = null;
    this.saved = false;
  }

  get title() { return this.mapping ? this.mapping.name : 'Import mapping'; }

  async load() {
    const m = await this.attempt(() => api(`/tenant/import-mappings/${encodeURIComponent(this.id)}`));
    if (m) {
      this.mapping = m;
      this.draft = draftOf(m);
      this.update();
      this.app.titleChanged();
      this.runPreview();
    }
  }

  edit(field, value) {
    this.draft = { ...this.draft, [field]: value };
    this.saved = false;
    if (field === 'config' || field === 'sample_payload' || field === 'format') {
      this.later(() => this.runPreview(), PREVIEW_DELAY_MS);
    }
  }

  /** Previews the unsaved config and sample; a config that is not JSON is reported without asking the server. */
  async runPreview() {
    let body;
    try {
      body = bodyOf(this.draft, this.mapping.is_active);
    } catch (e) {
      this.previewError = e.message;
      this.update();
      return;
    }
    try {
      this.preview = await api(`/tenant/import-mappings/${this.id}/preview`,
        { method: 'POST', json: { config: body.config, sample_payload: body.sample_payload } });
      this.previewError = null;
    } catch (e) {
      this.previewError = e.message;
    }
    this.update();
  }

  async save(event) {
    event.preventDefault();
    await this.put(this.mapping.is_active);
  }

  async put(isActive) {
    const m = await this.attempt(async () => api(`/tenant/import-mappings/${this.id}`, { method: 'PUT', json: bodyOf(this.draft, isActive) }));
    if (m) {
      this.mapping = m;
      this.saved = true;
      announce('Mapping saved');
      this.update();
    }
  }

  async deactivate() {
    const ok = await confirmDialog({
      title: 'Deactivate this mapping?',
      message: 'It stays listed and keeps its history, but new jobs cannot use it until it is activated again.',
      confirm: 'Deactivate',
    });
    if (!ok) return;
    await this.attempt(() => api(`/tenant/import-mappings/${this.id}`, { method: 'DELETE' }));
    this.load();
  }

  template() {
    const crumbs = html`<nav class="crumbs" aria-label="Breadcrumb"><a href="/app/mappings">Import mappings</a>
      <span aria-hidden="true">/</span> <span aria-current="page">${this.mapping?.name ?? this.id}</span></nav>`;
    if (!this.draft) return html`${crumbs}<h1 tabindex="-1">Import mapping</h1>${errorBanner(this.error)}`;
    const m = this.mapping;
    return html`${crumbs}
      <h1 tabindex="-1">${m.name} <span class="muted small">${m.is_active ? 'active' : 'inactive'}</span></h1>
      ${errorBanner(this.error)}
      <div class="two-columns">
        <form class="panel form" @submit=${e => this.save(e)}>
          <h2>Mapping</h2>
          ${fields(this.draft, (k, v) => this.edit(k, v))}
          <div class="actions">
            ${m.is_active
              ? html`<button type="button" class="danger" @click=${() => this.deactivate()}>Deactivate</button>`
              : html`<button type="button" @click=${() => this.put(true)}>Activate</button>`}
            <button class="primary" type="submit">Save</button>
            ${this.saved ? html`<span class="muted" role="status">Saved.</span>` : nothing}
          </div>
        </form>
        <section class="panel preview" aria-labelledby="preview-title" aria-live="polite">
          <h2 id="preview-title">Preview</h2>
          ${this.previewTemplate()}
        </section>
      </div>`;
  }

  previewTemplate() {
    if (this.previewError) return html`<p class="banner error">${this.previewError}</p>`;
    const p = this.preview;
    if (!p) return html`<p class="muted">Previewing…</p>`;
    if (!p.ok) return html`<p class="banner error">The sample does not map: ${p.error}</p>`;
    return html`<p><strong>${p.findings_count}</strong> findings from the sample${p.findings_count > p.sample_findings.length
      ? html`; the first ${p.sample_findings.length}:` : ':'}</p>
      <ol class="preview-findings">${p.sample_findings.map(f => html`<li>
        ${severityBadge(f.severity)} <code>${f.inspection_id}</code> ${f.message}
        <span class="muted">${f.page_num ? `page ${f.page_num}` : 'document'}${f.bbox ? ` · [${f.bbox.map(n => n.toFixed(1)).join(', ')}]` : ''}</span>
      </li>`)}</ol>`;
  }
}
