// What the page viewer shows around the page: the toolbar (pages and zoom, tile warming), the thumbnails, the
// viewport with its canvas and overlay, and the tools beside it (the densitometer reading, separations, total ink,
// layers, annotations, verdict and report), each shown as the viewer config asks.
import { html, nothing, ref } from '../lit.js';
import { styled } from '../ui.js';
import { when } from '../format.js';

export class Panels {
  constructor(viewer) {
    this.v = viewer;
    /** The verdict panel asks why the job fails. */
    this.failing = false;
    /** The report's share link was copied to the clipboard. */
    this.copied = false;
  }

  template() {
    const v = this.v;
    const { data, canvas, interaction: view } = v;
    if (!v.config) {
      return html`${v.error ? html`<p class="banner error" role="alert">${v.error}</p>` : html`<p class="muted">Loading the pages…</p>`}`;
    }
    const n = v.pages.length;
    const cfg = v.config;
    const position = ['top', 'bottom', 'left', 'right'].includes(cfg.toolbar_position) ? cfg.toolbar_position : 'top';
    const across = position === 'left' || position === 'right';
    // The bar comes first in the page's order where it is shown first (top, left), after the page otherwise.
    const first = position === 'top' || position === 'left';
    const bar = html`
      <div class="viewer-bar" role="toolbar" aria-label="Page and zoom" aria-orientation=${across ? 'vertical' : 'horizontal'}>
        <button type="button" @click=${() => view.goTo(v.pageNum - 1)} ?disabled=${v.pageNum <= 1} aria-keyshortcuts="[">Previous page</button>
        <label class="inline">Page
          <input class="page-num" type="number" min="1" max=${n} .value=${String(v.pageNum)}
                 @change=${e => view.goTo(Number(e.target.value))}></label>
        <span class="muted">of ${n}</span>
        <button type="button" @click=${() => view.goTo(v.pageNum + 1)} ?disabled=${v.pageNum >= n} aria-keyshortcuts="]">Next page</button>
        <label class="inline" title="Show the page as the press prints it: overprint, spot inks and the output condition simulated">
          <input type="checkbox" class="simulate-overprint" .checked=${v.canvas.simulating} @change=${() => v.canvas.toggleSimulate()}>
          Simulate overprint</label>
        ${cfg.enable_zoom ? html`
          <span class="spacer"></span>
          <button type="button" @click=${() => view.zoomBy(0.8)} aria-keyshortcuts="-" aria-label="Zoom out">−</button>
          <output class="zoom" aria-label="Zoom">${Math.round(view.zoom * 100)} %</output>
          <button type="button" @click=${() => view.zoomBy(1.25)} aria-keyshortcuts="+" aria-label="Zoom in">+</button>
          <button type="button" @click=${() => view.fitPage()} aria-keyshortcuts="0">Fit</button>` : nothing}
        ${data.warming && data.warming.status !== 'complete' ? html`<span class="muted warming">Preparing pages
          <progress max="100" .value=${data.warming.percent} aria-label="Tiles prepared">${data.warming.percent} %</progress></span>` : nothing}
      </div>
`;
    return html`
      ${v.error ? html`<p class="banner error" role="alert">${v.error}</p>` : nothing}
      <div class=${`viewer toolbar-${position}`}>
      ${first ? bar : nothing}
      <div class=${data.showThumbnails ? 'viewer-body with-thumbs' : 'viewer-body'}>
      ${data.showThumbnails ? html`<nav class="thumbs" aria-label="Pages">${v.pages.map(p => html`<button type="button" class="thumb"
          data-page=${p.page_num} aria-current=${p.page_num === v.pageNum ? 'page' : 'false'} @click=${() => view.goTo(p.page_num)}>
          ${data.thumbs.has(p.page_num) ? html`<img src=${data.thumbs.get(p.page_num)} alt="">` : nothing}<span>Page ${p.page_num}</span></button>`)}</nav>` : nothing}
      <div class="viewport" ${ref(canvas.viewport)}>
        <canvas ${ref(canvas.canvas)} role="img" aria-label=${`Page ${v.pageNum} of ${n} of ${v.fileName}${canvas.heatmap ? ', TAC heatmap' : canvas.hidden.size ? `, without ${[...canvas.hidden].join(', ')}` : ''}`}
                @pointerdown=${e => view.pointerDown(e)} @pointermove=${e => view.pointerMove(e)}
                @pointerup=${e => view.pointerUp(e)} @wheel=${e => view.wheel(e)}></canvas>
        <div class="overlay" ${ref(canvas.overlay)} aria-hidden="true"></div>
      </div>
      </div>
      ${first ? nothing : bar}
      </div>
      <div class="tools">
        ${cfg.enable_measurement ? this.readingPanel() : nothing}
        ${cfg.enable_separations ? this.separationsPanel() : nothing}
        ${cfg.enable_tac_heatmap ? this.tacPanel() : nothing}
        ${cfg.enable_layers && data.layers.length ? this.layersPanel() : nothing}
        ${v.annotations.enabled ? v.annotations.panel() : nothing}
        ${cfg.verdict_mode !== 'off' ? this.verdictPanel() : nothing}
        ${cfg.allowed_report_formats.length && !v.shared ? this.reportPanel() : nothing}
      </div>`;
  }

  readingPanel() {
    const shared = this.v.shared;
    const r = this.v.data.reading;
    return html`<section class="tool" aria-labelledby="reading-title">
      <h2 id="reading-title">${shared ? 'Colour' : 'Densitometer'}</h2>
      ${!r ? html`<p class="muted">Click the page to read its ${shared ? 'colour' : 'ink'}.</p>` : !r.density ? html`
        <p class="small">Page ${r.page_num} at ${r.x.toFixed(1)}, ${r.y.toFixed(1)} pt</p>
        <p><span class="swatch" ${styled({ background: r.sample.hex })}></span> <code class="hex">${r.sample.hex}</code></p>` : html`
        <p class="small">Page ${r.page_num} at ${r.x.toFixed(1)}, ${r.y.toFixed(1)} pt · ${r.density.dpi} dpi</p>
        <table class="reading">
          <tbody>
            ${r.density.channels.map(c => html`<tr><th scope="row">${c.name}</th><td class="num">${c.percent.toFixed(1)} %</td></tr>`)}
            <tr class=${r.density.limit_exceeded ? 'over' : ''}><th scope="row">Total ink</th>
              <td class="num tac">${r.density.tac.toFixed(1)} %${r.density.limit_exceeded ? ` (over ${r.density.tac_limit} %)` : ''}</td></tr>
            <tr><th scope="row">Colour</th><td class="num"><span class="swatch" ${styled({ background: r.sample.hex })}></span> <code class="hex">${r.sample.hex}</code></td></tr>
          </tbody>
        </table>`}
    </section>`;
  }

  separationsPanel() {
    const { config, data, canvas } = this.v;
    return html`<section class="tool" aria-labelledby="separations-title">
      <h2 id="separations-title">Separations</h2>
      ${data.channels ? html`<ul class="inks">
          ${data.channels.map(c => html`<li><label class="inline">
            <input type="checkbox" name="ink" .value=${c.name} .checked=${!canvas.hidden.has(c.name)} @change=${() => canvas.toggleInk(c.name)}>
            <span class="ink-chip" ${styled({ background: canvas.inkColour(c) })}></span>${c.name}
            ${c.type === 'spot' ? html`<span class="muted small">spot</span>` : nothing}</label></li>`)}
        </ul>
        ${canvas.hidden.size ? html`<button type="button" @click=${() => canvas.showEveryInk()}>Show every ink</button>` : nothing}`
      : html`<p class="muted">${data.channelsNote ?? 'Loading the inks…'}</p>
        ${!config.capabilities.separations && config.capability_fillin_enabled && data.channelsNote?.startsWith('The separations')
          ? html`<button type="button" @click=${() => data.fillSeparations()}>Compute separations</button>` : nothing}`}
    </section>`;
  }

  tacPanel() {
    const { data, canvas } = this.v;
    const runs = canvas.heatmap && data.runs?.page_num === this.v.pageNum ? data.runs : null;
    return html`<section class="tool" aria-labelledby="tac-title">
      <h2 id="tac-title">Total ink</h2>
      <label class="inline"><input type="checkbox" class="heatmap-toggle" .checked=${canvas.heatmap} @change=${() => canvas.toggleHeatmap()}>
        TAC heatmap</label>
      <label>Limit <span class="muted small">${canvas.tacLimit} %</span>
        <input type="range" class="tac-limit" min="100" max="500" step="10" .value=${String(canvas.tacLimit)}
               @change=${e => canvas.setTacLimit(e.target.value)}></label>
      ${runs ? html`<p class="runs-count">${runs.total_runs === 1 ? '1 area' : `${runs.total_runs} areas`} over ${runs.tac_limit} %</p>
        ${runs.runs.length ? html`<ol class="runs">${runs.runs.slice(0, 20).map(r => html`<li>mean ${r.mean_tac.toFixed(1)} % ·
          ${(r.x1 - r.x0).toFixed(0)} × ${(r.y1 - r.y0).toFixed(0)} pt</li>`)}</ol>` : nothing}` : nothing}
    </section>`;
  }

  layersPanel() {
    const { data, canvas } = this.v;
    return html`<section class="tool" aria-labelledby="layers-title">
      <h2 id="layers-title">Layers</h2>
      <ul class="inks">${data.layers.map(l => html`<li><label class="inline">
        <input type="checkbox" name="layer" .checked=${Boolean(canvas.layerOn.get(l.ocg_index))} @change=${() => canvas.toggleLayer(l.ocg_index)}>
        ${l.name}</label></li>`)}</ul>
    </section>`;
  }

  reportPanel() {
    const r = this.v.data.report;
    return html`<section class="tool" aria-labelledby="report-title">
      <h2 id="report-title">Report</h2>
      <form class="form" @submit=${e => { e.preventDefault(); this.mintReport(new FormData(e.target).get('format')); }}>
        <label>Format <select name="format">${this.v.config.allowed_report_formats.map(f => html`<option value=${f}>${f.replaceAll('_', ' ')}</option>`)}</select></label>
        <div class="actions start"><button type="submit">Mint report</button></div>
      </form>
      ${r ? html`<label>Share link <input class="report-url" readonly .value=${r.url}></label>
        <p class="small">${r.expires_at ? `Expires ${when(r.expires_at)}` : 'Never expires'} ·
          <a href=${r.url} target="_blank" rel="noopener">Open</a></p>
        <div class="actions start"><button type="button" @click=${() => this.copyReportLink()}>${this.copied ? 'Copied' : 'Copy link'}</button></div>` : nothing}
    </section>`;
  }

  verdictPanel() {
    const verdict = this.v.data.verdict;
    return html`<section class="tool" aria-labelledby="verdict-title">
      <h2 id="verdict-title">Verdict</h2>
      ${!verdict ? html`<p class="muted">Loading…</p>` : html`
        <p class="verdict-now"><span class="verdict ${verdict.verdict}">${verdict.verdict === 'pass' ? 'Passed' : 'Failed'}</span>
          ${verdict.verdict_by ? html`by ${verdict.verdict_by}, ${when(verdict.verdict_at)}` : html`<span class="muted">automatic</span>`}</p>
        ${verdict.notes ? html`<p class="notes">${verdict.notes}</p>` : nothing}
        ${this.v.shared ? nothing : this.failing ? html`<form class="form" @submit=${e => { e.preventDefault(); this.recordVerdict('fail', new FormData(e.target).get('notes').trim()); }}>
            <label>Why it fails <textarea name="notes" rows="3" required maxlength="4000"></textarea></label>
            <div class="actions"><button type="button" @click=${() => { this.failing = false; this.v.onChange(); }}>Cancel</button>
              <button type="submit" class="danger">Record fail</button></div>
          </form>`
          : html`<div class="actions start">
            <button type="button" class="approve" @click=${() => this.recordVerdict('pass')}>Pass</button>
            <button type="button" class="danger" @click=${() => { this.failing = true; this.v.onChange(); }}>Fail…</button></div>`}`}
    </section>`;
  }

  // ---- actions ----

  async recordVerdict(verdict, notes) {
    if (await this.v.data.recordVerdict(verdict, notes)) this.failing = false;
    this.v.onChange();
  }

  async mintReport(format) {
    if (await this.v.data.mintReport(format)) this.copied = false;
    this.v.onChange();
  }

  async copyReportLink() {
    try {
      await navigator.clipboard.writeText(this.v.data.report.url);
      this.copied = true;
    } catch {
      // Without clipboard access (an http origin), the link is selected for the user to copy.
      const field = this.v.canvas.viewport.value?.closest('.stage')?.querySelector('input.report-url');
      field?.select();
      this.copied = false;
    }
    this.v.onChange();
  }
}
