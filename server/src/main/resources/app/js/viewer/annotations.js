// The page viewer's annotations: the job's marks and their comment threads (GET, POST and DELETE on .../annotations),
// the shape being drawn with the chosen tool (a box, circle, arrow, freehand stroke or note), how they are drawn over
// the page, and their panel. Shapes are stored in PDF points (origin bottom-left) and drawn in displayed points.
import { html, nothing } from '../lit.js';
import { api } from '../api.js';
import { announce, confirmDialog } from '../ui.js';
import { toDisplayed, fromDisplayed, displayedBox } from '../geometry.js';
import { when } from '../format.js';

/** What the annotation kinds are called in the panel. */
const KIND_LABEL = { rect: 'Box', circle: 'Circle', arrow: 'Arrow', freehand: 'Freehand', note: 'Note' };
const SVG = 'http://www.w3.org/2000/svg';

export class Annotations {
  /**
   * `visitorForm()` is, on a share page, a template asking the visitor's email before they may annotate (or nothing
   * once given); `mayDelete(annotation)` says whether to offer Delete on an annotation (always, unless the host says
   * otherwise).
   */
  constructor(viewer, { visitorForm, mayDelete }) {
    this.v = viewer;
    this.visitorForm = visitorForm ?? (() => nothing);
    this.mayDelete = mayDelete ?? (() => true);
    this.list = [];
    /** The kind the next drag (or click, for a note) draws: rect, circle, arrow, freehand, note. */
    this.tool = null;
    /** The shape being drawn: its kind and displayed points. */
    this.draft = null;
    this.noteText = '';
  }

  /** Annotations are shown where the viewer config enables them and the plan (and a share link) allows them. */
  get enabled() { return Boolean(this.v.config?.enable_annotations && this.v.config?.annotations_enabled); }

  /** The job's annotations with their threads (GET .../annotations?include=comments), every page. */
  async load() {
    const v = this.v;
    try {
      this.list = await api(`${v.base}/annotations?include=comments`);
    } catch (e) { v.error = e.message; }
    v.canvas.schedule();
    v.onChange();
  }

  /**
   * The geometry of a drawn shape in PDF points (origin bottom-left) from its displayed points: a box from two
   * corners, a circle from its centre and a point of its edge, an arrow from tail to head, a stroke (at most 1000
   * points, every n-th kept), a note's pin.
   */
  geometryOf(kind, points) {
    const page = this.v.page;
    const pdf = points.map(p => fromDisplayed(page, p[0], p[1]));
    const [a, b] = [pdf[0], pdf[pdf.length - 1]];
    switch (kind) {
      case 'rect': return { x: Math.min(a[0], b[0]), y: Math.min(a[1], b[1]), w: Math.abs(b[0] - a[0]), h: Math.abs(b[1] - a[1]) };
      case 'circle': return { cx: a[0], cy: a[1], r: Math.hypot(b[0] - a[0], b[1] - a[1]) };
      case 'arrow': return { x1: a[0], y1: a[1], x2: b[0], y2: b[1] };
      case 'note': return { x: a[0], y: a[1] };
      default: {
        const step = Math.ceil(pdf.length / 1000);
        const kept = pdf.filter((_, i) => i % step === 0);
        if (kept[kept.length - 1] !== b) kept.splice(Math.min(kept.length, 999), 1, b);
        return { points: kept.map(p => [p[0], p[1]]) };
      }
    }
  }

  /** Stores a shape drawn on the page (displayed points) as an annotation of the current page. */
  async save(kind, points, text) {
    const v = this.v;
    const geometry = this.geometryOf(kind, points);
    try {
      await api(`${v.base}/annotations`, { method: 'POST', json: { page_num: v.pageNum, kind, geometry, ...(text ? { text } : {}) } });
      announce(`${KIND_LABEL[kind]} added on page ${v.pageNum}`);
      v.error = null;
    } catch (e) { v.error = e.message; }
    await this.load();
  }

  /** Deletes an annotation and its thread after asking (on a share page: the visitor's own, see share.js). */
  async remove(a) {
    const v = this.v;
    const ok = await confirmDialog({ title: 'Delete this annotation?',
      message: `The ${(KIND_LABEL[a.kind] ?? a.kind).toLowerCase()} on page ${a.page_num} and its comments will be deleted.` });
    if (!ok) return;
    try {
      await api(`${v.base}/annotations/${encodeURIComponent(a.id)}`, { method: 'DELETE' });
      announce('Annotation deleted');
      v.error = null;
    } catch (e) { v.error = e.message; }
    await this.load();
  }

  async addComment(annotationId, form) {
    const v = this.v;
    const body = new FormData(form).get('body').trim();
    if (!body) return;
    try {
      await api(`${v.base}/annotations/${encodeURIComponent(annotationId)}/comments`, { method: 'POST', json: { body } });
      form.reset();
      announce('Comment added');
      v.error = null;
    } catch (e) { v.error = e.message; }
    await this.load();
  }

  // ---- drawing with a tool ----

  /** Starts the chosen tool's shape at a displayed point. */
  begin(point) {
    this.draft = { kind: this.tool, points: [point] };
  }

  /** The pointer moved while drawing: a stroke gains the point, the other shapes end there for now. */
  extend(point) {
    if (this.draft.kind === 'freehand') this.draft.points.push(point); else this.draft.points = [this.draft.points[0], point];
  }

  /** The pointer was released at a displayed point: the shape is stored if it is one, and the tool put down. */
  finish(to) {
    const { kind, points } = this.draft;
    const from = points[0];
    if (kind === 'freehand') points.push(to); else points.splice(1, points.length - 1, to);
    this.draft = null;
    this.tool = null;
    const dx = Math.abs(to[0] - from[0]);
    const dy = Math.abs(to[1] - from[1]);
    // A click draws nothing but a note; a box needs a point each way, the others a point of length.
    if (kind === 'note') {
      const text = this.noteText.trim();
      if (text) { this.noteText = ''; this.save('note', [from], text); }
    } else if (kind === 'rect' ? dx >= 1 && dy >= 1 : Math.hypot(dx, dy) >= 1 || (kind === 'freehand' && points.length > 2)) {
      this.save(kind, points);
    }
  }

  /**
   * The current page's annotations and the shape being drawn, as overlay elements: boxes and notes as elements
   * (`place` puts one on a displayed rectangle), circles, arrows and strokes on one SVG in CSS pixels of the canvas.
   */
  overlay(page, place) {
    const v = this.v;
    const view = v.interaction;
    const elements = [];
    const svg = document.createElementNS(SVG, 'svg');
    svg.setAttribute('class', 'annotation-shapes');
    const css = (x, y) => view.toCss(...toDisplayed(page, x, y));
    const shape = (name, attrs, a, extraClass = '') => {
      const el = document.createElementNS(SVG, name);
      for (const [k, val] of Object.entries(attrs)) el.setAttribute(k, String(val));
      el.setAttribute('class', `annotation-shape ${extraClass}`.trim());
      if (a) { el.dataset.annotation = a.id; if (a.color) el.style.color = a.color; }
      svg.append(el);
    };
    const arrowHead = ([x1, y1], [x2, y2], a, extraClass) => {
      const angle = Math.atan2(y2 - y1, x2 - x1);
      const size = 10;
      const wing = t => `${x2 - size * Math.cos(angle + t)},${y2 - size * Math.sin(angle + t)}`;
      shape('polyline', { points: `${wing(0.45)} ${x2},${y2} ${wing(-0.45)}` }, a, extraClass);
    };
    for (const a of this.list) {
      if (a.page_num !== v.pageNum) continue;
      const g = a.geometry;
      if (a.kind === 'rect') {
        const el = document.createElement('div');
        el.className = 'annotation-box';
        el.dataset.annotation = a.id;
        if (a.color) el.style.color = a.color;
        elements.push(place(el, displayedBox(page, [g.x, g.y, g.x + g.w, g.y + g.h])));
      } else if (a.kind === 'note') {
        const [x, y] = css(g.x, g.y);
        const el = document.createElement('div');
        el.className = 'annotation-note';
        el.dataset.annotation = a.id;
        el.title = a.text ?? '';
        el.style.left = `${x}px`;
        el.style.top = `${y}px`;
        if (a.color) el.style.color = a.color;
        elements.push(el);
      } else if (a.kind === 'circle') {
        const [cx, cy] = css(g.cx, g.cy);
        shape('circle', { cx, cy, r: g.r * view.zoom }, a);
      } else if (a.kind === 'arrow') {
        const p1 = css(g.x1, g.y1);
        const p2 = css(g.x2, g.y2);
        shape('line', { x1: p1[0], y1: p1[1], x2: p2[0], y2: p2[1] }, a);
        arrowHead(p1, p2, a);
      } else if (a.kind === 'freehand') {
        shape('polyline', { points: g.points.map(p => css(p[0], p[1]).join(',')).join(' ') }, a);
      }
    }
    if (this.draft) {
      const pts = this.draft.points.map(p => view.toCss(p[0], p[1]));
      const [a, b] = [pts[0], pts[pts.length - 1]];
      const kind = this.draft.kind;
      if (kind === 'rect') {
        shape('rect', { x: Math.min(a[0], b[0]), y: Math.min(a[1], b[1]), width: Math.abs(b[0] - a[0]), height: Math.abs(b[1] - a[1]) }, null, 'draft');
      } else if (kind === 'circle') {
        shape('circle', { cx: a[0], cy: a[1], r: Math.hypot(b[0] - a[0], b[1] - a[1]) }, null, 'draft');
      } else if (kind === 'arrow') {
        shape('line', { x1: a[0], y1: a[1], x2: b[0], y2: b[1] }, null, 'draft');
      } else {
        shape('polyline', { points: pts.map(p => p.join(',')).join(' ') }, null, 'draft');
      }
    }
    if (svg.childNodes.length) elements.push(svg);
    return elements;
  }

  // ---- panel ----

  panel() {
    return html`<section class="tool annotations" aria-labelledby="annotations-title">
      <h2 id="annotations-title">Annotations</h2>
      ${this.visitorForm()}
      <div class="actions start draw-tools" role="group" aria-label="Draw">
        ${['rect', 'circle', 'arrow', 'freehand', 'note'].map(kind => html`<button type="button" class=${`draw-${kind}`}
          aria-pressed=${this.tool === kind ? 'true' : 'false'} ?disabled=${kind === 'note' && !this.noteText.trim()}
          @click=${() => { this.tool = this.tool === kind ? null : kind; this.v.onChange(); }}>${kind === 'rect' ? 'Draw a box' : KIND_LABEL[kind]}</button>`)}
      </div>
      <label>Note text <input class="note-text" maxlength="4000" .value=${this.noteText}
        @input=${e => { this.noteText = e.target.value; this.v.onChange(); }}></label>
      ${this.tool ? html`<p class="small muted">${this.tool === 'note' ? 'Click the page where the note goes.'
        : this.tool === 'circle' ? 'Drag from the centre outwards.' : this.tool === 'arrow' ? 'Drag from the tail to the head.'
        : this.tool === 'freehand' ? 'Draw on the page.' : 'Drag on the page to draw the box.'}</p>` : nothing}
      ${this.list.length ? html`<ol class="annotation-list">${this.list.map((a, i) => html`<li data-annotation=${a.id}>
        <p class="small"><strong>${i + 1}. ${KIND_LABEL[a.kind] ?? a.kind}</strong> on page ${a.page_num}
          ${a.author_email ? html`by ${a.author_email}` : nothing} · ${when(a.created_at)}</p>
        ${a.text ? html`<p>${a.text}</p>` : nothing}
        ${(a.comments ?? []).length ? html`<ul class="thread">${a.comments.map(c => html`<li class="comment">
          <span class="small muted">${c.author_email ?? 'API'} · ${when(c.created_at)}</span><p>${c.body}</p></li>`)}</ul>` : nothing}
        <form class="form comment-form" @submit=${e => { e.preventDefault(); this.addComment(a.id, e.target); }}>
          <label>Comment <textarea name="body" rows="2" required maxlength="4000"></textarea></label>
          <div class="actions start"><button type="submit">Add comment</button>
            ${this.mayDelete(a) ? html`<button type="button" class="danger delete-annotation" @click=${() => this.remove(a)}>Delete</button>` : nothing}</div>
        </form></li>`)}</ol>` : html`<p class="muted">No annotations yet.</p>`}
    </section>`;
  }
}
