// 'shared-api/session': who is signed in (the session store) and the API client's settings:
// what the shell needs at boot and the public chrome reads. Shared eagerly (in the shell's
// main.js); the HTTP client, the endpoints and the error readers ('shared-api', which
// re-exports all of this) load with the first page that calls the API. A page that only
// asks who is signed in imports from here. docs/frontend.md, docs/performance.md.
export {
  useSessionStore,
  getSession,
  syncSessionFromStorage,
  useAuthUser,
  useAccessToken,
  useIsAuthenticated,
  useCheckoutStatus,
  type SessionState,
  type CheckoutStatusEntry,
  type CheckoutStatusMap,
} from './session-store';
export { configureApi, getApiBaseUrl, type ApiConfig } from './api-config';
