import { act } from '@testing-library/react';
import type * as RtlPure from '@testing-library/react/pure';
import type * as SessionStore from './session-store';
import { makeNewUser } from './testing';

const user = makeNewUser({ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', createdAt: '2025-01-01T00:00:00.000Z' });

// The store reads localStorage when the module loads: load a fresh copy per test.
type Loaded = typeof SessionStore & { rtl: typeof RtlPure };
function load(): Loaded {
  let mod!: Loaded;
  jest.isolateModules(() => {
    // Testing Library from the same registry, so hooks and the store share one React.
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- a fresh module copy per test
    mod = { ...require('./session-store'), rtl: require('@testing-library/react/pure') };
  });
  return mod;
}

beforeEach(() => localStorage.clear());

describe('session store', () => {
  test('defaults to null for every key', () => {
    const { useSessionStore, getSession } = load();
    expect(getSession()).toEqual({ user: null, token: null });
    expect(useSessionStore.getState().checkoutStatus).toBeNull();
  });

  test('setSession writes authUser (JSON) and accessToken under exactly those keys', () => {
    const { useSessionStore, getSession } = load();
    useSessionStore.getState().setSession(user, 'tok-1');
    expect(JSON.parse(localStorage.getItem('authUser')!)).toEqual(user);
    expect(localStorage.getItem('accessToken')).toBe('tok-1');
    expect(getSession()).toEqual({ user, token: 'tok-1' });
  });

  test('reads a stored session at start (raw or JSON-quoted token)', () => {
    localStorage.setItem('authUser', JSON.stringify(user));
    localStorage.setItem('accessToken', 'abc');
    expect(load().getSession()).toEqual({ user, token: 'abc' });
    localStorage.setItem('accessToken', '"quoted"');
    expect(load().getSession().token).toBe('quoted');
    localStorage.setItem('accessToken', 'null');
    expect(load().getSession().token).toBeNull();
  });

  test('corrupted JSON is treated as null and removed', () => {
    localStorage.setItem('authUser', '{not json');
    localStorage.setItem('checkoutStatus', '[1,2');
    localStorage.setItem('accessToken', '"unterminated');
    const { getSession, useSessionStore } = load();
    expect(getSession()).toEqual({ user: null, token: null });
    expect(useSessionStore.getState().checkoutStatus).toBeNull();
    expect(localStorage.getItem('authUser')).toBeNull();
    expect(localStorage.getItem('checkoutStatus')).toBeNull();
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  test('a stored value of the wrong shape is removed too', () => {
    localStorage.setItem('authUser', '42');
    localStorage.setItem('checkoutStatus', '"text"');
    const { getSession, useSessionStore } = load();
    expect(getSession().user).toBeNull();
    expect(useSessionStore.getState().checkoutStatus).toBeNull();
    expect(localStorage.getItem('authUser')).toBeNull();
    localStorage.setItem('authUser', JSON.stringify({ hello: 'world' }));
    expect(load().getSession().user).toBeNull();
  });

  test('"null" stored is the default, not corruption', () => {
    localStorage.setItem('authUser', 'null');
    expect(load().getSession().user).toBeNull();
  });

  test('setUser replaces the stored user; null removes it', () => {
    const { useSessionStore } = load();
    useSessionStore.getState().setSession(user, 't');
    useSessionStore.getState().setUser({ ...user, status: 'VERIFIED' });
    expect(JSON.parse(localStorage.getItem('authUser')!).status).toBe('VERIFIED');
    useSessionStore.getState().setUser(null);
    expect(localStorage.getItem('authUser')).toBeNull();
    expect(localStorage.getItem('accessToken')).toBe('t');
  });

  test('clearSession removes the user, the token and the checkout map', () => {
    const { useSessionStore, getSession } = load();
    useSessionStore.getState().setSession(user, 't');
    useSessionStore.getState().setCheckoutStatus('c1', { status: 'OPEN', purpose: 'DEPOSIT' });
    localStorage.setItem('unrelated', 'keep');
    useSessionStore.getState().clearSession();
    expect(getSession()).toEqual({ user: null, token: null });
    expect(useSessionStore.getState().checkoutStatus).toBeNull();
    expect(localStorage.getItem('authUser')).toBeNull();
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(localStorage.getItem('checkoutStatus')).toBeNull();
    expect(localStorage.getItem('unrelated')).toBe('keep');
  });

  test('setCheckoutStatus keeps a JSON map; removing the last entry removes the key', () => {
    const { useSessionStore } = load();
    const { setCheckoutStatus } = useSessionStore.getState();
    setCheckoutStatus('c1', { status: 'OPEN' });
    setCheckoutStatus('c2', { status: 'PAID', amount: 15 });
    expect(JSON.parse(localStorage.getItem('checkoutStatus')!)).toEqual({ c1: { status: 'OPEN' }, c2: { status: 'PAID', amount: 15 } });
    setCheckoutStatus('c1', null);
    expect(JSON.parse(localStorage.getItem('checkoutStatus')!)).toEqual({ c2: { status: 'PAID', amount: 15 } });
    setCheckoutStatus('c2', null);
    expect(localStorage.getItem('checkoutStatus')).toBeNull();
    expect(useSessionStore.getState().checkoutStatus).toBeNull();
  });

  test('another tab changing storage is picked up through the storage event', () => {
    const { getSession } = load();
    localStorage.setItem('authUser', JSON.stringify(user));
    localStorage.setItem('accessToken', 'from-other-tab');
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'accessToken' }));
    });
    expect(getSession()).toEqual({ user, token: 'from-other-tab' });
    localStorage.clear();
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: null }));
    });
    expect(getSession()).toEqual({ user: null, token: null });
  });

  test('unrelated storage events change nothing', () => {
    const { useSessionStore } = load();
    useSessionStore.getState().setSession(user, 't');
    const before = useSessionStore.getState().user;
    window.dispatchEvent(new StorageEvent('storage', { key: 'somethingElse' }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'authUser' }));
    expect(useSessionStore.getState().user).toBe(before);
  });

  test('hooks follow the store', () => {
    const { useAuthUser, useIsAuthenticated, useCheckoutStatus, useSessionStore, rtl } = load();
    const { renderHook, act } = rtl;
    const { result, unmount } = renderHook(() => ({ user: useAuthUser(), authed: useIsAuthenticated(), c: useCheckoutStatus('c1') }));
    expect(result.current).toEqual({ user: null, authed: false, c: null });
    act(() => {
      useSessionStore.getState().setSession(user, 't');
      useSessionStore.getState().setCheckoutStatus('c1', { status: 'PAID' });
    });
    expect(result.current).toEqual({ user, authed: true, c: { status: 'PAID' } });
    unmount();
  });

  test('storage that throws leaves a working in-memory session', () => {
    const { useSessionStore, getSession } = load();
    const spy = jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('QuotaExceededError');
    });
    useSessionStore.getState().setSession(user, 't');
    expect(getSession()).toEqual({ user, token: 't' });
    spy.mockRestore();
  });
});
