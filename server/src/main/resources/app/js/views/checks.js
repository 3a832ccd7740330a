// The check registry (GET /api/v1/check-names): every check the engine has, searchable, by category and severity.
import { html, nothing } from '../lit.js';
import { checkRegistry } from '../api.js';
import { View, errorBanner } from '../ui.js';
import { SEVERITIES, SEVERITY_LABEL, severityBadge, plural } from '../format.js';

export class ChecksView extends View {
  constructor(app) {
    super(app);
    this.checks = null;
    this.query = '';
    this.category = '';
    this.severity = '';
  }

  get title() { return 'Checks'; }

  async load() {
    const names = await this.attempt(() => checkRegistry());
    if (names) {
      this.checks = Object.entries(names).map(([id, c]) => ({ id, ...c })).sort((a, b) => a.id.localeCompare(b.id));
      this.update();
    }
  }

  shortcuts() {
    return [{ key: '/', label: 'Search the checks', run: () => this.el.querySelector('#checks-search').focus() }];
  }

  set(field, value) { this[field] = value; this.update(); }

  template() {
    const all = this.checks ?? [];
    const categories = [...new Set(all.map(c => c.category))].sort();
    const q = this.query.trim().toLowerCase();
    const shown = all.filter(c => (!this.category || c.category === this.category)
      && (!this.severity || c.default_severity === this.severity)
      && (!q || [c.id, c.name, c.description].some(t => t.toLowerCase().includes(q))));
    return html`<h1 tabindex="-1">Checks</h1>
      ${errorBanner(this.error)}
      <div class="toolbar">
        <label class="search">Search checks
          <input id="checks-search" type="search" .value=${this.query} @input=${e => this.set('query', e.target.value)}>
        </label>
        <label>Category
          <select @change=${e => this.set('category', e.target.value)}>
            <option value="">All categories</option>
            ${categories.map(c => html`<option value=${c} ?selected=${c === this.category}>${c}</option>`)}
          </select>
        </label>
        <label>Default severity
          <select @change=${e => this.set('severity', e.target.value)}>
            <option value="">Any severity</option>
            ${SEVERITIES.map(s => html`<option value=${s} ?selected=${s === this.severity}>${SEVERITY_LABEL[s]}</option>`)}
          </select>
        </label>
        <span class="muted" role="status">${shown.length} of ${all.length} checks</span>
      </div>
      ${this.checks === null ? html`<p class="muted">Loading…</p>` : html`
      <table>
        <caption class="sr-only">Checks</caption>
        <thead><tr><th scope="col">Check</th><th scope="col">Category</th><th scope="col">Default</th>
          <th scope="col">What it finds</th></tr></thead>
        <tbody>${shown.map(c => html`<tr>
          <td><code>${c.id}</code><div class="small">${c.name}</div></td>
          <td>${c.category}</td>
          <td>${severityBadge(c.default_severity)}</td>
          <td>${c.description}
            ${c.parameters.length ? html`<details><summary>${plural(c.parameters.length, 'parameter')}</summary><ul class="params">
              ${c.parameters.map(p => html`<li><code>${p.name}</code> (${p.type}${p.min != null ? `, ${p.min}` : ''}${p.max != null ? `–${p.max}` : ''}):
                ${p.description} Default ${JSON.stringify(p.default_value)}.</li>`)}</ul></details>` : nothing}</td>
        </tr>`)}</tbody>
      </table>`}`;
  }
}
