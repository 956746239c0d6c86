// Accounts through their whole life (issue 16): closing an account is refused with every
// reason while anything is open or any money is in it, nothing can credit a closed account
// (the database refuses it), what each verification status may do (STATUS_RULES), an owner's
// rejection suspends their live listings, and a person cancels their own withdrawal.
// Every refused call leaves the database unchanged (snapshot); every test ends with the
// money invariants holding. Runs on PGlite, and on PostgreSQL with DATABASE_URL.
import { sql } from 'drizzle-orm';
import { STATUS_RULES, statusRefusal } from 'shared-api/contract/dashboard';
import {
  buildTestApp,
  call,
  fund,
  invariantViolations,
  login,
  makeInvestor,
  makeProperty,
  makeUser,
  markSubmitted,
  placeOrder,
  queryRows,
  settleSandbox,
  snapshot,
  walletBalance,
  type TestApp,
  type TestUser,
  requestWithdrawal,
  destinationFor,
} from './helper';

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await makeUser(t.app, 'ADMIN');
});
afterAll(async () => {
  await t?.close();
});
afterEach(async () => {
  expect(await invariantViolations(t.app)).toEqual([]);
});

const del = (u: TestUser) => call(t.app, { method: 'DELETE', url: `/v1/users/${u.id}`, as: admin });
const verify = async (u: TestUser, status: 'VERIFIED' | 'REJECTED' | 'PENDING', reason?: string) => {
  // Verifying needs a submission on file.
  if (status === 'VERIFIED') await markSubmitted(t.app, u.id);
  return call(t.app, { method: 'PATCH', url: `/v1/users/verify/${u.id}`, as: admin, payload: reason ? { status, reason } : { status } });
};
const withdraw = (u: TestUser, amount: number) => requestWithdrawal(t.app, u, amount);
const deposit = (u: TestUser, amount: number) =>
  call(t.app, { method: 'POST', url: '/v1/wallets/deposit', as: u, payload: { amount, returnPath: '/dashboard/wallet' } });
const exec = (q: ReturnType<typeof sql>) => t.app.db.execute(q);

/** Expects a raw statement to be refused by the database with this message. */
async function refusedByDb(q: ReturnType<typeof sql>, message: RegExp): Promise<void> {
  const before = await snapshot(t.app);
  let error: unknown = null;
  try {
    await t.app.db.transaction(async (tx) => {
      await tx.execute(q);
    });
  } catch (err) {
    error = err;
  }
  expect(error).not.toBeNull();
  const text = `${(error as Error).message} ${String((error as { cause?: Error }).cause?.message ?? '')}`;
  expect(text).toMatch(message);
  expect(await snapshot(t.app)).toBe(before);
}

/** Marks an account deleted the way accounts closed before migration 0040 could be. */
async function legacyDelete(userId: string): Promise<void> {
  await t.app.db.transaction(async (tx) => {
    await tx.execute(sql`ALTER TABLE users DISABLE TRIGGER users_before_close`);
    await tx.execute(sql`UPDATE users SET deleted_at = now() WHERE id = ${userId}`);
    await tx.execute(sql`ALTER TABLE users ENABLE TRIGGER users_before_close`);
  });
}

describe('closing an account', () => {
  it('refuses to delete an investor with a pending order, holdings, money, an open checkout and a requested withdrawal: every reason, nothing changed', async () => {
    const owner = await makeUser(t.app, 'PROPERTY_OWNER', { status: 'VERIFIED' });
    const p1 = await makeProperty(t.app, owner, { approveAs: admin, body: { totalQuantity: 100, unitPrice: 10 } });
    const investor = await makeInvestor(t, 1000);
    const held = (await placeOrder(t.app, investor, p1._id, 5)).json();
    expect(
      (await call(t.app, { method: 'PATCH', url: `/v1/orders/${held._id}/review`, as: admin, payload: { decision: 'APPROVE' } }))
        .statusCode,
    ).toBe(200);
    expect((await placeOrder(t.app, investor, p1._id, 3)).statusCode).toBe(201);
    expect((await withdraw(investor, 120)).statusCode).toBe(201);
    expect((await deposit(investor, 50)).statusCode).toBe(201);

    const before = await snapshot(t.app);
    const res = await del(investor);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      statusCode: 409,
      error: 'Conflict',
      message: [
        '1 pending order placed by this person: approve, reject or cancel it first',
        '1 open checkout (a payment may still arrive): wait until it is paid, declined or expired',
        '1 requested withdrawal ($120.00): pay or reject it first',
        'Holds 5 units in 1 property: an account with holdings cannot be closed',
        '$800.00 in the wallet: it must be withdrawn first',
      ],
    });
    expect(await snapshot(t.app)).toBe(before);
  });

  it('refuses to delete an owner with live and under-review listings and pending orders on them', async () => {
    const owner = await makeUser(t.app, 'PROPERTY_OWNER', { status: 'VERIFIED' });
    const live = await makeProperty(t.app, owner, { approveAs: admin, body: { totalQuantity: 10, unitPrice: 10 } });
    await makeProperty(t.app, owner, { approveAs: admin });
    await makeProperty(t.app, owner);
    const investor = await makeInvestor(t, 100);
    expect((await placeOrder(t.app, investor, live._id, 2)).statusCode).toBe(201);

    const before = await snapshot(t.app);
    const res = await del(owner);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toEqual([
      '2 live listings (on sale or funded): hand them over to another verified owner first',
      '1 listing under review: approve, reject or delete it first',
      "1 pending order on this person's listings: approve or reject it first",
    ]);
    expect(await snapshot(t.app)).toBe(before);
  });

  it('the database itself refuses closing an account with anything open, whatever the code does', async () => {
    const investor = await makeInvestor(t, 25);
    await refusedByDb(
      sql`UPDATE users SET deleted_at = now() WHERE id = ${investor.id}`,
      /This account cannot be closed: \$25\.00 in the wallet/,
    );
  });

  it('deletes an account with nothing left; then nothing can credit it, and a payment arriving for it is declined', async () => {
    const investor = await makeInvestor(t, 0);
    expect((await del(investor)).statusCode).toBe(200);
    const [u] = await queryRows<{ deleted_at: unknown }>(t.app, sql`SELECT deleted_at FROM users WHERE id = ${investor.id}`);
    expect(u.deleted_at).not.toBeNull();

    // An account closed before migration 0040 with a checkout still open: paying it declines it.
    const legacy = await makeInvestor(t, 0);
    const checkout = (await deposit(legacy, 40)).json<{ _id: string }>();
    await legacyDelete(legacy.id);
    // Straight in the database, the credit is refused.
    await refusedByDb(
      sql`UPDATE checkouts SET status = 'PAID' WHERE id = ${checkout._id}`,
      /This account is closed: no money can be credited to it/,
    );
    // Through the payment page: declined cleanly, nothing credited, back to the site.
    const paid = await settleSandbox(t.app, t.config, checkout._id);
    expect(paid.statusCode).toBe(303);
    const [c] = await queryRows<{ status: string }>(t.app, sql`SELECT status FROM checkouts WHERE id = ${checkout._id}`);
    expect(c.status).toBe('DECLINED');
    const entries = await queryRows(t.app, sql`SELECT id FROM ledger_entries WHERE user_id = ${legacy.id}`);
    expect(entries).toHaveLength(0);
    const page = await t.app.inject({ method: 'GET', url: `/v1/payments/sandbox/${checkout._id}` });
    expect(page.body).toContain('This payment was declined.');
  });

  it('the invariant check reports money in a deleted account', async () => {
    const investor = await makeInvestor(t, 30);
    await legacyDelete(investor.id);
    const violations = await invariantViolations(t.app);
    expect(violations.map((v) => v.invariant)).toContain('no money in a deleted account');
    // Undo, so the other tests' invariant checks start clean.
    await exec(sql`UPDATE users SET deleted_at = NULL WHERE id = ${investor.id}`);
  });
});

describe('what each status may do (STATUS_RULES)', () => {
  it('the rule table: withdrawals for VERIFIED or REJECTED; nothing new for REJECTED; approval for VERIFIED owners only', () => {
    expect(STATUS_RULES.INVESTOR.WITHDRAW).toEqual(['VERIFIED', 'REJECTED']);
    expect(STATUS_RULES.PROPERTY_OWNER.LISTING_APPROVED).toEqual(['VERIFIED']);
    for (const role of ['INVESTOR', 'PROPERTY_OWNER'] as const) {
      for (const action of ['ADD_MONEY', 'START_CHECKOUT', 'INVEST', 'CREATE_LISTING'] as const) {
        expect(STATUS_RULES[role][action]?.includes('REJECTED') ?? false).toBe(false);
      }
    }
    expect(statusRefusal('INVESTOR', 'PENDING', 'WITHDRAW')).toBe('Your account must be verified before you can withdraw');
    expect(statusRefusal('INVESTOR', 'REJECTED', 'WITHDRAW')).toBeNull();
  });

  it("a pending owner's listing cannot be approved (409, nothing changed), a verified owner's can", async () => {
    const owner = await makeUser(t.app, 'PROPERTY_OWNER');
    const p = await makeProperty(t.app, owner);
    const before = await snapshot(t.app);
    const res = await call(t.app, { method: 'PATCH', url: `/v1/properties/${p._id}/review`, as: admin, payload: { decision: 'APPROVE' } });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('The owner’s identity is not verified yet: only a verified owner’s listing can be approved');
    expect(await snapshot(t.app)).toBe(before);
    // The database refuses it too.
    await refusedByDb(
      sql`UPDATE properties SET status = 'ACTIVE' WHERE id = ${p._id}`,
      /Only a verified owner's listing can be approved \(the owner's account is pending\)/,
    );
    expect((await verify(owner, 'VERIFIED')).statusCode).toBe(200);
    const ok = await call(t.app, { method: 'PATCH', url: `/v1/properties/${p._id}/review`, as: admin, payload: { decision: 'APPROVE' } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().status).toBe('ACTIVE');
  });

  it('a pending person cannot withdraw (403, nothing changed); a rejected one may withdraw what they hold, but not add money, subscribe or invest', async () => {
    const pending = await makeUser(t.app, 'INVESTOR');
    await fund(t, pending, 100);
    // Adding a bank account is allowed to anyone (it moves no money); only the withdrawal is refused.
    await destinationFor(t.app, pending);
    let before = await snapshot(t.app);
    const refused = await withdraw(pending, 10);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Your account must be verified before you can withdraw');
    expect(await snapshot(t.app)).toBe(before);
    await refusedByDb(
      sql`INSERT INTO payouts (user_id, amount_cents, payout_destination_id) VALUES (${pending.id}, 1000, ${await destinationFor(t.app, pending)})`,
      /must be verified before you can withdraw/,
    );

    const owner = await makeUser(t.app, 'PROPERTY_OWNER', { status: 'VERIFIED' });
    const live = await makeProperty(t.app, owner, { approveAs: admin, body: { totalQuantity: 10, unitPrice: 10 } });
    const rejected = await makeInvestor(t, 200);
    expect((await verify(rejected, 'REJECTED', 'Documents unreadable')).statusCode).toBe(200);
    // Rejection ended their sessions; they sign in again.
    const token = await login(t.app, rejected.email, rejected.password);
    const again = { ...rejected, token, headers: { authorization: `Bearer ${token}` } };

    before = await snapshot(t.app);
    const add = await deposit(again, 10);
    expect(add.statusCode).toBe(403);
    expect(add.json().message).toBe('Your account verification was rejected: you cannot add money');
    const checkout = await call(t.app, {
      method: 'POST',
      url: '/v1/payments/checkouts',
      as: again,
      payload: { purpose: 'DEPOSIT', amount: 10, returnPath: '/' },
    });
    expect(checkout.statusCode).toBe(403);
    expect(checkout.json().message).toBe('Your account verification was rejected: you cannot start a checkout');
    const order = await placeOrder(t.app, again, live._id, 1);
    expect(order.statusCode).toBe(403);
    expect(order.json().message).toBe('Your account verification was rejected: you cannot invest');
    expect(await snapshot(t.app)).toBe(before);
    await refusedByDb(
      sql`INSERT INTO checkouts (user_id, purpose, amount_cents, provider, return_path, expires_at) VALUES (${rejected.id}, 'DEPOSIT', 1000, 'sandbox', '/', now() + interval '1 hour')`,
      /verification was rejected: you cannot add money/,
    );

    const out = await withdraw(again, 150);
    expect(out.statusCode).toBe(201);
    expect(await walletBalance(t.app, again)).toBe(50);
  });

  it('a rejected owner cannot list a property (403, nothing changed)', async () => {
    const owner = await makeUser(t.app, 'PROPERTY_OWNER', { status: 'REJECTED' });
    const before = await snapshot(t.app);
    const res = await call(t.app, {
      method: 'POST',
      url: '/v1/properties/owned/rental-ready',
      as: owner,
      payload: { name: 'X', address: '1 A St', state: 'IL', totalQuantity: 10, unitPrice: 10, roiInFiveYears: 5 },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Your account verification was rejected: you cannot list a property');
    expect(await snapshot(t.app)).toBe(before);
  });

  it('rejecting an owner suspends their live listings: out of the catalogue, still shown to holders marked suspended, not buyable; re-verification does not resume them, an admin does', async () => {
    const owner = await makeUser(t.app, 'PROPERTY_OWNER', { status: 'VERIFIED', firstName: 'Suspendme' });
    const p = await makeProperty(t.app, owner, { approveAs: admin, body: { name: 'Suspended Towers', totalQuantity: 10, unitPrice: 10 } });
    const holder = await makeInvestor(t, 100);
    const o = (await placeOrder(t.app, holder, p._id, 2)).json();
    expect(
      (await call(t.app, { method: 'PATCH', url: `/v1/orders/${o._id}/review`, as: admin, payload: { decision: 'APPROVE' } })).statusCode,
    ).toBe(200);

    expect((await verify(owner, 'REJECTED', 'Forged documents')).statusCode).toBe(200);
    const seen = await call(t.app, { method: 'GET', url: `/v1/properties/${p._id}`, as: holder });
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({ status: 'ACTIVE', suspendedReason: expect.stringContaining('suspended') });
    expect(seen.json().suspendedAt).not.toBeNull();
    const list = await call(t.app, { method: 'GET', url: '/v1/properties?searchName=Suspended%20Towers' });
    expect(list.json().items).toHaveLength(0);
    const adminList = await call(t.app, { method: 'GET', url: '/v1/properties?searchName=Suspended%20Towers', as: admin });
    expect(adminList.json().items[0].suspendedAt).not.toBeNull();

    const buyer = await makeInvestor(t, 100);
    const before = await snapshot(t.app);
    const refused = await placeOrder(t.app, buyer, p._id, 1);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This property is suspended: it is not open for investment');
    const resumeEarly = await call(t.app, { method: 'PATCH', url: `/v1/properties/${p._id}/resume`, as: admin });
    expect(resumeEarly.statusCode).toBe(409);
    expect(await snapshot(t.app)).toBe(before);

    expect((await verify(owner, 'VERIFIED')).statusCode).toBe(200);
    expect((await call(t.app, { method: 'GET', url: `/v1/properties/${p._id}` })).json().suspendedAt).not.toBeNull();
    const resumed = await call(t.app, { method: 'PATCH', url: `/v1/properties/${p._id}/resume`, as: admin });
    expect(resumed.statusCode).toBe(200);
    expect(resumed.json()).toMatchObject({ status: 'ACTIVE', suspendedAt: null, suspendedReason: null });
    expect((await placeOrder(t.app, buyer, p._id, 1)).statusCode).toBe(201);
  });
});

describe('cancelling a withdrawal', () => {
  it('releases the hold through the ledger, once; repeats answer the same; others get 404; a decided one is 409', async () => {
    const investor = await makeInvestor(t, 300);
    const p = (await withdraw(investor, 100)).json<{ _id: string }>();
    expect(await walletBalance(t.app, investor)).toBe(200);
    const other = await makeInvestor(t, 0);
    let before = await snapshot(t.app);
    expect((await call(t.app, { method: 'PATCH', url: `/v1/wallets/payouts/${p._id}/cancel`, as: other })).statusCode).toBe(404);
    expect(await snapshot(t.app)).toBe(before);

    const res = await call(t.app, { method: 'PATCH', url: `/v1/wallets/payouts/${p._id}/cancel`, as: investor });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ _id: p._id, status: 'CANCELLED', amount: 100 });
    expect(await walletBalance(t.app, investor)).toBe(300);
    const entries = await queryRows<{ type: string; amount_cents: string }>(
      t.app,
      sql`SELECT type, amount_cents FROM ledger_entries WHERE payout_id = ${p._id} ORDER BY seq`,
    );
    expect(entries.map((e) => [e.type, Number(e.amount_cents)])).toEqual([
      ['WITHDRAWAL_HOLD', -10000],
      ['WITHDRAWAL_RELEASE', 10000],
    ]);

    before = await snapshot(t.app);
    const again = await call(t.app, { method: 'PATCH', url: `/v1/wallets/payouts/${p._id}/cancel`, as: investor });
    expect(again.statusCode).toBe(200);
    expect(again.json().status).toBe('CANCELLED');
    expect(await snapshot(t.app)).toBe(before);

    const paid = (await withdraw(investor, 50)).json<{ _id: string }>();
    expect(
      (
        await call(t.app, {
          method: 'PATCH',
          url: `/v1/payouts/${paid._id}`,
          as: admin,
          payload: { status: 'PAID', bankReference: 'TRF-TEST' },
        })
      ).statusCode,
    ).toBe(200);
    before = await snapshot(t.app);
    const late = await call(t.app, { method: 'PATCH', url: `/v1/wallets/payouts/${paid._id}/cancel`, as: investor });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('This withdrawal is already paid');
    expect(await snapshot(t.app)).toBe(before);
  });
});
