// A share link opened in the browser (/app/s/{token}): the job's pages and findings for whoever holds the link, on
// the public twins of the viewer (no API key asked or sent). The link's frozen branding replaces the app's chrome
// (an anonymous link shows no service name); a link minted with require_visitor_email asks for an email first, and
// the visitor token it gives is kept for the tab and sent as X-Visitor-Token.
import { html, render, nothing } from '../lit.js';
import { api, checkRegistry, useShareLink, visitor, ApiError } from '../api.js';
import { installShortcuts } from '../keys.js';
import { FindingsPanel } from '../findings-panel.js';
import { PageViewer } from '../page-viewer.js';
import { announce, applyAccent, configAccent } from '../ui.js';

export class ShareApp {
  constructor(root, token) {
    this.root = root;
    this.token = token;
    this.state = 'loading'; // loading | email | gone | missing | ready | failed
    this.error = null;
    this.config = null;
    this.info = null;
    this.view = this; // the shortcuts (keys.js) ask the app's view
    this.panel = new FindingsPanel({ onChange: () => this.update(), onSelect: f => this.selected(f) });
  }

  get tenant() { return null; }

  async start() {
    useShareLink();
    // Nothing of the service's own chrome on a share page until the link says it may show it: no icon, no
    // "needs JavaScript" line naming it, a neutral title (an anonymous link never shows the service's name).
    document.querySelectorAll('link[rel=icon], noscript').forEach(el => el.remove());
    document.title = 'Shared document';
    this.root.replaceChildren();
    installShortcuts(this);
    await this.open();
  }

  get path() { return `/viewer/public/${encodeURIComponent(this.token)}`; }

  /** The config first (it is the twin that counts the visit): 403 = the link wants the visitor's email. */
  async open() {
    try {
      this.info = await api(`/reports/tokens/${encodeURIComponent(this.token)}`);
      this.config = await api(`${this.path}/config`);
    } catch (e) {
      this.fail(e);
      return;
    }
    this.state = 'ready';
    this.brand();
    document.title = this.config.anonymous ? this.info.file_name : `${this.info.file_name} · ${this.config.brand_name ?? 'Preflight'}`;
    this.viewer = new PageViewer({ jobId: this.info.job_id, fileName: this.info.file_name, token: this.token,
      config: this.config, onChange: () => this.update(), visitorForm: () => this.annotateAs(),
      mayDelete: a => this.mayDelete(a) });
    this.update();
    this.viewer.start();
    this.loadFindings();
  }

  /**
   * A visitor may delete an annotation they drew under the email they identified with, while nobody else has
   * commented on it (the API has the last word: a mark the API drew under the same email answers 403).
   */
  mayDelete(a) {
    const me = visitor.email;
    return Boolean(me && visitor.token && a.author_email === me && (a.comments ?? []).every(c => c.author_email === me));
  }

  fail(e) {
    if (e instanceof ApiError && e.status === 403) {
      visitor.token = null;
      visitor.email = null;
      this.state = 'email';
    } else if (e instanceof ApiError && e.status === 410) {
      this.state = 'gone';
      document.title = 'Link expired';
    } else if (e instanceof ApiError && e.status === 404) {
      this.state = 'missing';
    } else {
      this.state = 'failed';
      this.error = e.message;
    }
    this.update();
  }

  async loadFindings() {
    checkRegistry().then(names => this.panel.setNames(names)).catch(() => {});
    try {
      const { findings } = await api(`/reports/tokens/${encodeURIComponent(this.token)}/findings`);
      this.panel.emptyText = 'No findings.';
      this.panel.setFindings(findings);
      this.viewer.setFindings(this.panel.findings);
    } catch (e) {
      this.error = e.message;
      this.update();
    }
  }

  /** Writing annotations needs an identified visitor even where reading does not: ask here, once. */
  annotateAs() {
    if (visitor.token) return nothing;
    return html`<form class="form visitor-form" @submit=${e => this.identify(e, false)}>
      <label>Your email, to annotate and comment <input name="email" type="email" autocomplete="email" required></label>
      <div class="actions start"><button type="submit">Use this email</button></div>
    </form>`;
  }

  async identify(event, reopen = true) {
    event.preventDefault();
    const email = new FormData(event.target).get('email').trim();
    try {
      const answer = await api(`/reports/tokens/${encodeURIComponent(this.token)}/visitor`, { method: 'POST', json: { email } });
      visitor.token = answer.visitor_token;
      visitor.email = answer.email;
      this.error = null;
      if (!reopen) {
        announce(`Annotating as ${answer.email}`);
        this.update();
        return;
      }
      this.state = 'loading';
      this.update();
      await this.open();
    } catch (e) {
      this.error = e.message;
      this.update();
    }
  }

  /** The link's colours on the page (set through the CSSOM; only colour values are taken). */
  brand() {
    const c = this.config;
    applyAccent(configAccent(c));
    if (c.dark_mode) document.documentElement.dataset.theme = 'dark';
  }

  selected(finding) {
    this.viewer?.show(finding);
    announce(`${finding.inspection_id}: ${finding.message}${finding.page_num ? `, page ${finding.page_num}` : ''}`);
  }

  // keys.js asks the app for these
  shortcuts() {
    return [
      { key: 'j', label: 'Next finding', run: () => this.panel.step(1, this.root) },
      { key: 'k', label: 'Previous finding', run: () => this.panel.step(-1, this.root) },
      ...(this.viewer?.shortcuts() ?? []),
    ];
  }

  navigate() {}
  showHelp() {}
  toggleTheme() {}

  update() {
    render(this.page(), this.root);
  }

  header() {
    const c = this.config;
    if (!c || c.anonymous) return html`<header class="top share-top"></header>`;
    const logo = c.brand_logo_url ?? c.viewer_logo_url;
    return html`<header class="top share-top">
      <span class="brand">${logo ? html`<img class="brand-logo" src=${logo} alt="" height="22">` : nothing}
        ${c.brand_name ?? 'Preflight'}</span>
      ${c.tenant_name ? html`<span class="who">Shared by ${c.tenant_name}</span>` : nothing}
    </header>`;
  }

  page() {
    const banner = this.error ? html`<p class="banner error" role="alert">${this.error}</p>` : nothing;
    if (this.state === 'email') {
      return html`<main id="main" class="sign-in">
        <h1>Who is viewing?</h1>
        <p>Whoever shared this document asks for your email before you see it.</p>
        <form @submit=${e => this.identify(e)}>
          <label for="visitor-email">Email</label>
          <input id="visitor-email" name="email" type="email" autocomplete="email" required autofocus>
          ${banner}
          <button class="primary" type="submit">View the document</button>
        </form></main>`;
    }
    if (this.state !== 'ready') {
      const text = {
        loading: 'Opening the shared document…',
        gone: 'This link expired or was revoked. Ask whoever shared it for a new one.',
        missing: 'No document is shared under this link.',
        failed: this.error,
      }[this.state];
      return html`<main id="main" class="sign-in"><h1>${this.state === 'loading' ? 'Shared document' : 'Cannot open this link'}</h1>
        <p class=${this.state === 'loading' ? 'muted' : 'banner error'} role=${this.state === 'loading' ? 'status' : 'alert'}>${text}</p></main>`;
    }
    const panel = this.config.enable_findings_panel;
    return html`
      ${this.header()}
      <main id="main">
        <div class="job-head"><h1 tabindex="-1">${this.info.file_name}</h1></div>
        ${banner}
        <div class=${panel ? 'job-layout' : 'job-layout single'}>
          <section class="stage" aria-label="Document">${this.viewer.template()}</section>
          ${panel ? html`<aside class="findings-panel" aria-labelledby="findings-title">${this.panel.template()}</aside>` : nothing}
        </div>
      </main>
      <div id="announcer" class="sr-only" aria-live="polite"></div>`;
  }
}


