// The S3-compatible storage backend against a real S3 API: s3rver, started here on a free
// port with a bucket in a temporary folder. The same calls the local folder answers, then
// the app on that bucket: an upload lands in the bucket, a public image is served through
// the API, and a private document is answered with a presigned link to the bucket.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { loadConfig, type ConfigError, type S3Config } from '../src/config';
import { createS3Storage } from '../src/storage/s3';
import type { Storage } from '../src/storage/storage';
import { buildTestApp, call, makeUser, multipart, pngImage, type TestApp } from './helper';

const BUCKET = 'tessera-test';
let server: S3rver;
let dir: string;
let s3: S3Config;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'tessera-s3-'));
  server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir, configureBuckets: [{ name: BUCKET, configs: [] }] });
  const address = await server.run();
  s3 = {
    bucket: BUCKET,
    endpoint: `http://127.0.0.1:${address.port}`,
    region: 'us-east-1',
    forcePathStyle: true,
    // s3rver's fixed development credentials.
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    presignDownloads: true,
  };
});
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

const KEY = '0b5e9c1e-4a7f-4a53-9f1e-5c2d8a3b7e10.pdf';
const body = async (stream: NodeJS.ReadableStream) => {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.from(c as Buffer));
  return Buffer.concat(chunks);
};

describe('the storage calls', () => {
  let storage: Storage;
  beforeAll(() => {
    storage = createS3Storage(s3);
  });
  afterAll(() => storage.close?.());

  it('puts, reads back, tells existence, deletes; a missing object is null, not an error', async () => {
    const data = Buffer.from('%PDF-1.4 hello');
    expect(await storage.exists(KEY)).toBe(false);
    expect(await storage.get(KEY)).toBeNull();
    await storage.put(KEY, data, 'application/pdf');
    expect(await storage.exists(KEY)).toBe(true);
    const got = await storage.get(KEY);
    expect(got?.size).toBe(data.length);
    expect((await body(got!.stream)).equals(data)).toBe(true);
    await storage.delete(KEY);
    expect(await storage.exists(KEY)).toBe(false);
  });

  it('refuses a key the server would not have made', async () => {
    await expect(storage.put('../etc/passwd', Buffer.from('x'))).rejects.toThrow(/Invalid storage key/);
  });

  // (s3rver does not check signatures; a real store does, which is its business, not ours.)
  it('signs a link that reads the object with the type and name asked for', async () => {
    await storage.put(KEY, Buffer.from('%PDF-1.4 signed'), 'application/pdf');
    const url = await storage.signedUrl!(KEY, {
      ttlSeconds: 60,
      contentType: 'application/pdf',
      disposition: 'attachment; filename="a.pdf"',
    });
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="a.pdf"');
    expect(await res.text()).toBe('%PDF-1.4 signed');
    expect(url).toMatch(/X-Amz-Expires=60&/);
    expect(url).toMatch(/X-Amz-Signature=[0-9a-f]{64}/);
  });
});

describe('the app on a bucket', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ s3 });
  });
  afterAll(() => t.close());

  it('stores an identity document in the bucket and answers its owner with a presigned link; others get 404', async () => {
    const investor = await makeUser(t.app, 'INVESTOR');
    const other = await makeUser(t.app, 'INVESTOR');
    const admin = await makeUser(t.app, 'ADMIN');
    const png = await pngImage();
    const up = multipart([{ field: 'file', filename: 'id.png', contentType: 'image/png', data: png }]);
    const me = await call(t.app, { method: 'PATCH', url: '/v1/users/kyc', as: investor, ...up });
    expect(me.statusCode).toBe(200);
    const detail = await call(t.app, { method: 'GET', url: `/v1/users/${investor.id}`, as: admin });
    const url = (detail.json().kycDocuments[0].url as string).split('?')[0];
    const key = url.split('/').pop()!;
    // In the bucket, not in the local folder.
    expect(await t.app.storage.exists(key)).toBe(true);

    const res = await call(t.app, { method: 'GET', url, as: investor });
    expect(res.statusCode).toBe(302);
    const location = res.headers.location as string;
    expect(location.startsWith(`${s3.endpoint}/${BUCKET}/${key}?`)).toBe(true);
    expect(location).toContain('X-Amz-Expires=300');
    const file = await fetch(location);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(png)).toBe(true);

    expect((await call(t.app, { method: 'GET', url, as: other })).statusCode).toBe(404);
  });

  it('keeps a background export in the bucket (streamed from its file) and serves it by its link', async () => {
    const admin = await makeUser(t.app, 'ADMIN');
    const start = await call(t.app, { method: 'POST', url: '/v1/transactions/export-jobs', as: admin, payload: {} });
    expect(start.statusCode).toBe(202);
    await t.app.background.idle();
    const job = (await call(t.app, { method: 'GET', url: `/v1/transactions/export-jobs/${start.json()._id}`, as: admin })).json();
    expect(job.status).toBe('DONE');
    const file = await call(t.app, { method: 'GET', url: job.downloadUrl as string });
    expect(file.statusCode).toBe(200);
    expect(file.body.slice(0, 40)).toBe('Date (UTC),User,E-mail,Type,Amount (USD)');
    expect(file.rawPayload.length).toBe(job.size);
  });

  it('serves a public avatar through the API itself, cacheable', async () => {
    const investor = await makeUser(t.app, 'INVESTOR');
    const up = multipart([{ field: 'file', filename: 'me.png', contentType: 'image/png', data: await pngImage() }]);
    const me = await call(t.app, { method: 'PATCH', url: '/v1/users/me/profile-image', as: investor, ...up });
    expect(me.statusCode).toBe(200);
    const res = await call(t.app, { method: 'GET', url: me.json().avatar.url as string });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.rawPayload.subarray(0, 4).toString()).toBe('RIFF');
  });
});

describe('configuration', () => {
  const env = (more: Record<string, string>) => ({ DATA_DIR: dir, JWT_SECRET: 'x'.repeat(32), ...more });

  it('keeps the local folder unless S3_BUCKET is set', () => {
    expect(loadConfig(env({})).s3).toBeNull();
    expect(loadConfig(env({ S3_BUCKET: 'files', S3_ENDPOINT: 'http://127.0.0.1:9000' })).s3).toEqual({
      bucket: 'files',
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      forcePathStyle: true,
      accessKeyId: null,
      secretAccessKey: null,
      presignDownloads: true,
    });
    expect(loadConfig(env({ S3_BUCKET: 'files' })).s3?.forcePathStyle).toBe(false);
  });

  it('refuses a bad bucket name, half a key pair, an endpoint that is not a URL', () => {
    const problems = (more: Record<string, string>) => {
      try {
        loadConfig(env(more));
        return [];
      } catch (err) {
        return (err as ConfigError).problems;
      }
    };
    expect(problems({ S3_BUCKET: 'Bad_Bucket' })).toEqual([expect.stringMatching(/^S3_BUCKET must be a bucket name/)]);
    expect(problems({ S3_BUCKET: 'files', S3_ACCESS_KEY_ID: 'AKIA' })).toEqual(['S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together']);
    expect(problems({ S3_BUCKET: 'files', S3_ENDPOINT: 'not a url' })).toEqual(['S3_ENDPOINT must be a URL']);
  });
});
