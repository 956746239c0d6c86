// Handing a listing over to another verified owner (admins, audited, four eyes when
// configured). Through the real app on a real database (PGlite; PostgreSQL with
// DATABASE_URL). Every test ends with the money invariants intact: the sales paid to the
// previous owner stay theirs.
import { sql } from 'drizzle-orm';
import { APPROVAL_MESSAGES, HANDOVER_MESSAGES } from 'shared-api/contract/admin';
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
  snapshot,
  walletBalance,
  type TestApp,
  type TestUser,
} from './helper';

let t: TestApp;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  alice = await makeUser(t.app, 'ADMIN');
  bob = await makeUser(t.app, 'ADMIN');
});
afterAll(async () => {
  await t?.close();
});
beforeEach(() => {
  t.app.config.fourEyes = undefined;
});
afterEach(async () => {
  expect(await invariantViolations(t.app)).toEqual([]);
});

const verifiedOwner = () => makeUser(t.app, 'PROPERTY_OWNER', { status: 'VERIFIED' });
const handOver = (propertyId: string, ownerId: string, as: TestUser | null = alice) =>
  call(t.app, { method: 'POST', url: `/v1/properties/${propertyId}/handover`, as, payload: { ownerId } });
const ownedIds = async (owner: TestUser) => {
  const res = await call(t.app, { method: 'GET', url: '/v1/properties/owned', as: owner });
  expect(res.statusCode).toBe(200);
  return res.json<{ items: { _id: string }[] }>().items.map((p) => p._id);
};
const ownerOf = async (propertyId: string) =>
  (await queryRows<{ owner_id: string }>(t.app, sql`SELECT owner_id FROM properties WHERE id = ${propertyId}`))[0].owner_id;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** A listing sold out to an investor (order completed: the owner was paid). */
async function fundedListing() {
  const owner = await verifiedOwner();
  const { _id } = await makeProperty(t.app, owner, { approveAs: alice, body: { totalQuantity: 10, unitPrice: 10 } });
  const investor = await makeInvestor(t, 100);
  expect((await placeOrder(t.app, investor, _id, 10)).statusCode).toBe(201);
  await approvePendingOrders(t.app, alice, _id);
  return { owner, propertyId: _id };
}

describe('handing a listing over', () => {
  it('moves a funded listing to the new owner: their listings, audit row, both told; the sales paid stay', async () => {
    const { owner, propertyId } = await fundedListing();
    const next = await verifiedOwner();
    const paid = await walletBalance(t.app, owner);
    expect(paid).toBeGreaterThan(0);

    const res = await handOver(propertyId, next.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ _id: propertyId, status: 'FUNDED' });
    expect(await ownerOf(propertyId)).toBe(next.id);
    expect(await ownedIds(next)).toContain(propertyId);
    expect(await ownedIds(owner)).not.toContain(propertyId);
    expect(await walletBalance(t.app, owner)).toBe(paid);
    expect(await walletBalance(t.app, next)).toBe(0);

    const audits = await queryRows<{ actor_id: string; detail: Record<string, unknown> }>(
      t.app,
      sql`SELECT actor_id, detail FROM audit_log WHERE action = 'property.handover' AND target_id = ${propertyId}`,
    );
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actor_id: alice.id, detail: { fromOwnerId: owner.id, toOwnerId: next.id } });

    const notices = await queryRows<{ user_id: string }>(
      t.app,
      sql`SELECT user_id FROM notifications WHERE kind = 'LISTING_HANDED_OVER' AND data->>'propertyId' = ${propertyId}`,
    );
    expect(notices.map((n) => n.user_id).sort()).toEqual([owner.id, next.id].sort());
  });

  it('clears the previous owner\'s "live listing" reason for not closing their account', async () => {
    const { owner, propertyId } = await fundedListing();
    const reasons = async () =>
      (await queryRows<{ m: string }>(t.app, sql`SELECT m FROM account_closing_refusals(${owner.id}) m`)).map((r) => r.m);
    expect(await reasons()).toContain('1 live listing (on sale or funded): hand it over to another verified owner first');
    expect((await handOver(propertyId, (await verifiedOwner()).id)).statusCode).toBe(200);
    expect((await reasons()).filter((m) => m.includes('listing'))).toEqual([]);
  });
});

describe('refusals', () => {
  it('an unknown listing is 404', async () => {
    const res = await handOver('00000000-0000-4000-8000-000000000000', (await verifiedOwner()).id);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(HANDOVER_MESSAGES.propertyNotFound);
  });

  it.each<[string, number, string, () => Promise<string>]>([
    ['an unknown user', 400, HANDOVER_MESSAGES.ownerNotFound, async () => '00000000-0000-4000-8000-000000000000'],
    ['an investor', 400, HANDOVER_MESSAGES.notAnOwner, async () => (await makeUser(t.app, 'INVESTOR', { status: 'VERIFIED' })).id],
    ['an admin', 400, HANDOVER_MESSAGES.notAnOwner, async () => bob.id],
    ['an owner not verified', 409, HANDOVER_MESSAGES.ownerNotVerified, async () => (await makeUser(t.app, 'PROPERTY_OWNER')).id],
    [
      'a closed owner account',
      409,
      HANDOVER_MESSAGES.ownerDeleted,
      async () => {
        const u = await verifiedOwner();
        await t.app.db.execute(sql`UPDATE users SET deleted_at = now() WHERE id = ${u.id}`);
        return u.id;
      },
    ],
  ])('to %s is %i, nothing changes', async (_what, status, message, target) => {
    const { owner, propertyId } = await fundedListing();
    const ownerId = await target();
    const before = await snapshot(t.app);
    const res = await handOver(propertyId, ownerId);
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toBe(message);
    expect(await snapshot(t.app)).toBe(before);
    expect(await ownerOf(propertyId)).toBe(owner.id);
  });

  it('to its own owner is 409', async () => {
    const { owner, propertyId } = await fundedListing();
    const res = await handOver(propertyId, owner.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(HANDOVER_MESSAGES.sameOwner);
  });

  it('while an income report waits for a decision is 409', async () => {
    const { owner, propertyId } = await fundedListing();
    const report = await call(t.app, {
      method: 'POST',
      url: '/v1/income-reports',
      as: owner,
      payload: { propertyId, periodStart: day(-60), periodEnd: day(-30), grossRent: 100, expenses: {}, note: 'Monthly' },
    });
    expect(report.statusCode).toBe(201);
    const res = await handOver(propertyId, (await verifiedOwner()).id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(HANDOVER_MESSAGES.openReports);
    expect(await ownerOf(propertyId)).toBe(owner.id);
  });

  it('a body without a valid owner id is 400', async () => {
    const { propertyId } = await fundedListing();
    const res = await call(t.app, { method: 'POST', url: `/v1/properties/${propertyId}/handover`, as: alice, payload: { ownerId: 'x' } });
    expect(res.statusCode).toBe(400);
  });

  it('is for admins allowed to review listings only: 401, 403 for owners, investors, finance and support', async () => {
    const { owner, propertyId } = await fundedListing();
    const next = await verifiedOwner();
    expect((await handOver(propertyId, next.id, null)).statusCode).toBe(401);
    expect((await handOver(propertyId, next.id, owner)).statusCode).toBe(403);
    expect((await handOver(propertyId, next.id, next)).statusCode).toBe(403);
    expect((await handOver(propertyId, next.id, await makeInvestor(t))).statusCode).toBe(403);
    for (const adminRole of ['FINANCE', 'SUPPORT'] as const) {
      expect((await handOver(propertyId, next.id, await makeUser(t.app, 'ADMIN', { adminRole }))).statusCode).toBe(403);
    }
    expect(await ownerOf(propertyId)).toBe(owner.id);
    const compliance = await makeUser(t.app, 'ADMIN', { adminRole: 'COMPLIANCE' });
    expect((await handOver(propertyId, next.id, compliance)).statusCode).toBe(200);
  });
});

describe('four eyes', () => {
  const on = () => {
    t.app.config.fourEyes = { actions: ['property.handover'], payoutThresholdCents: 1_000_000, appraisalMovePct: 10, allAppraisals: false };
  };

  it('holds the handover (202); the requester cannot approve; another admin approves and it moves', async () => {
    on();
    const { owner, propertyId } = await fundedListing();
    const next = await verifiedOwner();
    const held = await handOver(propertyId, next.id);
    expect(held.statusCode).toBe(202);
    const req = held.json();
    expect(req).toMatchObject({ action: 'property.handover', status: 'PENDING', targetId: propertyId, requestedBy: { _id: alice.id } });
    expect(req.summary).toContain(next.email);
    expect(req.summary).toContain(owner.email);
    expect(await ownerOf(propertyId)).toBe(owner.id);

    const again = await handOver(propertyId, next.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(APPROVAL_MESSAGES.alreadyPending);

    const own = await call(t.app, { method: 'POST', url: `/v1/approvals/${req._id}/approve`, as: alice });
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe(APPROVAL_MESSAGES.ownRequest);
    expect(await ownerOf(propertyId)).toBe(owner.id);

    const ok = await call(t.app, { method: 'POST', url: `/v1/approvals/${req._id}/approve`, as: bob });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().status).toBe('APPROVED');
    expect(await ownerOf(propertyId)).toBe(next.id);
    expect(await ownedIds(next)).toContain(propertyId);
    const [row] = await queryRows<{ actor_id: string }>(
      t.app,
      sql`SELECT actor_id FROM audit_log WHERE action = 'property.handover' AND target_id = ${propertyId}`,
    );
    expect(row.actor_id).toBe(bob.id);
  });

  it('refuses at once what could not run: no request is stored for an unfit new owner', async () => {
    on();
    const { propertyId } = await fundedListing();
    const investor = await makeInvestor(t);
    const res = await handOver(propertyId, investor.id);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(HANDOVER_MESSAGES.notAnOwner);
    const pending = await queryRows(
      t.app,
      sql`SELECT 1 FROM approval_requests WHERE action = 'property.handover' AND target_id = ${propertyId}`,
    );
    expect(pending).toEqual([]);
  });
});
