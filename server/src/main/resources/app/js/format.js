// Words and numbers as the app shows them.
import { html } from './lit.js';

export const SEVERITIES = ['error', 'warning', 'advisory', 'info'];
export const SEVERITY_LABEL = { error: 'Error', warning: 'Warning', advisory: 'Advisory', info: 'Info' };

/** Both status wordings of the API: self-hosted (queued, completed) and hosted (pending, complete). */
export const isWaiting = status => status === 'queued' || status === 'pending';
export const isDone = status => status === 'completed' || status === 'complete';

export function bytes(n) {
  if (n == null) return '–';
  if (n < 1024) return `${n} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = n / 1024;
  let i = 0;
  while (value >= 1024 && i < units.length - 1) { value /= 1024; i++; }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[i]}`;
}

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
export const when = iso => (iso ? dateTime.format(new Date(iso)) : '–');

export const duration = ms => (ms == null ? '–' : ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`);

export const plural = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** A job's status as a badge; waiting jobs carry an indeterminate progress bar (the API has no percentage). */
export function statusBadge(job) {
  if (isWaiting(job.status)) {
    return html`<span class="status waiting"><progress aria-label="Analysing ${job.file_name}"></progress>
      ${job.status}</span>`;
  }
  return html`<span class="status ${isDone(job.status) ? 'done' : 'failed'}">${job.status}</span>`;
}

/** The engine's own verdict (summary.passed) of a finished job. */
export function verdictBadge(job) {
  if (!isDone(job.status)) return html`<span class="verdict none">–</span>`;
  return job.summary.passed
    ? html`<span class="verdict pass">Passed</span>`
    : html`<span class="verdict fail">Failed</span>`;
}

export function severityBadge(severity) {
  return html`<span class="sev sev-${severity}">${SEVERITY_LABEL[severity] ?? severity}</span>`;
}

/** Counts by severity of a summary, as three labelled numbers. */
export function counts(summary) {
  return html`<span class="counts">
    <span class="count sev-error" title="Errors">${summary.error_count}<span class="sr-only"> errors</span></span>
    <span class="count sev-warning" title="Warnings">${summary.warning_count}<span class="sr-only"> warnings</span></span>
    <span class="count sev-advisory" title="Advisories">${summary.advisory_count}<span class="sr-only"> advisories</span></span>
  </span>`;
}
