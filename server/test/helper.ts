// Builds the real app on a real database for a test file: PGlite in memory by default,
// the PostgreSQL of DATABASE_URL (in a schema of its own, dropped afterwards) when set.
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { eq, sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import sharp from 'sharp';
import type { AdminRole, Role, UserStatus } from 'shared-api/contract';
import { buildApp } from '../src/app';
import { defaultPublicOrigins, type Config } from '../src/config';
import { files, users } from '../src/db/schema';
import { hashPassword } from '../src/modules/auth/passwords';
import { sandboxToken } from '../src/modules/payments/sandbox';
import { ensurePgliteTemplate } from './pglite-template';

export const onPostgres = Boolean(process.env.DATABASE_URL);
/** A test that only means something on PostgreSQL (real concurrency, several instances):
 *  jest reports it as skipped on PGlite instead of letting it pass without checking anything. */
export const itOnPostgres: jest.It = onPostgres ? it : it.skip;

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  close(): Promise<void>;
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tessera-test-'));
  return {
    port: 0,
    host: '127.0.0.1',
    databaseUrl: process.env.DATABASE_URL || null,
    databaseSchema: onPostgres ? `test_${randomBytes(6).toString('hex')}` : null,
    dataDir,
    pgliteDir: 'memory://',
    uploadDir: path.join(dataDir, 'uploads'),
    jwtSecret: randomBytes(32).toString('hex'),
    tokenTtlMinutes: 60,
    // Suites that sign in once and act for minutes on a busy machine must not meet the
    // step-up; test/two-factor.test.ts sets the real window.
    stepUpSeconds: 3600,
    // Suites make admins straight in the database; test/admin-enrol.test.ts turns the rule on.
    adminTwoFactorRequired: false,
    sessionMaxHours: 12,
    linkTtlMinutes: 60,
    redisUrl: null,
    redisPrefix: `tessera-test-${randomBytes(4).toString('hex')}:`,
    adminEmail: 'admin@tessera.local',
    adminPassword: null,
    smtpUrl: null,
    mailFrom: 'Tessera <no-reply@tessera.test>',
    publicUrl: 'http://localhost:8080',
    publicOrigins: defaultPublicOrigins('http://localhost:8080'),
    webRoot: null,
    seed: false,
    logLevel: 'silent',
    rateLimit: false,
    housekeeping: false,
    trustProxy: false,
    corsOrigins: [],
    paymentsProvider: 'sandbox',
    checkoutTtlMinutes: 60,
    databasePoolSize: 20,
    managementFeeBps: 800,
    appraisalMaxChangePct: 25,
    distributionsJob: false,
    // Tests run the dispatcher themselves (dispatchDueMail) unless they switch it on.
    mailDispatcher: false,
    // Suites make one admin and expect effects at once; test/approvals.test.ts turns four eyes on.
    fourEyes: { actions: [], payoutThresholdCents: 1_000_000, appraisalMovePct: 10, allAppraisals: false },
    marketFeeBps: 100,
    marketPriceBandPct: 20,
    marketJob: false,
    // test/proposals-job.test.ts turns it on.
    proposalsJob: false,
    ...overrides,
  };
}

/** The migrated PGlite archive apps start from (global-setup.cjs made it; else made here, once). */
let templateFile: Promise<string> | null = null;
function pgliteTemplate(): Promise<string> {
  const made = process.env.TESSERA_PGLITE_TEMPLATE;
  templateFile ??= made && existsSync(made) ? Promise.resolve(made) : ensurePgliteTemplate();
  return templateFile;
}

export async function buildTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const template = onPostgres || overrides.pgliteDir ? null : await pgliteTemplate();
  const config = testConfig({ pgliteTemplate: template, ...overrides });
  const app = await buildApp(config, { logger: false });
  return {
    app,
    config,
    async close() {
      const unaudited = [...app.unauditedAdminChanges];
      await app.close();
      if (config.databaseUrl && config.databaseSchema) {
        const client = new pg.Client({ connectionString: config.databaseUrl });
        await client.connect();
        await client.query(`DROP SCHEMA IF EXISTS ${config.databaseSchema} CASCADE`);
        await client.end();
      }
      rmSync(config.dataDir, { recursive: true, force: true });
      // Every suite doubles as the audit-completeness check of the admin changes it makes.
      if (unaudited.length > 0) throw new Error(`admin changes answered without an audit row: ${[...new Set(unaudited)].join(', ')}`);
    },
  };
}

// ---- People ----

export interface TestUser {
  id: string;
  email: string;
  password: string;
  role: Role;
  token: string;
  headers: { authorization: string };
}

let counter = 0;
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}${counter}.${randomBytes(3).toString('hex')}@example.com`;
}

export const PASSWORD = 'Secret123!';
let passwordHash: Promise<string> | null = null;

/** A user straight in the database (verified e-mail), signed in through the API. */
export async function makeUser(
  app: FastifyInstance,
  role: Role,
  opts: {
    status?: UserStatus;
    subscribed?: boolean;
    emailVerified?: boolean;
    firstName?: string;
    email?: string;
    /** Admins only; SUPER_ADMIN unless a suite tests a narrower role. */
    adminRole?: AdminRole;
  } = {},
): Promise<TestUser> {
  passwordHash ??= hashPassword(PASSWORD);
  const email = opts.email ?? uniqueEmail(role.toLowerCase());
  const [row] = await app.db
    .insert(users)
    .values({
      email,
      passwordHash: await passwordHash,
      firstName: opts.firstName ?? role.charAt(0) + role.slice(1).toLowerCase(),
      lastName: 'Test',
      role,
      adminRole: role === 'ADMIN' ? (opts.adminRole ?? 'SUPER_ADMIN') : null,
      status: opts.status ?? (role === 'ADMIN' ? 'VERIFIED' : 'PENDING'),
      emailVerified: opts.emailVerified ?? true,
      isSubscribed: opts.subscribed ?? false,
    })
    .returning({ id: users.id });
  const token = opts.emailVerified === false ? '' : await login(app, email, PASSWORD);
  return { id: row.id, email, password: PASSWORD, role, token, headers: { authorization: `Bearer ${token}` } };
}

export async function login(app: FastifyInstance, email: string, password: string): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/v1/auth/signin', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return res.json<{ accessToken: string }>().accessToken;
}

// ---- Requests ----

export async function call(app: FastifyInstance, opts: InjectOptions & { as?: TestUser | null }): Promise<LightMyRequestResponse> {
  const { as, ...rest } = opts;
  return app.inject({ ...rest, headers: { ...(rest.headers ?? {}), ...(as ? as.headers : {}) } });
}

export interface FilePart {
  field: string;
  filename: string;
  contentType: string;
  data: Buffer;
}

/** A multipart/form-data body, built by hand so tests control every byte. */
export function multipart(parts: FilePart[], fields: Record<string, string> = {}): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----tessera${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const p of parts) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${p.field}"; filename="${p.filename}"\r\nContent-Type: ${p.contentType}\r\n\r\n`,
      ),
    );
    chunks.push(p.data, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export async function pngImage(width = 64, height = 48, color = '#3366cc'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
}

export async function jpegImage(width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#cc6633' } })
    .jpeg()
    .toBuffer();
}

export const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

// ---- Listings ----

export const LISTING = {
  name: 'Test Residences',
  address: '1 Main St, Springfield',
  state: 'IL',
  description: 'A test listing',
  totalQuantity: 100,
  unitPrice: 50.5,
  roiInFiveYears: 40,
};

/** An owner's listing through the API, optionally approved by an admin. */
export async function makeProperty(
  app: FastifyInstance,
  owner: TestUser,
  opts: { type?: 'OFF_PLAN' | 'RENTAL_READY'; approveAs?: TestUser; body?: Record<string, unknown> } = {},
): Promise<{ _id: string; status: string }> {
  const type = opts.type ?? 'RENTAL_READY';
  const res = await call(app, {
    method: 'POST',
    url: `/v1/properties/owned/${type === 'OFF_PLAN' ? 'off-plan' : 'rental-ready'}`,
    as: owner,
    payload: { ...LISTING, ...opts.body },
  });
  if (res.statusCode !== 201) throw new Error(`create property failed: ${res.statusCode} ${res.body}`);
  const p = res.json<{ _id: string; status: string }>();
  if (opts.approveAs) {
    const r = await call(app, {
      method: 'PATCH',
      url: `/v1/properties/${p._id}/review`,
      as: opts.approveAs,
      payload: { decision: 'APPROVE' },
    });
    if (r.statusCode !== 200) throw new Error(`approve failed: ${r.statusCode} ${r.body}`);
    return r.json();
  }
  return p;
}

// ---- Database checks ----

// Every table of the app's schema (found once per app, so a table added by a migration is
// covered without editing this list): the market's, the notices', bank accounts', etc.
const tableLists = new WeakMap<FastifyInstance, Promise<string[]>>();
function tablesOf(app: FastifyInstance): Promise<string[]> {
  let list = tableLists.get(app);
  if (!list) {
    list = queryRows<{ name: string }>(
      app,
      sql`SELECT table_name AS name FROM information_schema.tables
          WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' AND table_name <> 'schema_migrations' ORDER BY 1`,
    ).then((rows) => rows.map((r) => r.name));
    tableLists.set(app, list);
  }
  return list;
}

/**
 * Every row of every table, to prove a refused call changed nothing: a digest per table (its
 * rows as text, sorted), all computed by the database in one round trip. Shipping every row to
 * the test as JSON, table by table, made the authorization matrix spend most of its time here.
 */
export async function snapshot(app: FastifyInstance): Promise<string> {
  const tables = await tablesOf(app);
  const digests = tables.map(
    (t) =>
      `SELECT '${t}' AS name, (SELECT md5(coalesce(string_agg(snapshot_row::text, E'\\n' ORDER BY snapshot_row::text), '')) FROM "${t}" snapshot_row) AS digest`,
  );
  const rows = await queryRows<{ name: string; digest: string }>(app, sql.raw(digests.join(' UNION ALL ')));
  return JSON.stringify(Object.fromEntries(rows.map((r) => [r.name, r.digest])));
}

/** Rows of a raw query (pg and PGlite both answer { rows }). */
export async function queryRows<T = Record<string, unknown>>(app: FastifyInstance, query: SQL): Promise<T[]> {
  return ((await app.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Files under the upload folder. */
export function uploadedFiles(config: Config): string[] {
  try {
    return readdirSync(config.uploadDir).sort();
  } catch {
    return [];
  }
}

// ---- Money ----

/** Violations of the money invariants (SQL function money_invariant_violations); [] when all hold. */
export async function invariantViolations(app: FastifyInstance): Promise<{ invariant: string; detail: string }[]> {
  return queryRows(app, sql`SELECT invariant, detail FROM money_invariant_violations()`);
}

/** Pays a sandbox checkout the way the browser does: the form post on the sandbox page. */
export async function settleSandbox(
  app: FastifyInstance,
  config: Config,
  checkoutId: string,
  decision: 'pay' | 'decline' = 'pay',
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: `/v1/payments/sandbox/${checkoutId}`,
    payload: new URLSearchParams({ decision, token: sandboxToken(config.jwtSecret, checkoutId) }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
}

/** Money into a wallet through the real path: a DEPOSIT checkout paid on the sandbox page. */
export async function fund(t: TestApp, user: TestUser, amount: number): Promise<void> {
  const res = await call(t.app, {
    method: 'POST',
    url: '/v1/wallets/deposit',
    as: user,
    payload: { amount, returnPath: '/dashboard/wallet' },
  });
  if (res.statusCode !== 201) throw new Error(`deposit failed: ${res.statusCode} ${res.body}`);
  const paid = await settleSandbox(t.app, t.config, res.json<{ _id: string }>()._id);
  if (paid.statusCode !== 303) throw new Error(`sandbox pay failed: ${paid.statusCode} ${paid.body}`);
}

export async function walletBalance(app: FastifyInstance, user: TestUser): Promise<number> {
  const res = await call(app, { method: 'GET', url: '/v1/wallets/balance', as: user });
  if (res.statusCode !== 200) throw new Error(`balance failed: ${res.statusCode} ${res.body}`);
  return res.json<{ balance: number }>().balance;
}

/** A verified investor with a funded wallet. */
export async function makeInvestor(t: TestApp, funds = 0, opts: { firstName?: string } = {}): Promise<TestUser> {
  const u = await makeUser(t.app, 'INVESTOR', { status: 'VERIFIED', subscribed: true, ...opts });
  if (funds > 0) await fund(t, u, funds);
  return u;
}

/** A date `offset` days from today, as yyyy-mm-dd. */
export const dayFromToday = (offset: number): string => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

export interface PaidDistribution {
  owner: TestUser;
  propertyId: string;
  investors: TestUser[];
  distributionId: string;
  distributableCents: number;
  feeCents: number;
  recordDate: string;
}

/**
 * A property of 10 units at $10: investors buy 2 and 3 units, the owner keeps 5 unsold; the
 * owner reports $300 of rent (8% fee: $24, $276 to split) for the 30 days ending
 * `periodEndDaysAgo` days ago (each call of a suite needs its own period), an admin approves it
 * with today as record and pay date, and pays it.
 */
export async function paidDistribution(t: TestApp, admin: TestUser, periodEndDaysAgo: number): Promise<PaidDistribution> {
  const owner = await makeUser(t.app, 'PROPERTY_OWNER', { status: 'VERIFIED' });
  const { _id: propertyId } = await makeProperty(t.app, owner, { approveAs: admin, body: { totalQuantity: 10, unitPrice: 10 } });
  const investors = [await makeInvestor(t, 20), await makeInvestor(t, 30)];
  for (const [i, units] of [2, 3].entries()) {
    const placed = await placeOrder(t.app, investors[i], propertyId, units);
    if (placed.statusCode !== 201) throw new Error(`order answered ${placed.statusCode}: ${placed.body}`);
  }
  await approvePendingOrders(t.app, admin, propertyId);
  await fund(t, owner, 1000);
  const rep = await call(t.app, {
    method: 'POST',
    url: '/v1/income-reports',
    as: owner,
    payload: {
      propertyId,
      periodStart: dayFromToday(-periodEndDaysAgo - 30),
      periodEnd: dayFromToday(-periodEndDaysAgo),
      grossRent: 300,
      expenses: {},
      note: 'Monthly',
    },
  });
  if (rep.statusCode !== 201) throw new Error(`income report answered ${rep.statusCode}: ${rep.body}`);
  const recordDate = dayFromToday(0);
  const ok = await call(t.app, {
    method: 'PATCH',
    url: `/v1/income-reports/${rep.json()._id}/approve`,
    as: admin,
    payload: { recordDate, payDate: recordDate },
  });
  if (ok.statusCode !== 200) throw new Error(`approval answered ${ok.statusCode}: ${ok.body}`);
  const d = ok.json().distribution;
  const paid = await call(t.app, { method: 'POST', url: `/v1/distributions/${d._id}/pay`, as: admin });
  if (paid.json().result !== 'PAID') throw new Error(`payment answered ${paid.body}`);
  const cents = (v: number | string) => Math.round(Number(v) * 100);
  return {
    owner,
    propertyId,
    investors,
    distributionId: d._id,
    distributableCents: cents(d.distributable),
    feeCents: cents(d.managementFee),
    recordDate,
  };
}

/** Approves every PENDING order of a listing as `admin` (oldest first), each answered 200. */
export async function approvePendingOrders(app: FastifyInstance, admin: TestUser, propertyId: string): Promise<void> {
  const pending = await queryRows<{ id: string }>(
    app,
    sql`SELECT id FROM orders WHERE property_id = ${propertyId} AND status = 'PENDING' ORDER BY created_at`,
  );
  for (const o of pending) {
    const r = await call(app, { method: 'PATCH', url: `/v1/orders/${o.id}/review`, as: admin, payload: { decision: 'APPROVE' } });
    expect(r.statusCode).toBe(200);
  }
}

export async function placeOrder(
  app: FastifyInstance,
  as: TestUser,
  propertyId: string,
  quantity: number,
  key?: string,
): Promise<LightMyRequestResponse> {
  return call(app, {
    method: 'POST',
    url: '/v1/orders',
    as,
    payload: { propertyId, quantity },
    headers: key ? { 'idempotency-key': key } : {},
  });
}

/** A valid US account (routing 011000015 passes the ABA checksum) for withdrawals' destination. */
export const US_ACCOUNT = { kind: 'US_ACH', holderName: 'Test Holder', routingNumber: '011000015', accountNumber: '000123456789' } as const;

const destinations = new WeakMap<FastifyInstance, Map<string, string>>();

/** The person's payout destination id (one is added the first time, then reused): every withdrawal names one. */
export async function destinationFor(app: FastifyInstance, user: TestUser): Promise<string> {
  let mine = destinations.get(app);
  if (!mine) destinations.set(app, (mine = new Map()));
  const known = mine.get(user.id);
  if (known) return known;
  const res = await call(app, { method: 'POST', url: '/v1/wallets/destinations', as: user, payload: US_ACCOUNT });
  if (res.statusCode !== 201) throw new Error(`adding a payout destination failed: ${res.statusCode} ${res.body}`);
  const id = res.json<{ _id: string }>()._id;
  mine.set(user.id, id);
  return id;
}

/** POST /v1/wallets/withdraw to the person's destination. */
export async function requestWithdrawal(app: FastifyInstance, user: TestUser, amount: number, headers: Record<string, string> = {}) {
  const payoutDestinationId = await destinationFor(app, user);
  return call(app, { method: 'POST', url: '/v1/wallets/withdraw', as: user, headers, payload: { amount, payoutDestinationId } });
}

/**
 * A person who finished onboarding with an identity document on file (the row only), so an
 * admin may verify them: verifying someone with nothing submitted is refused.
 */
export async function markSubmitted(app: FastifyInstance, userId: string): Promise<void> {
  await app.db.insert(files).values({
    userId,
    kind: 'KYC',
    storageKey: `kyc/test-${randomUUID()}.png`,
    originalName: 'passport.png',
    mimeType: 'image/png',
    size: 100,
  });
  await app.db.update(users).set({ onboardingCompleted: true }).where(eq(users.id, userId));
}
