// The app: who is signed in, the shell (header, navigation, main region), routing between views.
import { html, render, nothing } from './lit.js';
import { api, session, onUnauthorized, ApiError } from './api.js';
import { installShortcuts, GLOBAL_SHORTCUTS, GO_TO } from './keys.js';
import { JobsView } from './views/jobs.js';
import { JobView } from './views/job.js';
import { ProfilesView, ProfileView } from './views/profiles.js';
import { ChecksView } from './views/checks.js';
import { MappingsView, MappingView } from './views/mappings.js';
import { WorkflowsView } from './views/workflows.js';
import { EndpointsView } from './views/endpoints.js';
import { CompareView } from './views/compare.js';
import { WebhooksView } from './views/webhooks.js';
import { BrandsView } from './views/brands.js';
import { KeysView } from './views/keys.js';
import { NotFoundView } from './views/not-found.js';
import { ShareApp } from './views/share.js';

const ROUTES = [
  [/^\/app\/$/, app => new JobsView(app)],
  [/^\/app\/jobs\/([^/]+)$/, (app, id) => new JobView(app, id)],
  [/^\/app\/compare\/([^/]+)\/([^/]+)$/, (app, a, b) => new CompareView(app, a, b)],
  [/^\/app\/profiles$/, app => new ProfilesView(app)],
  [/^\/app\/profiles\/([^/]+)$/, (app, id) => new ProfileView(app, id)],
  [/^\/app\/checks$/, app => new ChecksView(app)],
  [/^\/app\/mappings$/, app => new MappingsView(app)],
  [/^\/app\/mappings\/([^/]+)$/, (app, id) => new MappingView(app, id)],
  [/^\/app\/workflows$/, app => new WorkflowsView(app)],
  [/^\/app\/endpoints$/, app => new EndpointsView(app)],
  [/^\/app\/webhooks$/, app => new WebhooksView(app)],
  [/^\/app\/branding$/, app => new BrandsView(app)],
  [/^\/app\/keys$/, app => new KeysView(app)],
];

const THEME = 'preflight.theme';

class App {
  constructor(root) {
    this.root = root;
    this.tenant = null;
    this.signInError = null;
    this.view = null;
    /** A theme a page asks for (a viewer config's dark_mode) where the user chose none. */
    this.themeHint = null;
  }

  async start() {
    this.root.replaceChildren();
    this.applyTheme();
    onUnauthorized(() => { if (this.tenant) this.signedOut('The server refused the API key. Enter a valid key.'); });
    window.addEventListener('popstate', () => this.route());
    document.addEventListener('click', event => this.follow(event));
    installShortcuts(this);
    await this.identify();
  }

  /** GET /api/v1/tenant decides: 200 = in (auth mode none, or a valid key); 401 = this server wants a key. */
  async identify() {
    const triedKey = Boolean(session.key);
    this.unreachable = false;
    try {
      this.tenant = await api('/tenant');
      this.signInError = null;
    } catch (e) {
      this.tenant = null;
      if (e instanceof ApiError && e.status === 401) {
        this.signInError = triedKey ? 'The server refused this API key.' : null;
      } else {
        this.unreachable = true;
        this.signInError = e.message;
      }
    }
    this.update();
    if (this.tenant) this.route();
  }

  signedOut(message) {
    session.key = null;
    this.view?.unmount();
    this.view = null;
    this.tenant = null;
    this.signInError = message;
    this.update();
  }

  async signIn(event) {
    event.preventDefault();
    const key = new FormData(event.target).get('api_key').trim();
    if (!key) return;
    session.key = key;
    await this.identify();
    if (!this.tenant) session.key = null;
  }

  signOut() {
    this.signedOut(null);
    history.pushState(null, '', '/app/');
  }

  /** Same-origin links into the app change the view without reloading the page. */
  follow(event) {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = event.target.closest?.('a[href]');
    if (!link || link.target || link.hasAttribute('download')) return;
    const url = new URL(link.href);
    if (url.origin !== location.origin || !url.pathname.startsWith('/app/')) return;
    event.preventDefault();
    this.navigate(url.pathname + url.search);
  }

  navigate(path) {
    if (path !== location.pathname + location.search) history.pushState(null, '', path);
    this.route(true);
  }

  route(moveFocus = false) {
    if (!this.tenant) return;
    this.view?.unmount();
    const path = location.pathname;
    let view = null;
    for (const [pattern, make] of ROUTES) {
      const match = pattern.exec(path);
      if (match) { view = make(this, ...match.slice(1).map(decodeURIComponent)); break; }
    }
    this.view = view ?? new NotFoundView(this);
    this.update();
    this.view.mount(this.root.querySelector('#main'));
    this.titleChanged();
    if (moveFocus) this.root.querySelector('#main h1')?.focus();
  }

  /** Views call this when their title changes (a job's file name arrives after the first render). */
  titleChanged() {
    document.title = this.view?.title ? `${this.view.title} · Preflight` : 'Preflight';
  }

  get dark() {
    const chosen = localStorage.getItem(THEME) ?? this.themeHint;
    return chosen ? chosen === 'dark' : matchMedia('(prefers-color-scheme: dark)').matches;
  }

  /** A page's theme ('dark', or null for none): applied unless the user chose one with the toggle. */
  setThemeHint(theme) {
    if (this.themeHint === theme) return;
    this.themeHint = theme;
    this.applyTheme();
    this.update();
  }

  toggleTheme() {
    localStorage.setItem(THEME, this.dark ? 'light' : 'dark');
    this.applyTheme();
    this.update();
  }

  applyTheme() {
    const chosen = localStorage.getItem(THEME) ?? this.themeHint;
    if (chosen) document.documentElement.dataset.theme = chosen;
    else delete document.documentElement.dataset.theme;
  }

  showHelp() {
    this.update();
    this.root.querySelector('#shortcuts')?.showModal();
  }

  update() {
    render(this.tenant ? this.shell() : this.signInPage(), this.root);
  }

  signInPage() {
    if (this.unreachable) {
      return html`<main id="main" class="sign-in"><h1>Preflight</h1>
        <p class="banner error" role="alert">${this.signInError}</p>
        <button type="button" @click=${() => this.identify()}>Try again</button></main>`;
    }
    return html`<main id="main" class="sign-in">
      <h1>Sign in to Preflight</h1>
      <p>This server needs an API key (<code>svc_live_…</code> or <code>svc_test_…</code>). Your operator issues keys.</p>
      <form @submit=${e => this.signIn(e)}>
        <label for="api-key">API key</label>
        <input id="api-key" name="api_key" type="password" autocomplete="off" spellcheck="false" required autofocus>
        <p class="hint">Kept for this browser tab only: closing the tab forgets it.</p>
        ${this.signInError ? html`<p class="banner error" role="alert">${this.signInError}</p>` : nothing}
        <button class="primary" type="submit">Sign in</button>
      </form>
    </main>`;
  }

  shell() {
    const here = location.pathname;
    const current = path => (path === '/app/' ? here === '/app/' || here.startsWith('/app/jobs/') : here.startsWith(path));
    const viewKeys = this.view?.shortcuts() ?? [];
    return html`
      <header class="top">
        <a class="brand" href="/app/"><img src="/app/icon.svg" alt="" width="22" height="22"> Preflight</a>
        <nav aria-label="Sections">
          ${GO_TO.map(g => html`<a href=${g.path} aria-current=${current(g.path) ? 'page' : 'false'}>${g.label}</a>`)}
        </nav>
        <span class="who" title=${`${this.tenant.name} · ${this.tenant.plan}`}>${this.tenant.name} · ${this.tenant.plan}</span>
        <button type="button" class="quiet" aria-pressed=${this.dark ? 'true' : 'false'}
                @click=${() => this.toggleTheme()}>Dark mode</button>
        <button type="button" class="quiet" @click=${() => this.showHelp()} aria-keyshortcuts="?">Shortcuts</button>
        ${this.tenant.auth_mode === 'api-key'
          ? html`<button type="button" class="quiet" @click=${() => this.signOut()}>Forget key</button>` : nothing}
      </header>
      <main id="main"></main>
      <div id="announcer" class="sr-only" aria-live="polite"></div>
      <dialog id="shortcuts" aria-labelledby="shortcuts-title">
        <form method="dialog">
          <h2 id="shortcuts-title">Keyboard shortcuts</h2>
          <dl class="keys">
            ${[...viewKeys, ...GLOBAL_SHORTCUTS].map(s => html`<dt><kbd>${s.key}</kbd></dt><dd>${s.label}</dd>`)}
          </dl>
          <div class="actions"><button class="primary" autofocus>Close</button></div>
        </form>
      </dialog>`;
  }
}

// A share link (/app/s/{token}) is its own page: no sign-in, no navigation, the link's branding.
const shared = /^\/app\/s\/([^/]+)$/.exec(location.pathname);
if (shared) new ShareApp(document.getElementById('app'), decodeURIComponent(shared[1])).start();
else new App(document.getElementById('app')).start();
