// Public entry of shared-api. Domain types and rules live in 'shared-api/contract'.
export {
  http,
  configureApi,
  getApiBaseUrl,
  apiUrl,
  authHeaders,
  handleUnauthorized,
  refreshIfDue,
  tokenTimes,
  REQUEST_TIMEOUT_MS,
  type ApiConfig,
} from './client';
export { upload, type UploadOptions } from './upload';
export { newIdempotencyKey } from './idempotency';
export {
  ApiError,
  statusMessage,
  readError,
  readResponseBody,
  firstBodyMessage,
  bodyMessages,
  readErrorMessages,
  parseBody,
  errorStatus,
  isAbortError,
  TIMEOUT_MESSAGE,
  NETWORK_MESSAGE,
} from './errors';
// Who is signed in: the same list as 'shared-api/session' (the eager entry), plus what only
// pages that call the API use.
export * from './session';
export { rememberCheckout } from './session-store';
export * from './endpoints';
export { subscribeEvents, addRealtimeEventTypes, POLL_INTERVAL_MS, type RealtimeListener } from './realtime-entry';
