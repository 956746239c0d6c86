// argon2id at OWASP's minimum parameters (19 MiB, 2 passes, 1 lane).
import { hash, verify, type Algorithm } from '@node-rs/argon2';

const OPTIONS = { algorithm: 2 as Algorithm /* Argon2id */, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | null = null;
/** Spends the same time as a real check when there is no account, so timing reveals nothing. */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummy ??= hashPassword('tessera-no-such-account');
  await verifyPassword(await dummy, password);
}
