// API keys: the tenant's keys (name, prefix, mode, permissions, last use), a new key shown once with a copy button,
// rotation (the old key keeps working for a day) and revocation, both confirmed. In auth mode none the page explains
// why no key is issued here (docs/api-keys.md).
import { html, nothing } from '../lit.js';
import { api } from '../api.js';
import { View, errorBanner, confirmDialog, announce } from '../ui.js';
import { when } from '../format.js';

const PERMISSIONS = [
  ['jobs:write', 'Submit, read and delete jobs'],
  ['profiles:manage', 'Register preflight profiles'],
  ['branding:manage', 'Import mappings and branding'],
  ['webhooks:manage', 'Webhooks and their secrets'],
  ['keys:manage', 'Manage API keys'],
];
/** How long a rotated key keeps working when rotated from this page, so that its clients can switch over. */
const ROTATION_GRACE_S = 24 * 3600;

export class KeysView extends View {
  constructor(app) {
    super(app);
    this.keys = null;
    this.showRevoked = false;
    /** The key just issued: shown until the user dismisses it or leaves the page, and kept nowhere else. */
    this.fresh = null;
    this.copied = false;
  }

  get title() { return 'API keys'; }

  get keyless() { return this.app.tenant.auth_mode !== 'api-key'; }

  get allowed() { return this.app.tenant.permissions.includes('keys:manage'); }

  /** The key this tab is signed in with (null in auth mode none). */
  get ownId() { return this.app.tenant.key?.id ?? null; }

  load() { if (this.allowed) this.refresh(); }

  unmount() {
    this.fresh = null;
    super.unmount();
  }

  async refresh() {
    await this.attempt(async () => {
      this.keys = (await api(`/tenant/api-keys${this.showRevoked ? '?include_revoked=true' : ''}`)).api_keys;
    });
  }

  async create(event) {
    event.preventDefault();
    const form = new FormData(event.target);
    const body = { name: String(form.get('name')).trim(), mode: form.get('mode'), permissions: form.getAll('permissions') };
    const issued = await this.attempt(() => api('/tenant/api-keys', { method: 'POST', json: body }));
    if (issued) {
      event.target.reset();
      this.show(issued, `Key “${issued.name}” created`);
    }
  }

  show(issued, message) {
    this.fresh = issued;
    this.copied = false;
    announce(`${message}. Copy it now: it will not be shown again.`);
    this.refresh().then(() => this.el?.querySelector('#new-key-value')?.focus());
  }

  async copy() {
    const field = this.el.querySelector('#new-key-value');
    try {
      await navigator.clipboard.writeText(this.fresh.key);
      this.copied = true;
      announce('Key copied');
    } catch {
      // Without clipboard access (a plain http origin) the key is selected for the user to copy.
      field?.select();
      this.copied = false;
    }
    this.update();
  }

  dismiss() {
    this.fresh = null;
    this.update();
    this.el.querySelector('#keys-title')?.focus();
  }

  async rotate(key) {
    const ok = await confirmDialog({ title: `Rotate “${label(key)}”?`, confirm: 'Rotate', danger: false,
      message: `A new key with the same permissions replaces ${key.prefix}…, which keeps working for 24 hours so that `
        + 'its clients can switch, then stops.' });
    if (!ok) return;
    const rotation = await this.attempt(() => api(`/tenant/api-keys/${encodeURIComponent(key.id)}/rotate`,
      { method: 'POST', json: { grace_period_seconds: ROTATION_GRACE_S } }));
    if (rotation) this.show(rotation.new_key, `Key “${label(key)}” rotated`);
  }

  async revoke(key) {
    const own = key.id === this.ownId;
    const ok = await confirmDialog({ title: `Revoke “${label(key)}”?`, confirm: 'Revoke',
      message: `${key.prefix}… stops working at once: every request made with it is refused from now on.`
        + (own ? ' This is the key this tab is signed in with, so you will be signed out.' : '') });
    if (!ok) return;
    const done = await this.attempt(() => api(`/tenant/api-keys/${encodeURIComponent(key.id)}`, { method: 'DELETE' }).then(() => true));
    if (!done) return;
    announce(`Key “${label(key)}” revoked`);
    if (own) {
      this.app.signedOut('You revoked the key this tab was signed in with.');
      return;
    }
    this.refresh();
  }

  shortcuts() {
    return this.allowed && !this.keyless
      ? [{ key: 'n', label: 'New API key', run: () => this.el.querySelector('#key-name')?.focus() }] : [];
  }

  template() {
    return html`
      <h1 tabindex="-1">API keys</h1>
      ${errorBanner(this.error)}
      ${this.keyless ? html`<section class="panel" aria-labelledby="keyless-title">
        <h2 id="keyless-title">This server runs without keys</h2>
        <p>It is in auth mode <code>none</code>: every request is this built-in tenant and no key is asked for or
          checked, so no key is issued here. To require keys, an operator sets <code>PREFLIGHT_AUTH_MODE=api-key</code>
          and issues the first key with the admin token; keys are then managed on this page.</p>
      </section>` : nothing}
      ${!this.allowed ? html`<p class="banner notice">The key this tab uses cannot manage API keys (it lacks the
        <code>keys:manage</code> permission). Sign in with a key that has it.</p>`
      : this.keyless ? (this.keys?.length ? this.list() : nothing)
      : html`${this.fresh ? this.freshPanel() : nothing}
        <div class="two-columns keys-layout">
          ${this.form()}
          ${this.list()}
        </div>`}`;
  }

  form() {
    const held = this.app.tenant.permissions;
    return html`<section class="panel" aria-labelledby="new-key-title">
      <h2 id="new-key-title">New key</h2>
      <form class="form key-form" @submit=${e => this.create(e)}>
        <label for="key-name">Name <span class="muted small">(what it is for, up to 100 characters)</span></label>
        <input id="key-name" name="name" required maxlength="100" autocomplete="off" placeholder="Press line 2 uploader">
        <fieldset>
          <legend>Environment</legend>
          <label class="inline"><input type="radio" name="mode" value="live" checked> Live <code>svc_live_</code></label>
          <label class="inline"><input type="radio" name="mode" value="test"> Test <code>svc_test_</code></label>
        </fieldset>
        <fieldset class="permissions">
          <legend>Permissions</legend>
          <p class="hint small">A key can give only what the key of this tab holds.</p>
          ${PERMISSIONS.filter(([p]) => held.includes(p)).map(([p, text]) => html`<label class="inline">
            <input type="checkbox" name="permissions" value=${p} checked> <code>${p}</code> <span class="muted small">${text}</span></label>`)}
        </fieldset>
        <div class="actions"><button type="submit" class="primary">Create key</button></div>
      </form>
    </section>`;
  }

  freshPanel() {
    const k = this.fresh;
    return html`<section class="panel new-key" aria-labelledby="fresh-title">
      <h2 id="fresh-title">Your new key “${k.name}”</h2>
      <p class="banner notice"><strong>Copy it now: you will not see it again.</strong> The server keeps only a
        fingerprint of it; a lost key cannot be shown again, only replaced.</p>
      <label for="new-key-value">Key</label>
      <input id="new-key-value" class="key-value" readonly .value=${k.key} spellcheck="false" autocomplete="off"
             @focus=${e => e.target.select()}>
      <p class="small muted">${k.mode === 'live' ? 'Live' : 'Test'} key · ${k.permissions.length ? k.permissions.join(', ') : 'no permissions'}.
        Send it as <code>Authorization: Bearer …</code>.</p>
      <div class="actions start">
        <button type="button" class="primary" @click=${() => this.copy()}>${this.copied ? 'Copied' : 'Copy key'}</button>
        <button type="button" @click=${() => this.dismiss()}>Done, hide it</button>
      </div>
    </section>`;
  }

  list() {
    const keys = this.keys;
    return html`<section aria-labelledby="keys-title">
      <div class="toolbar">
        <h2 id="keys-title" tabindex="-1">Keys <span class="muted">(${keys?.length ?? '…'})</span></h2>
        <label class="inline"><input type="checkbox" .checked=${this.showRevoked}
          @change=${e => { this.showRevoked = e.target.checked; this.refresh(); }}> Show revoked and expired keys</label>
      </div>
      ${keys?.length === 0 ? html`<p class="empty">No keys.</p>` : html`<ul class="cards api-keys">${(keys ?? []).map(k => this.card(k))}</ul>`}
    </section>`;
  }

  card(k) {
    const own = k.id === this.ownId;
    const status = !k.active ? html`<span class="status failed">${k.revoked_at ? 'revoked' : 'expired'}</span>`
      : k.expires_at ? html`<span class="status waiting">until ${when(k.expires_at)}</span>`
      : html`<span class="status done">active</span>`;
    return html`<li class="panel api-key" data-key=${k.id}>
      <p><strong class="key-name">${label(k)}</strong> <code class="prefix">${k.prefix}…</code> ${status}
        ${own ? html`<span class="muted small">(this tab's key)</span>` : nothing}</p>
      <p class="small muted">${k.mode === 'live' ? 'Live' : 'Test'} · ${k.permissions.length ? k.permissions.join(', ') : 'no permissions'}</p>
      <p class="small muted">Created ${when(k.created_at)} · ${k.last_used_at ? `last used ${when(k.last_used_at)}` : 'never used'}
        ${k.revoked_at ? html` · revoked ${when(k.revoked_at)}` : nothing}</p>
      ${k.active ? html`<div class="actions start">
        ${!this.keyless && !k.replaced_by_key_id ? html`<button type="button" @click=${() => this.rotate(k)}>Rotate</button>` : nothing}
        <button type="button" class="danger" @click=${() => this.revoke(k)}>Revoke</button>
      </div>` : nothing}
    </li>`;
  }
}

/** A key's name, or its prefix for keys an operator issued without one. */
const label = k => k.name ?? `${k.prefix}…`;
