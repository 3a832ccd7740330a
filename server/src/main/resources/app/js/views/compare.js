// Two completed jobs compared page by page (POST /api/v1/viewer/compare): SSIM and changed pixels per page, then one
// page at a time side by side with the diff picture over job A, or B laid over A with a slider.
import { html, nothing } from '../lit.js';
import { api, image } from '../api.js';
import { View, errorBanner, announce, styled } from '../ui.js';

/** Resolution of the comparison, its tiles and its diff pictures. */
const DPI = 72;

export class CompareView extends View {
  constructor(app, a, b) {
    super(app);
    this.a = a;
    this.b = b;
    this.jobs = {};
    this.comparison = null;
    this.pageNum = 1;
    this.mode = 'side';
    this.showDiff = true;
    this.split = 50;
    this.pictures = {};
  }

  get title() { return 'Compare'; }

  async load() {
    await this.attempt(async () => {
      const [ja, jb] = await Promise.all([api(`/jobs/${encodeURIComponent(this.a)}`), api(`/jobs/${encodeURIComponent(this.b)}`)]);
      this.jobs = { a: ja, b: jb };
      this.update();
      this.comparison = await api('/viewer/compare', { method: 'POST', json: { job_a: this.a, job_b: this.b, dpi: DPI } });
      announce(`Compared ${this.comparison.pages.length} pages`);
    });
    this.showPage(1);
  }

  async showPage(pageNum) {
    this.pageNum = pageNum;
    this.pictures = {};
    this.update();
    const c = this.comparison;
    if (!c) return;
    const tile = (job, count) => (pageNum <= count
      ? image(`/viewer/jobs/${encodeURIComponent(job)}/pages/${pageNum}/tile?dpi=${DPI}`).then(i => i.url) : Promise.resolve(null));
    await this.attempt(async () => {
      const [a, b, diff] = await Promise.all([tile(this.a, c.page_count_a), tile(this.b, c.page_count_b),
        image(`/viewer/compare/${c.comparison_id}/pages/${pageNum}/diff`).then(i => i.url)]);
      if (this.pageNum === pageNum) this.pictures = { a, b, diff };
    });
  }

  shortcuts() {
    const n = this.comparison?.pages.length ?? 0;
    return [
      { key: ']', label: 'Next page', run: () => this.pageNum < n && this.showPage(this.pageNum + 1) },
      { key: '[', label: 'Previous page', run: () => this.pageNum > 1 && this.showPage(this.pageNum - 1) },
      { key: 'h', label: 'Show or hide the differences', run: () => { this.showDiff = !this.showDiff; this.update(); } },
    ];
  }

  template() {
    const { a, b } = this.jobs;
    const c = this.comparison;
    return html`
      <nav class="crumbs" aria-label="Breadcrumb"><a href="/app/">Jobs</a> <span aria-hidden="true">/</span>
        ${a ? html`<a href="/app/jobs/${a.job_id}">${a.file_name}</a> <span aria-hidden="true">/</span>` : nothing}
        <span aria-current="page">Compare</span></nav>
      <h1 tabindex="-1">Compare ${a ? a.file_name : '…'} with ${b ? b.file_name : '…'}</h1>
      ${errorBanner(this.error)}
      ${!c ? html`<p class="muted">Rendering both jobs…</p>` : html`
        <div class="compare-layout">
          <section class="panel" aria-labelledby="pages-title">
            <h2 id="pages-title">Pages</h2>
            <p class="legend small"><span class="key only-a">green</span> only in A, <span class="key only-b">red</span> only in B,
              <span class="key changed">amber</span> colour changed</p>
            <table class="compare-pages">
              <thead><tr><th>Page</th><th class="num">SSIM</th><th class="num">Changed</th></tr></thead>
              <tbody>${c.pages.map(p => html`<tr class=${p.page_num === this.pageNum ? 'selected' : ''} data-page=${p.page_num}>
                <td><button type="button" class="quiet" aria-pressed=${p.page_num === this.pageNum ? 'true' : 'false'}
                  @click=${() => this.showPage(p.page_num)}>Page ${p.page_num}</button></td>
                <td class="num ssim">${p.ssim_score.toFixed(4)}</td>
                <td class="num changed">${p.diff_pixel_count.toLocaleString()} px
                  <span class="muted">(${((100 * p.diff_pixel_count) / Math.max(1, p.total_pixels)).toFixed(2)} %)</span></td></tr>`)}</tbody>
            </table>
          </section>
          <section aria-label="Page ${this.pageNum}">
            <div class="viewer-bar" role="toolbar" aria-label="Comparison">
              <fieldset class="inline-set"><legend class="sr-only">Layout</legend>
                <label class="inline"><input type="radio" name="mode" value="side" .checked=${this.mode === 'side'}
                  @change=${() => { this.mode = 'side'; this.update(); }}> Side by side</label>
                <label class="inline"><input type="radio" name="mode" value="slider" .checked=${this.mode === 'slider'}
                  @change=${() => { this.mode = 'slider'; this.update(); }}> Slider</label>
              </fieldset>
              <label class="inline"><input type="checkbox" class="diff-toggle" .checked=${this.showDiff}
                @change=${() => { this.showDiff = !this.showDiff; this.update(); }}> Differences</label>
              ${this.mode === 'slider' ? html`<label class="inline">A | B <input type="range" min="0" max="100" .value=${String(this.split)}
                @input=${e => { this.split = Number(e.target.value); this.update(); }}></label>` : nothing}
            </div>
            ${this.mode === 'side' ? this.side() : this.slider()}
          </section>
        </div>`}`;
  }

  picture(url, label) {
    return url ? html`<img src=${url} alt=${label}>` : html`<div class="blank" role="img" aria-label=${label}>no such page</div>`;
  }

  side() {
    const p = this.pictures;
    return html`<div class="side-by-side">
      <figure tabindex="0"><figcaption>A · ${this.jobs.a?.file_name}</figcaption>
        <div class="stack">${this.picture(p.a, `Page ${this.pageNum} of A`)}
          ${this.showDiff && p.diff ? html`<img class="diff" src=${p.diff} alt="Differences on page ${this.pageNum}">` : nothing}</div></figure>
      <figure tabindex="0"><figcaption>B · ${this.jobs.b?.file_name}</figcaption>
        <div class="stack">${this.picture(p.b, `Page ${this.pageNum} of B`)}</div></figure>
    </div>`;
  }

  slider() {
    const p = this.pictures;
    return html`<div class="stack slider">
      ${this.picture(p.a, `Page ${this.pageNum} of A`)}
      ${p.b ? html`<img class="over" src=${p.b} alt="Page ${this.pageNum} of B" ${styled({ 'clip-path': `inset(0 0 0 ${this.split}%)` })}>` : nothing}
      ${this.showDiff && p.diff ? html`<img class="diff" src=${p.diff} alt="Differences on page ${this.pageNum}">` : nothing}
    </div>`;
  }
}
