// Multipart uploads: limits from spec 5 and 9 (5 MB a file, at most 5), every file
// checked by its content, its declared type and its size before anything is stored.
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  MESSAGES,
  UPLOAD_MAX_BYTES,
  UPLOAD_MAX_FILES,
  UPLOAD_MAX_MB,
  allowedMimeTypes,
  fileTypeMessage,
  type FileKind,
} from 'shared-api/contract';
import { detectFileType, displayName, type DetectedType } from '../lib/file-type';
import { badRequest, HttpError } from '../lib/http-error';

export interface Upload {
  buffer: Buffer;
  type: DetectedType;
  name: string;
  size: number;
}

export interface UploadRules {
  /** Form field carrying the files: `files` (repeatable) or `file`. */
  field: 'files' | 'file';
  kind: FileKind;
  maxFiles: number;
}

const tooMany = (n: number) => badRequest(MESSAGES.tooManyFiles(n));

/**
 * How a service reads a call's uploads, under rules it chooses, when it is ready to (after its
 * own checks, so a refused call reads nothing). A route passes `uploadsOf(request)`; a test
 * can pass its own files.
 */
export type ReadUploads = (rules: UploadRules) => Promise<Upload[]>;

export function uploadsOf(request: FastifyRequest): ReadUploads {
  return (rules) => readUploads(request, rules);
}

/** Reads and checks every file of a multipart request. Nothing is stored here. */
export async function readUploads(request: FastifyRequest, rules: UploadRules): Promise<Upload[]> {
  if (!request.isMultipart()) throw new HttpError(415, 'The upload must be multipart/form-data');
  try {
    return await readParts(request, rules);
  } catch (err) {
    // Our refusals and @fastify/multipart's limits (FST_*) have their answers; anything
    // else is busboy failing on a malformed body (no boundary, truncated, garbage).
    if (
      err instanceof HttpError ||
      (typeof (err as { code?: unknown }).code === 'string' && String((err as { code: string }).code).startsWith('FST_'))
    )
      throw err;
    throw badRequest('Invalid upload: the form data could not be read');
  }
}

async function readParts(request: FastifyRequest, rules: UploadRules): Promise<Upload[]> {
  const allowed = allowedMimeTypes(rules.kind);
  const uploads: Upload[] = [];
  const parts = request.parts({ limits: { files: rules.maxFiles + 1 } });
  for await (const part of parts) {
    if (part.type !== 'file') {
      throw badRequest(`${part.fieldname} is not allowed`);
    }
    if (part.fieldname !== rules.field) {
      part.file.resume();
      throw badRequest(`Files go in the "${rules.field}" field`);
    }
    if (uploads.length >= rules.maxFiles) {
      part.file.resume();
      throw tooMany(rules.maxFiles);
    }
    const buffer = await part.toBuffer();
    if (buffer.length > UPLOAD_MAX_BYTES) throw new HttpError(413, MESSAGES.fileTooLarge(UPLOAD_MAX_MB));
    if (buffer.length === 0) throw badRequest('The file is empty');
    const detected = detectFileType(buffer);
    const declared = (part.mimetype || '').toLowerCase();
    const declaredOk = declared === detected || (declared === 'image/jpg' && detected === 'image/jpeg');
    if (!detected || !allowed.includes(detected) || !declaredOk) throw badRequest(fileTypeMessage(rules.kind));
    uploads.push({ buffer, type: detected, name: displayName(part.filename, `file.${detected.split('/')[1]}`), size: buffer.length });
  }
  if (uploads.length === 0) throw badRequest(rules.field === 'file' ? 'Please choose a file' : 'Please choose at least one file');
  return uploads;
}

async function uploadsPlugin(app: FastifyInstance): Promise<void> {
  await app.register(multipart, {
    limits: {
      fileSize: UPLOAD_MAX_BYTES,
      files: UPLOAD_MAX_FILES + 1,
      fields: 10,
      fieldSize: 1024,
      parts: UPLOAD_MAX_FILES + 11,
      headerPairs: 200,
    },
  });
}

export default fp(uploadsPlugin, { name: 'uploads' });
