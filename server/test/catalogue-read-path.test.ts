// The public catalogue's read path (modules/properties/catalogue.ts, migration 1040): keyset
// cursors, the page-number cap, totals from the trigger-kept counters, name and address
// search, and (PostgreSQL) plans that walk the partial indexes, never the table.
import { PgDialect } from 'drizzle-orm/pg-core';
import { CATALOGUE_MESSAGES, CATALOGUE_SEARCH_COUNT_CAP, MAX_CATALOGUE_PAGE, PROPERTY_SORTS, type PropertySort } from 'shared-api/contract';
import { SEED_LISTINGS_SQL } from '../scripts/catalogue-fixtures';
import { catalogueQueries } from '../src/modules/properties/catalogue';
import {
  approvePendingOrders,
  buildTestApp,
  call,
  itOnPostgres,
  makeInvestor,
  makeProperty,
  makeUser,
  placeOrder,
  type TestApp,
  type TestUser,
} from './helper';

jest.setTimeout(300_000);

let t: TestApp;
let owner: TestUser;
let admin: TestUser;
const SEEDED = 1_500;

async function exec(text: string, params?: unknown[]): Promise<Record<string, unknown>[]> {
  let rows: Record<string, unknown>[] = [];
  await t.app.database.runInTransaction(async (run) => {
    rows = await run(text, params);
  });
  return rows;
}

beforeAll(async () => {
  t = await buildTestApp();
  owner = await makeUser(t.app, 'PROPERTY_OWNER', { status: 'VERIFIED' });
  admin = await makeUser(t.app, 'ADMIN');
  await exec(SEED_LISTINGS_SQL, [owner.id, SEEDED, 'rp']);
});
afterAll(async () => {
  await t?.close();
});

interface Item {
  _id: string;
  name: string;
  address: string;
  state: string;
  type: string;
}
interface CatPage {
  items: Item[];
  total: number;
  page: number;
  nextCursor?: string | null;
  totalExact?: boolean;
}
const get = (url: string, as?: TestUser) => call(t.app, { method: 'GET', url, as });
async function list(query: string): Promise<CatPage> {
  const res = await get(`/v1/properties?${query}`);
  if (res.statusCode !== 200) throw new Error(`${query}: ${res.statusCode} ${res.body}`);
  return res.json();
}

const LIVE = `status IN ('ACTIVE', 'FUNDED') AND suspended_at IS NULL`;
async function countedByHand(): Promise<string[]> {
  const rows = await exec(`SELECT status, state, type, count(*)::int AS n FROM properties WHERE ${LIVE} GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`);
  return rows.map((r) => `${r.status} ${r.state} ${r.type} ${r.n}`);
}
async function counters(): Promise<string[]> {
  const rows = await exec(`SELECT status, state, type, n::int AS n FROM catalogue_counts WHERE n > 0 ORDER BY 1, 2, 3`);
  return rows.map((r) => `${r.status} ${r.state} ${r.type} ${r.n}`);
}

describe('totals from the counters', () => {
  it('match counting the listings, through approvals, suspensions, state and type changes and deletions', async () => {
    expect(await counters()).toEqual(await countedByHand());
    const live = (await exec(`SELECT count(*)::int AS n FROM properties WHERE ${LIVE}`))[0].n;
    expect((await list('pageSize=1')).total).toBe(live);
    const ca = (await exec(`SELECT count(*)::int AS n FROM properties WHERE ${LIVE} AND state = 'CA' AND type = 'OFF_PLAN'`))[0].n;
    expect(await list('state=CA&type=OFF_PLAN')).toMatchObject({ total: ca, totalExact: true });

    // Through the API: a new listing counts once approved.
    const before = (await list('state=IL')).total;
    const p = await makeProperty(t.app, owner);
    expect((await list('state=IL')).total).toBe(before);
    await makeProperty(t.app, owner, { approveAs: admin });
    expect((await list('state=IL')).total).toBe(before + 1);
    expect(p.status).toBe('PENDING_REVIEW');
    // Sold out through orders: the guard turns it FUNDED without the statement naming its status.
    const small = await makeProperty(t.app, owner, { approveAs: admin, body: { totalQuantity: 2, unitPrice: 10 } });
    const buyer = await makeInvestor(t, 20);
    expect((await placeOrder(t.app, buyer, small._id, 2)).statusCode).toBe(201);
    await approvePendingOrders(t.app, admin, small._id);
    expect((await exec(`SELECT status FROM properties WHERE id = '${small._id}'`))[0].status).toBe('FUNDED');
    expect(await counters()).toEqual(await countedByHand());
    expect((await list('status=FUNDED&state=IL')).total).toBe(
      (await exec(`SELECT count(*)::int AS n FROM properties WHERE ${LIVE} AND status = 'FUNDED' AND state = 'IL'`))[0].n,
    );

    // By SQL, every kind of change the trigger watches.
    await exec(`UPDATE properties SET state = 'NV' WHERE name LIKE 'Seeded rp Harbor%' AND ${LIVE}`);
    await exec(`UPDATE properties SET type = 'RENTAL_READY', progress = NULL WHERE name LIKE 'Seeded rp Maple%' AND type = 'OFF_PLAN'`);
    await exec(`UPDATE properties SET suspended_at = now(), suspended_reason = 'test' WHERE name LIKE 'Seeded rp Cedar%' AND state = 'TX'`);
    await exec(
      `UPDATE properties SET suspended_at = NULL, suspended_reason = NULL WHERE name LIKE 'Seeded rp Oak%' AND suspended_at IS NOT NULL`,
    );
    await exec(`UPDATE properties SET status = 'PENDING_REVIEW' WHERE name LIKE 'Seeded rp Summit%' AND state = 'NY'`);
    await exec(`DELETE FROM properties WHERE name LIKE 'Seeded rp Willow%' AND state = 'CO'`);
    // A change that leaves the facets alone (an order moving units would too) touches nothing.
    await exec(`UPDATE properties SET description = 'changed' WHERE name LIKE 'Seeded rp Granite%'`);
    expect(await counters()).toEqual(await countedByHand());
    const nv = (await exec(`SELECT count(*)::int AS n FROM properties WHERE ${LIVE} AND state = 'NV'`))[0].n;
    expect(nv).toBeGreaterThan(0);
    expect((await list('state=NV')).total).toBe(nv);
  });
});

describe('paging', () => {
  it.each(PROPERTY_SORTS.map((s) => [s]))(
    'nextCursor reads the same rows as page numbers (sort %s), to the end',
    async (sort: PropertySort) => {
      const q = `state=TX&pageSize=25&sort=${sort}`;
      const byCursor: string[] = [];
      let page = await list(q);
      const total = page.total;
      let n = 1;
      for (;;) {
        byCursor.push(...page.items.map((i) => i._id));
        if (!page.nextCursor) break;
        n++;
        page = await list(`${q}&page=${n}&after=${page.nextCursor}`);
        expect(page.page).toBe(n);
      }
      const byNumber: string[] = [];
      for (let p = 1; p <= Math.ceil(total / 25); p++) byNumber.push(...(await list(`${q}&page=${p}`)).items.map((i) => i._id));
      expect(byCursor).toHaveLength(total);
      expect(new Set(byCursor).size).toBe(total);
      expect(byCursor).toEqual(byNumber);
    },
  );

  it(`page numbers stop at ${MAX_CATALOGUE_PAGE} with a 400 that says how to narrow the search; a forged cursor is a 400`, async () => {
    expect((await get(`/v1/properties?page=${MAX_CATALOGUE_PAGE}`)).statusCode).toBe(200);
    const deep = await get(`/v1/properties?page=${MAX_CATALOGUE_PAGE + 1}`);
    expect(deep.statusCode).toBe(400);
    expect(deep.json().message).toBe(CATALOGUE_MESSAGES.tooDeep);
    expect(CATALOGUE_MESSAGES.tooDeep).toMatch(/narrow the search/);
    const first = await list('sort=price_asc');
    expect(first.nextCursor).toEqual(expect.any(String));
    // A cursor of another sort, of garbage, or with a key that is not a number.
    const forged = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    for (const [cursor, sort] of [
      [first.nextCursor as string, 'newest'],
      ['bm90LWpzb24', 'newest'],
      [forged(['newest', "1'; DROP TABLE properties; --", '00000000-0000-0000-0000-000000000000']), 'newest'],
      [forged(['roi_desc', '1e999', '00000000-0000-0000-0000-000000000000']), 'roi_desc'],
      [forged(['price_asc', '100', 'not-a-uuid']), 'price_asc'],
    ]) {
      const res = await get(`/v1/properties?sort=${sort}&after=${cursor}`);
      expect({ cursor, status: res.statusCode, message: res.json().message }).toEqual({
        cursor,
        status: 400,
        message: CATALOGUE_MESSAGES.badCursor,
      });
    }
    // Past the last row: an empty page, no cursor.
    const last = forged(['price_asc', '999999999', 'ffffffff-ffff-ffff-ffff-ffffffffffff']);
    expect(await list(`sort=price_asc&after=${last}`)).toMatchObject({ items: [], nextCursor: null });
  });
});

describe('search', () => {
  it('matches names and addresses, case-insensitively, with % and _ as themselves', async () => {
    const byName = await list('searchName=MAPLE%20lofts&pageSize=100');
    expect(byName.items.length).toBeGreaterThan(0);
    for (const i of byName.items) expect(i.name.toLowerCase()).toContain('maple lofts');
    const byAddress = await list('searchName=lake%20dr&pageSize=100');
    expect(byAddress.items.length).toBeGreaterThan(0);
    for (const i of byAddress.items) expect(i.address.toLowerCase()).toContain('lake dr');
    expect(byAddress).toMatchObject({ totalExact: true });
    const exact = (await exec(`SELECT count(*)::int AS n FROM properties WHERE ${LIVE} AND address ILIKE '%lake dr%'`))[0].n;
    expect(byAddress.total).toBe(exact);
    expect((await list('searchName=%25_')).total).toBe(0);
  });

  it(`counts matches up to ${CATALOGUE_SEARCH_COUNT_CAP}; past that the total says it is a lower bound`, async () => {
    const all = (await exec(`SELECT count(*)::int AS n FROM properties WHERE ${LIVE} AND name ILIKE '%seeded rp%'`))[0].n;
    expect(all).toBeGreaterThan(CATALOGUE_SEARCH_COUNT_CAP);
    expect(await list('searchName=seeded%20rp')).toMatchObject({ total: CATALOGUE_SEARCH_COUNT_CAP, totalExact: false });
  });
});

describe('plans (PostgreSQL, 100,000 listings)', () => {
  const dialect = new PgDialect();
  type PlanNode = { 'Node Type': string; 'Relation Name'?: string; 'Index Name'?: string; Plans?: PlanNode[] };
  const nodes = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).flatMap(nodes)];
  async function plan(text: string, params: unknown[]): Promise<PlanNode[]> {
    const rows = await exec(`EXPLAIN (FORMAT JSON) ${text}`, params);
    const json = rows[0]['QUERY PLAN'] as { Plan: PlanNode }[] | string;
    return nodes((typeof json === 'string' ? JSON.parse(json) : json)[0].Plan);
  }
  async function plans(query: Parameters<typeof catalogueQueries>[1]) {
    const q = catalogueQueries(t.app, query);
    const rows = q.rows.toSQL();
    const total = dialect.sqlToQuery(q.total);
    return { rows: await plan(rows.sql, rows.params), total: await plan(total.sql, total.params) };
  }

  itOnPostgres('list, filters, every sort, search and deep pages walk indexes, never the properties table', async () => {
    // Enough rows that reading the table would cost more than any index (at a few thousand it may not).
    await exec(SEED_LISTINGS_SQL, [owner.id, 100_000 - SEEDED, 'big']);
    await exec('VACUUM ANALYZE properties').catch(async () => exec('ANALYZE properties'));
    const page1 = await list('sort=price_asc&pageSize=12');
    const cases: [string, Parameters<typeof catalogueQueries>[1]][] = [
      ['default list', {}],
      ...PROPERTY_SORTS.map((sort): [string, Parameters<typeof catalogueQueries>[1]] => [`sort ${sort}`, { sort }]),
      ['state and type', { state: 'CA', type: 'OFF_PLAN', sort: 'roi_desc' }],
      ['status', { status: 'ACTIVE' }],
      ['search by name', { searchName: 'Granite Towers 2' }],
      ['search by address', { searchName: 'Lake Dr, Miami' }],
      [`page ${MAX_CATALOGUE_PAGE}`, { page: MAX_CATALOGUE_PAGE }],
      ['a cursor', { sort: 'price_asc', after: page1.nextCursor as string }],
    ];
    for (const [label, query] of cases) {
      const p = await plans(query);
      const ns = [...p.rows, ...p.total];
      if (process.env.SHOW_PLANS) console.log(label, JSON.stringify(ns.map((n) => [n['Node Type'], n['Relation Name'], n['Index Name']])));
      const onProperties = ns.filter((n) => n['Relation Name'] === 'properties');
      expect({ label, seqScans: onProperties.filter((n) => n['Node Type'] === 'Seq Scan').length }).toEqual({ label, seqScans: 0 });
      expect({ label, scans: onProperties.length > 0 }).toEqual({ label, scans: true });
      // Totals never read the listings (the counters do), except a search's capped count.
      if (!query.searchName)
        expect({ label, totalReadsProperties: p.total.some((n) => n['Relation Name'] === 'properties') }).toEqual({
          label,
          totalReadsProperties: false,
        });
    }
    const search = await plans({ searchName: 'Granite Towers 2' });
    expect([...search.rows, ...search.total].map((n) => n['Index Name'])).toContain('properties_public_search_idx');
    // The deepest page a number reaches skips at most (cap − 1) pages, inside the index.
    const deep = catalogueQueries(t.app, { page: MAX_CATALOGUE_PAGE, pageSize: 100 }).rows.toSQL();
    expect(deep.params).toContain((MAX_CATALOGUE_PAGE - 1) * 100);
    expect(() => catalogueQueries(t.app, { page: MAX_CATALOGUE_PAGE + 1 })).toThrow(CATALOGUE_MESSAGES.tooDeep);
  });
});
