// Logout: the token is revoked on the server (handed to the call before the store is
// cleared), every stored session key is removed, then /login and a reload.
import { act, renderHook } from '@testing-library/react';

const navigate = jest.fn();
jest.mock('shared-ui/router', () => ({ useNavigate: () => navigate }));
const logoutSession = jest.fn((_token?: string | null) => Promise.resolve({ message: 'Signed out' }));
jest.mock('shared-api', () => {
  const actual = jest.requireActual('shared-api');
  return { ...actual, logoutSession: (token?: string | null) => logoutSession(token) };
});

import { useSessionStore } from 'shared-api';
import { useLogout } from './use-logout';

// jsdom cannot reload (it reports "not implemented"); the browser journey sees the reload.
beforeAll(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

test('revokes the current token on the server, clears every stored key, goes to /login', () => {
  useSessionStore.getState().setSession({ _id: 'u1', role: 'INVESTOR', firstName: 'A', lastName: 'B' } as never, 'tok-live');
  useSessionStore.getState().setCheckoutStatus('c1', { status: 'OPEN' });
  expect(localStorage.getItem('accessToken')).toBe('tok-live');
  const { result } = renderHook(() => useLogout());
  act(() => result.current());
  expect(logoutSession).toHaveBeenCalledWith('tok-live');
  for (const key of ['authUser', 'accessToken', 'checkoutStatus']) expect(localStorage.getItem(key)).toBeNull();
  expect(useSessionStore.getState()).toMatchObject({ user: null, token: null, checkoutStatus: null });
  expect(navigate).toHaveBeenCalledWith('/login');
});
