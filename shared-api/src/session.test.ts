// 'shared-api/session' (eager in the shell's main.js) and 'shared-api' (loaded with the first
// API call) must be one session and one configuration: what the shell sets at boot through
// the first is what the client of the second uses.
import * as session from './session';
import * as api from './index';

afterEach(() => {
  session.configureApi({ baseUrl: undefined, clientVersions: null });
  session.useSessionStore.getState().clearSession();
});

test('the session entry and the full entry share the store and its hooks', () => {
  expect(session.useSessionStore).toBe(api.useSessionStore);
  expect(session.getSession).toBe(api.getSession);
  expect(session.useAuthUser).toBe(api.useAuthUser);
  session.useSessionStore.getState().setSession({ _id: 'u1', role: 'INVESTOR' } as never, 'token-1');
  expect(api.getSession().token).toBe('token-1');
});

test('configureApi through the session entry configures the HTTP client', () => {
  session.configureApi({ baseUrl: 'https://api.example.test/', clientVersions: 'shell@9.9.9' });
  expect(api.apiUrl('/v1/properties')).toBe('https://api.example.test/v1/properties');
  expect(api.getApiBaseUrl()).toBe('https://api.example.test');
  expect(api.authHeaders()['X-Client-Versions']).toBe('shell@9.9.9');
});
