// The one Idempotency-Key maker of the platform: every request that moves money sends one
// (server/src/lib/idempotency.ts replays the first answer to a retry with the same key).
/** A fresh Idempotency-Key: a retried request with the same key has one effect on the server. */
export function newIdempotencyKey(): string {
  const c = globalThis.crypto;
  if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  // randomUUID needs a secure context; plain http on a LAN address has only getRandomValues.
  const bytes = new Uint8Array(16);
  if (c && typeof c.getRandomValues === 'function') c.getRandomValues(bytes);
  else for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
