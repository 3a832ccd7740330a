// Small pieces every view uses: the base of a view, a confirmation dialog, error banners, live announcements.
import { html, render, nothing, ref } from './lit.js';

/**
 * A page of the app. Subclasses give `title`, `template()`, optionally `load()` (first data) and `shortcuts()`;
 * `update()` renders the template again after any state change. Work scheduled with `later()` stops with the view.
 */
export class View {
  constructor(app) {
    this.app = app;
    this.el = null;
    this.error = null;
  }

  get title() { return ''; }

  mount(el) {
    this.el = el;
    this.update();
    this.load();
  }

  unmount() {
    this.el = null;
    clearTimeout(this.timer);
  }

  get mounted() { return this.el !== null; }

  update() {
    if (this.el) render(this.template(), this.el);
  }

  load() {}

  /** [{key, label, run}] for the keyboard shortcuts of this view (see keys.js). */
  shortcuts() { return []; }

  later(fn, ms) {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => { if (this.mounted) fn(); }, ms);
  }

  /** Runs an API call, shows its error in the view's banner, and re-renders either way. */
  async attempt(fn) {
    try {
      const result = await fn();
      this.error = null;
      return result;
    } catch (e) {
      if (e.name === 'AbortError') return undefined;
      this.error = e.message;
      return undefined;
    } finally {
      this.update();
    }
  }
}

export function errorBanner(message) {
  return message ? html`<p class="banner error" role="alert">${message}</p>` : nothing;
}

/** Says something to screen readers without moving focus (the app's single polite live region). */
export function announce(text) {
  const region = document.getElementById('announcer');
  if (region) region.textContent = text;
}

/**
 * A modal question; resolves true when confirmed. Escape or Cancel resolves false. A destructive question starts
 * on Cancel, so that Enter alone never deletes.
 */
export function confirmDialog({ title, message, confirm = 'Delete', danger = true }) {
  return new Promise(resolve => {
    const dialog = document.createElement('dialog');
    dialog.className = 'confirm';
    dialog.setAttribute('aria-labelledby', 'confirm-title');
    document.body.append(dialog);
    let answer = false;
    const close = value => { answer = value; dialog.close(); };
    render(html`<form method="dialog" @submit=${e => { e.preventDefault(); close(true); }}>
        <h2 id="confirm-title">${title}</h2>
        <p>${message}</p>
        <div class="actions">
          <button type="button" @click=${() => close(false)} ?autofocus=${danger}>Cancel</button>
          <button type="submit" class=${danger ? 'danger' : 'primary'} ?autofocus=${!danger}>${confirm}</button>
        </div>
      </form>`, dialog);
    dialog.addEventListener('close', () => { dialog.remove(); resolve(answer); });
    dialog.showModal();
  });
}

/**
 * Inline styles for an element, set through the CSSOM (`el.style.setProperty`): the Content-Security-Policy refuses
 * style attributes, which is what lit's styleMap writes on a first render. Use as `<span ${styled({background: c})}>`
 * with CSS property names.
 */
export function styled(properties) {
  return ref(el => {
    if (!el) return;
    for (const [name, value] of Object.entries(properties)) el.style.setProperty(name, value);
  });
}

/**
 * A brand's colour (`#rgb` or `#rrggbb`; anything else is ignored) as the page's accent: `--accent`, with black or
 * white as `--on-accent`, whichever contrasts more with it (so text on accent surfaces stays readable in either
 * theme). Set through the CSSOM. Returns a function that puts the app's own accent back.
 */
export function applyAccent(colour) {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(colour ?? '');
  if (!m) return () => {};
  const hex = (m[1].length === 3 ? [...m[1]].map(c => c + c).join('') : m[1]).toLowerCase();
  const linear = i => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * linear(0) + 0.7152 * linear(2) + 0.0722 * linear(4);
  const onWhite = 1.05 / (luminance + 0.05);
  const onBlack = (luminance + 0.05) / 0.05;
  const root = document.documentElement.style;
  root.setProperty('--accent', `#${hex}`);
  root.setProperty('--on-accent', onBlack > onWhite ? '#000000' : '#ffffff');
  return () => {
    root.removeProperty('--accent');
    root.removeProperty('--on-accent');
  };
}

/** The accent colour a viewer config asks for: the brand's accent, else its primary colour, else the viewer's. */
export const configAccent = c => [c.brand_accent_color, c.brand_primary_color, c.viewer_accent_color]
  .find(v => /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(v ?? ''));
