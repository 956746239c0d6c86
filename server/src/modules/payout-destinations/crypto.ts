// Sealing the full bank numbers at rest: AES-256-GCM (node:crypto) with a key derived by
// HKDF-SHA256 from the server's secret (JWT_SECRET, or the persisted dev secret). A
// database dump alone does not reveal them; the GCM tag refuses a tampered value.
// Rotating JWT_SECRET makes sealed details unreadable: re-seal them before rotating.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const INFO = 'tessera/payout-destinations/v1';

export function payoutKey(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'tessera-payout-destinations', INFO, 32));
}

export function seal(key: Buffer, details: Record<string, string | null>): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(JSON.stringify(details), 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64'), cipher.getAuthTag().toString('base64'), data.toString('base64')].join(':');
}

export function unseal(key: Buffer, sealed: string): Record<string, string | null> {
  const [version, iv, tag, data] = sealed.split(':');
  if (version !== 'v1' || !iv || !tag || !data) throw new Error('Unknown sealed format');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
  decipher.setAuthTag(Buffer.from(tag, 'base64'));
  const plain = Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString('utf8');
  return JSON.parse(plain) as Record<string, string | null>;
}
