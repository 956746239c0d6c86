import type { User } from './contract/types';
import { configureApi, getApiBaseUrl } from './client';
import { ApiError, readError } from './errors';
import { getSession, useSessionStore } from './session-store';
import { upload } from './upload';

type Listener = (e: ProgressEvent) => void;

class MockXHR {
  static last: MockXHR;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  statusText = '';
  responseText = '';
  aborted = false;
  private listeners: Record<string, Listener[]> = {};
  private uploadListeners: Record<string, Listener[]> = {};
  upload = {
    addEventListener: (type: string, fn: Listener) => {
      (this.uploadListeners[type] ??= []).push(fn);
    },
  };
  constructor() {
    MockXHR.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  addEventListener(type: string, fn: Listener) {
    (this.listeners[type] ??= []).push(fn);
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.emit('abort');
  }
  // test drivers
  progress(loaded: number, total: number) {
    for (const fn of this.uploadListeners.progress ?? []) fn({ lengthComputable: true, loaded, total } as ProgressEvent);
  }
  respond(status: number, body: unknown, statusText = '') {
    this.status = status;
    this.statusText = statusText;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.emit('load');
  }
  emit(type: string) {
    for (const fn of this.listeners[type] ?? []) fn({} as ProgressEvent);
  }
}

const user = { _id: 'u1', role: 'PROPERTY_OWNER' } as User;
const onUnauthorized = jest.fn();
const realXHR = window.XMLHttpRequest;

beforeEach(() => {
  window.XMLHttpRequest = MockXHR as unknown as typeof XMLHttpRequest;
  onUnauthorized.mockReset();
  configureApi({ baseUrl: undefined, onUnauthorized, clientVersions: 'shell@1.0.0' });
  useSessionStore.getState().setSession(user, 'tok');
});
afterAll(() => {
  window.XMLHttpRequest = realXHR;
});

function form(): FormData {
  const f = new FormData();
  f.append('files', new File(['x'], 'a.png', { type: 'image/png' }));
  return f;
}

describe('upload', () => {
  test('defaults to the page origin; PATCH with the bearer token and client versions', async () => {
    expect(getApiBaseUrl()).toBe(window.location.origin);
    const body = form();
    const pending = upload<{ ok: boolean }>('/v1/properties/owned/p1/images', body);
    const xhr = MockXHR.last;
    expect(xhr.method).toBe('PATCH');
    expect(xhr.url).toBe(`${window.location.origin}/v1/properties/owned/p1/images`);
    expect(xhr.headers.Authorization).toBe('Bearer tok');
    expect(xhr.headers['X-Client-Versions']).toBe('shell@1.0.0');
    expect(xhr.body).toBe(body);
    xhr.respond(200, { ok: true });
    await expect(pending).resolves.toEqual({ ok: true });
  });

  test('POST when asked; reports real upload progress, then 1', async () => {
    const seen: number[] = [];
    const pending = upload('v1/users/kyc', form(), { method: 'POST', onProgress: (f) => seen.push(f) });
    const xhr = MockXHR.last;
    expect(xhr.method).toBe('POST');
    xhr.progress(25, 100);
    xhr.progress(100, 100);
    xhr.respond(204, '');
    await expect(pending).resolves.toBeUndefined();
    expect(seen).toEqual([0.25, 1, 1]);
  });

  test('an error status rejects with an ApiError carrying status and body', async () => {
    const pending = upload('v1/users/kyc', form());
    MockXHR.last.respond(400, { statusCode: 400, error: 'Bad Request', message: ['Invalid file type. Only Images are allowed.'] });
    const err = await pending.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(400);
    expect(await readError(err)).toBe('Invalid file type. Only Images are allowed.');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  test('a 5xx reads as the server error message', async () => {
    const pending = upload('v1/users/kyc', form());
    MockXHR.last.respond(500, 'oops');
    expect(await readError(await pending.catch((e: unknown) => e))).toBe('An error occured, please try again.');
  });

  test('a 401 clears the session and calls the handler', async () => {
    const pending = upload('v1/users/kyc', form());
    MockXHR.last.respond(401, { message: 'expired' });
    await expect(pending).rejects.toBeInstanceOf(ApiError);
    expect(getSession().token).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  test('a network failure rejects with a TypeError', async () => {
    const pending = upload('v1/users/kyc', form());
    MockXHR.last.emit('error');
    await expect(pending).rejects.toThrow(TypeError);
  });

  test('the signal aborts the request', async () => {
    const ctrl = new AbortController();
    const pending = upload('v1/users/kyc', form(), { signal: ctrl.signal });
    ctrl.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(MockXHR.last.aborted).toBe(true);
    const already = new AbortController();
    already.abort();
    await expect(upload('v1/users/kyc', form(), { signal: already.signal })).rejects.toMatchObject({ name: 'AbortError' });
  });

  test('no token: no Authorization header', async () => {
    useSessionStore.getState().clearSession();
    const pending = upload('v1/x', form());
    expect(MockXHR.last.headers.Authorization).toBeUndefined();
    MockXHR.last.respond(200, {});
    await pending;
  });
});
