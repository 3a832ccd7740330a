// The page viewer of a completed job, on the authenticated viewer API (/api/v1/viewer/jobs/{job_id}/...): one page
// on a canvas with zoom and pan, deep zoom on region tiles, the findings' boxes drawn over it, separations toggled
// per ink (the visible plates composed in the browser), the TAC heatmap with its runs, a densitometer reading where
// the page is clicked, layers, and the verdict. The canvas is as big as the viewport; the view is `zoom` CSS
// pixels per point with the displayed point (ox, oy) at its top-left corner (see geometry.js for the systems).
import { html, nothing, ref, createRef } from './lit.js';
import { api, image } from './api.js';
import { announce, styled, confirmDialog } from './ui.js';
import { toDisplayed, fromDisplayed, displayedBox } from './geometry.js';
import { when } from './format.js';

const POLL_MS = 1500;
/** Region tiles are this many pixels square; their edges fall on the page's pixel grid (bottom-left aligned). */
const TILE_PX = 512;
/** Resolutions of the region tiles used past the whole-page tile's resolution. */
const LEVELS = [150, 300, 600];
const MAX_ZOOM = 16;
/** Resolution of the page thumbnails. */
const THUMB_DPI = 36;
/** How process inks are shown when plates are composed (a plate's ink multiplies the paper, as on press). */
const PROCESS_INKS = { Cyan: '#00aeef', Magenta: '#ec008c', Yellow: '#fff200', Black: '#231f20' };
/** Spot inks have no colour in the channel list: each gets one of these, in the list's order. */
/** What the annotation kinds are called in the panel. */
const KIND_LABEL = { rect: 'Box', circle: 'Circle', arrow: 'Arrow', freehand: 'Freehand', note: 'Note' };
const SVG = 'http://www.w3.org/2000/svg';
const SPOT_INKS = ['#f26522', '#00a651', '#662d91', '#c4a000', '#0072bc', '#9e005d', '#8c6239', '#39b54a'];

export class PageViewer {
  /** `onChange()` re-renders the host; `findings` are the job's findings (with `key`, as the panel gives them). */
  /**
   * A share page passes `token` (and the `config` it already fetched): the viewer then reads the public twins
   * (/api/v1/viewer/public/{token}/...) and leaves out what has no twin (verdict recording, report minting, tile
   * warming, TAC runs, the densitometer: a click reads the colour only).
   */
  /**
   * `onConfig(config)` is told the viewer config once it is read (the host applies the theme and branding);
   * `mayDelete(annotation)` says whether to offer Delete on an annotation (always, unless the host says otherwise).
   */
  constructor({ jobId, fileName, onChange, token, config, visitorForm, onConfig, mayDelete }) {
    this.jobId = jobId;
    this.fileName = fileName;
    this.onChange = onChange;
    this.shared = Boolean(token);
    this.base = token ? `/viewer/public/${encodeURIComponent(token)}` : `/viewer/jobs/${encodeURIComponent(jobId)}`;
    this.presetConfig = config ?? null;
    /** On a share page: a template asking the visitor's email before they may annotate (or nothing once given). */
    this.visitorForm = visitorForm ?? (() => nothing);
    this.onConfig = onConfig ?? (() => {});
    this.mayDelete = mayDelete ?? (() => true);
    this.viewport = createRef();
    this.canvas = createRef();
    this.overlay = createRef();
    this.config = null;
    this.pages = [];
    this.pageNum = 1;
    this.zoom = 1;
    this.ox = 0;
    this.oy = 0;
    this.fitted = false;
    /** The zoom a page opens at, as a multiple of the fitted zoom (the config's default_zoom; Fit is 1). */
    this.openScale = 1;
    this.findings = [];
    this.selected = null;
    this.channels = null;
    this.channelsNote = null;
    this.hidden = new Set();
    this.heatmap = false;
    this.tacLimit = 300;
    this.runs = null;
    this.layers = [];
    this.layerOn = new Map();
    this.reading = null;
    this.verdict = null;
    this.failing = false;
    this.warming = null;
    this.report = null;
    this.copied = false;
    this.thumbs = new Map();
    this.error = null;
    this.frame = 0;
    this.painted = false;
    this.composites = new Map();
    this.stopped = false;
    this.annotations = [];
    this.tool = null; // the kind the next drag (or click, for a note) draws: rect, circle, arrow, freehand, note
    this.draft = null;
    this.noteText = '';
  }

  get page() { return this.pages[this.pageNum - 1]; }
  get dpi() { return this.config?.default_dpi ?? 72; }

  async start() {
    try {
      [this.config, { pages: this.pages }] = await Promise.all([
        this.presetConfig ?? api(`${this.base}/config`), api(`${this.base}/pages`)]);
    } catch (e) {
      this.error = e.message;
      this.onChange();
      return;
    }
    this.tacLimit = this.config.default_tac_limit;
    this.openScale = PageViewer.openScale(this.config.default_zoom);
    this.onConfig(this.config);
    this.onChange();
    this.observe();
    this.schedule();
    this.loadVerdict();
    if (this.config.enable_layers) this.loadLayers();
    if (this.annotating) this.loadAnnotations();
    if (this.config.enable_separations) this.loadChannels();
    if (!this.config.capabilities.tiles_warmed && !this.shared) this.pollWarming();
  }

  stop() {
    this.stopped = true;
    this.resizer?.disconnect();
    clearTimeout(this.timer);
    clearTimeout(this.warmTimer);
  }

  observe() {
    const el = this.viewport.value;
    if (!el || this.resizer) return;
    this.resizer = new ResizeObserver(() => this.schedule());
    this.resizer.observe(el);
  }

  setFindings(findings) {
    this.findings = findings;
    this.schedule();
  }

  // ---- data ----

  async loadVerdict() {
    if (this.config.verdict_mode === 'off') return;
    try { this.verdict = await api(`${this.base}/verdict`); } catch (e) { this.error = e.message; }
    this.onChange();
  }

  /** The job's annotations with their threads (GET .../annotations?include=comments), every page. */
  async loadAnnotations() {
    try {
      this.annotations = await api(`${this.base}/annotations?include=comments`);
    } catch (e) { this.error = e.message; }
    this.schedule();
    this.onChange();
  }

  /**
   * The geometry of a drawn shape in PDF points (origin bottom-left) from its displayed points: a box from two
   * corners, a circle from its centre and a point of its edge, an arrow from tail to head, a stroke (at most 1000
   * points, every n-th kept), a note's pin.
   */
  geometryOf(kind, points) {
    const page = this.page;
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
  async saveShape(kind, points, text) {
    const geometry = this.geometryOf(kind, points);
    try {
      await api(`${this.base}/annotations`, { method: 'POST', json: { page_num: this.pageNum, kind, geometry, ...(text ? { text } : {}) } });
      announce(`${KIND_LABEL[kind]} added on page ${this.pageNum}`);
      this.error = null;
    } catch (e) { this.error = e.message; }
    await this.loadAnnotations();
  }

  /** Deletes an annotation and its thread after asking (on a share page: the visitor's own, see share.js). */
  async deleteAnnotation(a) {
    const ok = await confirmDialog({ title: 'Delete this annotation?',
      message: `The ${(KIND_LABEL[a.kind] ?? a.kind).toLowerCase()} on page ${a.page_num} and its comments will be deleted.` });
    if (!ok) return;
    try {
      await api(`${this.base}/annotations/${encodeURIComponent(a.id)}`, { method: 'DELETE' });
      announce('Annotation deleted');
      this.error = null;
    } catch (e) { this.error = e.message; }
    await this.loadAnnotations();
  }

  async addComment(annotationId, form) {
    const body = new FormData(form).get('body').trim();
    if (!body) return;
    try {
      await api(`${this.base}/annotations/${encodeURIComponent(annotationId)}/comments`, { method: 'POST', json: { body } });
      form.reset();
      announce('Comment added');
      this.error = null;
    } catch (e) { this.error = e.message; }
    await this.loadAnnotations();
  }

  async loadLayers() {
    try {
      this.layers = (await api(`${this.base}/layers`)).layers;
      this.layerOn = new Map(this.layers.map(l => [l.ocg_index, l.default_on]));
    } catch (e) { this.error = e.message; }
    this.onChange();
  }

  async loadChannels() {
    if (!this.config.capabilities.separations) {
      this.channelsNote = this.config.capability_fillin_enabled
        ? 'The separations of this job have not been computed yet.'
        : 'This plan cannot compute separations for this job.';
      this.onChange();
      return;
    }
    try {
      this.channels = (await api(`${this.base}/separations`)).channels;
      this.channelsNote = null;
    } catch (e) { this.channelsNote = e.message; }
    this.onChange();
  }

  /** Asks for the separations (the ink pass), then polls the config until the capability is there. */
  async fillSeparations() {
    try {
      await api(`${this.base}/capabilities/separations`, { method: 'POST' });
      this.channelsNote = 'Computing the separations…';
      this.onChange();
      const poll = async () => {
        if (this.stopped) return;
        const config = await api(`${this.base}/config`).catch(() => null);
        if (config?.capabilities.separations) {
          this.config = config;
          this.loadChannels();
        } else {
          this.timer = setTimeout(poll, POLL_MS);
        }
      };
      poll();
    } catch (e) {
      this.channelsNote = e.message;
      this.onChange();
    }
  }

  async pollWarming() {
    try {
      this.warming = await api(`${this.base}/tile-warming`);
    } catch {
      this.warming = null;
      return;
    }
    this.onChange();
    if (!this.stopped && this.warming.status === 'in_progress') this.warmTimer = setTimeout(() => this.pollWarming(), POLL_MS);
  }

  /** Annotations are shown where the viewer config enables them and the plan (and a share link) allows them. */
  get annotating() { return Boolean(this.config?.enable_annotations && this.config?.annotations_enabled); }

  get showThumbnails() { return this.config?.enable_page_thumbnails && this.pages.length > 1; }

  /** Thumbnails at 36 dpi (the layers' default state), one after another once the first page is painted. */
  async loadThumbnails() {
    if (!this.showThumbnails) return;
    for (const p of this.pages) {
      if (this.stopped) return;
      try {
        const img = await image(`${this.base}/pages/${p.page_num}/tile?dpi=${THUMB_DPI}`);
        this.thumbs.set(p.page_num, img.url);
        this.onChange();
      } catch { /* the thumbnail stays a page number */ }
    }
  }

  // ---- what is drawn ----

  /** The layer toggles as tile parameters: only the layers whose state differs from the document's default. */
  get layerQuery() {
    const on = [];
    const off = [];
    for (const l of this.layers) {
      const state = this.layerOn.get(l.ocg_index);
      if (state && !l.default_on) on.push(l.ocg_index);
      if (!state && l.default_on) off.push(l.ocg_index);
    }
    return (on.length ? `&ocg_on=${on.join(',')}` : '') + (off.length ? `&ocg_off=${off.join(',')}` : '');
  }

  get mode() {
    if (this.heatmap) return 'heatmap';
    return this.hidden.size > 0 ? 'plates' : 'tiles';
  }

  inkColour(channel) {
    if (channel.type === 'process' && PROCESS_INKS[channel.name]) return PROCESS_INKS[channel.name];
    const spots = (this.channels ?? []).filter(c => !(c.type === 'process' && PROCESS_INKS[c.name]));
    return SPOT_INKS[Math.max(0, spots.indexOf(channel)) % SPOT_INKS.length];
  }

  /** Displayed size of an image of `px` pixels made at `dpi` (the page's grid: bottom edges line up). */
  static span(px, dpi) { return (px * 72) / dpi; }

  /**
   * The visible plates of a page composed on a canvas: each plate (dark is ink) is tinted with its ink's colour
   * ("screen" of the grey plate and the colour gives 1 - ink * (1 - colour)), then multiplied onto white paper.
   */
  composite(pageNum) {
    const names = this.channels.filter(c => !this.hidden.has(c.name));
    const key = `${pageNum}|${this.dpi}|${names.map(c => c.name).join('\u0000')}`;
    const done = this.settled.get(key);
    if (done) return { done };
    let entry = this.composites.get(key);
    if (!entry) {
      entry = Promise.all(names.map(c => image(`${this.base}/pages/${pageNum}/channel/${encodeURIComponent(c.name)}?dpi=${this.dpi}`)
        .then(img => ({ c, img }))))
        .then(plates => {
          const first = plates[0]?.img.bitmap;
          const [w, h] = first ? [first.width, first.height]
            : [Math.round(this.page.width_pts * this.dpi / 72), Math.round(this.page.height_pts * this.dpi / 72)];
          const out = document.createElement('canvas');
          out.width = w;
          out.height = h;
          const ctx = out.getContext('2d');
          ctx.fillStyle = '#ffffff';
          ctx.fillRect(0, 0, w, h);
          const tint = document.createElement('canvas');
          tint.width = w;
          tint.height = h;
          const t = tint.getContext('2d');
          for (const { c, img } of plates) {
            t.globalCompositeOperation = 'source-over';
            t.drawImage(img.bitmap, 0, 0);
            t.globalCompositeOperation = 'screen';
            t.fillStyle = this.inkColour(c);
            t.fillRect(0, 0, w, h);
            ctx.globalCompositeOperation = 'multiply';
            ctx.drawImage(tint, 0, 0);
          }
          this.settled.set(key, out);
          return out;
        });
      entry.catch(() => this.composites.delete(key));
      this.composites.set(key, entry);
    }
    return { entry };
  }

  /** Requests a repaint on the next frame. */
  schedule() {
    // Until the next paint, what the canvas shows is not the current state (tests and the benchmark wait on this).
    if (this.canvas.value) this.canvas.value.dataset.complete = 'false';
    if (this.frame || this.stopped) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.paint();
    });
  }

  /**
   * default_zoom is a percentage of the fitted page (100: the whole page in the viewport, 200: twice that), clamped
   * to what the viewer can show; a value that is not a positive number opens the page fitted.
   */
  static openScale(percent) {
    return Number.isFinite(percent) && percent > 0 ? percent / 100 : 1;
  }

  /**
   * Fits the page in the viewport, times `scale`: centred across, and centred down too while the page fits the
   * height, else with its top edge at the top (a page is read from the top).
   */
  fit(scale = 1) {
    const el = this.viewport.value;
    const page = this.page;
    if (!el || !page) return;
    const margin = 12;
    const fitted = Math.min((el.clientWidth - 2 * margin) / page.width_pts, (el.clientHeight - 2 * margin) / page.height_pts);
    this.zoom = Math.max(0.05, Math.min(MAX_ZOOM, fitted * scale));
    this.ox = -(el.clientWidth / this.zoom - page.width_pts) / 2;
    this.oy = page.height_pts * this.zoom + 2 * margin > el.clientHeight
      ? -margin / this.zoom : -(el.clientHeight / this.zoom - page.height_pts) / 2;
    this.fitted = true;
  }

  /** Fit (the button, the 0 key): the whole page, whatever the default zoom. */
  fitPage() {
    this.fitted = false;
    this.fitScale = 1;
    this.schedule();
    this.onChange();
  }

  /** Zooms by `factor` keeping the canvas point (cx, cy) (CSS pixels) still; the centre by default. */
  zoomBy(factor, cx, cy) {
    const el = this.viewport.value;
    if (!el) return;
    cx ??= el.clientWidth / 2;
    cy ??= el.clientHeight / 2;
    const next = Math.max(0.05, Math.min(MAX_ZOOM, this.zoom * factor));
    const px = this.ox + cx / this.zoom;
    const py = this.oy + cy / this.zoom;
    this.zoom = next;
    this.ox = px - cx / next;
    this.oy = py - cy / next;
    this.schedule();
    this.onChange();
  }

  /** Draws the current state; images still loading are drawn when they arrive (each arrival repaints). */
  paint() {
    const canvas = this.canvas.value;
    const el = this.viewport.value;
    const page = this.page;
    if (!canvas || !el || !page) return;
    if (!this.fitted) {
      this.fit(this.fitScale ?? this.openScale);
      this.fitScale = null;
      queueMicrotask(() => this.onChange()); // the zoom shown in the toolbar
    }
    const dpr = window.devicePixelRatio || 1;
    const cw = el.clientWidth;
    const ch = el.clientHeight;
    if (canvas.width !== Math.round(cw * dpr) || canvas.height !== Math.round(ch * dpr)) {
      canvas.width = Math.round(cw * dpr);
      canvas.height = Math.round(ch * dpr);
    }
    const ctx = canvas.getContext('2d');
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    ctx.setTransform(dpr * this.zoom, 0, 0, dpr * this.zoom, -this.ox * this.zoom * dpr, -this.oy * this.zoom * dpr);
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, page.width_pts, page.height_pts);
    ctx.imageSmoothingEnabled = this.zoom * dpr * 72 < this.dpi * 2;

    const W = page.width_pts;
    const H = page.height_pts;
    const drawBottomAligned = (source, dpi) => {
      const w = PageViewer.span(source.width, dpi);
      const h = PageViewer.span(source.height, dpi);
      ctx.drawImage(source, 0, H - h, w, h);
    };
    const drawScaled = source => {
      // Plates and heatmaps may be rendered at less than asked (16 megapixels at most): scale by the image's width.
      const h = (source.height * W) / source.width;
      ctx.drawImage(source, 0, H - h, W, h);
    };
    const mode = this.mode;
    let complete = true;
    const pending = promise => {
      complete = false;
      promise.then(() => this.schedule(), e => { this.error = e.message; this.onChange(); });
    };
    const pageNum = this.pageNum;
    if (mode === 'tiles') {
      const baseUrl = `${this.base}/pages/${pageNum}/tile?dpi=${this.dpi}${this.layerQuery}`;
      const baseImage = this.ready(baseUrl);
      if (baseImage) drawBottomAligned(baseImage.bitmap, this.dpi); else pending(image(baseUrl));
      const need = this.zoom * dpr * 72;
      const level = need > this.dpi * 1.25 && page.rotation === 0 ? LEVELS.find(l => l >= need) ?? 600 : null;
      if (level && level > this.dpi) {
        const S = (TILE_PX * 72) / level;
        const c = page.crop_box;
        const vx0 = Math.max(0, this.ox);
        const vy0 = Math.max(0, this.oy);
        const vx1 = Math.min(W, this.ox + cw / this.zoom);
        const vy1 = Math.min(H, this.oy + ch / this.zoom);
        for (let i = Math.floor(vx0 / S); i * S < vx1; i++) {
          for (let j = Math.floor((H - vy1) / S); j * S < H - vy0; j++) {
            const url = `${this.base}/pages/${pageNum}/tile?dpi=${level}${this.layerQuery}`
              + `&x=${c.x0 + i * S}&y=${c.y0 + j * S}&w=${S}&h=${S}`;
            const tile = this.ready(url);
            if (tile) {
              const w = PageViewer.span(tile.bitmap.width, level);
              const h = PageViewer.span(tile.bitmap.height, level);
              ctx.drawImage(tile.bitmap, i * S, H - j * S - h, w, h);
            } else {
              pending(image(url));
            }
          }
        }
      }
    } else if (mode === 'plates') {
      if (!this.channels) {
        complete = false;
      } else {
        const { done, entry } = this.composite(pageNum);
        if (done) drawScaled(done); else pending(entry);
      }
    } else {
      const url = `${this.base}/pages/${pageNum}/tac-heatmap?dpi=${this.dpi}&tac_limit=${this.tacLimit}`;
      const heat = this.ready(url);
      if (heat) drawScaled(heat.bitmap); else pending(image(url));
    }
    canvas.dataset.mode = mode;
    canvas.dataset.complete = String(complete);
    canvas.dataset.zoom = String(this.zoom);
    canvas.dataset.ox = String(this.ox);
    canvas.dataset.oy = String(this.oy);
    if (complete && !this.painted) {
      this.painted = true;
      performance.mark('preflight:first-page-painted');
      this.loadThumbnails();
    }
    this.drawOverlay();
  }

  /** An image already loaded (drawn synchronously), else null and its load starts. */
  ready(url) {
    const hit = this.loaded.get(url);
    if (hit) return hit;
    image(url).then(v => {
      this.loaded.set(url, v);
      // Bounded like the image cache: the oldest images drawn are dropped (and fetched again if needed).
      while (this.loaded.size > 200) this.loaded.delete(this.loaded.keys().next().value);
    }, () => {});
    return null;
  }

  loaded = new Map();
  settled = new Map();

  /** Finding boxes, TAC runs and the densitometer's mark, as elements over the canvas (CSS pixels). */
  drawOverlay() {
    const layer = this.overlay.value;
    const page = this.page;
    if (!layer || !page) return;
    const boxes = [];
    const place = (el, r) => {
      el.style.left = `${(r.x - this.ox) * this.zoom}px`;
      el.style.top = `${(r.y - this.oy) * this.zoom}px`;
      el.style.width = `${r.w * this.zoom}px`;
      el.style.height = `${r.h * this.zoom}px`;
      boxes.push(el);
    };
    for (const f of this.findings) {
      if (f.page_num !== this.pageNum || !Array.isArray(f.bbox) || f.bbox.length !== 4) continue;
      const el = document.createElement('div');
      el.className = `finding-box sev-${f.severity}${f.key === this.selected ? ' selected' : ''}`;
      el.dataset.finding = f.key;
      el.title = `${f.inspection_id}: ${f.message}`;
      place(el, displayedBox(page, f.bbox));
    }
    // Circles, arrows and strokes are drawn on one SVG in CSS pixels of the canvas; boxes and notes are elements.
    const svg = document.createElementNS(SVG, 'svg');
    svg.setAttribute('class', 'annotation-shapes');
    const css = (x, y) => { const [dx, dy] = toDisplayed(page, x, y); return [(dx - this.ox) * this.zoom, (dy - this.oy) * this.zoom]; };
    const cssOfDisplayed = p => [(p[0] - this.ox) * this.zoom, (p[1] - this.oy) * this.zoom];
    const shape = (name, attrs, a, extraClass = '') => {
      const el = document.createElementNS(SVG, name);
      for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
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
    for (const a of this.annotations) {
      if (a.page_num !== this.pageNum) continue;
      const g = a.geometry;
      if (a.kind === 'rect') {
        const el = document.createElement('div');
        el.className = 'annotation-box';
        el.dataset.annotation = a.id;
        if (a.color) el.style.color = a.color;
        place(el, displayedBox(page, [g.x, g.y, g.x + g.w, g.y + g.h]));
      } else if (a.kind === 'note') {
        const [x, y] = css(g.x, g.y);
        const el = document.createElement('div');
        el.className = 'annotation-note';
        el.dataset.annotation = a.id;
        el.title = a.text ?? '';
        el.style.left = `${x}px`;
        el.style.top = `${y}px`;
        if (a.color) el.style.color = a.color;
        boxes.push(el);
      } else if (a.kind === 'circle') {
        const [cx, cy] = css(g.cx, g.cy);
        shape('circle', { cx, cy, r: g.r * this.zoom }, a);
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
      const pts = this.draft.points.map(cssOfDisplayed);
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
    if (svg.childNodes.length) boxes.push(svg);
    if (this.heatmap && this.runs?.page_num === this.pageNum) {
      this.runs.runs.forEach((r, i) => {
        const el = document.createElement('div');
        el.className = 'run-box';
        el.dataset.run = String(i);
        place(el, { x: r.x0, y: r.y0, w: r.x1 - r.x0, h: r.y1 - r.y0 });
      });
    }
    if (this.reading?.page_num === this.pageNum) {
      const [dx, dy] = toDisplayed(page, this.reading.x, this.reading.y);
      const el = document.createElement('div');
      el.className = 'probe';
      el.style.left = `${(dx - this.ox) * this.zoom}px`;
      el.style.top = `${(dy - this.oy) * this.zoom}px`;
      boxes.push(el);
    }
    layer.replaceChildren(...boxes);
  }

  // ---- actions ----

  goTo(pageNum) {
    if (pageNum < 1 || pageNum > this.pages.length || pageNum === this.pageNum) return;
    this.pageNum = pageNum;
    this.fitted = false;
    this.runs = null;
    if (this.heatmap) this.loadRuns();
    this.schedule();
    this.onChange();
    announce(`Page ${pageNum} of ${this.pages.length}`);
  }

  /** Shows a finding: its page, zoomed so that its box fills about half of the viewport, centred. */
  show(finding) {
    this.selected = finding.key;
    if (!finding.page_num) { this.schedule(); return; }
    if (finding.page_num !== this.pageNum) { this.pageNum = finding.page_num; this.runs = null; if (this.heatmap) this.loadRuns(); }
    const el = this.viewport.value;
    const page = this.page;
    if (!el || !page) return;
    if (Array.isArray(finding.bbox) && finding.bbox.length === 4) {
      const r = displayedBox(page, finding.bbox);
      this.zoom = Math.max(0.05, Math.min(MAX_ZOOM, 0.5 * Math.min(el.clientWidth / Math.max(r.w, 1), el.clientHeight / Math.max(r.h, 1))));
      this.ox = r.x + r.w / 2 - el.clientWidth / (2 * this.zoom);
      this.oy = r.y + r.h / 2 - el.clientHeight / (2 * this.zoom);
      this.fitted = true;
    } else {
      this.fitted = false;
    }
    this.schedule();
    this.onChange();
  }

  toggleInk(name) {
    if (this.hidden.has(name)) this.hidden.delete(name); else this.hidden.add(name);
    this.schedule();
    this.onChange();
  }

  toggleHeatmap() {
    if (!this.config?.enable_tac_heatmap) return;
    this.heatmap = !this.heatmap;
    if (this.heatmap) this.loadRuns();
    this.schedule();
    this.onChange();
  }

  setTacLimit(value) {
    this.tacLimit = Number(value);
    if (this.heatmap) this.loadRuns();
    this.schedule();
    this.onChange();
  }

  async loadRuns() {
    if (this.shared) return;
    const pageNum = this.pageNum;
    const limit = this.tacLimit;
    try {
      const runs = await api(`${this.base}/pages/${pageNum}/tac-heatmap/runs?dpi=${this.dpi}&tac_limit=${limit}`);
      if (pageNum === this.pageNum && limit === this.tacLimit) this.runs = runs;
    } catch (e) { this.error = e.message; }
    this.schedule();
    this.onChange();
  }

  toggleLayer(index) {
    this.layerOn.set(index, !this.layerOn.get(index));
    this.schedule();
    this.onChange();
  }

  /** Reads the densitometer and the colour picker at a canvas point (CSS pixels). */
  async measure(cx, cy) {
    const page = this.page;
    if (!page || !this.config.enable_measurement) return;
    const dx = this.ox + cx / this.zoom;
    const dy = this.oy + cy / this.zoom;
    if (dx < 0 || dy < 0 || dx > page.width_pts || dy > page.height_pts) return;
    const [x, y] = fromDisplayed(page, dx, dy);
    const at = `x=${x.toFixed(2)}&y=${y.toFixed(2)}&dpi=${this.dpi}`;
    const pageNum = this.pageNum;
    try {
      const [density, sample] = await Promise.all([
        this.shared ? null : api(`${this.base}/pages/${pageNum}/densitometer?${at}&tac_limit=${this.tacLimit}`),
        api(`${this.base}/pages/${pageNum}/sample?${at}`),
      ]);
      this.reading = { page_num: pageNum, x, y, density, sample };
      announce(density ? `Total ink ${density.tac.toFixed(1)} %` : `Colour ${sample.hex}`);
    } catch (e) { this.error = e.message; }
    this.schedule();
    this.onChange();
  }

  async recordVerdict(verdict, notes) {
    try {
      this.verdict = await api(`${this.base}/verdict`, { method: 'POST', json: notes ? { verdict, notes } : { verdict } });
      this.failing = false;
      this.error = null;
      announce(`Verdict recorded: ${verdict}`);
    } catch (e) { this.error = e.message; }
    this.onChange();
  }

  /** Mints a report of the job (POST /api/v1/jobs/{job_id}/reports) and shows its share link. */
  async mintReport(format) {
    try {
      const minted = await api(`/jobs/${encodeURIComponent(this.jobId)}/reports`, { method: 'POST', json: { formats: [format] } });
      this.report = minted.reports[0];
      this.copied = false;
      announce(`Report minted: ${format}`);
    } catch (e) { this.error = e.message; }
    this.onChange();
  }

  async copyReportLink() {
    try {
      await navigator.clipboard.writeText(this.report.url);
      this.copied = true;
    } catch {
      // Without clipboard access (an http origin), the link is selected for the user to copy.
      const field = this.viewport.value?.closest('.stage')?.querySelector('input.report-url');
      field?.select();
      this.copied = false;
    }
    this.onChange();
  }

  // ---- pointer ----

  /** The displayed point under a pointer event. */
  pointAt(event) {
    const rect = event.currentTarget.getBoundingClientRect();
    return [this.ox + (event.clientX - rect.left) / this.zoom, this.oy + (event.clientY - rect.top) / this.zoom];
  }

  pointerDown(event) {
    if (event.button !== 0) return;
    if (this.tool) {
      const p = this.pointAt(event);
      this.draft = { kind: this.tool, points: [p] };
      event.currentTarget.setPointerCapture(event.pointerId);
      return;
    }
    this.drag = { x: event.clientX, y: event.clientY, ox: this.ox, oy: this.oy, moved: false };
    event.currentTarget.setPointerCapture(event.pointerId);
  }

  pointerMove(event) {
    if (this.draft) {
      const p = this.pointAt(event);
      if (this.draft.kind === 'freehand') this.draft.points.push(p); else this.draft.points = [this.draft.points[0], p];
      this.drawOverlay();
      return;
    }
    const d = this.drag;
    if (!d) return;
    const mx = event.clientX - d.x;
    const my = event.clientY - d.y;
    if (Math.abs(mx) + Math.abs(my) > 4) d.moved = true;
    if (d.moved && this.config.enable_zoom) {
      this.ox = d.ox - mx / this.zoom;
      this.oy = d.oy - my / this.zoom;
      this.schedule();
    }
  }

  pointerUp(event) {
    if (this.draft) {
      const { kind, points } = this.draft;
      const from = points[0];
      const to = this.pointAt(event);
      if (kind === 'freehand') points.push(to); else points.splice(1, points.length - 1, to);
      this.draft = null;
      this.tool = null;
      const dx = Math.abs(to[0] - from[0]);
      const dy = Math.abs(to[1] - from[1]);
      // A click draws nothing but a note; a box needs a point each way, the others a point of length.
      if (kind === 'note') {
        const text = this.noteText.trim();
        if (text) { this.noteText = ''; this.saveShape('note', [from], text); }
      } else if (kind === 'rect' ? dx >= 1 && dy >= 1 : Math.hypot(dx, dy) >= 1 || (kind === 'freehand' && points.length > 2)) {
        this.saveShape(kind, points);
      }
      this.schedule();
      this.onChange();
      return;
    }
    const d = this.drag;
    this.drag = null;
    if (!d) return;
    if (!d.moved) {
      const rect = event.currentTarget.getBoundingClientRect();
      this.measure(event.clientX - rect.left, event.clientY - rect.top);
    } else {
      this.onChange();
    }
  }

  wheel(event) {
    if (!this.config.enable_zoom) return;
    event.preventDefault();
    const rect = event.currentTarget.getBoundingClientRect();
    this.zoomBy(Math.exp(-event.deltaY / 400), event.clientX - rect.left, event.clientY - rect.top);
  }

  shortcuts() {
    const zoom = this.config?.enable_zoom;
    return [
      ...(zoom ? [
        { key: '+', label: 'Zoom in', run: () => this.zoomBy(1.25) },
        { key: '-', label: 'Zoom out', run: () => this.zoomBy(0.8) },
        { key: '0', label: 'Fit the page', run: () => this.fitPage() },
      ] : []),
      { key: ']', label: 'Next page', run: () => this.goTo(this.pageNum + 1) },
      { key: '[', label: 'Previous page', run: () => this.goTo(this.pageNum - 1) },
      ...(this.config?.enable_tac_heatmap ? [{ key: 'h', label: 'Show or hide the TAC heatmap', run: () => this.toggleHeatmap() }] : []),
    ];
  }

  // ---- template ----

  template() {
    if (!this.config) {
      return html`${this.error ? html`<p class="banner error" role="alert">${this.error}</p>` : html`<p class="muted">Loading the pages…</p>`}`;
    }
    const n = this.pages.length;
    const cfg = this.config;
    const position = ['top', 'bottom', 'left', 'right'].includes(cfg.toolbar_position) ? cfg.toolbar_position : 'top';
    const across = position === 'left' || position === 'right';
    // The bar comes first in the page's order where it is shown first (top, left), after the page otherwise.
    const first = position === 'top' || position === 'left';
    const bar = html`
      <div class="viewer-bar" role="toolbar" aria-label="Page and zoom" aria-orientation=${across ? 'vertical' : 'horizontal'}>
        <button type="button" @click=${() => this.goTo(this.pageNum - 1)} ?disabled=${this.pageNum <= 1} aria-keyshortcuts="[">Previous page</button>
        <label class="inline">Page
          <input class="page-num" type="number" min="1" max=${n} .value=${String(this.pageNum)}
                 @change=${e => this.goTo(Number(e.target.value))}></label>
        <span class="muted">of ${n}</span>
        <button type="button" @click=${() => this.goTo(this.pageNum + 1)} ?disabled=${this.pageNum >= n} aria-keyshortcuts="]">Next page</button>
        ${cfg.enable_zoom ? html`
          <span class="spacer"></span>
          <button type="button" @click=${() => this.zoomBy(0.8)} aria-keyshortcuts="-" aria-label="Zoom out">−</button>
          <output class="zoom" aria-label="Zoom">${Math.round(this.zoom * 100)} %</output>
          <button type="button" @click=${() => this.zoomBy(1.25)} aria-keyshortcuts="+" aria-label="Zoom in">+</button>
          <button type="button" @click=${() => this.fitPage()} aria-keyshortcuts="0">Fit</button>` : nothing}
        ${this.warming && this.warming.status !== 'complete' ? html`<span class="muted warming">Preparing pages
          <progress max="100" .value=${this.warming.percent} aria-label="Tiles prepared">${this.warming.percent} %</progress></span>` : nothing}
      </div>
`;
    return html`
      ${this.error ? html`<p class="banner error" role="alert">${this.error}</p>` : nothing}
      <div class=${`viewer toolbar-${position}`}>
      ${first ? bar : nothing}
      <div class=${this.showThumbnails ? 'viewer-body with-thumbs' : 'viewer-body'}>
      ${this.showThumbnails ? html`<nav class="thumbs" aria-label="Pages">${this.pages.map(p => html`<button type="button" class="thumb"
          data-page=${p.page_num} aria-current=${p.page_num === this.pageNum ? 'page' : 'false'} @click=${() => this.goTo(p.page_num)}>
          ${this.thumbs.has(p.page_num) ? html`<img src=${this.thumbs.get(p.page_num)} alt="">` : nothing}<span>Page ${p.page_num}</span></button>`)}</nav>` : nothing}
      <div class="viewport" ${ref(this.viewport)}>
        <canvas ${ref(this.canvas)} role="img" aria-label=${`Page ${this.pageNum} of ${n} of ${this.fileName}${this.heatmap ? ', TAC heatmap' : this.hidden.size ? `, without ${[...this.hidden].join(', ')}` : ''}`}
                @pointerdown=${e => this.pointerDown(e)} @pointermove=${e => this.pointerMove(e)}
                @pointerup=${e => this.pointerUp(e)} @wheel=${e => this.wheel(e)}></canvas>
        <div class="overlay" ${ref(this.overlay)} aria-hidden="true"></div>
      </div>
      </div>
      ${first ? nothing : bar}
      </div>
      <div class="tools">
        ${cfg.enable_measurement ? this.readingPanel() : nothing}
        ${cfg.enable_separations ? this.separationsPanel() : nothing}
        ${cfg.enable_tac_heatmap ? this.tacPanel() : nothing}
        ${cfg.enable_layers && this.layers.length ? this.layersPanel() : nothing}
        ${this.annotating ? this.annotationsPanel() : nothing}
        ${cfg.verdict_mode !== 'off' ? this.verdictPanel() : nothing}
        ${cfg.allowed_report_formats.length && !this.shared ? this.reportPanel() : nothing}
      </div>`;
  }

  readingPanel() {
    const r = this.reading;
    return html`<section class="tool" aria-labelledby="reading-title">
      <h2 id="reading-title">${this.shared ? 'Colour' : 'Densitometer'}</h2>
      ${!r ? html`<p class="muted">Click the page to read its ${this.shared ? 'colour' : 'ink'}.</p>` : !r.density ? html`
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
    return html`<section class="tool" aria-labelledby="separations-title">
      <h2 id="separations-title">Separations</h2>
      ${this.channels ? html`<ul class="inks">
          ${this.channels.map(c => html`<li><label class="inline">
            <input type="checkbox" name="ink" .value=${c.name} .checked=${!this.hidden.has(c.name)} @change=${() => this.toggleInk(c.name)}>
            <span class="ink-chip" ${styled({ background: this.inkColour(c) })}></span>${c.name}
            ${c.type === 'spot' ? html`<span class="muted small">spot</span>` : nothing}</label></li>`)}
        </ul>
        ${this.hidden.size ? html`<button type="button" @click=${() => { this.hidden.clear(); this.schedule(); this.onChange(); }}>Show every ink</button>` : nothing}`
      : html`<p class="muted">${this.channelsNote ?? 'Loading the inks…'}</p>
        ${!this.config.capabilities.separations && this.config.capability_fillin_enabled && this.channelsNote?.startsWith('The separations')
          ? html`<button type="button" @click=${() => this.fillSeparations()}>Compute separations</button>` : nothing}`}
    </section>`;
  }

  tacPanel() {
    const runs = this.heatmap && this.runs?.page_num === this.pageNum ? this.runs : null;
    return html`<section class="tool" aria-labelledby="tac-title">
      <h2 id="tac-title">Total ink</h2>
      <label class="inline"><input type="checkbox" class="heatmap-toggle" .checked=${this.heatmap} @change=${() => this.toggleHeatmap()}>
        TAC heatmap</label>
      <label>Limit <span class="muted small">${this.tacLimit} %</span>
        <input type="range" class="tac-limit" min="100" max="500" step="10" .value=${String(this.tacLimit)}
               @change=${e => this.setTacLimit(e.target.value)}></label>
      ${runs ? html`<p class="runs-count">${runs.total_runs === 1 ? '1 area' : `${runs.total_runs} areas`} over ${runs.tac_limit} %</p>
        ${runs.runs.length ? html`<ol class="runs">${runs.runs.slice(0, 20).map(r => html`<li>mean ${r.mean_tac.toFixed(1)} % ·
          ${(r.x1 - r.x0).toFixed(0)} × ${(r.y1 - r.y0).toFixed(0)} pt</li>`)}</ol>` : nothing}` : nothing}
    </section>`;
  }

  layersPanel() {
    return html`<section class="tool" aria-labelledby="layers-title">
      <h2 id="layers-title">Layers</h2>
      <ul class="inks">${this.layers.map(l => html`<li><label class="inline">
        <input type="checkbox" name="layer" .checked=${Boolean(this.layerOn.get(l.ocg_index))} @change=${() => this.toggleLayer(l.ocg_index)}>
        ${l.name}</label></li>`)}</ul>
    </section>`;
  }

  reportPanel() {
    const r = this.report;
    return html`<section class="tool" aria-labelledby="report-title">
      <h2 id="report-title">Report</h2>
      <form class="form" @submit=${e => { e.preventDefault(); this.mintReport(new FormData(e.target).get('format')); }}>
        <label>Format <select name="format">${this.config.allowed_report_formats.map(f => html`<option value=${f}>${f.replaceAll('_', ' ')}</option>`)}</select></label>
        <div class="actions start"><button type="submit">Mint report</button></div>
      </form>
      ${r ? html`<label>Share link <input class="report-url" readonly .value=${r.url}></label>
        <p class="small">${r.expires_at ? `Expires ${when(r.expires_at)}` : 'Never expires'} ·
          <a href=${r.url} target="_blank" rel="noopener">Open</a></p>
        <div class="actions start"><button type="button" @click=${() => this.copyReportLink()}>${this.copied ? 'Copied' : 'Copy link'}</button></div>` : nothing}
    </section>`;
  }

  annotationsPanel() {
    return html`<section class="tool annotations" aria-labelledby="annotations-title">
      <h2 id="annotations-title">Annotations</h2>
      ${this.visitorForm()}
      <div class="actions start draw-tools" role="group" aria-label="Draw">
        ${['rect', 'circle', 'arrow', 'freehand', 'note'].map(kind => html`<button type="button" class=${`draw-${kind}`}
          aria-pressed=${this.tool === kind ? 'true' : 'false'} ?disabled=${kind === 'note' && !this.noteText.trim()}
          @click=${() => { this.tool = this.tool === kind ? null : kind; this.onChange(); }}>${kind === 'rect' ? 'Draw a box' : KIND_LABEL[kind]}</button>`)}
      </div>
      <label>Note text <input class="note-text" maxlength="4000" .value=${this.noteText}
        @input=${e => { this.noteText = e.target.value; this.onChange(); }}></label>
      ${this.tool ? html`<p class="small muted">${this.tool === 'note' ? 'Click the page where the note goes.'
        : this.tool === 'circle' ? 'Drag from the centre outwards.' : this.tool === 'arrow' ? 'Drag from the tail to the head.'
        : this.tool === 'freehand' ? 'Draw on the page.' : 'Drag on the page to draw the box.'}</p>` : nothing}
      ${this.annotations.length ? html`<ol class="annotation-list">${this.annotations.map((a, i) => html`<li data-annotation=${a.id}>
        <p class="small"><strong>${i + 1}. ${KIND_LABEL[a.kind] ?? a.kind}</strong> on page ${a.page_num}
          ${a.author_email ? html`by ${a.author_email}` : nothing} · ${when(a.created_at)}</p>
        ${a.text ? html`<p>${a.text}</p>` : nothing}
        ${(a.comments ?? []).length ? html`<ul class="thread">${a.comments.map(c => html`<li class="comment">
          <span class="small muted">${c.author_email ?? 'API'} · ${when(c.created_at)}</span><p>${c.body}</p></li>`)}</ul>` : nothing}
        <form class="form comment-form" @submit=${e => { e.preventDefault(); this.addComment(a.id, e.target); }}>
          <label>Comment <textarea name="body" rows="2" required maxlength="4000"></textarea></label>
          <div class="actions start"><button type="submit">Add comment</button>
            ${this.mayDelete(a) ? html`<button type="button" class="danger delete-annotation" @click=${() => this.deleteAnnotation(a)}>Delete</button>` : nothing}</div>
        </form></li>`)}</ol>` : html`<p class="muted">No annotations yet.</p>`}
    </section>`;
  }

  verdictPanel() {
    const v = this.verdict;
    return html`<section class="tool" aria-labelledby="verdict-title">
      <h2 id="verdict-title">Verdict</h2>
      ${!v ? html`<p class="muted">Loading…</p>` : html`
        <p class="verdict-now"><span class="verdict ${v.verdict}">${v.verdict === 'pass' ? 'Passed' : 'Failed'}</span>
          ${v.verdict_by ? html`by ${v.verdict_by}, ${when(v.verdict_at)}` : html`<span class="muted">automatic</span>`}</p>
        ${v.notes ? html`<p class="notes">${v.notes}</p>` : nothing}
        ${this.shared ? nothing : this.failing ? html`<form class="form" @submit=${e => { e.preventDefault(); this.recordVerdict('fail', new FormData(e.target).get('notes').trim()); }}>
            <label>Why it fails <textarea name="notes" rows="3" required maxlength="4000"></textarea></label>
            <div class="actions"><button type="button" @click=${() => { this.failing = false; this.onChange(); }}>Cancel</button>
              <button type="submit" class="danger">Record fail</button></div>
          </form>`
          : html`<div class="actions start">
            <button type="button" class="approve" @click=${() => this.recordVerdict('pass')}>Pass</button>
            <button type="button" class="danger" @click=${() => { this.failing = true; this.onChange(); }}>Fail…</button></div>`}`}
    </section>`;
  }
}
