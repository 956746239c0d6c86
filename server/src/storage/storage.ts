// Where uploaded files live. The server names every object itself; a local folder
// by default, an object store later through the same interface.
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

export interface StoredObject {
  stream: Readable;
  size: number;
}

export interface Storage {
  put(key: string, data: Buffer): Promise<void>;
  get(key: string): Promise<StoredObject | null>;
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}

/** Keys are server-generated: a uuid, an optional width, an extension. Nothing else is accepted. */
export const STORAGE_KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?:-\d{2,4})?\.(?:webp|jpg|png|avif|pdf)$/;

function checkKey(key: string): string {
  if (!STORAGE_KEY.test(key)) throw new Error(`Invalid storage key ${JSON.stringify(key)}`);
  return key;
}

export function createLocalStorage(dir: string): Storage {
  const file = (key: string) => path.join(dir, checkKey(key));
  return {
    async put(key, data) {
      await mkdir(dir, { recursive: true });
      const target = file(key);
      const tmp = `${target}.${process.pid}.${Date.now()}.tmp`;
      await writeFile(tmp, data, { mode: 0o600 });
      await rename(tmp, target);
    },
    async get(key) {
      try {
        const s = await stat(file(key));
        return { stream: createReadStream(file(key)), size: s.size };
      } catch {
        return null;
      }
    },
    async delete(key) {
      await rm(file(key), { force: true });
    },
    async exists(key) {
      try {
        return (await stat(file(key))).isFile();
      } catch {
        return false;
      }
    },
  };
}
