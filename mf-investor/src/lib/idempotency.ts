// One helper for the platform: shared-api's (kept here so the remote's imports stay put).
export { newIdempotencyKey } from 'shared-api';
