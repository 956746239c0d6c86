// The proposals job (modules/proposals/job.ts) through the real app: it opens and closes the
// holder votes that are due with nobody reading, and passes racing each other (two instances;
// at once on PostgreSQL with DATABASE_URL) settle each proposal once.
import { sql } from 'drizzle-orm';
import { runDueProposals } from '../src/modules/proposals';
import {
  approvePendingOrders,
  buildTestApp,
  call,
  invariantViolations,
  makeInvestor,
  makeProperty,
  makeUser,
  placeOrder,
  queryRows,
  type TestApp,
  type TestUser,
} from './helper';

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await buildTestApp({ proposalsJob: true, proposalsJobEveryMs: 250 });
  admin = await makeUser(t.app, 'ADMIN');
}, 180_000);
afterAll(async () => {
  await t?.close();
});
afterEach(async () => {
  expect(await invariantViolations(t.app)).toEqual([]);
});

const inDays = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function funded(units: number[]) {
  const owner = await makeUser(t.app, 'PROPERTY_OWNER', { status: 'VERIFIED' });
  const total = units.reduce((a, b) => a + b, 0);
  const { _id } = await makeProperty(t.app, owner, { approveAs: admin, body: { totalQuantity: total, unitPrice: 10 } });
  const holders: TestUser[] = [];
  for (const n of units) {
    const inv = await makeInvestor(t, n * 10);
    expect((await placeOrder(t.app, inv, _id, n)).statusCode).toBe(201);
    holders.push(inv);
  }
  await approvePendingOrders(t.app, admin, _id);
  return { propertyId: _id, holders, owner };
}

const raise = (as: TestUser, propertyId: string, extra: Record<string, unknown> = {}) =>
  call(t.app, {
    method: 'POST',
    url: `/v1/properties/${propertyId}/proposals`,
    as,
    payload: { kind: 'ADVISORY', title: 'Should we repaint the lobby?', closesAt: inDays(3), ...extra },
  });

/** Moves a proposal's dates (the guard keeps them fixed; tests stand in for the clock). */
async function setDates(id: string, opens: string, closes: string) {
  await t.app.db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL session_replication_role = replica`);
    await tx.execute(sql`UPDATE proposals SET opens_at = ${opens}::timestamptz, closes_at = ${closes}::timestamptz WHERE id = ${id}`);
  });
}
const closeNow = (id: string) => setDates(id, inDays(-3), new Date(Date.now() - 1000).toISOString());

const status = async (id: string) =>
  (await queryRows<{ status: string; result: string | null }>(t.app, sql`SELECT status, result FROM proposals WHERE id = ${id}`))[0];

async function until(id: string, want: string) {
  for (let i = 0; i < 200 && (await status(id)).status !== want; i++) await sleep(100);
  return status(id);
}

async function noticeCount(kind: string, proposalId: string): Promise<number> {
  const [r] = await queryRows<{ n: string }>(
    t.app,
    sql`SELECT count(*) AS n FROM notifications WHERE kind = ${kind} AND data->>'proposalId' = ${proposalId}`,
  );
  return Number(r.n);
}
const closeAudits = async (id: string) =>
  (await queryRows(t.app, sql`SELECT 1 FROM audit_log WHERE action = 'proposal.close' AND target_id = ${id}`)).length;

describe('the proposals job', () => {
  it('closes a vote whose close time passed with nobody reading, and tells the holders once', async () => {
    const { propertyId, holders, owner } = await funded([30, 70]);
    const p = (await raise(owner, propertyId)).json();
    for (const h of holders)
      expect((await call(t.app, { method: 'PUT', url: `/v1/proposals/${p._id}/vote`, as: h, payload: { choice: 'FOR' } })).statusCode).toBe(
        200,
      );
    await closeNow(p._id);
    // No request from here on: only the timer can close it.
    expect(await until(p._id, 'CLOSED')).toEqual({ status: 'CLOSED', result: 'PASSED' });
    await sleep(1000); // a few more ticks
    expect(await noticeCount('PROPOSAL_RESULT', p._id)).toBe(2);
    expect(await closeAudits(p._id)).toBe(1);
  }, 60_000);

  it('opens a scheduled vote when its opening comes, with the opening notices', async () => {
    const { propertyId, holders, owner } = await funded([10, 10, 10]);
    const p = (await raise(owner, propertyId, { opensAt: inDays(1), closesAt: inDays(4) })).json();
    expect(p.status).toBe('SCHEDULED');
    await setDates(p._id, new Date(Date.now() - 1000).toISOString(), inDays(3));
    expect((await until(p._id, 'OPEN')).status).toBe('OPEN');
    await sleep(1000);
    expect(await noticeCount('PROPOSAL_OPENED', p._id)).toBe(holders.length);
    expect(await noticeCount('PROPOSAL_RESULT', p._id)).toBe(0);
  }, 60_000);

  it('passes racing each other (two instances) settle each due vote once', async () => {
    const { propertyId, holders, owner } = await funded([40, 60]);
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) ids.push((await raise(owner, propertyId, { title: `Question number ${i}` })).json()._id);
    await Promise.all(ids.map(closeNow));
    const runs = await Promise.all([runDueProposals(t.app), runDueProposals(t.app)]);
    // The timer may have taken some of them meanwhile, never more than there are.
    expect(runs[0].settled + runs[1].settled).toBeLessThanOrEqual(ids.length);
    expect(runs.map((r) => r.failed)).toEqual([0, 0]);
    for (const id of ids) {
      expect(await until(id, 'CLOSED')).toEqual({ status: 'CLOSED', result: 'NO_QUORUM' });
      expect(await noticeCount('PROPOSAL_RESULT', id)).toBe(holders.length);
      expect(await closeAudits(id)).toBe(1);
    }
    expect(await runDueProposals(t.app)).toEqual({ settled: 0, failed: 0 });
  }, 60_000);
});
