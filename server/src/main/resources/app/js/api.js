// The HTTP API as the app uses it: JSON in and out, the bearer key of this browser session, errors as ApiError
// carrying the server's readable detail.

const KEY = 'preflight.apiKey';

/** An answer outside 2xx: the status and the server's detail, made readable. */
export class ApiError extends Error {
  constructor(status, body) {
    super(readable(status, body));
    this.status = status;
    this.body = body;
  }
}

/** The spec's error bodies: {"detail": "..."} or {"detail": [{loc, msg, type}]}. */
function readable(status, body) {
  const detail = body && body.detail;
  if (typeof detail === 'string') return detail;
  if (Array.isArray(detail)) {
    return detail.map(d => `${(d.loc || []).filter(p => p !== 'body' && p !== 'query').join('.')}: ${d.msg}`).join('; ');
  }
  return status === 0 ? 'The server could not be reached.' : `The server answered ${status}.`;
}

/** The API key kept for this browser tab only (sessionStorage): gone when the tab closes. */
export const session = {
  get key() { return sessionStorage.getItem(KEY); },
  set key(value) {
    if (value) sessionStorage.setItem(KEY, value); else sessionStorage.removeItem(KEY);
  },
};

/**
 * A share-link visitor's token (POST /api/v1/reports/tokens/{token}/visitor), kept for this tab. On a share page
 * (`useShareLink()`) requests carry it as X-Visitor-Token and never the API key: the link's token is the permission.
 */
const VISITOR = 'preflight.visitorToken';
const VISITOR_EMAIL = 'preflight.visitorEmail';
let sharing = false;
export const visitor = {
  get token() { return sessionStorage.getItem(VISITOR); },
  set token(value) {
    if (value) sessionStorage.setItem(VISITOR, value); else sessionStorage.removeItem(VISITOR);
  },
  /** The email the token was given for: the author of the visitor's annotations. */
  get email() { return sessionStorage.getItem(VISITOR_EMAIL); },
  set email(value) {
    if (value) sessionStorage.setItem(VISITOR_EMAIL, value); else sessionStorage.removeItem(VISITOR_EMAIL);
  },
};
export function useShareLink() { sharing = true; }

function headers(extra = {}) {
  if (sharing) {
    const v = visitor.token;
    return v ? { ...extra, 'X-Visitor-Token': v } : extra;
  }
  const key = session.key;
  return key ? { ...extra, Authorization: `Bearer ${key}` } : extra;
}

/** Listeners told when the server refuses the session's key (401): the app asks for a key again. */
const unauthorized = new Set();
export function onUnauthorized(listener) { unauthorized.add(listener); }

async function parse(response) {
  if (response.status === 204) return null;
  const type = response.headers.get('content-type') || '';
  return type.includes('json') ? response.json() : response.text();
}

/** Calls /api/v1{path}; `json` becomes the request body. Resolves to the parsed answer, rejects with ApiError. */
export async function api(path, { method = 'GET', json, signal } = {}) {
  const init = { method, signal, headers: headers(json === undefined ? {} : { 'Content-Type': 'application/json' }) };
  if (json !== undefined) init.body = JSON.stringify(json);
  let response;
  try {
    response = await fetch(`/api/v1${path}`, init);
  } catch (e) {
    if (e.name === 'AbortError') throw e;
    throw new ApiError(0, null);
  }
  const body = await parse(response);
  if (!response.ok) {
    if (response.status === 401) unauthorized.forEach(l => l());
    throw new ApiError(response.status, body);
  }
  return body;
}

/**
 * Posts a multipart form with upload progress (fetch cannot report it): `onProgress(loaded, total)` while the
 * bytes go out. Resolves to {status, body}.
 */
export function upload(path, form, onProgress) {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/v1${path}`);
    for (const [name, value] of Object.entries(headers())) xhr.setRequestHeader(name, value);
    xhr.responseType = 'json';
    xhr.upload.onprogress = e => onProgress?.(e.loaded, e.lengthComputable ? e.total : 0);
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve({ status: xhr.status, body: xhr.response });
      } else {
        if (xhr.status === 401) unauthorized.forEach(l => l());
        reject(new ApiError(xhr.status, xhr.response));
      }
    };
    xhr.onerror = () => reject(new ApiError(0, null));
    xhr.send(form);
  });
}

/** The check registry (public, the same for every tenant): fetched once per page load. */
let checkNames;
export function checkRegistry() {
  checkNames ??= api('/check-names').catch(e => { checkNames = undefined; throw e; });
  return checkNames;
}

/**
 * An image of the API (tiles, plates, heatmaps, diffs) fetched with the session's key, as an ImageBitmap (drawn on
 * canvases) and a blob: URL (for <img>; the CSP allows blob: images). The last IMAGES_KEPT are kept per URL for this
 * page load; older ones are forgotten (their blob: URL revoked) so that a long deep-zoom session stays bounded.
 */
const IMAGES_KEPT = 200;
const images = new Map();
export function image(path) {
  let entry = images.get(path);
  if (entry) {
    images.delete(path);
    images.set(path, entry);
  } else {
    while (images.size >= IMAGES_KEPT) {
      const [oldest, old] = images.entries().next().value;
      images.delete(oldest);
      old.then(v => URL.revokeObjectURL(v.url), () => {});
    }
    entry = (async () => {
      let response;
      try {
        response = await fetch(`/api/v1${path}`, { headers: headers() });
      } catch {
        throw new ApiError(0, null);
      }
      if (!response.ok) {
        if (response.status === 401) unauthorized.forEach(l => l());
        throw new ApiError(response.status, await parse(response).catch(() => null));
      }
      const blob = await response.blob();
      return { bitmap: await createImageBitmap(blob), url: URL.createObjectURL(blob) };
    })();
    entry.catch(() => images.delete(path));
    images.set(path, entry);
  }
  return entry;
}
