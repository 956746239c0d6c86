// Sealing the full bank numbers at rest: AES-256-GCM (node:crypto) with keys derived by
// HKDF-SHA256. A database dump alone does not reveal them; the GCM tag refuses a tampered
// value.
//
// v2 (`v2:<key id>:<iv>:<tag>:<data>`): the row's id is the associated data, so sealed
// details copied onto another row (another person's account) do not open; the key id names
// the key of the ring (DATA_KEYS) that sealed them, so keys can be rotated: a new first key
// seals, the old ones still open, and `npm run rotate-keys` re-seals every row with the new
// one (after which the old key can be dropped).
// v1 (`v1:<iv>:<tag>:<data>`, before): one key from JWT_SECRET, not bound to the row. Still
// opened; re-sealed as v2 when read and by `npm run rotate-keys`.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const INFO_V1 = 'tessera/payout-destinations/v1';
const INFO_V2 = 'tessera/payout-destinations/v2';
const SALT = 'tessera-payout-destinations';

export function payoutKey(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, SALT, INFO_V1, 32));
}

export interface KeyRing {
  /** The key new seals use. */
  current: { id: string; key: Buffer };
  byId: Map<string, Buffer>;
  /** v1's key (JWT_SECRET). */
  legacy: Buffer;
}

export function keyRing(jwtSecret: string, dataKeys: { id: string; secret: string }[] | undefined): KeyRing {
  const keys = dataKeys && dataKeys.length > 0 ? dataKeys : [{ id: 'default', secret: jwtSecret }];
  const byId = new Map(keys.map((k) => [k.id, Buffer.from(hkdfSync('sha256', k.secret, SALT, INFO_V2, 32))]));
  const id = keys[0].id;
  return { current: { id, key: byId.get(id) as Buffer }, byId, legacy: payoutKey(jwtSecret) };
}

const rings = new WeakMap<object, KeyRing>();
/** The app's ring, derived once per app (HKDF per seal would cost every read). */
export function appKeyRing(app: { config: { jwtSecret: string; dataKeys?: { id: string; secret: string }[] } }): KeyRing {
  let ring = rings.get(app);
  if (!ring) {
    ring = keyRing(app.config.jwtSecret, app.config.dataKeys);
    rings.set(app, ring);
  }
  return ring;
}

/** `table`: whose row the value is bound to (two-factor secrets use the same ring). */
const aad = (rowId: string, table: string) => Buffer.from(`${table}:${rowId}`, 'utf8');

export function seal(ring: KeyRing, rowId: string, details: Record<string, string | null>, table = 'payout_destinations'): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', ring.current.key, iv);
  cipher.setAAD(aad(rowId, table));
  const data = Buffer.concat([cipher.update(JSON.stringify(details), 'utf8'), cipher.final()]);
  return ['v2', ring.current.id, iv.toString('base64'), cipher.getAuthTag().toString('base64'), data.toString('base64')].join(':');
}

function open(key: Buffer, iv: string, tag: string, data: string, rowId: string | null, table: string): Record<string, string | null> {
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
  if (rowId !== null) decipher.setAAD(aad(rowId, table));
  decipher.setAuthTag(Buffer.from(tag, 'base64'));
  const plain = Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString('utf8');
  return JSON.parse(plain) as Record<string, string | null>;
}

export function unseal(ring: KeyRing, rowId: string, sealed: string, table = 'payout_destinations'): Record<string, string | null> {
  const parts = sealed.split(':');
  if (parts[0] === 'v1' && parts.length === 4) return open(ring.legacy, parts[1], parts[2], parts[3], null, table);
  if (parts[0] === 'v2' && parts.length === 5) {
    const key = ring.byId.get(parts[1]);
    if (!key) throw new Error(`Sealed with key "${parts[1]}", which is not in DATA_KEYS`);
    return open(key, parts[2], parts[3], parts[4], rowId, table);
  }
  throw new Error('Unknown sealed format');
}

/** Sealed the old way or with a key other than the current one. */
export function needsReseal(ring: KeyRing, sealed: string): boolean {
  return sealed !== '' && !sealed.startsWith(`v2:${ring.current.id}:`);
}
