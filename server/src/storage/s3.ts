// Uploaded files in an S3-compatible bucket (AWS S3, MinIO, Ceph, R2…), for several API
// hosts sharing one store: the AWS SDK v3 client, and its presigner for short-lived
// download links straight to the bucket. Keys are the server's own (storage.ts checks them).
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type { S3Config } from '../config';
import { checkKey, type Storage } from './storage';

const missing = (err: unknown) =>
  err instanceof NoSuchKey ||
  err instanceof NotFound ||
  (err instanceof S3ServiceException && (err.$metadata.httpStatusCode === 404 || err.name === 'NoSuchKey' || err.name === 'NotFound'));

export function createS3Storage(config: S3Config, client?: S3Client): Storage {
  const s3 =
    client ??
    new S3Client({
      region: config.region,
      endpoint: config.endpoint ?? undefined,
      forcePathStyle: config.forcePathStyle,
      // Checksums only where the API requires them: by default the SDK (since 3.729) sends a
      // streamed body as aws-chunked with a trailing checksum, which several S3-compatible
      // services (s3rver, older MinIO and Ceph) store verbatim, chunk headers and all.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      credentials:
        config.accessKeyId && config.secretAccessKey
          ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
          : undefined,
    });
  const Bucket = config.bucket;
  return {
    async put(key, data, contentType) {
      await s3.send(new PutObjectCommand({ Bucket, Key: checkKey(key), Body: data, ContentType: contentType }));
    },
    async putFile(key, file, contentType) {
      // A single PUT takes up to 5 GB; the length is known, so the file is streamed.
      const { size } = await stat(file);
      await s3.send(
        new PutObjectCommand({ Bucket, Key: checkKey(key), Body: createReadStream(file), ContentLength: size, ContentType: contentType }),
      );
    },
    async get(key) {
      try {
        const out = await s3.send(new GetObjectCommand({ Bucket, Key: checkKey(key) }));
        if (!out.Body) return null;
        return { stream: out.Body as Readable, size: Number(out.ContentLength ?? 0) };
      } catch (err) {
        if (missing(err)) return null;
        throw err;
      }
    },
    async delete(key) {
      await s3.send(new DeleteObjectCommand({ Bucket, Key: checkKey(key) }));
    },
    async exists(key) {
      try {
        await s3.send(new HeadObjectCommand({ Bucket, Key: checkKey(key) }));
        return true;
      } catch (err) {
        if (missing(err)) return false;
        throw err;
      }
    },
    signedUrl: config.presignDownloads
      ? (key, { ttlSeconds, contentType, disposition }) =>
          getSignedUrl(
            s3,
            new GetObjectCommand({
              Bucket,
              Key: checkKey(key),
              ResponseContentType: contentType,
              ResponseContentDisposition: disposition,
              ResponseCacheControl: 'private, max-age=300',
            }),
            { expiresIn: ttlSeconds },
          )
      : undefined,
    close: async () => s3.destroy(),
  };
}
