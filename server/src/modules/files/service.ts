// Stored files: images re-encoded (WebP plus responsive widths, metadata stripped),
// documents kept as sent; server-generated names; signed links for private files.
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { fileTypeMessage, type FileRef, type ImageRef } from 'shared-api/contract';
import type { Executor } from '../../db/client';
import { files, type FileKind, type FileRow, type FileVariant } from '../../db/schema';
import { EXTENSIONS, nameForType } from '../../lib/file-type';
import { badRequest } from '../../lib/http-error';
import type { Upload } from '../../plugins/uploads';

export const IMAGE_WIDTHS = [480, 960, 1600] as const;
// Decompression bombs: a 5 MB file may not expand beyond this many pixels.
const MAX_INPUT_PIXELS = 40_000_000;

interface Prepared {
  id: string;
  kind: FileKind;
  objects: { key: string; data: Buffer }[];
  row: Omit<typeof files.$inferInsert, 'userId' | 'propertyId'>;
}

async function prepareImage(upload: Upload, kind: FileKind): Promise<Prepared> {
  const id = randomUUID();
  const decode = () => sharp(upload.buffer, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).autoOrient();
  try {
    if (kind === 'AVATAR') {
      const { data, info } = await decode().resize(512, 512, { fit: 'cover' }).webp({ quality: 82 }).toBuffer({ resolveWithObject: true });
      const key = `${id}.webp`;
      return {
        id,
        kind,
        objects: [{ key, data }],
        row: {
          id,
          kind,
          storageKey: key,
          originalName: nameForType(upload.name, 'image/webp'),
          mimeType: 'image/webp',
          size: data.length,
          width: info.width,
          height: info.height,
          variants: [],
        },
      };
    }
    if (kind === 'PROPERTY_IMAGE') {
      const meta = await decode().metadata();
      const sourceWidth = meta.autoOrient?.width ?? meta.width ?? IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1];
      const widths = IMAGE_WIDTHS.filter((w) => w < sourceWidth);
      const mainWidth = Math.min(sourceWidth, IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]);
      const main = await decode()
        .resize({ width: mainWidth, withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer({ resolveWithObject: true });
      const key = `${id}.webp`;
      const objects = [{ key, data: main.data }];
      const variants: FileVariant[] = [];
      for (const w of widths) {
        if (w >= main.info.width) continue;
        const v = await decode().resize({ width: w }).webp({ quality: 78 }).toBuffer();
        const vkey = `${id}-${w}.webp`;
        objects.push({ key: vkey, data: v });
        variants.push({ key: vkey, width: w });
      }
      variants.push({ key, width: main.info.width });
      return {
        id,
        kind,
        objects,
        row: {
          id,
          kind,
          storageKey: key,
          originalName: nameForType(upload.name, 'image/webp'),
          mimeType: 'image/webp',
          size: main.data.length,
          width: main.info.width,
          height: main.info.height,
          variants,
        },
      };
    }
    // Identity documents stay as sent (evidence), once they decode as the image they claim to be.
    const meta = await decode().metadata();
    const key = `${id}.${EXTENSIONS[upload.type]}`;
    return {
      id,
      kind,
      objects: [{ key, data: upload.buffer }],
      row: {
        id,
        kind,
        storageKey: key,
        originalName: nameForType(upload.name, upload.type),
        mimeType: upload.type,
        size: upload.size,
        width: meta.width ?? null,
        height: meta.height ?? null,
        variants: [],
      },
    };
  } catch {
    throw badRequest(fileTypeMessage('images'));
  }
}

async function prepare(upload: Upload, kind: FileKind): Promise<Prepared> {
  if (upload.type !== 'application/pdf') return prepareImage(upload, kind);
  const id = randomUUID();
  const key = `${id}.pdf`;
  return {
    id,
    kind,
    objects: [{ key, data: upload.buffer }],
    row: {
      id,
      kind,
      storageKey: key,
      originalName: nameForType(upload.name, upload.type),
      mimeType: upload.type,
      size: upload.size,
      variants: [],
    },
  };
}

/**
 * Stores the uploads, then runs `record` (which inserts the rows, in a transaction).
 * If recording fails the stored objects are removed again.
 */
export async function storeUploads<T>(
  app: FastifyInstance,
  uploads: Upload[],
  kind: FileKind,
  record: (rows: Omit<typeof files.$inferInsert, 'userId' | 'propertyId'>[]) => Promise<T>,
): Promise<T> {
  const prepared: Prepared[] = [];
  for (const u of uploads) prepared.push(await prepare(u, kind));
  const keys = prepared.flatMap((p) => p.objects.map((o) => o.key));
  try {
    for (const p of prepared) for (const o of p.objects) await app.storage.put(o.key, o.data);
    return await record(prepared.map((p) => p.row));
  } catch (err) {
    await removeObjects(app, keys);
    throw err;
  }
}

export function objectKeys(row: Pick<FileRow, 'storageKey' | 'variants'>): string[] {
  return [...new Set([row.storageKey, ...row.variants.map((v) => v.key)])];
}

export async function removeObjects(app: FastifyInstance, keys: string[]): Promise<void> {
  for (const k of keys) {
    await app.storage.delete(k).catch((err: unknown) => app.log.warn({ err, key: k }, 'could not delete a stored file'));
  }
}

export async function insertFiles(db: Executor, rows: (typeof files.$inferInsert)[]): Promise<FileRow[]> {
  if (rows.length === 0) return [];
  return db.insert(files).values(rows).returning();
}

// ---- Links ----

const LINK_WINDOW_S = 3600;

export class FileLinks {
  private readonly key: Buffer;
  constructor(
    secret: string,
    private readonly ttlMinutes: number,
  ) {
    this.key = createHmac('sha256', secret).update('tessera-download-links').digest();
  }

  private sign(storageKey: string, exp: number): string {
    return createHmac('sha256', this.key).update(`${storageKey}:${exp}`).digest('base64url').slice(0, 32);
  }

  /** `/download/<key>`, with an expiring signature when the file is not public. */
  url(storageKey: string, signed: boolean): string {
    const base = `/download/${storageKey}`;
    if (!signed) return base;
    // Rounded to the hour so a page keeps the same links (and the browser cache) for a while.
    const exp = Math.ceil(Date.now() / 1000 / LINK_WINDOW_S) * LINK_WINDOW_S + this.ttlMinutes * 60;
    return `${base}?exp=${exp}&sig=${this.sign(storageKey, exp)}`;
  }

  verify(storageKey: string, exp: unknown, sig: unknown): boolean {
    if (typeof exp !== 'string' || typeof sig !== 'string' || !/^\d{1,12}$/.test(exp)) return false;
    if (Number(exp) < Date.now() / 1000) return false;
    const expected = Buffer.from(this.sign(storageKey, Number(exp)));
    const given = Buffer.from(sig);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }
}

export function toImageRef(links: FileLinks, f: FileRow, signed: boolean): ImageRef {
  const ref: ImageRef = { _id: f.id, url: links.url(f.storageKey, signed) };
  if (f.variants.length > 1) ref.srcset = f.variants.map((v) => `${links.url(v.key, signed)} ${v.width}w`).join(', ');
  if (f.width) ref.width = f.width;
  if (f.height) ref.height = f.height;
  return ref;
}

export function toFileRef(links: FileLinks, f: FileRow, signed: boolean): FileRef {
  return { _id: f.id, url: links.url(f.storageKey, signed), name: f.originalName, mimeType: f.mimeType, size: f.size };
}
