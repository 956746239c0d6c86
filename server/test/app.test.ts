// Cross-cutting behaviour: errors, OpenAPI, CORS, migrations, seed, configuration.
import { readdirSync, rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { APPROVAL_ACTIONS } from 'shared-api/contract/admin';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app';
import { loadConfig, ConfigError } from '../src/config';
import { migrate, readMigrations } from '../src/db/migrate';
import { buildTestApp, call, invariantViolations, itOnPostgres, login, makeUser, queryRows, testConfig, type TestApp } from './helper';

let t: TestApp;
// The seed tells the whole money story (orders, returns, the market) through the API: on a
// busy shared machine it takes longer than the default hook timeout.
beforeAll(async () => {
  // ADMIN_2FA_REQUIRED on, as in production: the seed's printed admin must still work.
  t = await buildTestApp({
    seed: true,
    adminPassword: 'Adm1nSecret!',
    corsOrigins: ['http://localhost:3000'],
    adminTwoFactorRequired: true,
    // Four eyes on (as in production), its threshold low enough to catch the seed's withdrawal.
    fourEyes: { actions: [...APPROVAL_ACTIONS], payoutThresholdCents: 100, appraisalMovePct: 10, allAppraisals: true },
  });
}, 240_000);
afterAll(async () => {
  await t?.close();
});

describe('seed on an empty database', () => {
  it('creates the demo accounts (verified) with their passwords, admin from configuration', async () => {
    expect(t.app.seedReport?.accounts.map((a) => [a.role, a.email])).toEqual([
      ['ADMIN', 'admin@tessera.local'],
      ['PROPERTY_OWNER', 'owner@tessera.local'],
      ['INVESTOR', 'investor@tessera.local'],
      ['INVESTOR', 'pending@tessera.local'],
      ['INVESTOR', 'grace@tessera.local'],
      ['ADMIN', 'compliance@tessera.local'],
      ['ADMIN', 'finance@tessera.local'],
      ['ADMIN', 'support@tessera.local'],
      ['PROPERTY_OWNER', 'sam@tessera.local'],
      ['INVESTOR', 'hana@tessera.local'],
    ]);
    const roles = await queryRows<{ email: string; admin_role: string | null }>(
      t.app,
      sql`select email, admin_role from users where role = 'ADMIN' order by email`,
    );
    expect(roles.map((r) => [r.email, r.admin_role])).toEqual([
      ['admin@tessera.local', 'SUPER_ADMIN'],
      ['compliance@tessera.local', 'COMPLIANCE'],
      ['finance@tessera.local', 'FINANCE'],
      ['support@tessera.local', 'SUPPORT'],
    ]);
    const admin = await login(t.app, 'admin@tessera.local', 'Adm1nSecret!');
    const investor = await login(t.app, 'investor@tessera.local', 'Investor123!');
    const me = await call(t.app, { method: 'GET', url: '/v1/users/me', headers: { authorization: `Bearer ${investor}` } });
    expect(me.json()).toMatchObject({ status: 'VERIFIED', isSubscribed: true, emailVerified: true, onboardingCompleted: true });
    const owner = await login(t.app, 'owner@tessera.local', 'Owner123!');
    expect(owner).toEqual(expect.any(String));
    const pending = await login(t.app, 'pending@tessera.local', 'Pending123!');
    const p = await call(t.app, { method: 'GET', url: '/v1/users/me', headers: { authorization: `Bearer ${pending}` } });
    expect(p.json()).toMatchObject({ status: 'PENDING', isSubscribed: false });
    expect((await call(t.app, { method: 'GET', url: '/v1/admin/metrics', headers: { authorization: `Bearer ${admin}` } })).statusCode).toBe(
      200,
    );
    // The printed accounts (public passwords) are exempt from ADMIN_2FA_REQUIRED; nobody else.
    const exempt = await queryRows<{ email: string }>(t.app, sql`select email from users where two_factor_exempt order by email`);
    expect(exempt.map((r) => r.email)).toEqual(t.app.seedReport?.accounts.map((a) => a.email).sort());
  });

  it('lists at least 10 live properties of both types in several states, each with generated images', async () => {
    const res = await call(t.app, { method: 'GET', url: '/v1/properties?pageSize=100' });
    const items = res.json().items as { type: string; state: string; images: { url: string; srcset: string }[] }[];
    expect(items.length).toBeGreaterThanOrEqual(10);
    expect(new Set(items.map((p) => p.type))).toEqual(new Set(['OFF_PLAN', 'RENTAL_READY']));
    expect(new Set(items.map((p) => p.state)).size).toBeGreaterThanOrEqual(5);
    for (const p of items) {
      expect(p.images.length).toBeGreaterThanOrEqual(1);
      expect(p.images[0].srcset).toContain('480w');
    }
    const img = await call(t.app, { method: 'GET', url: items[0].images[0].url });
    expect(img.statusCode).toBe(200);
    expect(img.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
    expect(readdirSync(t.config.uploadDir).length).toBeGreaterThanOrEqual(items.length * 3);
  });

  it('tells the money story through the money paths: funded wallet, holdings, a pending order, a FUNDED listing, owner payouts', async () => {
    const as = async (email: string, password: string) => ({ authorization: `Bearer ${await login(t.app, email, password)}` });
    const investor = await as('investor@tessera.local', 'Investor123!');
    const get = async (url: string, headers: Record<string, string>) => (await call(t.app, { method: 'GET', url, headers })).json();
    // Plus the rental income of Mountain Ash Cabins (issue 18: six months of reports; how many
    // are paid yet depends on today's date), and minus what its owner funded.
    const cents = async (email: string, types: string[]) =>
      Number(
        (
          await queryRows<{ c: string | null }>(
            t.app,
            sql`SELECT sum(l.amount_cents) AS c FROM ledger_entries l JOIN users u ON u.id = l.user_id WHERE u.email = ${email} AND l.type IN (${sql.join(
              types.map((x) => sql`${x}`),
              sql`, `,
            )})`,
          )
        )[0].c ?? 0,
      );
    const income = await cents('investor@tessera.local', ['DISTRIBUTION_PAYMENT']);
    expect(income).toBeGreaterThan(0);
    // Plus Ivan's trades of Mountain Ash Cabins on the market (issue 20): 10 units more, his
    // open bids' money held.
    const traded = await cents('investor@tessera.local', ['TRADE_HOLD', 'TRADE_REFUND', 'TRADE_BUY', 'TRADE_SELL', 'TRADE_FEE']);
    const [{ bids }] = await queryRows<{ bids: string }>(
      t.app,
      sql`SELECT sum(remaining::bigint * price_cents) AS bids FROM market_orders o JOIN users u ON u.id = o.investor_id WHERE u.email = 'investor@tessera.local' AND o.status = 'OPEN' AND o.side = 'BUY'`,
    );
    expect(Number(bids)).toBeGreaterThan(0);
    expect(await get('/v1/wallets/balance', investor)).toMatchObject({
      balance: Math.round(1_500_000 + income + traded) / 100,
      held: (250_000 + Number(bids)) / 100,
    });
    expect(
      (await get('/v1/holdings', investor)).map((h: { property: { name: string }; quantity: number }) => [h.property.name, h.quantity]),
    ).toEqual([
      ['Mountain Ash Cabins', 60],
      ['Harborview Residences', 40],
    ]);
    expect((await get('/v1/orders?status=PENDING', investor)).items.map((o: { property: { name: string } }) => o.property.name)).toEqual([
      'Desert Bloom Villas',
    ]);
    expect((await get('/v1/users/me', investor)).claimableTokens).toBe(15);
    expect((await get('/v1/properties?status=FUNDED', {})).items.map((p: { name: string }) => p.name)).toEqual(['Mountain Ash Cabins']);
    const owner = await as('owner@tessera.local', 'Owner123!');
    const funded = await cents('owner@tessera.local', ['DISTRIBUTION_FUNDING', 'MANAGEMENT_FEE']);
    expect(await get('/v1/users/me/metrics', owner)).toMatchObject({ payoutsReceived: 47_500, walletBalance: 37_500 + funded / 100 });
    const returns = await get('/v1/holdings/returns', investor);
    expect(returns.total.incomeReceived).toBe(income / 100);
    expect(returns.holdings.find((h: { propertyName: string }) => h.propertyName === 'Mountain Ash Cabins')).toMatchObject({
      valuePerUnit: 116,
      currentValue: 6_960,
    });
    // Six months of history on first start: income and value over time from the first record date.
    expect(returns.incomeOverTime.length).toBeGreaterThanOrEqual(6);
    // Value over time is replayed from the lots (dated when the seed's orders complete) and
    // ends at the account value; its history before the purchases is the seed's dating to give.
    expect(returns.valueOverTime.at(-1).amount).toBe(returns.total.accountValue);
    expect(returns.incomeOverTime.at(-1).amount).toBe(income / 100);
    const admin = await as('admin@tessera.local', 'Adm1nSecret!');
    expect((await get('/v1/payouts?status=REQUESTED', admin)).total).toBe(1);
    expect(await invariantViolations(t.app)).toEqual([]);
  });

  it('dates the money history over months, in the order it happened, and leaves what is open today', async () => {
    const ago = async (q: ReturnType<typeof sql>) => (await queryRows<{ d: number }>(t.app, q)).map((r) => Number(r.d));
    const days = (col: string, table: string, where = sql`true`) =>
      ago(
        sql`SELECT floor(extract(epoch FROM now() - ${sql.identifier(col)}) / 86400) AS d FROM ${sql.identifier(table)} WHERE ${where} ORDER BY 1 DESC`,
      );
    const deposits = await days('created_at', 'ledger_entries', sql`type = 'DEPOSIT'`);
    expect(Math.min(...deposits)).toBeGreaterThanOrEqual(240);
    const invested = await days(
      'created_at',
      'ledger_entries',
      sql`type = 'ORDER_HOLD' AND order_id IN (SELECT id FROM orders WHERE status <> 'PENDING')`,
    );
    expect(Math.max(...invested)).toBeLessThan(Math.min(...deposits));
    // Income on its pay dates: one ledger day per paid distribution, months apart.
    const paid = await ago(
      sql`SELECT (d.pay_date - l.created_at::date) AS d FROM distributions d JOIN ledger_entries l ON l.distribution_id = d.id AND l.type = 'DISTRIBUTION_PAYMENT' GROUP BY 1`,
    );
    expect(paid).toEqual([0]);
    const incomeDays = await ago(sql`SELECT count(DISTINCT created_at::date) AS d FROM ledger_entries WHERE type = 'DISTRIBUTION_PAYMENT'`);
    expect(incomeDays[0]).toBeGreaterThanOrEqual(4);
    const trades = await days('created_at', 'trades');
    expect(Math.min(...trades)).toBeGreaterThanOrEqual(10);
    expect(Math.max(...trades)).toBeLessThan(30);
    // Still open today: the book, the pending order and withdrawal.
    expect(await days('created_at', 'market_orders', sql`status = 'OPEN'`)).toEqual(expect.arrayContaining([0]));
    expect(await days('created_at', 'orders', sql`status = 'PENDING'`)).toEqual([0]);
    expect(await days('created_at', 'payouts', sql`status = 'REQUESTED'`)).toEqual([0]);
  });

  it('does not seed twice and migrations are applied once', async () => {
    const { seedIfEmpty } = await import('../src/db/seed');
    expect(await seedIfEmpty(t.app)).toBeNull();
    expect(await migrate(t.app.database)).toEqual([]);
    const rows = await queryRows<{ version: number; name: string }>(
      t.app,
      sql`select version, name from schema_migrations order by version`,
    );
    expect(rows.map((r) => r.name)).toEqual(readMigrations().map((m) => m.name));
  });

  // PGlite belongs to one process: there is no second instance to race.
  itOnPostgres(
    'instances starting together on one empty database all start, and seed once (PostgreSQL)',
    async () => {
      // Three servers on a fresh schema at once: before the start-up writes were serialized,
      // one died on a unique violation (both created the configured admin), and two seeded.
      const config = testConfig({ seed: true, adminPassword: 'Adm1nSecret!' });
      const started = await Promise.allSettled([0, 1, 2].map(() => buildApp(config, { logger: false })));
      const apps = started.filter((r): r is PromiseFulfilledResult<FastifyInstance> => r.status === 'fulfilled').map((r) => r.value);
      try {
        expect(started.filter((r) => r.status === 'rejected').map((r) => String((r as PromiseRejectedResult).reason))).toEqual([]);
        expect(apps.filter((a) => a.seedReport !== null)).toHaveLength(1);
        const [{ n }] = await queryRows<{ n: number }>(
          apps[0],
          sql`select count(*)::int as n from users where email = 'admin@tessera.local'`,
        );
        expect(n).toBe(1);
        // Every demo account once, whatever the seed grows to hold.
        const seeded = apps.find((a) => a.seedReport !== null)?.seedReport;
        expect(await queryRows(apps[0], sql`select 1 from users where role <> 'PLATFORM'`)).toHaveLength(seeded?.accounts.length ?? -1);
      } finally {
        for (const a of apps) await a.close();
        const client = new pg.Client({ connectionString: config.databaseUrl as string });
        await client.connect();
        await client.query(`DROP SCHEMA IF EXISTS ${config.databaseSchema} CASCADE`);
        await client.end();
        rmSync(config.dataDir, { recursive: true, force: true });
      }
    },
    120_000,
  );
});

describe('errors', () => {
  it('unknown routes answer the error shape', async () => {
    const res = await call(t.app, { method: 'GET', url: '/v1/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'Route GET /v1/nothing-here not found' });
  });

  it('5xx never leak internals', async () => {
    const broken = await buildTestApp();
    try {
      // A database failure in the middle of a request.
      await broken.app.db.execute(sql`drop table progress_updates cascade`);
      const owner = await makeUser(broken.app, 'PROPERTY_OWNER');
      // Requests that do not touch the broken table still work.
      const res = await call(broken.app, { method: 'GET', url: '/v1/users/me', as: owner });
      expect(res.statusCode).toBe(200);
      const create = await call(broken.app, {
        method: 'POST',
        url: '/v1/properties/owned/off-plan',
        as: owner,
        payload: { name: 'X', address: 'Y', state: 'CA', totalQuantity: 1, unitPrice: 1, roiInFiveYears: 1 },
      });
      expect(create.statusCode).toBe(500);
      expect(create.json()).toEqual({ statusCode: 500, error: 'Internal Server Error', message: 'Internal Server Error' });
      expect(create.body).not.toMatch(/progress_updates|relation|sql|stack/i);
      // The transaction rolled back: no half-written listing.
      const [{ n }] = await queryRows<{ n: number }>(broken.app, sql`select count(*)::int as n from properties`);
      expect(n).toBe(0);
    } finally {
      await broken.close();
    }
  });

  it('health answers 503 when the database does not', async () => {
    const spy = jest.spyOn(t.app.db, 'execute').mockRejectedValueOnce(new Error('connection refused'));
    const res = await call(t.app, { method: 'GET', url: '/v1/health' });
    spy.mockRestore();
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ statusCode: 503, error: 'Service Unavailable', message: 'Database unavailable' });
  });

  it('bodies must be JSON objects of the declared fields', async () => {
    const empty = await call(t.app, { method: 'POST', url: '/v1/auth/signin' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toEqual(['body must be an object']);
    const array = await call(t.app, { method: 'POST', url: '/v1/auth/signin', payload: [1, 2] });
    expect(array.statusCode).toBe(400);
    const text = await call(t.app, {
      method: 'POST',
      url: '/v1/auth/signin',
      payload: 'email=a',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.statusCode).toBe(415);
    const big = await call(t.app, {
      method: 'POST',
      url: '/v1/auth/signin',
      payload: { email: 'a@b.co', password: 'x'.repeat(2 * 1024 * 1024) },
    });
    expect(big.statusCode).toBe(413);
    const proto = await call(t.app, {
      method: 'POST',
      url: '/v1/auth/signin',
      payload: '{"email":"a@b.co","password":"x","__proto__":{"admin":true}}',
      headers: { 'content-type': 'application/json' },
    });
    expect(proto.statusCode).toBe(400);
  });
});

describe('OpenAPI', () => {
  it('documents every route from the schemas and is browsable', async () => {
    const res = await call(t.app, { method: 'GET', url: '/v1/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    const paths = Object.keys(doc.paths);
    for (const p of [
      '/v1/auth/signin',
      '/v1/users/me',
      '/v1/properties/{id}',
      '/v1/properties/owned/{id}/images',
      '/v1/admin/metrics/owner',
      '/support',
      '/download/{filename}',
      '/v1/health',
    ]) {
      expect(paths).toContain(p);
    }
    expect(doc.paths['/v1/properties/owned/off-plan'].post.requestBody.content['application/json'].schema.additionalProperties).toBe(false);
    expect(doc.paths['/v1/users/me'].get.security).toEqual([{ bearerAuth: [] }]);
    const ui = await call(t.app, { method: 'GET', url: '/v1/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toMatch(/html/);
  });
});

describe('CORS and headers', () => {
  it('answers preflights for configured origins only', async () => {
    const ok = await call(t.app, {
      method: 'OPTIONS',
      url: '/v1/users/me',
      headers: { origin: 'http://localhost:3000', 'access-control-request-method': 'GET' },
    });
    expect(ok.statusCode).toBe(204);
    expect(ok.headers['access-control-allow-origin']).toBe('http://localhost:3000');
    expect(ok.headers['access-control-allow-headers']).toContain('Authorization');
    const other = await call(t.app, { method: 'GET', url: '/v1/health', headers: { origin: 'http://evil.test' } });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    expect(other.headers['x-content-type-options']).toBe('nosniff');
    expect(other.headers['cache-control']).toBe('no-store');
  });
});

describe('configuration', () => {
  it('points links at this server when PUBLIC_URL is not set', () => {
    const base = { JWT_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/tessera-config-test' };
    expect(loadConfig(base).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ ...base, PORT: '9090' }).publicUrl).toBe('http://localhost:9090');
    expect(loadConfig({ ...base, PORT: '9090', PUBLIC_URL: 'https://tessera.example/' }).publicUrl).toBe('https://tessera.example');
  });

  it('four eyes: on for every gated action by default, $10,000 payouts, 10% appraisal moves', () => {
    const base = { JWT_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/tessera-config-test' };
    expect(loadConfig(base).fourEyes).toEqual({
      actions: [...APPROVAL_ACTIONS],
      payoutThresholdCents: 1_000_000,
      appraisalMovePct: 10,
      allAppraisals: false,
    });
    expect(loadConfig({ ...base, FOUR_EYES_ACTIONS: 'none' }).fourEyes?.actions).toEqual([]);
    expect(loadConfig({ ...base, FOUR_EYES_ACTIONS: 'payout.paid, distribution.pay' }).fourEyes?.actions).toEqual([
      'payout.paid',
      'distribution.pay',
    ]);
    expect(() => loadConfig({ ...base, FOUR_EYES_ACTIONS: 'payout.paid,wallet.empty' })).toThrow(/FOUR_EYES_ACTIONS: wallet.empty/);
  });

  it('reads defaults and refuses bad values, listing every problem', () => {
    const c = loadConfig({ JWT_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/tessera-config-test' });
    expect(c).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: null,
      tokenTtlMinutes: 15,
      sessionMaxHours: 12,
      linkTtlMinutes: 60,
      redisUrl: null,
      redisPrefix: 'tessera:',
      seed: true,
      rateLimit: true,
      webRoot: null,
      pgliteDir: '/tmp/tessera-config-test/pglite',
    });
    let err: unknown;
    try {
      loadConfig({
        PORT: 'eighty',
        JWT_SECRET: 'short',
        DATABASE_URL: 'mysql://x',
        ADMIN_PASSWORD: 'weak',
        WEB_ROOT: '/no/such/folder',
        SEED: 'maybe',
        DATA_DIR: '/tmp/tessera-config-test',
      });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ConfigError);
    const problems = (err as ConfigError).problems.join('\n');
    for (const word of ['PORT', 'JWT_SECRET', 'DATABASE_URL', 'ADMIN_PASSWORD', 'WEB_ROOT', 'SEED']) expect(problems).toContain(word);
  });
});
