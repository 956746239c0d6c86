// The one HTTP client (ky). Every endpoint function goes through `http`; it adds the
// bearer token and client versions, retries idempotent GETs, and ends the session on
// a 401 of an authenticated call.
import ky, { type BeforeErrorHook, type AfterResponseHook, type BeforeRequestHook, type Input, type KyInstance } from 'ky';
import type { AuthResult } from './contract/types';
import { firstBodyMessage, readResponseBody, statusMessage } from './errors';
import { getSession, useSessionStore } from './session-store';
import { apiConfig as config, getApiBaseUrl } from './api-config';

export { configureApi, getApiBaseUrl, type ApiConfig } from './api-config';

export const REQUEST_TIMEOUT_MS = 30_000;

/** Absolute URL of an API path ('/v1/x' or 'v1/x'); absolute URLs pass through. */
export function apiUrl(path: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(path)) return path;
  return `${getApiBaseUrl()}/${path.replace(/^\/+/, '')}`;
}

/** Headers every call carries: the bearer token when signed in, and the client versions. */
export function authHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const { token } = getSession();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (config.clientVersions) headers['X-Client-Versions'] = config.clientVersions;
  return headers;
}

/**
 * A 401 answered to a call that carried `token`: clear the session and hand over to
 * the handler, once (parallel calls, or a call made with a token since replaced, do nothing).
 */
export function handleUnauthorized(token: string | null): void {
  const current = getSession().token;
  if (!token || !current || current !== token) return;
  useSessionStore.getState().clearSession();
  config.onUnauthorized();
}

function bearerOf(authorization: string | null): string | null {
  return authorization?.startsWith('Bearer ') ? authorization.slice('Bearer '.length) : null;
}

// ---- Short-lived tokens ----
// Access tokens live minutes (the server's TOKEN_TTL_MINUTES). Before a call goes out with
// a token past half its life, the client swaps it for a fresh one (POST /v1/auth/refresh;
// one swap at a time, shared by parallel calls). A person who stays idle longer than a
// token's life is signed out by the next call's 401, as before.

/** A token's issue and expiry times (seconds), read from its payload (timing only; the server verifies). */
export function tokenTimes(token: string): { iat: number; exp: number } | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const b64 = part.replace(/-/g, '+').replace(/_/g, '/');
    const claims = JSON.parse(atob(b64.padEnd(Math.ceil(b64.length / 4) * 4, '='))) as { iat?: unknown; exp?: unknown };
    if (typeof claims.exp !== 'number' || typeof claims.iat !== 'number' || claims.exp <= claims.iat) return null;
    return { iat: claims.iat, exp: claims.exp };
  } catch {
    return null;
  }
}

let refreshing: Promise<void> | null = null;

async function refreshNow(token: string): Promise<void> {
  try {
    const headers: Record<string, string> = { Authorization: `Bearer ${token}`, Accept: 'application/json' };
    if (config.clientVersions) headers['X-Client-Versions'] = config.clientVersions;
    const res = await globalThis.fetch(apiUrl('v1/auth/refresh'), { method: 'POST', headers });
    // Refused (another tab swapped it first, and its new token arrives through the storage
    // event; or the session ended): the call goes out as it is and its answer decides.
    if (!res.ok) return;
    const body = (await res.json()) as AuthResult;
    if (getSession().token === token) useSessionStore.getState().setSession(body.user, body.accessToken);
  } catch {
    /* offline or refused: the call goes out with the token it has */
  }
}

/** The pending swap when the current token is past half its life (null: nothing to wait for). */
export function refreshIfDue(now = Date.now()): Promise<void> | null {
  if (refreshing) return refreshing;
  const { token } = getSession();
  const t = token ? tokenTimes(token) : null;
  if (!token || !t) return null;
  const seconds = now / 1000;
  if (seconds >= t.exp || t.exp - seconds > (t.exp - t.iat) / 2) return null;
  refreshing = refreshNow(token).finally(() => {
    refreshing = null;
  });
  return refreshing;
}

const addHeaders: BeforeRequestHook = async (request) => {
  // A call that names its token itself (logout) is sent as it is.
  if (!request.headers.has('Authorization')) await refreshIfDue();
  for (const [name, value] of Object.entries(authHeaders())) {
    if (!request.headers.has(name)) request.headers.set(name, value);
  }
};

const onResponse: AfterResponseHook = async (request, _options, response) => {
  if (response.status !== 401) return;
  const sent = bearerOf(request.headers.get('Authorization'));
  if (refreshing) await refreshing;
  const current = getSession().token;
  if (sent && current && sent !== current) {
    // The token was swapped while this call was on its way (here or in another tab):
    // the server refused the old one before doing anything, so send it once more.
    const headers = new Headers(request.headers);
    headers.set('Authorization', `Bearer ${current}`);
    const again = await globalThis.fetch(new Request(request, { headers }));
    if (again.status === 401) handleUnauthorized(current);
    return again;
  }
  handleUnauthorized(sent);
};

// Read the body once and make the error's message readable (not ky's "Request failed … URL").
const describeError: BeforeErrorHook = async (error) => {
  const body = await readResponseBody(error.response);
  const { status, statusText } = error.response;
  error.message = firstBodyMessage(body) ?? statusMessage(status, statusText, body);
  return error;
};

function build(prefixUrl: string): KyInstance {
  return ky.create({
    prefixUrl,
    timeout: REQUEST_TIMEOUT_MS,
    retry: { limit: 2, methods: ['get'], statusCodes: [408, 429, 500, 502, 503, 504] },
    hooks: { beforeRequest: [addHeaders], afterResponse: [onResponse], beforeError: [describeError] },
  });
}

let instance: { prefix: string; ky: KyInstance } | null = null;
function current(): KyInstance {
  const prefix = getApiBaseUrl();
  if (!instance || instance.prefix !== prefix) instance = { prefix, ky: build(prefix) };
  return instance.ky;
}

// ky refuses a leading slash with prefixUrl; endpoint code may write the spec's paths as they are.
function normalize(input: Input): Input {
  return typeof input === 'string' && !/^[a-z][a-z0-9+.-]*:/i.test(input) ? input.replace(/^\/+/, '') : input;
}

const METHODS = new Set<PropertyKey>(['get', 'post', 'put', 'patch', 'delete', 'head']);

/**
 * The API client: a ky instance bound to the configured origin. Paths may start
 * with '/' (`http.get('/v1/properties').json<Page<Property>>()`).
 */
export const http: KyInstance = new Proxy((() => undefined) as unknown as KyInstance, {
  apply(_target, _this, args: Parameters<KyInstance>) {
    const [input, options] = args;
    return current()(normalize(input), options);
  },
  get(_target, prop) {
    const k = current();
    if (METHODS.has(prop)) {
      const method = k[prop as 'get'];
      return (input: Input, options?: Parameters<KyInstance['get']>[1]) => method(normalize(input), options);
    }
    const value: unknown = Reflect.get(k, prop);
    return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(k) : value;
  },
});
