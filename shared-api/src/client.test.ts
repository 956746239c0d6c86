/** @jest-environment node */
// Node environment: real fetch Request/Response (jsdom has none); fetch itself is mocked.
import { HTTPError } from 'ky';
import type { User } from './contract/types';
import { apiUrl, authHeaders, configureApi, getApiBaseUrl, http, tokenTimes } from './client';
import { logoutSession } from './endpoints/auth';
import { readError } from './errors';
import { getSession, useSessionStore } from './session-store';

const user = { _id: 'u1', role: 'INVESTOR', firstName: 'A', lastName: 'B' } as User;
const onUnauthorized = jest.fn();
let fetchMock: jest.Mock<Promise<Response>, [Request]>;

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

beforeEach(() => {
  fetchMock = jest.fn();
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  onUnauthorized.mockReset();
  configureApi({ baseUrl: 'http://api.test', onUnauthorized, clientVersions: null });
  useSessionStore.getState().clearSession();
});

const lastRequest = (): Request => fetchMock.mock.calls.at(-1)![0];

describe('http client', () => {
  test('uses the configured origin; a leading slash is accepted', async () => {
    fetchMock.mockImplementation(async () => json(200, { ok: true }));
    expect(await http.get('/v1/properties').json()).toEqual({ ok: true });
    expect(lastRequest().url).toBe('http://api.test/v1/properties');
    await http('v1/users/me');
    expect(lastRequest().url).toBe('http://api.test/v1/users/me');
    configureApi({ baseUrl: 'http://other.test/' });
    await http.post('/v1/orders', { json: { quantity: 1 } });
    expect(lastRequest().url).toBe('http://other.test/v1/orders');
    expect(lastRequest().method).toBe('POST');
    expect(getApiBaseUrl()).toBe('http://other.test');
    expect(apiUrl('/v1/x')).toBe('http://other.test/v1/x');
    expect(apiUrl('https://cdn.test/a.png')).toBe('https://cdn.test/a.png');
  });

  test('sends the bearer token when signed in, and none when not', async () => {
    fetchMock.mockImplementation(async () => json(200, {}));
    await http.get('v1/properties');
    expect(lastRequest().headers.get('Authorization')).toBeNull();
    useSessionStore.getState().setSession(user, 'tok-123');
    await http.get('v1/users/me');
    expect(lastRequest().headers.get('Authorization')).toBe('Bearer tok-123');
    expect(authHeaders()).toEqual({ Authorization: 'Bearer tok-123' });
  });

  test('sends X-Client-Versions when configured', async () => {
    fetchMock.mockImplementation(async () => json(200, {}));
    configureApi({ clientVersions: 'shell@1.0.0,mf_public@1.0.0' });
    await http.get('v1/properties');
    expect(lastRequest().headers.get('X-Client-Versions')).toBe('shell@1.0.0,mf_public@1.0.0');
    configureApi({ clientVersions: null });
    await http.get('v1/properties');
    expect(lastRequest().headers.get('X-Client-Versions')).toBeNull();
  });

  test('a 401 on an authenticated call clears the session and calls the handler once', async () => {
    useSessionStore.getState().setSession(user, 'expired');
    fetchMock.mockImplementation(async () => json(401, { statusCode: 401, error: 'Unauthorized', message: 'Token expired' }));
    const results = await Promise.allSettled([http.get('v1/users/me').json(), http.get('v1/wallets/balance').json()]);
    expect(results.every((r) => r.status === 'rejected')).toBe(true);
    expect(getSession()).toEqual({ user: null, token: null });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    const err = (results[0] as PromiseRejectedResult).reason;
    expect(err).toBeInstanceOf(HTTPError);
    expect(err.message).toBe('Token expired');
    expect(await readError(err)).toBe('Token expired');
  });

  test('a 401 without a token (wrong password at sign-in) does not call the handler', async () => {
    fetchMock.mockImplementation(async () => json(401, { statusCode: 401, error: 'Unauthorized', message: 'Invalid credentials' }));
    await expect(http.post('v1/auth/signin', { json: {} }).json()).rejects.toThrow('Invalid credentials');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  test('a 401 for a token that was since replaced is sent once more with the new one', async () => {
    useSessionStore.getState().setSession(user, 'old');
    fetchMock.mockImplementation(async (req: Request) => {
      if (req.headers.get('Authorization') === 'Bearer new') return json(200, { ok: true });
      useSessionStore.getState().setSession(user, 'new');
      return json(401, { message: 'expired' });
    });
    expect(await http.post('v1/orders', { json: { quantity: 2 } }).json()).toEqual({ ok: true });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(await lastRequest().json()).toEqual({ quantity: 2 });
    expect(getSession().token).toBe('new');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  test('when the new token is refused too, the session ends', async () => {
    useSessionStore.getState().setSession(user, 'old');
    fetchMock.mockImplementation(async () => {
      useSessionStore.getState().setSession(user, 'new');
      return json(401, { message: 'expired' });
    });
    await expect(http.get('v1/users/me')).rejects.toBeInstanceOf(HTTPError);
    expect(getSession().token).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  test('error messages come from the body, or the status message', async () => {
    fetchMock.mockResolvedValueOnce(json(400, { statusCode: 400, error: 'Bad Request', message: ['Quantity too large', 'x'] }));
    await expect(http.post('v1/orders', { json: {} })).rejects.toThrow('Quantity too large');
    fetchMock.mockResolvedValueOnce(new Response('', { status: 404 }));
    await expect(http.delete('v1/orders/1')).rejects.toThrow('Not Found');
  });

  test('retries an idempotent GET on a 503, never a POST', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    try {
      fetchMock.mockResolvedValueOnce(json(503, {})).mockResolvedValueOnce(json(200, { ok: 1 }));
      const pending = http.get('v1/properties').json();
      await jest.runAllTimersAsync();
      expect(await pending).toEqual({ ok: 1 });
      expect(fetchMock).toHaveBeenCalledTimes(2);

      fetchMock.mockReset();
      fetchMock.mockImplementation(async () => json(503, {}));
      const post = http.post('v1/orders', { json: {} }).catch((e: unknown) => e);
      await jest.runAllTimersAsync();
      expect(await post).toBeInstanceOf(HTTPError);
      expect(fetchMock).toHaveBeenCalledTimes(1);
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('short-lived tokens', () => {
  const jwt = (iat: number, exp: number, tag = 'x') => `h.${Buffer.from(JSON.stringify({ iat, exp, tag })).toString('base64url')}.sig`;
  const now = () => Math.floor(Date.now() / 1000);

  test('reads the times of a token; anything else is not a token it can time', () => {
    expect(tokenTimes(jwt(100, 1000))).toEqual({ iat: 100, exp: 1000 });
    for (const t of ['tok-123', 'a.b.c', 'h.e30.s', jwt(1000, 100)]) expect(tokenTimes(t)).toBeNull();
  });

  test('a token with more than half its life left goes out as it is', async () => {
    const fresh = jwt(now() - 60, now() + 840);
    useSessionStore.getState().setSession(user, fresh);
    fetchMock.mockImplementation(async () => json(200, {}));
    await http.get('v1/users/me');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(lastRequest().headers.get('Authorization')).toBe(`Bearer ${fresh}`);
  });

  test('a token past half its life is swapped once for parallel calls, and the calls use the new one', async () => {
    const old = jwt(now() - 600, now() + 300, 'old');
    const next = jwt(now(), now() + 900, 'new');
    useSessionStore.getState().setSession(user, old);
    fetchMock.mockImplementation(async (input: Request | string) => {
      const url = typeof input === 'string' ? input : input.url;
      if (url.endsWith('/v1/auth/refresh')) return json(200, { accessToken: next, user: { ...user, firstName: 'Fresh' } });
      return json(200, { ok: true });
    });
    await Promise.all([http.get('v1/users/me'), http.get('v1/wallets/balance'), http.get('v1/orders')]);
    const urls = fetchMock.mock.calls.map(([r]) => (typeof r === 'string' ? r : r.url));
    expect(urls.filter((u) => u.endsWith('/v1/auth/refresh'))).toHaveLength(1);
    const calls = fetchMock.mock.calls
      .map(([r]) => r)
      .filter((r): r is Request => typeof r !== 'string' && !r.url.endsWith('/v1/auth/refresh'));
    expect(calls.map((r) => r.headers.get('Authorization'))).toEqual(Array(3).fill(`Bearer ${next}`));
    expect(getSession()).toMatchObject({ token: next, user: { firstName: 'Fresh' } });
  });

  test('a refused swap leaves the token in place; the call decides (a 401 signs out)', async () => {
    const old = jwt(now() - 600, now() + 300);
    useSessionStore.getState().setSession(user, old);
    fetchMock.mockImplementation(async () => json(401, { message: 'Your session has expired' }));
    await expect(http.get('v1/users/me')).rejects.toBeInstanceOf(HTTPError);
    expect(getSession().token).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  test('logout names its token and may outlive the page (keepalive)', async () => {
    useSessionStore.getState().setSession(user, 'tok-9');
    fetchMock.mockImplementation(async () => json(200, { message: 'Signed out' }));
    const pending = logoutSession('tok-9');
    useSessionStore.getState().clearSession();
    await pending;
    expect(lastRequest().headers.get('Authorization')).toBe('Bearer tok-9');
    expect(lastRequest().keepalive).toBe(true);
    expect(lastRequest().url).toBe('http://api.test/v1/auth/logout');
  });
});
