// Exports read from a cursor and streamed: no ceiling on the rows (more than the 100,000 an
// export used to be refused at), the same columns as before, filters checked before the
// first byte; a background export notifies with a signed link; on PostgreSQL a statement
// past its timeout is ended, and a read whose client went away is cancelled on the server.
import { randomUUID } from 'node:crypto';
import { mkdir, readdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { EXPORT_MESSAGES } from 'shared-api/contract';
import errorsPlugin from '../src/plugins/errors';
import { QueryCancelled } from '../src/db/client';
import { exportHousekeeping, sweepInterruptedExports } from '../src/modules/transactions';
import { buildTestApp, call, fund, itOnPostgres, makeInvestor, makeUser, queryRows, type TestApp, type TestUser } from './helper';

let t: TestApp;
let admin: TestUser;
let investor: TestUser;

/**
 * `n` deposits of one new investor, written straight into the ledger with the rules switched
 * off for this one transaction (session_replication_role): the money rules cost ~1 ms a row
 * and the export only reads; the rows hold a consistent balance chain all the same.
 */
async function bulkLedger(n: number): Promise<string> {
  const holder = await makeUser(t.app, 'INVESTOR', { status: 'VERIFIED', email: `bulk-${n}@exports.test` });
  await t.app.db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL session_replication_role = replica`);
    await tx.execute(sql`INSERT INTO ledger_entries (user_id, wallet_seq, type, amount_cents, balance_after_cents, checkout_id, description)
      SELECT ${holder.id}, k, 'DEPOSIT', 100, 100 * k, gen_random_uuid(), 'Bulk deposit ' || k FROM generate_series(1, ${n}) k`);
  });
  return holder.id;
}

const lines = (body: string) => body.split('\r\n').filter((l) => l !== '');

beforeAll(async () => {
  t = await buildTestApp();
  admin = await makeUser(t.app, 'ADMIN');
  investor = await makeInvestor(t, 0);
  await fund(t, investor, 12.5);
  await fund(t, investor, 7.25);
});
afterAll(() => t.close());

describe('streamed CSV', () => {
  it("the own export: every entry, newest first, with the wallet's columns", async () => {
    const res = await call(t.app, { method: 'GET', url: '/v1/transactions/owned/export.csv', as: investor });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="tessera-transactions-\d{4}-\d\d-\d\d\.csv"$/);
    const [header, ...rows] = lines(res.body);
    expect(header).toBe('Date (UTC),Type,Amount (USD),Balance after (USD),Description,Order,Property,Payout,Checkout,Entry,Name');
    expect(rows).toHaveLength(2);
    expect(rows[0].split(',').slice(1, 4)).toEqual(['DEPOSIT', '7.25', '19.75']);
    expect(rows[1].split(',').slice(1, 4)).toEqual(['DEPOSIT', '12.50', '12.50']);
  });

  it('checks the filters before anything is sent', async () => {
    const res = await call(t.app, { method: 'GET', url: '/v1/transactions/export.csv?from=2026-02-02&to=2026-02-01', as: admin });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('from must not be after to');
  });

  it('the admin export holds more rows than the old ceiling of 100,000, each once', async () => {
    await bulkLedger(100_500);
    const [{ n }] = await queryRows<{ n: string | number }>(t.app, sql`SELECT count(*) AS n FROM ledger_entries`);
    expect(Number(n)).toBeGreaterThan(100_000);
    const res = await call(t.app, { method: 'GET', url: '/v1/transactions/export.csv', as: admin });
    expect(res.statusCode).toBe(200);
    const [header, ...rows] = lines(res.body);
    expect(header.startsWith('Date (UTC),User,E-mail,Type,')).toBe(true);
    expect(rows).toHaveLength(Number(n));
    // Newest first, every entry once.
    expect(new Set(rows.map((r) => r.split(',').at(-1))).size).toBe(rows.length);
    expect(rows.at(-1)).toContain(investor.email);
    expect(rows[0]).toContain('Bulk deposit 100500');
  }, 120_000);

  it('a background export writes the file, notifies with a signed link, and the link serves it', async () => {
    const start = await call(t.app, { method: 'POST', url: '/v1/transactions/export-jobs', as: admin, payload: { userId: investor.id } });
    expect(start.statusCode).toBe(202);
    const id = start.json()._id as string;
    let job = start.json();
    for (let i = 0; i < 100 && job.status !== 'DONE' && job.status !== 'FAILED'; i++) {
      await new Promise((r) => setTimeout(r, 50));
      job = (await call(t.app, { method: 'GET', url: `/v1/transactions/export-jobs/${id}`, as: admin })).json();
    }
    expect(job).toMatchObject({ status: 'DONE', rows: 2, error: null });
    const [notice] = await queryRows<{ kind: string; link: string; body: string }>(
      t.app,
      sql`SELECT kind, link, body FROM notifications WHERE user_id = ${admin.id} ORDER BY created_at DESC LIMIT 1`,
    );
    expect(notice.kind).toBe('EXPORT_READY');
    expect(notice.body).toContain('2 entries');
    // The link works without signing in; without its signature it does not.
    const file = await call(t.app, { method: 'GET', url: notice.link });
    expect(file.statusCode).toBe(200);
    expect(lines(file.body)).toHaveLength(3);
    expect(Number(file.headers['content-length'])).toBe(job.size);
    expect((await call(t.app, { method: 'GET', url: notice.link.split('?')[0] })).statusCode).toBe(404);
    expect((await call(t.app, { method: 'GET', url: notice.link.split('?')[0], as: admin })).statusCode).toBe(200);
    expect((await call(t.app, { method: 'GET', url: `/v1/transactions/export-jobs/${id}`, as: investor })).statusCode).toBe(403);
  });

  it('a background export refuses bad filters at once', async () => {
    const res = await call(t.app, {
      method: 'POST',
      url: '/v1/transactions/export-jobs',
      as: admin,
      payload: { from: '2026-02-02', to: '2026-02-01' },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('background exports end', () => {
  const job = async (values: ReturnType<typeof sql>) =>
    (await queryRows<{ id: string }>(t.app, sql`INSERT INTO export_jobs ${values} RETURNING id`))[0].id;
  const statusOf = async (id: string) =>
    (
      await queryRows<{ status: string; storage_key: string | null; error: string | null }>(
        t.app,
        sql`SELECT status, storage_key, error FROM export_jobs WHERE id = ${id}`,
      )
    )[0];

  it('a job whose process died (no heartbeat past the lease) is marked failed and its person told; a live one is left', async () => {
    const person = await makeUser(t.app, 'ADMIN');
    const dead = await job(
      sql`(user_id, kind, status, heartbeat_at) VALUES (${person.id}, 'LEDGER', 'RUNNING', now() - interval '2 minutes')`,
    );
    const neverStarted = await job(
      sql`(user_id, kind, status, created_at) VALUES (${person.id}, 'LEDGER', 'PENDING', now() - interval '5 minutes')`,
    );
    const live = await job(
      sql`(user_id, kind, status, heartbeat_at) VALUES (${person.id}, 'LEDGER', 'RUNNING', now() - interval '5 seconds')`,
    );
    const queued = await job(sql`(user_id, kind, status) VALUES (${person.id}, 'LEDGER', 'PENDING')`);

    expect(await sweepInterruptedExports(t.app)).toBe(2);
    for (const id of [dead, neverStarted]) {
      expect(await statusOf(id)).toEqual({ status: 'FAILED', storage_key: null, error: EXPORT_MESSAGES.interrupted });
    }
    expect((await statusOf(live)).status).toBe('RUNNING');
    expect((await statusOf(queued)).status).toBe('PENDING');
    const notices = await queryRows<{ kind: string; title: string; body: string; data: { exportJobId: string } }>(
      t.app,
      sql`SELECT kind, title, body, data FROM notifications WHERE user_id = ${person.id} ORDER BY created_at`,
    );
    expect(notices.map((n) => n.kind)).toEqual(['EXPORT_FAILED', 'EXPORT_FAILED']);
    expect(notices[0]).toMatchObject({ title: EXPORT_MESSAGES.failedTitle, body: EXPORT_MESSAGES.interrupted });
    expect(new Set(notices.map((n) => n.data.exportJobId))).toEqual(new Set([dead, neverStarted]));
    const seen = (await call(t.app, { method: 'GET', url: `/v1/transactions/export-jobs/${dead}`, as: person })).json();
    expect(seen).toMatchObject({ status: 'FAILED', error: EXPORT_MESSAGES.interrupted, downloadUrl: null });
    // Swept once: a second sweep finds nothing, and tells nobody twice.
    expect(await sweepInterruptedExports(t.app)).toBe(0);
  });

  it('a finished file is removed once its download window is over (the job says EXPIRED); a fresh one stays', async () => {
    const person = await makeUser(t.app, 'ADMIN');
    const stored = async (name: string) => {
      const key = `${randomUUID()}.csv`;
      const file = path.join(t.app.config.dataDir, name);
      await writeFile(file, 'Date (UTC)\r\n');
      await t.app.storage.putFile(key, file, 'text/csv; charset=utf-8');
      return key;
    };
    const ttl = t.app.config.linkTtlMinutes;
    const oldKey = await stored('old.csv');
    const freshKey = await stored('fresh.csv');
    const old = await job(sql`(user_id, kind, status, storage_key, row_count, size_bytes, finished_at)
      VALUES (${person.id}, 'LEDGER', 'DONE', ${oldKey}, 0, 12, now() - ${`${ttl + 1} minutes`}::interval)`);
    const fresh = await job(sql`(user_id, kind, status, storage_key, row_count, size_bytes, finished_at)
      VALUES (${person.id}, 'LEDGER', 'DONE', ${freshKey}, 0, 12, now() - ${`${ttl - 1} minutes`}::interval)`);
    // A temporary file a dead process left behind (hours old), and one being written now.
    const tmp = path.join(t.app.config.dataDir, 'exports-tmp');
    await mkdir(tmp, { recursive: true });
    await writeFile(path.join(tmp, 'left-behind.csv'), 'x');
    await utimes(path.join(tmp, 'left-behind.csv'), new Date(Date.now() - 2 * 3_600_000), new Date(Date.now() - 2 * 3_600_000));
    await writeFile(path.join(tmp, 'being-written.csv'), 'x');

    expect(await exportHousekeeping.run(t.app)).toBe(1);
    expect(await t.app.storage.exists(oldKey)).toBe(false);
    expect(await t.app.storage.exists(freshKey)).toBe(true);
    expect(await statusOf(old)).toMatchObject({ status: 'EXPIRED', storage_key: null });
    expect((await statusOf(fresh)).status).toBe('DONE');
    expect((await readdir(tmp)).sort()).toEqual(['being-written.csv']);
    const seen = (await call(t.app, { method: 'GET', url: `/v1/transactions/export-jobs/${old}`, as: person })).json();
    expect(seen).toMatchObject({ status: 'EXPIRED', downloadUrl: null });
    expect((await call(t.app, { method: 'GET', url: `/v1/transactions/export-jobs/${old}/file`, as: person })).statusCode).toBe(404);
    expect((await call(t.app, { method: 'GET', url: `/v1/transactions/export-jobs/${fresh}/file`, as: person })).statusCode).toBe(200);
    expect(await exportHousekeeping.run(t.app)).toBe(0);
  });
});

describe('a cursor read', () => {
  it('comes in batches and stops when its signal aborts between them', async () => {
    const gone = new AbortController();
    const seen: number[] = [];
    const read = async () => {
      for await (const rows of t.app.database.cursor('SELECT g FROM generate_series(1, 10) g', [], { batchSize: 4, signal: gone.signal })) {
        seen.push(rows.length);
        gone.abort();
      }
    };
    await expect(read()).rejects.toBeInstanceOf(QueryCancelled);
    expect(seen).toEqual([4]);
  });
});

it('a request whose statement was ended by the timeout is told so (503), not a bare 500', async () => {
  const app = Fastify({ logger: false });
  await app.register(errorsPlugin);
  // What Drizzle throws when PostgreSQL ends a statement (the driver's error as its cause).
  app.get('/slow', async () => {
    throw Object.assign(new Error('Failed query'), {
      cause: Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' }),
    });
  });
  const res = await app.inject({ method: 'GET', url: '/slow' });
  expect(res.statusCode).toBe(503);
  expect(res.headers['retry-after']).toBe('5');
  expect(res.json().message).toBe('The request took too long and was stopped. Try again, or ask for less.');
  await app.close();
});

describe('on PostgreSQL', () => {
  itOnPostgres('a statement past DATABASE_STATEMENT_TIMEOUT_MS is ended with 57014', async () => {
    const short = await buildTestApp({ databaseStatementTimeoutMs: 300 });
    try {
      await expect(short.app.db.execute(sql`SELECT pg_sleep(5)`)).rejects.toMatchObject({
        cause: expect.objectContaining({ code: '57014' }),
      });
    } finally {
      await short.close();
    }
  });

  itOnPostgres('a read whose client went away is cancelled on the server', async () => {
    const gone = new AbortController();
    const marker = `cancel-me-${Date.now()}`;
    const read = (async () => {
      for await (const rows of t.app.database.cursor(`SELECT pg_sleep(30), '${marker}' AS m`, [], { signal: gone.signal })) void rows;
    })();
    // Wait until the server runs it, then leave.
    const running = () =>
      queryRows<{ n: string | number }>(
        t.app,
        sql`SELECT count(*) AS n FROM pg_stat_activity WHERE query LIKE ${`%${marker}%`} AND state = 'active' AND pid <> pg_backend_pid()`,
      );
    for (let i = 0; i < 100 && Number((await running())[0].n) === 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(Number((await running())[0].n)).toBe(1);
    gone.abort();
    await expect(read).rejects.toBeInstanceOf(QueryCancelled);
    // Its backend goes as the broken session is closed: well before the 30 s it asked for.
    for (let i = 0; i < 100 && Number((await running())[0].n) > 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(Number((await running())[0].n)).toBe(0);
  });
});
