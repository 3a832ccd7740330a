// The page viewer's view and how the user moves it: the view is `zoom` CSS pixels per point with the displayed point
// (ox, oy) at the canvas's top-left corner (see geometry.js for the systems). Pointer drags pan (or draw, while an
// annotation tool is chosen), a click reads the densitometer, the wheel zooms about the pointer, and the keyboard
// shortcuts zoom, fit, turn pages and toggle the heatmap.
import { announce } from '../ui.js';
import { fromDisplayed, displayedBox } from '../geometry.js';

const MAX_ZOOM = 16;

export class Interaction {
  constructor(viewer) {
    this.v = viewer;
    this.zoom = 1;
    this.ox = 0;
    this.oy = 0;
    /** False until the page is fitted to the viewport again (a new page, Fit). */
    this.fitted = false;
    /** The scale of the next fit when it is not the opening one (Fit: the whole page). */
    this.fitScale = null;
    /** The zoom a page opens at, as a multiple of the fitted zoom (the config's default_zoom; Fit is 1). */
    this.openScale = 1;
    /** A pan in progress: where it started. */
    this.drag = null;
  }

  /**
   * default_zoom is a percentage of the fitted page (100: the whole page in the viewport, 200: twice that), clamped
   * to what the viewer can show; a value that is not a positive number opens the page fitted.
   */
  static openScale(percent) {
    return Number.isFinite(percent) && percent > 0 ? percent / 100 : 1;
  }

  /** A displayed point [dx, dy] in CSS pixels of the canvas. */
  toCss(dx, dy) {
    return [(dx - this.ox) * this.zoom, (dy - this.oy) * this.zoom];
  }

  /**
   * Fits the page in the viewport, times `scale`: centred across, and centred down too while the page fits the
   * height, else with its top edge at the top (a page is read from the top).
   */
  fit(scale = 1) {
    const el = this.v.canvas.viewport.value;
    const page = this.v.page;
    if (!el || !page) return;
    const margin = 12;
    const fitted = Math.min((el.clientWidth - 2 * margin) / page.width_pts, (el.clientHeight - 2 * margin) / page.height_pts);
    this.zoom = Math.max(0.05, Math.min(MAX_ZOOM, fitted * scale));
    this.ox = -(el.clientWidth / this.zoom - page.width_pts) / 2;
    this.oy = page.height_pts * this.zoom + 2 * margin > el.clientHeight
      ? -margin / this.zoom : -(el.clientHeight / this.zoom - page.height_pts) / 2;
    this.fitted = true;
  }

  /** Fits the page when a new page or Fit asked for it (at the opening zoom, or whole after Fit); true if it did. */
  refit() {
    if (this.fitted) return false;
    this.fit(this.fitScale ?? this.openScale);
    this.fitScale = null;
    return true;
  }

  /** Fit (the button, the 0 key): the whole page, whatever the default zoom. */
  fitPage() {
    this.fitted = false;
    this.fitScale = 1;
    this.v.canvas.schedule();
    this.v.onChange();
  }

  /** Zooms by `factor` keeping the canvas point (cx, cy) (CSS pixels) still; the centre by default. */
  zoomBy(factor, cx, cy) {
    const el = this.v.canvas.viewport.value;
    if (!el) return;
    cx ??= el.clientWidth / 2;
    cy ??= el.clientHeight / 2;
    const next = Math.max(0.05, Math.min(MAX_ZOOM, this.zoom * factor));
    const px = this.ox + cx / this.zoom;
    const py = this.oy + cy / this.zoom;
    this.zoom = next;
    this.ox = px - cx / next;
    this.oy = py - cy / next;
    this.v.canvas.schedule();
    this.v.onChange();
  }

  goTo(pageNum) {
    const v = this.v;
    if (pageNum < 1 || pageNum > v.pages.length || pageNum === v.pageNum) return;
    v.pageNum = pageNum;
    this.fitted = false;
    v.data.runs = null;
    if (v.canvas.heatmap) v.data.loadRuns();
    v.canvas.schedule();
    v.onChange();
    announce(`Page ${pageNum} of ${v.pages.length}`);
  }

  /** Shows a finding: its page, zoomed so that its box fills about half of the viewport, centred. */
  show(finding) {
    const v = this.v;
    v.selected = finding.key;
    if (!finding.page_num) { v.canvas.schedule(); return; }
    if (finding.page_num !== v.pageNum) { v.pageNum = finding.page_num; v.data.runs = null; if (v.canvas.heatmap) v.data.loadRuns(); }
    const el = v.canvas.viewport.value;
    const page = v.page;
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
    v.canvas.schedule();
    v.onChange();
  }

  /** Reads the densitometer and the colour picker at a canvas point (CSS pixels), if it is on the page. */
  measure(cx, cy) {
    const v = this.v;
    const page = v.page;
    if (!page || !v.config.enable_measurement) return;
    const dx = this.ox + cx / this.zoom;
    const dy = this.oy + cy / this.zoom;
    if (dx < 0 || dy < 0 || dx > page.width_pts || dy > page.height_pts) return;
    const [x, y] = fromDisplayed(page, dx, dy);
    v.data.measure(x, y);
  }

  // ---- pointer ----

  /** The displayed point under a pointer event. */
  pointAt(event) {
    const rect = event.currentTarget.getBoundingClientRect();
    return [this.ox + (event.clientX - rect.left) / this.zoom, this.oy + (event.clientY - rect.top) / this.zoom];
  }

  pointerDown(event) {
    if (event.button !== 0) return;
    const marks = this.v.annotations;
    if (marks.tool) {
      marks.begin(this.pointAt(event));
      event.currentTarget.setPointerCapture(event.pointerId);
      return;
    }
    this.drag = { x: event.clientX, y: event.clientY, ox: this.ox, oy: this.oy, moved: false };
    event.currentTarget.setPointerCapture(event.pointerId);
  }

  pointerMove(event) {
    const marks = this.v.annotations;
    if (marks.draft) {
      marks.extend(this.pointAt(event));
      this.v.canvas.drawOverlay();
      return;
    }
    const d = this.drag;
    if (!d) return;
    const mx = event.clientX - d.x;
    const my = event.clientY - d.y;
    if (Math.abs(mx) + Math.abs(my) > 4) d.moved = true;
    if (d.moved && this.v.config.enable_zoom) {
      this.ox = d.ox - mx / this.zoom;
      this.oy = d.oy - my / this.zoom;
      this.v.canvas.schedule();
    }
  }

  pointerUp(event) {
    const marks = this.v.annotations;
    if (marks.draft) {
      marks.finish(this.pointAt(event));
      this.v.canvas.schedule();
      this.v.onChange();
      return;
    }
    const d = this.drag;
    this.drag = null;
    if (!d) return;
    if (!d.moved) {
      const rect = event.currentTarget.getBoundingClientRect();
      this.measure(event.clientX - rect.left, event.clientY - rect.top);
    } else {
      this.v.onChange();
    }
  }

  wheel(event) {
    if (!this.v.config.enable_zoom) return;
    event.preventDefault();
    const rect = event.currentTarget.getBoundingClientRect();
    this.zoomBy(Math.exp(-event.deltaY / 400), event.clientX - rect.left, event.clientY - rect.top);
  }

  // ---- keyboard ----

  shortcuts() {
    const v = this.v;
    const zoom = v.config?.enable_zoom;
    return [
      ...(zoom ? [
        { key: '+', label: 'Zoom in', run: () => this.zoomBy(1.25) },
        { key: '-', label: 'Zoom out', run: () => this.zoomBy(0.8) },
        { key: '0', label: 'Fit the page', run: () => this.fitPage() },
      ] : []),
      { key: ']', label: 'Next page', run: () => this.goTo(v.pageNum + 1) },
      { key: '[', label: 'Previous page', run: () => this.goTo(v.pageNum - 1) },
      ...(v.config?.enable_tac_heatmap ? [{ key: 'h', label: 'Show or hide the TAC heatmap', run: () => v.canvas.toggleHeatmap() }] : []),
    ];
  }
}
