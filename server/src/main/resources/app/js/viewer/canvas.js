// The page viewer's drawing: the page on a canvas as big as the viewport, and the overlay over it. What is drawn is
// one of three modes: the page's tiles (a whole-page tile, then region tiles for deep zoom, with the layer toggles),
// the visible plates as the server composes them (when an ink is hidden), or the TAC heatmap. The overlay holds the
// findings' boxes, the annotations (annotations.js draws them), the TAC runs and the densitometer's mark.
import { createRef } from '../lit.js';
import { image } from '../api.js';
import { toDisplayed, displayedBox } from '../geometry.js';

/** Region tiles are this many pixels square; their edges fall on the page's pixel grid (bottom-left aligned). */
const TILE_PX = 512;
/** Resolutions of the region tiles used past the whole-page tile's resolution. */
const LEVELS = [150, 300, 600];
/** The swatch of each process ink in the separations panel. */
const PROCESS_INKS = { Cyan: '#00aeef', Magenta: '#ec008c', Yellow: '#fff200', Black: '#231f20' };
/** Spot inks have no colour in the channel list: each swatch gets one of these, in the list's order. */
const SPOT_INKS = ['#f26522', '#00a651', '#662d91', '#c4a000', '#0072bc', '#9e005d', '#8c6239', '#39b54a'];
/** Images drawn recently, kept decoded (the oldest are dropped, and fetched again if needed). */
const LOADED_KEPT = 200;

/** Displayed size of an image of `px` pixels made at `dpi` (the page's grid: bottom edges line up). */
const span = (px, dpi) => (px * 72) / dpi;

export class PageCanvas {
  constructor(viewer) {
    this.v = viewer;
    this.viewport = createRef();
    this.canvas = createRef();
    this.overlay = createRef();
    this.frame = 0;
    this.painted = false;
    /** Images already loaded by URL, drawn synchronously. */
    this.loaded = new Map();
    /** Inks hidden by the separations panel. */
    this.hidden = new Set();
    this.heatmap = false;
    // the "Simulate overprint" switch; null: as the viewer config says (simulate_overprint)
    this.simulate = null;
    this.tacLimit = 300;
    /** Each layer's state by ocg_index. */
    this.layerOn = new Map();
  }

  observe() {
    const el = this.viewport.value;
    if (!el || this.resizer) return;
    this.resizer = new ResizeObserver(() => this.schedule());
    this.resizer.observe(el);
  }

  stop() {
    this.resizer?.disconnect();
  }

  // ---- what is drawn ----

  get mode() {
    if (this.heatmap) return 'heatmap';
    return this.hidden.size > 0 ? 'plates' : 'tiles';
  }

  /** The document's default state of each layer. */
  defaultLayers(layers) {
    this.layerOn = new Map(layers.map(l => [l.ocg_index, l.default_on]));
  }

  /** The layer toggles as tile parameters: only the layers whose state differs from the document's default. */
  get layerQuery() {
    const on = [];
    const off = [];
    for (const l of this.v.data.layers) {
      const state = this.layerOn.get(l.ocg_index);
      if (state && !l.default_on) on.push(l.ocg_index);
      if (!state && l.default_on) off.push(l.ocg_index);
    }
    return (on.length ? `&ocg_on=${on.join(',')}` : '') + (off.length ? `&ocg_off=${off.join(',')}` : '');
  }

  /** True when tiles are soft proofs (overprint, spot inks and the output condition simulated). */
  get simulating() {
    return this.simulate ?? (this.v.config?.simulate_overprint !== false);
  }

  /** The switch as a tile parameter: nothing for the default soft proof, proof=off for the screen render. */
  get proofQuery() {
    return this.simulating ? '' : '&proof=off';
  }

  toggleSimulate() {
    this.simulate = !this.simulating;
    this.schedule();
    this.v.onChange();
  }

  inkColour(channel) {
    if (channel.type === 'process' && PROCESS_INKS[channel.name]) return PROCESS_INKS[channel.name];
    const spots = (this.v.data.channels ?? []).filter(c => !(c.type === 'process' && PROCESS_INKS[c.name]));
    return SPOT_INKS[Math.max(0, spots.indexOf(channel)) % SPOT_INKS.length];
  }

  toggleInk(name) {
    if (this.hidden.has(name)) this.hidden.delete(name); else this.hidden.add(name);
    this.schedule();
    this.v.onChange();
  }

  showEveryInk() {
    this.hidden.clear();
    this.schedule();
    this.v.onChange();
  }

  toggleHeatmap() {
    if (!this.v.config?.enable_tac_heatmap) return;
    this.heatmap = !this.heatmap;
    if (this.heatmap) this.v.data.loadRuns();
    this.schedule();
    this.v.onChange();
  }

  setTacLimit(value) {
    this.tacLimit = Number(value);
    if (this.heatmap) this.v.data.loadRuns();
    this.schedule();
    this.v.onChange();
  }

  toggleLayer(index) {
    this.layerOn.set(index, !this.layerOn.get(index));
    this.schedule();
    this.v.onChange();
  }

  // ---- drawing ----

  /** Requests a repaint on the next frame. */
  schedule() {
    // Until the next paint, what the canvas shows is not the current state (tests and the benchmark wait on this).
    if (this.canvas.value) this.canvas.value.dataset.complete = 'false';
    if (this.frame || this.v.stopped) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.paint();
    });
  }

  /**
   * The page's plates without the hidden inks, composed by the server as they print and shown through the output
   * condition, like the tile (a canvas blend of tinted plates cannot do an ICC conversion, so it drew other colours).
   */
  platesUrl(pageNum, dpi) {
    const hide = [...this.hidden].sort().map(n => `&hide=${encodeURIComponent(n)}`).join('');
    return `${this.v.base}/pages/${pageNum}/plates?dpi=${dpi}${hide}`;
  }

  /** Draws the current state; images still loading are drawn when they arrive (each arrival repaints). */
  paint() {
    const v = this.v;
    const view = v.interaction;
    const canvas = this.canvas.value;
    const el = this.viewport.value;
    const page = v.page;
    if (!canvas || !el || !page) return;
    if (view.refit()) {
      queueMicrotask(() => v.onChange()); // the zoom shown in the toolbar
    }
    const { zoom, ox, oy } = view;
    const dpi = v.dpi;
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
    ctx.setTransform(dpr * zoom, 0, 0, dpr * zoom, -ox * zoom * dpr, -oy * zoom * dpr);
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, page.width_pts, page.height_pts);
    ctx.imageSmoothingEnabled = zoom * dpr * 72 < dpi * 2;

    const W = page.width_pts;
    const H = page.height_pts;
    const drawBottomAligned = (source, at) => {
      const w = span(source.width, at);
      const h = span(source.height, at);
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
      promise.then(() => this.schedule(), e => { v.error = e.message; v.onChange(); });
    };
    const pageNum = v.pageNum;
    if (mode === 'tiles') {
      const baseUrl = `${v.base}/pages/${pageNum}/tile?dpi=${dpi}${this.layerQuery}${this.proofQuery}`;
      const baseImage = this.ready(baseUrl);
      if (baseImage) drawBottomAligned(baseImage.bitmap, dpi); else pending(image(baseUrl));
      const need = zoom * dpr * 72;
      const level = need > dpi * 1.25 && page.rotation === 0 ? LEVELS.find(l => l >= need) ?? 600 : null;
      if (level && level > dpi) {
        const S = (TILE_PX * 72) / level;
        const c = page.crop_box;
        const vx0 = Math.max(0, ox);
        const vy0 = Math.max(0, oy);
        const vx1 = Math.min(W, ox + cw / zoom);
        const vy1 = Math.min(H, oy + ch / zoom);
        for (let i = Math.floor(vx0 / S); i * S < vx1; i++) {
          for (let j = Math.floor((H - vy1) / S); j * S < H - vy0; j++) {
            const url = `${v.base}/pages/${pageNum}/tile?dpi=${level}${this.layerQuery}${this.proofQuery}`
              + `&x=${c.x0 + i * S}&y=${c.y0 + j * S}&w=${S}&h=${S}`;
            const tile = this.ready(url);
            if (tile) {
              const w = span(tile.bitmap.width, level);
              const h = span(tile.bitmap.height, level);
              ctx.drawImage(tile.bitmap, i * S, H - j * S - h, w, h);
            } else {
              pending(image(url));
            }
          }
        }
      }
    } else if (mode === 'plates') {
      const url = this.platesUrl(pageNum, dpi);
      const plates = this.ready(url);
      if (plates) drawScaled(plates.bitmap); else pending(image(url));
    } else {
      const url = `${v.base}/pages/${pageNum}/tac-heatmap?dpi=${dpi}&tac_limit=${this.tacLimit}`;
      const heat = this.ready(url);
      if (heat) drawScaled(heat.bitmap); else pending(image(url));
    }
    canvas.dataset.mode = mode;
    canvas.dataset.complete = String(complete);
    canvas.dataset.zoom = String(zoom);
    canvas.dataset.ox = String(ox);
    canvas.dataset.oy = String(oy);
    if (complete && !this.painted) {
      this.painted = true;
      performance.mark('preflight:first-page-painted');
      v.data.loadThumbnails();
    }
    this.drawOverlay();
  }

  /** An image already loaded (drawn synchronously), else null and its load starts. */
  ready(url) {
    const hit = this.loaded.get(url);
    if (hit) return hit;
    image(url).then(img => {
      this.loaded.set(url, img);
      // Bounded like the image cache: the oldest images drawn are dropped (and fetched again if needed).
      while (this.loaded.size > LOADED_KEPT) this.loaded.delete(this.loaded.keys().next().value);
    }, () => {});
    return null;
  }

  /** Finding boxes, annotations, TAC runs and the densitometer's mark, as elements over the canvas (CSS pixels). */
  drawOverlay() {
    const v = this.v;
    const view = v.interaction;
    const layer = this.overlay.value;
    const page = v.page;
    if (!layer || !page) return;
    const elements = [];
    /** Places an element on a displayed rectangle {x, y, w, h}. */
    const place = (el, r) => {
      const [left, top] = view.toCss(r.x, r.y);
      el.style.left = `${left}px`;
      el.style.top = `${top}px`;
      el.style.width = `${r.w * view.zoom}px`;
      el.style.height = `${r.h * view.zoom}px`;
      return el;
    };
    for (const f of v.findings) {
      if (f.page_num !== v.pageNum || !Array.isArray(f.bbox) || f.bbox.length !== 4) continue;
      const el = document.createElement('div');
      el.className = `finding-box sev-${f.severity}${f.key === v.selected ? ' selected' : ''}`;
      el.dataset.finding = f.key;
      el.title = `${f.inspection_id}: ${f.message}`;
      elements.push(place(el, displayedBox(page, f.bbox)));
    }
    elements.push(...v.annotations.overlay(page, place));
    const runs = v.data.runs;
    if (this.heatmap && runs?.page_num === v.pageNum) {
      runs.runs.forEach((r, i) => {
        const el = document.createElement('div');
        el.className = 'run-box';
        el.dataset.run = String(i);
        elements.push(place(el, { x: r.x0, y: r.y0, w: r.x1 - r.x0, h: r.y1 - r.y0 }));
      });
    }
    const reading = v.data.reading;
    if (reading?.page_num === v.pageNum) {
      const [left, top] = view.toCss(...toDisplayed(page, reading.x, reading.y));
      const el = document.createElement('div');
      el.className = 'probe';
      el.style.left = `${left}px`;
      el.style.top = `${top}px`;
      elements.push(el);
    }
    layer.replaceChildren(...elements);
  }
}
