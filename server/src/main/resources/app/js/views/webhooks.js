// Webhooks: the tenant's endpoints (create, pause, test, delete, reveal the signing secret) and their deliveries, with
// the exact signed body of one and a replay.
import { html, nothing } from '../lit.js';
import { api } from '../api.js';
import { View, errorBanner, confirmDialog, announce } from '../ui.js';
import { when } from '../format.js';

const PAGE_SIZE = 25;

export class WebhooksView extends View {
  constructor(app) {
    super(app);
    this.hooks = null;
    this.deliveries = null;
    this.page = 1;
    this.filter = '';
    this.detail = null;
    this.secret = null;
    this.tested = null;
  }

  get title() { return 'Webhooks'; }

  load() { this.refresh(); }

  async refresh() {
    await this.attempt(async () => {
      this.hooks = (await api('/webhooks')).webhooks;
      const q = new URLSearchParams({ page: String(this.page), page_size: String(PAGE_SIZE) });
      if (this.filter) q.set('webhook_id', this.filter);
      this.deliveries = await api(`/webhooks/deliveries?${q}`);
    });
  }

  async create(event) {
    event.preventDefault();
    const form = new FormData(event.target);
    const events = String(form.get('events')).split(/[\s,]+/).filter(Boolean);
    const body = { url: String(form.get('url')).trim(), events, is_active: true };
    const hook = await this.attempt(() => api('/webhooks', { method: 'POST', json: body }));
    if (hook) {
      event.target.reset();
      announce(`Webhook for ${hook.url} added`);
      this.refresh();
    }
  }

  async setActive(hook, active) {
    await this.attempt(() => api(`/webhooks/${hook.id}`, { method: 'PATCH', json: { is_active: active } }));
    this.refresh();
  }

  async test(hook) {
    const result = await this.attempt(() => api(`/webhooks/${hook.id}/test`, { method: 'POST' }));
    if (result) {
      this.tested = { id: hook.id, ...result };
      announce(result.success ? 'Test delivered' : `Test failed: ${result.error ?? result.status_code}`);
      this.refresh();
    }
  }

  async reveal(hook) {
    const s = await this.attempt(() => api(`/webhooks/${hook.id}/signing-secret`));
    if (s) { this.secret = s; this.update(); }
  }

  async remove(hook) {
    const ok = await confirmDialog({ title: 'Delete this webhook?', message: `${hook.url} will get no more events.` });
    if (!ok) return;
    await this.attempt(() => api(`/webhooks/${hook.id}`, { method: 'DELETE' }));
    announce('Webhook deleted');
    this.refresh();
  }

  async open(delivery) {
    this.detail = await this.attempt(() => api(`/webhooks/deliveries/${delivery.id}`));
    this.update();
  }

  async replay(delivery) {
    const again = await this.attempt(() => api(`/webhooks/deliveries/${delivery.id}/replay`, { method: 'POST' }));
    if (again) {
      announce('Replayed: a new delivery was queued');
      this.detail = null;
      this.refresh();
    }
  }

  shortcuts() {
    return [{ key: 'n', label: 'New webhook', run: () => this.el.querySelector('#hook-url')?.focus() },
      { key: 'r', label: 'Refresh the deliveries', run: () => this.refresh() }];
  }

  template() {
    return html`
      <h1 tabindex="-1">Webhooks</h1>
      ${errorBanner(this.error)}
      <div class="two-columns">
        <section class="panel" aria-labelledby="new-hook">
          <h2 id="new-hook">New webhook</h2>
          <form class="form" @submit=${e => this.create(e)}>
            <label for="hook-url">HTTPS URL</label>
            <input id="hook-url" name="url" type="url" required placeholder="https://example.com/preflight">
            <label for="hook-events">Events <span class="muted small">(separated by spaces or commas; none = every event)</span></label>
            <input id="hook-events" name="events" placeholder="job.completed verdict.changed">
            <div class="actions"><button type="submit" class="primary">Add webhook</button></div>
          </form>
        </section>
        <section aria-labelledby="hooks-title">
          <h2 id="hooks-title">Endpoints <span class="muted">(${this.hooks?.length ?? '…'})</span></h2>
          ${this.hooks?.length === 0 ? html`<p class="empty">No webhooks yet.</p>` : nothing}
          <ul class="cards">${(this.hooks ?? []).map(h => this.hook(h))}</ul>
        </section>
      </div>
      ${this.secret ? this.secretDialog() : nothing}
      ${this.deliveriesSection()}`;
  }

  hook(h) {
    const tested = this.tested?.id === h.id ? this.tested : null;
    return html`<li class="panel hook" data-webhook=${h.id}>
      <p><strong class="url">${h.url}</strong> ${h.is_active ? html`<span class="status done">active</span>` : html`<span class="status waiting">paused</span>`}</p>
      <p class="small muted">${h.events.length ? h.events.join(', ') : 'every event'} · retries ${h.max_retries ?? 'default'} · since ${when(h.created_at)}</p>
      ${tested ? html`<p class="test-result ${tested.success ? 'ok' : 'bad'}" role="status">Test ${tested.success ? `delivered (${tested.status_code})` : `failed: ${tested.error ?? tested.status_code}`}</p>` : nothing}
      <div class="actions start">
        <button type="button" @click=${() => this.test(h)}>Send test</button>
        <button type="button" @click=${() => this.setActive(h, !h.is_active)}>${h.is_active ? 'Pause' : 'Resume'}</button>
        <button type="button" @click=${() => this.reveal(h)}>Signing secret</button>
        <button type="button" class="quiet" @click=${() => { this.filter = h.id; this.page = 1; this.refresh(); }}>Its deliveries</button>
        <button type="button" class="danger" @click=${() => this.remove(h)}>Delete</button>
      </div>
    </li>`;
  }

  secretDialog() {
    const s = this.secret;
    return html`<section class="panel secret" aria-labelledby="secret-title">
      <h2 id="secret-title">Signing secret</h2>
      <p>Deliveries carry an HMAC-SHA256 of the body with this secret.</p>
      <p><code class="signing-secret">${s.signing_secret}</code></p>
      ${s.previous_signing_secret ? html`<p class="small">The previous secret also signs until ${when(s.previous_secret_expires_at)}.</p>` : nothing}
      <div class="actions start"><button type="button" @click=${() => { this.secret = null; this.update(); }}>Hide</button></div>
    </section>`;
  }

  deliveriesSection() {
    const d = this.deliveries;
    const pages = d ? Math.max(1, Math.ceil(d.total / PAGE_SIZE)) : 1;
    const hookUrl = id => this.hooks?.find(h => h.id === id)?.url ?? id;
    return html`<section aria-labelledby="deliveries-title">
      <h2 id="deliveries-title">Deliveries <span class="muted">(${d?.total ?? '…'})</span></h2>
      <div class="toolbar">
        <label>Webhook
          <select @change=${e => { this.filter = e.target.value; this.page = 1; this.refresh(); }}>
            <option value="" ?selected=${!this.filter}>All webhooks</option>
            ${(this.hooks ?? []).map(h => html`<option value=${h.id} ?selected=${this.filter === h.id}>${h.url}</option>`)}
          </select></label>
        <button type="button" @click=${() => this.refresh()} aria-keyshortcuts="r">Refresh</button>
      </div>
      ${d && d.deliveries.length === 0 ? html`<p class="empty">No deliveries.</p>` : html`<table class="deliveries">
        <thead><tr><th>Event</th><th>Webhook</th><th>Result</th><th class="num">Attempts</th><th>Created</th><th><span class="sr-only">Actions</span></th></tr></thead>
        <tbody>${(d?.deliveries ?? []).map(x => html`<tr data-delivery=${x.id} class=${this.detail?.id === x.id ? 'selected' : ''}>
          <td><code>${x.event}</code></td>
          <td class="small">${hookUrl(x.webhook_id)}</td>
          <td class="result">${x.success ? html`<span class="status done">delivered ${x.final_status_code ?? ''}</span>`
            : html`<span class="status failed">${x.final_status_code ?? 'no answer'}</span> <span class="small">${x.last_error ?? ''}</span>`}</td>
          <td class="num">${x.attempt_count}</td>
          <td>${when(x.created_at)}</td>
          <td class="row-actions"><button type="button" class="quiet" @click=${() => this.open(x)}>Body</button>
            <button type="button" @click=${() => this.replay(x)}>Replay</button></td>
        </tr>`)}</tbody></table>`}
      ${pages > 1 ? html`<div class="pager">
        <button type="button" ?disabled=${this.page <= 1} @click=${() => { this.page--; this.refresh(); }}>Previous</button>
        <span>Page ${this.page} of ${pages}</span>
        <button type="button" ?disabled=${this.page >= pages} @click=${() => { this.page++; this.refresh(); }}>Next</button></div>` : nothing}
      ${this.detail ? html`<section class="panel" aria-labelledby="body-title">
        <h2 id="body-title">Body of ${this.detail.event}</h2>
        <p class="small muted">Exactly as signed and sent to ${this.detail.url}.</p>
        <pre class="payload" tabindex="0">${this.detail.payload}</pre>
        <div class="actions start"><button type="button" @click=${() => { this.detail = null; this.update(); }}>Close</button></div>
      </section>` : nothing}
    </section>`;
  }
}
