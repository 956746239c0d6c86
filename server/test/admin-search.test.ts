// The console's search box (GET /v1/admin/search): people by name, e-mail or id, properties
// by name or id, orders by id; only the kinds the admin's role may read; the query is text,
// never a pattern or markup.
import { sql } from 'drizzle-orm';
import {
  buildTestApp,
  call,
  itOnPostgres,
  makeInvestor,
  makeProperty,
  makeUser,
  onPostgres,
  placeOrder,
  queryRows,
  type TestApp,
  type TestUser,
} from './helper';
import { idRange } from '../src/modules/admin/search';
import { plansDuring, type PlanNode } from './plans';

let t: TestApp;
let admin: TestUser;
let finance: TestUser;
let support: TestUser;
let compliance: TestUser;
let investor: TestUser;
let owner: TestUser;
let tower: { _id: string };
let orderId: string;

interface Results {
  q: string;
  searched: string[];
  people: { _id: string; email: string; firstName: string; lastName: string; role: string }[];
  properties: { _id: string; name: string; status: string }[];
  orders: { _id: string; investorId: string; investorName: string; propertyName: string; amount: number; status: string }[];
}

beforeAll(async () => {
  t = await buildTestApp();
  admin = await makeUser(t.app, 'ADMIN');
  finance = await makeUser(t.app, 'ADMIN', { adminRole: 'FINANCE' });
  support = await makeUser(t.app, 'ADMIN', { adminRole: 'SUPPORT' });
  compliance = await makeUser(t.app, 'ADMIN', { adminRole: 'COMPLIANCE' });
  investor = await makeInvestor(t, 500, { firstName: 'Quentin' });
  await queryRows(t.app, sql`UPDATE users SET last_name = 'Zebrafish', email = 'q.zebra@search.test' WHERE id = ${investor.id}::uuid`);
  owner = await makeUser(t.app, 'PROPERTY_OWNER', { status: 'VERIFIED', firstName: 'Olive', email: 'olive.owner@search.test' });
  tower = await makeProperty(t.app, owner, { approveAs: admin, body: { name: 'Harbourview Tower', totalQuantity: 1000, unitPrice: 1 } });
  // Names with the characters a pattern or a page would treat specially.
  await makeProperty(t.app, owner, { body: { name: 'Sale 50% off' } });
  await makeProperty(t.app, owner, { body: { name: 'Sale 50X off' } });
  await makeProperty(t.app, owner, { body: { name: 'Lot_7 Riverside' } });
  await makeProperty(t.app, owner, { body: { name: 'Lot77 Riverside' } });
  await makeUser(t.app, 'INVESTOR', { firstName: '</script><b>', email: 'markup@search.test' });
  await makeUser(t.app, 'INVESTOR', { firstName: "O$'Hara", email: 'dollar@search.test' });
  const placed = await placeOrder(t.app, investor, tower._id, 3);
  expect(placed.statusCode).toBe(201);
  orderId = placed.json<{ _id: string }>()._id;
}, 60_000);
afterAll(async () => {
  await t?.close();
});

async function search(q: string, as: TestUser = admin): Promise<Results> {
  const res = await call(t.app, { method: 'GET', url: `/v1/admin/search?q=${encodeURIComponent(q)}`, as });
  if (res.statusCode !== 200) throw new Error(`${q}: ${res.statusCode} ${res.body}`);
  return res.json<Results>();
}

describe('each kind', () => {
  it('people by any part of the name or e-mail, any case; admins are not people', async () => {
    expect((await search('zebraf')).people.map((p) => p._id)).toEqual([investor.id]);
    expect((await search('QUENTIN zeb')).people.map((p) => p._id)).toEqual([investor.id]);
    expect((await search('olive.owner@')).people).toMatchObject([{ _id: owner.id, role: 'PROPERTY_OWNER' }]);
    expect((await search(admin.email)).people).toEqual([]);
  });

  it('people and properties by id, whole or by its leading digits (the short id)', async () => {
    expect((await search(investor.id)).people.map((p) => p._id)).toEqual([investor.id]);
    expect((await search(investor.id.toUpperCase())).people.map((p) => p._id)).toEqual([investor.id]);
    expect((await search(investor.id.slice(0, 8))).people.map((p) => p._id)).toContain(investor.id);
    const byId = await search(tower._id);
    expect(byId.properties).toEqual([{ _id: tower._id, name: 'Harbourview Tower', status: 'ACTIVE' }]);
  });

  it('properties by any part of the name, whatever their status', async () => {
    const r = await search('riverside');
    expect(r.properties.map((p) => p.name).sort()).toEqual(['Lot77 Riverside', 'Lot_7 Riverside']);
    expect(r.properties.every((p) => p.status === 'PENDING_REVIEW')).toBe(true);
  });

  it('orders by id, with who and what', async () => {
    const r = await search(orderId);
    expect(r.orders).toEqual([
      expect.objectContaining({
        _id: orderId,
        investorId: investor.id,
        investorName: 'Quentin Zebrafish',
        propertyName: 'Harbourview Tower',
        amount: 3,
        status: 'PENDING',
      }),
    ]);
    // An order has no text to search.
    expect((await search('Harbourview')).orders).toEqual([]);
    // A similar id that is not one finds nothing.
    const other = `${orderId.slice(0, 35)}${orderId.endsWith('0') ? '1' : '0'}`;
    expect((await search(other)).orders).toEqual([]);
  });

  it('at most 10 of a kind', async () => {
    await queryRows(
      t.app,
      sql`INSERT INTO users (email, password_hash, first_name, last_name, role, status)
          SELECT 'many' || g || '@search.test', 'x', 'Manyfold', 'Person' || g, 'INVESTOR', 'PENDING' FROM generate_series(1, 15) g`,
    );
    expect((await search('manyfold')).people).toHaveLength(10);
  });
});

describe('what the role may read', () => {
  it('support sees people and properties, not orders; finance and super admins see orders', async () => {
    const bySupport = await search(orderId, support);
    expect(bySupport.searched).toEqual(['people', 'properties']);
    expect(bySupport.orders).toEqual([]);
    expect((await search('zebrafish', support)).people.map((p) => p._id)).toEqual([investor.id]);

    const byCompliance = await search(orderId, compliance);
    expect(byCompliance.searched).toEqual(['people', 'properties']);
    expect(byCompliance.orders).toEqual([]);

    for (const who of [finance, admin]) {
      const r = await search(orderId, who);
      expect(r.searched).toEqual(['people', 'properties', 'orders']);
      expect(r.orders.map((o) => o._id)).toEqual([orderId]);
    }
  });

  it('people who are not admins are refused', async () => {
    const res = await call(t.app, { method: 'GET', url: '/v1/admin/search?q=zebra', as: investor });
    expect(res.statusCode).toBe(403);
  });
});

describe('bad and hostile queries', () => {
  it.each([
    ['/v1/admin/search', 400],
    ['/v1/admin/search?q=a', 400],
    ['/v1/admin/search?q=%20a%20', 400],
    ['/v1/admin/search?q=' + 'x'.repeat(101), 400],
    ['/v1/admin/search?q=ab&role=ADMIN', 400],
  ])('%s answers %i with a message', async (url, code) => {
    const res = await call(t.app, { method: 'GET', url, as: admin });
    expect(res.statusCode).toBe(code);
    expect(res.json<{ message: unknown }>().message).toBeTruthy();
  });

  it('a two-character query after trimming says how long it must be', async () => {
    const res = await call(t.app, { method: 'GET', url: '/v1/admin/search?q=%20%20x%20', as: admin });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toBe('Type at least 2 characters to search');
  });

  it('% and _ are characters, not wildcards', async () => {
    expect((await search('50%')).properties.map((p) => p.name)).toEqual(['Sale 50% off']);
    expect((await search('%%')).properties).toEqual([]);
    expect((await search('t_7')).properties.map((p) => p.name)).toEqual(['Lot_7 Riverside']);
    expect((await search('__')).people).toEqual([]);
    expect((await search('\\%')).properties).toEqual([]);
  });

  it("$' and </script> are text: found literally, echoed as JSON data", async () => {
    const dollar = await search("$'");
    expect(dollar.people.map((p) => p.firstName)).toEqual(["O$'Hara"]);
    expect(dollar.q).toBe("$'");
    const res = await call(t.app, { method: 'GET', url: `/v1/admin/search?q=${encodeURIComponent('</script>')}`, as: admin });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const r = res.json<Results>();
    expect(r.q).toBe('</script>');
    expect(r.people.map((p) => p.firstName)).toEqual(['</script><b>']);
    // The database still answers normally afterwards.
    expect((await search('zebrafish')).people).toHaveLength(1);
  });
});

describe('id ranges', () => {
  it('an id or its leading hex digits, nothing else', () => {
    expect(idRange('0123abcd')).toEqual({ low: '0123abcd-0000-0000-0000-000000000000', high: '0123abcd-ffff-ffff-ffff-ffffffffffff' });
    expect(idRange('0123ABCD-45')).toEqual({ low: '0123abcd-4500-0000-0000-000000000000', high: '0123abcd-45ff-ffff-ffff-ffffffffffff' });
    expect(idRange('0123abc')).toBeNull();
    expect(idRange('0123-abcd')).toBeNull();
    expect(idRange('0123abcz')).toBeNull();
    expect(idRange('deadbeef'.repeat(5))).toBeNull();
  });
});

/** The plans of the SELECTs on people, properties and orders a search runs. */
const plansOf = (q: string) =>
  plansDuring(
    t.config,
    () => search(q),
    (text) => /"(users|properties|orders)"/.test(text),
  );

describe('at scale on PostgreSQL (100,000 people and 100,000 properties)', () => {
  beforeAll(async () => {
    if (!onPostgres) return;
    await queryRows(
      t.app,
      sql`INSERT INTO users (email, password_hash, first_name, last_name, role, status)
          SELECT 'bulk' || g || '@scale.test', 'x', 'Bulk' || g, 'Person' || g, 'INVESTOR', 'PENDING' FROM generate_series(1, 100000) g`,
    );
    await queryRows(
      t.app,
      sql`INSERT INTO properties (owner_id, name, address, state, type, total_quantity, available_quantity, unit_price_cents, roi_in_five_years)
          SELECT ${owner.id}::uuid, 'Estate ' || g, g || ' Bulk Road', 'IL', 'RENTAL_READY', 100, 100, 1000, 10 FROM generate_series(1, 100000) g`,
    );
    await queryRows(t.app, sql`ANALYZE users`);
    await queryRows(t.app, sql`ANALYZE properties`);
    await queryRows(t.app, sql`ANALYZE orders`);
  }, 180_000);

  itOnPostgres('a text search reads the trigram indexes, an id the primary keys; neither table is scanned whole', async () => {
    for (const q of ['person77777', 'estate 4242', orderId, investor.id.slice(0, 8)]) {
      const ps = await plansOf(q);
      expect(ps.length).toBeGreaterThan(0);
      // The big tables (orders here has one row, which the planner rightly reads whole).
      const big = (n: PlanNode) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] !== 'orders';
      for (const p of ps) expect(p.filter(big).map((n) => n['Relation Name'])).toEqual([]);
    }
    const text = (await plansOf('person77777')).flat().map((n) => n['Index Name']);
    expect(text).toContain('users_search_trgm_idx');
    expect((await plansOf('estate 4242')).flat().map((n) => n['Index Name'])).toContain('properties_admin_search_trgm_idx');
    // The plans above are the check of its cost (bench:scale prints the times); this is the answer.
    const r = await search('Person77777');
    expect(r.people.map((p) => p.email)).toEqual(['bulk77777@scale.test']);
  });
});
