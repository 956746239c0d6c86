// Where uploaded files live. The server names every object itself; a local folder by
// default, an S3-compatible bucket (s3.ts) when S3_BUCKET is set.
import { createReadStream } from 'node:fs';
import { chmod, copyFile, mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

export interface StoredObject {
  stream: Readable;
  size: number;
}

export interface SignedUrlOptions {
  ttlSeconds: number;
  contentType: string;
  /** Content-Disposition the store answers with (inline/attachment and the file's name). */
  disposition: string;
}

export interface Storage {
  put(key: string, data: Buffer, contentType?: string): Promise<void>;
  /** Stores a file of this machine (a large one: it is not read into memory). */
  putFile(key: string, file: string, contentType?: string): Promise<void>;
  get(key: string): Promise<StoredObject | null>;
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** A short-lived link straight to the store, when it serves files itself (S3); else absent. */
  signedUrl?(key: string, options: SignedUrlOptions): Promise<string>;
  close?(): Promise<void>;
}

/** Keys are server-generated: a uuid, an optional width, an extension. Nothing else is accepted. */
export const STORAGE_KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?:-\d{2,4})?\.(?:webp|jpg|png|avif|pdf|csv)$/;

export function checkKey(key: string): string {
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
    async putFile(key, source) {
      await mkdir(dir, { recursive: true });
      const target = file(key);
      const tmp = `${target}.${process.pid}.${Date.now()}.tmp`;
      await copyFile(source, tmp);
      await chmod(tmp, 0o600);
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
