// The admin lists page by keyset: Next and Previous follow cursors at any depth, ties on
// created_at are broken by id (no row skipped or repeated), page numbers stop at a capped
// depth with a 400 that says how to go on, totals are exact up to a bound and labelled
// estimates past it, and people are found by any substring of name or e-mail. On PostgreSQL,
// EXPLAIN of the statements each list runs shows its index serving it.
import { sql } from 'drizzle-orm';
import { EXACT_COUNT_UP_TO, MAX_OFFSET } from '../src/lib/list-page';
import { plansDuring, type PlanNode } from './plans';
import {
  buildTestApp,
  call,
  itOnPostgres,
  makeInvestor,
  makeProperty,
  makeUser,
  onPostgres,
  queryRows,
  type TestApp,
  type TestUser,
} from './helper';

let t: TestApp;
let admin: TestUser;
// More investors than counted exactly; five share each created_at.
const INVESTORS = EXACT_COUNT_UP_TO + 200;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await makeUser(t.app, 'ADMIN');
  await queryRows(
    t.app,
    sql`INSERT INTO users (email, password_hash, first_name, last_name, role, status, created_at)
        SELECT 'person' || g || '@lists.test', 'x', 'Given' || g, 'Family' || g, 'INVESTOR',
               CASE WHEN g % 10 = 0 THEN 'REJECTED' ELSE 'VERIFIED' END,
               timestamptz '2026-01-01 00:00:00.123456+00' + (g / 5) * interval '1 second'
        FROM generate_series(1, ${INVESTORS}::int) g`,
  );
  await makeUser(t.app, 'INVESTOR', { firstName: 'Zoë', email: 'zoe.percent%sign@lists.test' });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

interface UserPage {
  items: { _id: string; email: string; firstName: string }[];
  total: number;
  page: number;
  pageSize: number;
  totalIsEstimate?: boolean;
  nextCursor?: string | null;
  prevCursor?: string | null;
}

async function list(url: string): Promise<UserPage> {
  const res = await call(t.app, { method: 'GET', url, as: admin });
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json<UserPage>();
}

const expectedOrder = () =>
  queryRows<{ id: string }>(
    t.app,
    sql`SELECT id FROM users WHERE role = 'INVESTOR' AND deleted_at IS NULL ORDER BY created_at DESC, id DESC`,
  ).then((rows) => rows.map((r) => r.id));

describe('keyset paging of the people list', () => {
  it('Next walks every investor once, in order, across created_at ties; Previous walks back the same pages', async () => {
    const want = await expectedOrder();
    const pages: string[][] = [];
    let url = '/v1/users?role=INVESTOR&pageSize=100';
    for (;;) {
      const p = await list(url);
      pages.push(p.items.map((u) => u._id));
      if (!p.nextCursor) break;
      url = `/v1/users?role=INVESTOR&pageSize=100&after=${p.nextCursor}`;
    }
    expect(pages.flat()).toEqual(want);
    expect(pages.length).toBe(Math.ceil(want.length / 100));

    // Back from the last page.
    let back = await list(
      `/v1/users?role=INVESTOR&pageSize=100&after=${Buffer.from(JSON.stringify(['2000-01-01T00:00:00.000000Z', '00000000-0000-0000-0000-000000000000'])).toString('base64url')}`,
    );
    expect(back.items).toEqual([]);
    const last = await list(`/v1/users?role=INVESTOR&pageSize=100&page=${pages.length}`);
    expect(last.items.map((u) => u._id)).toEqual(pages.at(-1));
    expect(last.nextCursor).toBeNull();
    back = last;
    for (let i = pages.length - 2; i >= 0; i--) {
      expect(back.prevCursor).toBeTruthy();
      back = await list(`/v1/users?role=INVESTOR&pageSize=100&before=${back.prevCursor}`);
      expect(back.items.map((u) => u._id)).toEqual(pages[i]);
    }
    expect(back.prevCursor).toBeNull();
  });

  it('a page by number is the same page as by cursor', async () => {
    const p1 = await list('/v1/users?role=INVESTOR&pageSize=30');
    const p2 = await list(`/v1/users?role=INVESTOR&pageSize=30&page=2&after=${p1.nextCursor}`);
    const byNumber = await list('/v1/users?role=INVESTOR&pageSize=30&page=2');
    expect(byNumber.items).toEqual(p2.items);
    expect(byNumber.page).toBe(2);
    expect(p2.page).toBe(2);
    expect(byNumber.nextCursor).toBe(p2.nextCursor);
  });

  it('a page number past the cap answers 400 with how to go on; a bad cursor 400', async () => {
    const res = await call(t.app, { method: 'GET', url: `/v1/users?pageSize=20&page=${MAX_OFFSET / 20 + 2}`, as: admin });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/too deep to open by number.*Narrow the list with its filters or search, or use Next and Previous/);
    const ok = await call(t.app, { method: 'GET', url: `/v1/users?pageSize=20&page=${MAX_OFFSET / 20 + 1}`, as: admin });
    expect(ok.statusCode).toBe(200);
    const bad = await call(t.app, { method: 'GET', url: '/v1/users?after=bm90LWpzb24', as: admin });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('This page link is no longer valid: go back to the first page');
  });
});

/** Every page of a list by Next, then back by Previous: ids in order, each page the same both ways. */
async function walk(base: string): Promise<{ ids: string[]; total: number; totalIsEstimate?: boolean }> {
  const pages: string[][] = [];
  let p = await list(base);
  const first = p;
  for (;;) {
    pages.push(p.items.map((i) => i._id));
    if (!p.nextCursor) break;
    p = await list(`${base}&page=${p.page + 1}&after=${p.nextCursor}`);
  }
  for (let i = pages.length - 2; i >= 0; i--) {
    p = await list(`${base}&before=${p.prevCursor}`);
    expect(p.items.map((x) => x._id)).toEqual(pages[i]);
  }
  return { ids: pages.flat(), total: first.total, totalIsEstimate: first.totalIsEstimate };
}

describe('keyset paging of orders and the audit trail, across ties', () => {
  it('orders: every one once, newest first, ties by id', async () => {
    const owner = await makeUser(t.app, 'PROPERTY_OWNER', { status: 'VERIFIED' });
    const property = await makeProperty(t.app, owner, { approveAs: admin, body: { totalQuantity: 1000, unitPrice: 1 } });
    // Inserted as the money rules want them (each holds $1 of a funded wallet), ties included.
    const investor = await makeInvestor(t, 200);
    await queryRows(
      t.app,
      sql`INSERT INTO orders (investor_id, property_id, quantity, unit_price_cents, amount_cents, status, created_at)
          SELECT ${investor.id}::uuid, ${property._id}::uuid, 1, 100, 100, 'PENDING',
                 timestamptz '2026-02-01 00:00:00.5+00' + (g / 4) * interval '1 millisecond'
          FROM generate_series(1, 103) g`,
    );
    const want = (
      await queryRows<{ id: string }>(
        t.app,
        sql`SELECT id FROM orders WHERE property_id = ${property._id}::uuid AND deleted_at IS NULL ORDER BY created_at DESC, id DESC`,
      )
    ).map((r) => r.id);
    const got = await walk(`/v1/orders/admin?propertyId=${property._id}&pageSize=7`);
    expect(got.ids).toEqual(want);
    expect(got).toMatchObject({ total: 103, totalIsEstimate: false });
  });

  it('audit trail: every entry once, newest first, ties by id', async () => {
    const actor = await makeUser(t.app, 'ADMIN');
    await queryRows(
      t.app,
      sql`INSERT INTO audit_log (actor_id, actor_email, action, target_type, target_id, created_at)
          SELECT ${actor.id}::uuid, ${actor.email}, 'user.verify', 'user', g::text,
                 timestamptz '2026-03-01 00:00:00.000001+00' + (g / 6) * interval '1 microsecond'
          FROM generate_series(1, 95) g`,
    );
    const want = (
      await queryRows<{ id: string }>(
        t.app,
        sql`SELECT id FROM audit_log WHERE actor_id = ${actor.id}::uuid ORDER BY created_at DESC, id DESC`,
      )
    ).map((r) => r.id);
    const got = await walk(`/v1/admin/audit?actorId=${actor.id}&pageSize=9`);
    expect(got.ids).toEqual(want);
    expect(got).toMatchObject({ total: 95, totalIsEstimate: false });
  });
});

describe('totals that do not count the table', () => {
  it('exact up to the bound; past it an estimate, flagged', async () => {
    const rejected = await list('/v1/users?role=INVESTOR&status=REJECTED');
    expect(rejected.total).toBe(INVESTORS / 10);
    expect(rejected.totalIsEstimate).toBe(false);
    const all = await list('/v1/users?role=INVESTOR');
    expect(all.totalIsEstimate).toBe(true);
    expect(all.total).toBeGreaterThan(EXACT_COUNT_UP_TO);
  });
});

describe('people search', () => {
  it('finds substrings of name and e-mail, any case; % is a character, not a wildcard', async () => {
    expect((await list('/v1/users?q=AMILY123')).items.map((u) => u.email).sort()).toEqual(
      [
        'person123@lists.test',
        'person1230@lists.test',
        'person1231@lists.test',
        'person1232@lists.test',
        'person1233@lists.test',
        'person1234@lists.test',
        'person1235@lists.test',
        'person1236@lists.test',
        'person1237@lists.test',
        'person1238@lists.test',
        'person1239@lists.test',
      ]
        .filter((e) => Number(/\d+/.exec(e)?.[0]) <= INVESTORS)
        .sort(),
    );
    expect((await list('/v1/users?q=given77 family77')).items.map((u) => u.email)).toEqual(['person77@lists.test']);
    expect((await list('/v1/users?q=son4@lists')).total).toBe(1);
    expect((await list('/v1/users?q=t%25sign')).items.map((u) => u.firstName)).toEqual(['Zoë']);
    expect((await list('/v1/users?q=%25')).items.map((u) => u.firstName)).toEqual(['Zoë']);
  });

  it('has its trigram index on PostgreSQL and on PGlite (which loads pg_trgm)', async () => {
    const rows = await queryRows(
      t.app,
      sql`SELECT 1 FROM pg_indexes WHERE indexname = 'users_search_trgm_idx' AND schemaname = current_schema()`,
    );
    expect(rows).toHaveLength(1);
  });
});

// ---- Plans (PostgreSQL) ----

const plans = (url: string, table: string) =>
  plansDuring(
    t.config,
    () => list(url),
    (text) => text.includes(`"${table}"`),
  );

describe('plans on PostgreSQL', () => {
  beforeAll(async () => {
    if (!onPostgres) return;
    // Enough rows that an index is the planner's choice, not a tie with a scan.
    await queryRows(
      t.app,
      sql`INSERT INTO users (email, password_hash, first_name, last_name, role, status, created_at)
          SELECT 'bulk' || g || '@lists.test', 'x', 'Bulk' || g, 'Person' || g,
                 CASE WHEN g % 50 = 0 THEN 'PROPERTY_OWNER' ELSE 'INVESTOR' END, 'PENDING', now() - g * interval '1 second'
          FROM generate_series(1, 30000) g`,
    );
    await queryRows(
      t.app,
      sql`INSERT INTO audit_log (actor_id, actor_email, action, target_type, target_id, created_at)
          SELECT ${admin.id}::uuid, 'a@lists.test', (ARRAY['user.verify','order.review','user.delete'])[1 + g % 3], 'user', g::text,
                 now() - (g / 4) * interval '1 second'
          FROM generate_series(1, 30000) g`,
    );
    await queryRows(t.app, sql`ANALYZE users`);
    await queryRows(t.app, sql`ANALYZE audit_log`);
  }, 60_000);

  const scans = (ns: PlanNode[], table: string) => ns.filter((n) => n['Relation Name'] === table && n['Node Type'] === 'Seq Scan');
  const indexes = (ns: PlanNode[]) => ns.map((n) => n['Index Name']).filter(Boolean);

  itOnPostgres('the people lists read their keyset indexes; search reads the trigram index', async () => {
    // Investors are most people: walking the general index is as good as the role's.
    const keysets = ['users_keyset_idx', 'users_role_keyset_idx', 'users_status_keyset_idx', 'users_role_status_keyset_idx'];
    for (const [url, wanted] of [
      ['/v1/users?role=INVESTOR', keysets],
      ['/v1/users?role=PROPERTY_OWNER&status=PENDING', keysets],
      ['/v1/users?role=INVESTOR&page=400', keysets],
      ['/v1/users?q=person2999', ['users_search_trgm_idx']],
    ] as const) {
      const ps = await plans(url, 'users');
      expect(ps.length).toBeGreaterThan(0);
      for (const p of ps) expect(scans(p, 'users')).toEqual([]);
      expect(ps.flatMap(indexes).filter((i) => (wanted as readonly string[]).includes(i as string))).not.toEqual([]);
    }
  });

  itOnPostgres('the audit trail reads its keyset indexes', async () => {
    for (const url of ['/v1/admin/audit', '/v1/admin/audit?action=user.delete&page=300', `/v1/admin/audit?actorId=${admin.id}&page=2`]) {
      const ps = await plans(url, 'audit_log');
      expect(ps.length).toBeGreaterThan(0);
      for (const p of ps) expect(scans(p, 'audit_log')).toEqual([]);
      // Every statement of the list reads through one of its keyset indexes.
      for (const p of ps) expect(indexes(p).filter((i) => /^audit_log_.*keyset_idx$/.test(i as string))).not.toEqual([]);
    }
  });
});
