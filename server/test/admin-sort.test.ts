// Admin lists sorted by a column the admin chose (?sort=&order=): the server sorts the whole
// filtered list (not one page), ties on the column are broken by id the same way so Next and
// Previous walk every row once, and a column outside the list's allow-list is a 400.
import { sql } from 'drizzle-orm';
import {
  buildTestApp,
  call,
  itOnPostgres,
  makeInvestor,
  makeProperty,
  makeUser,
  onPostgres,
  queryRows,
  requestWithdrawal,
  type TestApp,
  type TestUser,
} from './helper';
import { plansDuring } from './plans';

let t: TestApp;
let admin: TestUser;
const PEOPLE = 23;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await makeUser(t.app, 'ADMIN');
  // Three family names shared by many (ties), statuses in turns, countries some empty.
  await queryRows(
    t.app,
    sql`INSERT INTO users (email, password_hash, first_name, last_name, role, status, country, created_at)
        SELECT 'sorted' || g || '@sort.test', 'x', 'Same', (ARRAY['Adams', 'baker', 'Cole'])[1 + g % 3], 'INVESTOR',
               CASE WHEN g % 2 = 0 THEN 'VERIFIED' ELSE 'PENDING' END,
               CASE WHEN g % 4 = 0 THEN NULL ELSE 'US' END,
               timestamptz '2026-03-01 00:00:00+00' + g * interval '1 minute'
        FROM generate_series(1, ${PEOPLE}::int) g`,
  );
}, 60_000);
afterAll(async () => {
  await t?.close();
});

interface Page {
  items: { _id: string }[];
  total: number;
  page: number;
  nextCursor?: string | null;
  prevCursor?: string | null;
}

async function list(url: string): Promise<Page> {
  const res = await call(t.app, { method: 'GET', url, as: admin });
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json<Page>();
}

/** Every row by Next, then back by Previous (which must give the same pages). */
async function walk(base: string): Promise<string[]> {
  const pages: string[][] = [];
  let p = await list(base);
  for (;;) {
    pages.push(p.items.map((i) => i._id));
    if (!p.nextCursor) break;
    p = await list(`${base}&page=${p.page + 1}&after=${p.nextCursor}`);
  }
  for (let i = pages.length - 2; i >= 0; i--) {
    p = await list(`${base}&before=${p.prevCursor}`);
    expect(p.items.map((x) => x._id)).toEqual(pages[i]);
  }
  return pages.flat();
}

const ids = (rows: { id: string }[]) => rows.map((r) => r.id);

describe('people sorted by a column', () => {
  it.each([
    ['name', 'asc', sql`lower(last_name || ' ' || first_name) ASC, id ASC`],
    ['name', 'desc', sql`lower(last_name || ' ' || first_name) DESC, id DESC`],
    ['status', 'asc', sql`status ASC, id ASC`],
    ['country', 'desc', sql`coalesce(country, '') DESC, id DESC`],
    ['createdAt', 'asc', sql`created_at ASC, id ASC`],
  ])('sort=%s&order=%s: every row once, in order, ties by id, by cursor both ways', async (sort, order, orderBy) => {
    const want = ids(
      await queryRows<{ id: string }>(
        t.app,
        sql`SELECT id FROM users WHERE email LIKE '%@sort.test' AND deleted_at IS NULL ORDER BY ${orderBy}`,
      ),
    );
    expect(want).toHaveLength(PEOPLE);
    const got = await walk(`/v1/users?role=INVESTOR&q=${encodeURIComponent('@sort.test')}&sort=${sort}&order=${order}&pageSize=4`);
    expect(got).toEqual(want);
    // A page by number is the same rows as the walk's.
    const third = await list(`/v1/users?role=INVESTOR&q=%40sort.test&sort=${sort}&order=${order}&pageSize=4&page=3`);
    expect(third.items.map((u) => u._id)).toEqual(want.slice(8, 12));
  });

  it('sorts the whole list, not the page: the first page by name is the A names', async () => {
    const first = await list('/v1/users?role=INVESTOR&q=%40sort.test&sort=name&order=asc&pageSize=5');
    const names = await queryRows<{ last_name: string }>(
      t.app,
      sql`SELECT last_name FROM users WHERE id IN (${sql.join(
        first.items.map((u) => sql`${u._id}::uuid`),
        sql`, `,
      )})`,
    );
    expect(names.map((n) => n.last_name)).toEqual(Array(5).fill('Adams'));
    // Case does not split the order: "baker" sorts between Adams and Cole.
    const last = await list('/v1/users?role=INVESTOR&q=%40sort.test&sort=name&order=desc&pageSize=1');
    const [row] = await queryRows<{ last_name: string }>(t.app, sql`SELECT last_name FROM users WHERE id = ${last.items[0]._id}::uuid`);
    expect(row.last_name).toBe('Cole');
  });

  it('order alone keeps the default column; the same request twice gives the same order', async () => {
    const a = await list('/v1/users?role=INVESTOR&q=%40sort.test&order=asc&pageSize=100');
    const b = await list('/v1/users?role=INVESTOR&q=%40sort.test&sort=createdAt&order=asc&pageSize=100');
    expect(a.items.map((u) => u._id)).toEqual(b.items.map((u) => u._id));
    const c = await list('/v1/users?role=INVESTOR&q=%40sort.test&sort=status&pageSize=100');
    const d = await list('/v1/users?role=INVESTOR&q=%40sort.test&sort=status&pageSize=100');
    expect(c.items.map((u) => u._id)).toEqual(d.items.map((u) => u._id));
  });

  it.each([
    ['/v1/users?sort=password_hash', 'sort must be one of: createdAt, name, email, status, country'],
    ['/v1/users?sort=name%3Bdrop', 'sort must be one of: createdAt, name, email, status, country'],
    ['/v1/users?sort=name&order=sideways', 'order must be one of: asc, desc'],
    ['/v1/orders/admin?sort=name', 'sort must be one of: createdAt, amount, quantity, status'],
    ['/v1/admin/audit?sort=amount', 'sort must be one of: createdAt, action'],
  ])('%s: 400 naming the allowed columns', async (url, message) => {
    const res = await call(t.app, { method: 'GET', url, as: admin });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string[] }>().message).toEqual([message]);
  });
});

describe('orders and the audit trail sorted by a column', () => {
  it('orders by amount: the whole list, ties by id, by cursor both ways', async () => {
    const owner = await makeUser(t.app, 'PROPERTY_OWNER', { status: 'VERIFIED' });
    const property = await makeProperty(t.app, owner, { approveAs: admin, body: { totalQuantity: 1000, unitPrice: 1 } });
    const investor = await makeInvestor(t, 500);
    await queryRows(
      t.app,
      sql`INSERT INTO orders (investor_id, property_id, quantity, unit_price_cents, amount_cents, status)
          SELECT ${investor.id}::uuid, ${property._id}::uuid, 1 + g % 3, 100, 100 * (1 + g % 3), 'PENDING'
          FROM generate_series(1, 17) g`,
    );
    for (const order of ['asc', 'desc'] as const) {
      const want = ids(
        await queryRows<{ id: string }>(
          t.app,
          sql`SELECT id FROM orders WHERE property_id = ${property._id}::uuid AND deleted_at IS NULL
              ORDER BY amount_cents ${sql.raw(order)}, id ${sql.raw(order)}`,
        ),
      );
      expect(await walk(`/v1/orders/admin?propertyId=${property._id}&sort=amount&order=${order}&pageSize=3`)).toEqual(want);
    }
  });

  it('audit trail by action', async () => {
    const want = ids(await queryRows<{ id: string }>(t.app, sql`SELECT id FROM audit_log ORDER BY action ASC, id ASC`));
    expect(want.length).toBeGreaterThan(0);
    expect(await walk('/v1/admin/audit?sort=action&order=asc&pageSize=2')).toEqual(want);
  });
});

describe('lists paged by number sorted by a column', () => {
  async function byNumber(base: string, total: number, size: number): Promise<string[]> {
    const all: string[] = [];
    for (let page = 1; (page - 1) * size < total; page++)
      all.push(...(await list(`${base}&page=${page}&pageSize=${size}`)).items.map((i) => i._id));
    return all;
  }

  it('support tickets by subject: ties by id, no row on two pages', async () => {
    await queryRows(
      t.app,
      sql`INSERT INTO support_tickets (kind, name, email, subject, message, status)
          SELECT 'CONTACT', 'Visitor', 'v' || g || '@sort.test', (ARRAY['Billing', 'access', 'Card'])[1 + g % 3], 'Hello', 'OPEN'
          FROM generate_series(1, 11) g`,
    );
    for (const order of ['asc', 'desc'] as const) {
      const want = ids(
        await queryRows<{ id: string }>(
          t.app,
          sql`SELECT id FROM support_tickets WHERE status = 'OPEN' ORDER BY lower(subject) ${sql.raw(order)}, id ${sql.raw(order)}`,
        ),
      );
      expect(await byNumber(`/v1/support?status=OPEN&sort=subject&order=${order}`, want.length, 3)).toEqual(want);
    }
  });

  it.each([
    ['/v1/support?sort=message', 'sort must be one of: updatedAt, createdAt, subject, status'],
    ['/v1/payouts?sort=user_id', 'sort must be one of: createdAt, amount, status'],
    ['/v1/payouts?order=up', 'order must be one of: asc, desc'],
    ['/v1/admin/cases?sort=status', 'sort must be one of: submittedAt, name, email, kind'],
  ])('%s: 400', async (url, message) => {
    const res = await call(t.app, { method: 'GET', url, as: admin });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string[] }>().message).toEqual([message]);
  });

  it('withdrawals sorted by amount answer in that order', async () => {
    const payer = await makeInvestor(t, 500);
    for (const amount of [30, 10, 20, 10]) expect((await requestWithdrawal(t.app, payer, amount)).statusCode).toBe(201);
    const res = await call(t.app, { method: 'GET', url: `/v1/payouts?userId=${payer.id}&sort=amount&order=asc`, as: admin });
    expect(res.statusCode).toBe(200);
    const amounts = res.json<{ items: { amount: number }[] }>().items.map((p) => p.amount);
    expect(amounts).toEqual([10, 10, 20, 30]);
    const down = await call(t.app, { method: 'GET', url: `/v1/payouts?userId=${payer.id}&sort=amount&order=desc`, as: admin });
    expect(down.json<{ items: { amount: number }[] }>().items.map((p) => p.amount)).toEqual([30, 20, 10, 10]);
  });
});

describe('the verification queue sorted by a column', () => {
  it('by e-mail, either way, ties by id', async () => {
    const people = await queryRows<{ id: string }>(
      t.app,
      sql`SELECT id FROM users WHERE email LIKE 'sorted%@sort.test' ORDER BY email LIMIT 5`,
    );
    await queryRows(
      t.app,
      sql`INSERT INTO kyc_cases (user_id, kind, status, document_count, submitted_at)
          SELECT id, 'KYC', 'SUBMITTED', 1, now() FROM users WHERE id IN (${sql.join(
            people.map((p) => sql`${p.id}::uuid`),
            sql`, `,
          )})`,
    );
    for (const order of ['asc', 'desc'] as const) {
      const want = ids(
        await queryRows<{ id: string }>(
          t.app,
          sql`SELECT c.id FROM kyc_cases c JOIN users u ON u.id = c.user_id WHERE c.status = 'SUBMITTED' AND u.deleted_at IS NULL
              ORDER BY lower(u.email) ${sql.raw(order)}, c.id ${sql.raw(order)}`,
        ),
      );
      const got: string[] = [];
      for (let page = 1; (page - 1) * 2 < want.length; page++)
        got.push(...(await list(`/v1/admin/cases?sort=email&order=${order}&pageSize=2&page=${page}`)).items.map((c) => c._id));
      expect(got).toEqual(want);
    }
  });
});

/** The plans of the SELECTs on `table` a request runs (its count aside). */
const plans = (url: string, table: string) =>
  plansDuring(
    t.config,
    () => list(url),
    (text) => text.includes(`"${table}"`) && !text.includes('count('),
  );

describe('sorted people pages on PostgreSQL read an index, not a sort of everyone', () => {
  beforeAll(async () => {
    if (!onPostgres) return;
    await queryRows(
      t.app,
      sql`INSERT INTO users (email, password_hash, first_name, last_name, role, status)
          SELECT 'bulk' || g || '@sorted.test', 'x', 'Bulk' || g, 'Person' || (g % 977), 'INVESTOR', 'PENDING' FROM generate_series(1, 50000) g`,
    );
    await queryRows(t.app, sql`ANALYZE users`);
  }, 120_000);

  itOnPostgres.each([
    ['/v1/users?role=INVESTOR&sort=name&order=asc', 'users_role_name_sort_idx'],
    ['/v1/users?role=INVESTOR&sort=name&order=desc&page=40', 'users_role_name_sort_idx'],
    ['/v1/users?role=INVESTOR&sort=email&order=desc', 'users_role_email_sort_idx'],
  ])('%s reads %s', async (url, index) => {
    const ps = await plans(url, 'users');
    expect(ps.length).toBeGreaterThan(0);
    const page = ps[ps.length - 1];
    expect(page.filter((n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] === 'users')).toEqual([]);
    expect(ps.flat().map((n) => n['Index Name'])).toContain(index);
  });
});
