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
