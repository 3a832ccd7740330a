// The findings of a job grouped by check, with a toggle per severity and a text filter. The panel owns no page
// drawing: selecting a finding calls `onSelect(finding)`, which the job page hands on to whatever shows the page.
import { html, nothing } from './lit.js';
import { SEVERITIES, SEVERITY_LABEL, severityBadge } from './format.js';

const RANK = { error: 0, warning: 1, advisory: 2, info: 3 };

/** The standard and clause a PDF/A or PDF/UA rule's finding tests (e.g. "ISO 19005-2:2011 6.2.11.4.1"), else null. */
const clauseOf = f => (f.category === 'conformance' && f.iso_clause ? f.iso_clause : null);

export class FindingsPanel {
  /** `onChange()` re-renders the host; `onSelect(finding)` is told about the selected finding. */
  constructor({ onChange, onSelect = () => {} }) {
    this.onChange = onChange;
    this.onSelect = onSelect;
    this.findings = [];
    this.names = {};
    this.shown = Object.fromEntries(SEVERITIES.map(s => [s, true]));
    this.query = '';
    this.collapsed = new Set();
    this.selected = null;
    this.emptyText = 'No findings.';
  }

  setFindings(findings, names = this.names) {
    this.findings = findings.map((f, i) => ({ ...f, key: f.finding_id ?? `finding-${i}` }));
    this.names = names;
    if (this.selected && !this.findings.some(f => f.key === this.selected)) this.selected = null;
    this.onChange();
  }

  setNames(names) {
    this.names = names;
    this.onChange();
  }

  countOf(severity) { return this.findings.filter(f => f.severity === severity).length; }

  matches(f) {
    if (!this.shown[f.severity]) return false;
    const q = this.query.trim().toLowerCase();
    if (!q) return true;
    const name = this.names[f.inspection_id]?.name ?? '';
    return [f.inspection_id, name, f.message, f.category ?? ''].some(s => s.toLowerCase().includes(q));
  }

  /**
   * Visible findings grouped by check, except PDF/A and PDF/UA rules, which are grouped by the clause of the
   * standard they test (one clause often has several tests): most severe group first, then by check id or clause.
   */
  get groups() {
    const byKey = new Map();
    for (const f of this.findings.filter(x => this.matches(x))) {
      const key = clauseOf(f) ? `clause:${clauseOf(f)}` : f.inspection_id;
      if (!byKey.has(key)) byKey.set(key, []);
      byKey.get(key).push(f);
    }
    return [...byKey.entries()].map(([id, items]) => {
      const clause = clauseOf(items[0]);
      return {
        id,
        clause,
        name: clause ? null : this.names[id]?.name,
        items: items.sort((a, b) => RANK[a.severity] - RANK[b.severity] || a.page_num - b.page_num
          || a.inspection_id.localeCompare(b.inspection_id)),
        severity: items.reduce((s, f) => (RANK[f.severity] < RANK[s] ? f.severity : s), 'info'),
      };
    }).sort((a, b) => RANK[a.severity] - RANK[b.severity] || a.id.localeCompare(b.id, 'en', { numeric: true }));
  }

  toggleSeverity(severity) {
    this.shown = { ...this.shown, [severity]: !this.shown[severity] };
    this.onChange();
  }

  toggleGroup(id) {
    if (this.collapsed.has(id)) this.collapsed.delete(id); else this.collapsed.add(id);
    this.onChange();
  }

  select(finding) {
    this.selected = finding.key;
    this.collapsed.delete(clauseOf(finding) ? `clause:${clauseOf(finding)}` : finding.inspection_id);
    this.onChange();
    this.onSelect(finding);
  }

  /** Moves the selection through the visible findings in panel order and focuses it. */
  step(delta, root) {
    const flat = this.groups.flatMap(g => g.items);
    if (!flat.length) return;
    const at = flat.findIndex(f => f.key === this.selected);
    const next = flat[at < 0 ? (delta > 0 ? 0 : flat.length - 1) : Math.max(0, Math.min(flat.length - 1, at + delta))];
    this.select(next);
    const button = root?.querySelector(`[data-finding="${CSS.escape(next.key)}"]`);
    button?.focus();
    button?.scrollIntoView({ block: 'nearest' });
  }

  template() {
    const groups = this.groups;
    const visible = groups.reduce((n, g) => n + g.items.length, 0);
    return html`
      <h2 id="findings-title">Findings <span class="muted">(${visible} of ${this.findings.length})</span></h2>
      <div class="filters" role="group" aria-label="Show severities">
        ${SEVERITIES.map(s => html`<button type="button" class="filter sev-${s}" aria-pressed=${this.shown[s] ? 'true' : 'false'}
            @click=${() => this.toggleSeverity(s)}>${SEVERITY_LABEL[s]} <span class="n">${this.countOf(s)}</span></button>`)}
      </div>
      <label class="filter-text">Filter findings
        <input id="findings-filter" type="search" .value=${this.query}
               @input=${e => { this.query = e.target.value; this.onChange(); }}>
      </label>
      ${this.findings.length === 0 ? html`<p class="empty">${this.emptyText}</p>`
        : groups.length === 0 ? html`<p class="empty">No findings match these filters.</p>`
        : html`<ul class="groups">${groups.map((g, gi) => this.group(g, gi))}</ul>`}`;
  }

  group(g, index) {
    const open = !this.collapsed.has(g.id);
    const rules = g.clause ? new Set(g.items.map(f => f.inspection_id)).size : 0;
    return html`<li class="group" data-check=${g.clause ? nothing : g.id} data-clause=${g.clause ?? nothing}>
      <button type="button" class="group-head" aria-expanded=${open ? 'true' : 'false'} aria-controls="group-${index}"
              @click=${() => this.toggleGroup(g.id)}>
        ${severityBadge(g.severity)}
        ${g.clause
          ? html`<span class="check"><span class="check-id">${g.clause}</span> <span class="check-name">${rules === 1 ? '1 rule' : `${rules} rules`}</span></span>`
          : html`<span class="check"><span class="check-id">${g.id}</span>${g.name ? html` <span class="check-name">${g.name}</span>` : nothing}</span>`}
        <span class="n" aria-label="${g.items.length} findings">${g.items.length}</span>
      </button>
      <ol id="group-${index}" class="items" ?hidden=${!open}>
        ${g.items.map(f => html`<li>
          <button type="button" class="finding" data-finding=${f.key} data-rule=${g.clause ? f.inspection_id : nothing}
                  aria-pressed=${f.key === this.selected ? 'true' : 'false'} @click=${() => this.select(f)}>
            <span class="msg">${f.message}</span>
            <span class="where">${f.page_num ? `page ${f.page_num}` : 'document'}</span>
          </button>
          ${f.key === this.selected ? this.detail(f) : nothing}
        </li>`)}
      </ol>
    </li>`;
  }

  detail(f) {
    const row = (label, value) => (value == null || value === '' ? nothing : html`<dt>${label}</dt><dd>${value}</dd>`);
    const show = v => (typeof v === 'object' ? JSON.stringify(v) : String(v));
    return html`<dl class="finding-detail">
      ${row('Severity', SEVERITY_LABEL[f.severity])}
      ${row('Page', f.page_num ? String(f.page_num) : 'document')}
      ${row('Box (pt)', f.bbox ? f.bbox.map(n => n.toFixed(1)).join(', ') : null)}
      ${row('Object', [f.object_type, f.object_id].filter(Boolean).join(' ') || null)}
      ${row('Rule', clauseOf(f) ? f.inspection_id : null)}
      ${row('Category', f.category)}
      ${row('Clause', f.iso_clause)}
      ${row('Source', f.source)}
      ${row('Decision', f.effective_decision ? f.effective_decision.decision_type : null)}
      ${Object.entries(f.details ?? {}).map(([k, v]) => row(k, show(v)))}
    </dl>`;
  }
}
