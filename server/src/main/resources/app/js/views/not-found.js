// Any path under /app/ that is not a page of the app.
import { html } from '../lit.js';
import { View } from '../ui.js';

export class NotFoundView extends View {
  get title() { return 'Not found'; }

  template() {
    return html`<h1 tabindex="-1">Not found</h1>
      <p>There is no page at <code>${location.pathname}</code>. <a href="/app/">Go to the jobs</a>.</p>`;
  }
}
