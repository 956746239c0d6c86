// Each decision about a person writes its notice in the same transaction (issue 19).
import { sql } from 'drizzle-orm';
import type { NotificationKind } from 'shared-api/contract';
import {
  buildTestApp,
  call,
  fund,
  makeInvestor,
  makeProperty,
  makeUser,
  markSubmitted,
  placeOrder,
  queryRows,
  snapshot,
  uniqueEmail,
  type TestApp,
  type TestUser,
  requestWithdrawal,
} from './helper';

let t: TestApp;
let admin: TestUser;
let owner: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await makeUser(t.app, 'ADMIN');
  owner = await makeUser(t.app, 'PROPERTY_OWNER', { status: 'VERIFIED' });
}, 180_000);
afterAll(async () => {
  await t?.close();
});

interface Row {
  kind: NotificationKind;
  title: string;
  body: string;
  link: string | null;
  data: Record<string, unknown>;
  email_status: string;
}
const noticesOf = (userId: string, kind?: NotificationKind) =>
  queryRows<Row>(
    t.app,
    sql`SELECT kind, title, body, link, data, email_status FROM notifications WHERE user_id = ${userId} ${kind ? sql`AND kind = ${kind}` : sql``} ORDER BY created_at`,
  );

describe('notices written with the decision', () => {
  it('e-mail verified (once)', async () => {
    const email = uniqueEmail('verify');
    await call(t.app, {
      method: 'POST',
      url: '/v1/auth/signup/investor',
      payload: { firstName: 'Vera', lastName: 'Doe', email, password: 'Passw0rdX' },
    });
    const code = /\b(\d{6})\b/.exec([...t.app.mailer.outbox].reverse().find((m) => m.to === email)?.text ?? '')?.[1];
    const res = await call(t.app, { method: 'POST', url: '/v1/auth/otp/verify', payload: { email, code, purpose: 'VERIFY_EMAIL' } });
    expect(res.statusCode).toBe(200);
    const [u] = await queryRows<{ id: string }>(t.app, sql`SELECT id FROM users WHERE email = ${email}`);
    const n = await noticesOf(u.id);
    expect(n).toEqual([
      expect.objectContaining({ kind: 'EMAIL_VERIFIED', title: 'Your e-mail address is verified', email_status: 'PENDING' }),
    ]);
  });

  it('identity verified, and rejected with the reason (and the owner’s live listing suspended)', async () => {
    const investor = await makeUser(t.app, 'INVESTOR');
    await markSubmitted(t.app, investor.id);
    expect(
      (await call(t.app, { method: 'PATCH', url: `/v1/users/verify/${investor.id}`, as: admin, payload: { status: 'VERIFIED' } }))
        .statusCode,
    ).toBe(200);
    expect(await noticesOf(investor.id, 'KYC_VERIFIED')).toHaveLength(1);

    const o = await makeUser(t.app, 'PROPERTY_OWNER', { status: 'VERIFIED' });
    await markSubmitted(t.app, o.id);
    const p = await makeProperty(t.app, o, { approveAs: admin });
    const holder = await makeInvestor(t, 1000);
    const bought = (await placeOrder(t.app, holder, p._id, 1)).json<{ _id: string }>();
    expect(
      (await call(t.app, { method: 'PATCH', url: `/v1/orders/${bought._id}/review`, as: admin, payload: { decision: 'APPROVE' } }))
        .statusCode,
    ).toBe(200);
    const res = await call(t.app, {
      method: 'PATCH',
      url: `/v1/users/verify/${o.id}`,
      as: admin,
      payload: { status: 'REJECTED', reason: 'The passport scan is unreadable' },
    });
    expect(res.statusCode).toBe(200);
    const [kyc] = await noticesOf(o.id, 'KYC_REJECTED');
    expect(kyc.body).toContain('The passport scan is unreadable');
    const [suspended] = await noticesOf(o.id, 'LISTING_SUSPENDED');
    expect(suspended).toMatchObject({ title: 'Your listing “Test Residences” is suspended', data: { propertyId: p._id } });
    expect(suspended.body).toContain('identity verification was rejected');
    // Its holders are told too: they keep their units, nothing new can be bought.
    const [held] = await noticesOf(holder.id, 'HOLDING_SUSPENDED');
    expect(held).toMatchObject({ title: '“Test Residences”, a property you hold, is suspended', data: { propertyId: p._id } });
    expect(held.body).toContain('You keep your units');

    // Verified again and resumed by an admin: owner and holder hear it is back.
    await call(t.app, { method: 'PATCH', url: `/v1/users/verify/${o.id}`, as: admin, payload: { status: 'VERIFIED' } });
    expect((await call(t.app, { method: 'PATCH', url: `/v1/properties/${p._id}/resume`, as: admin })).statusCode).toBe(200);
    expect((await noticesOf(o.id, 'LISTING_RESUMED')).map((n) => n.body)).toEqual([
      'Your listing “Test Residences” is resumed: it is in the catalogue and can be bought again.',
    ]);
    expect((await noticesOf(holder.id, 'LISTING_RESUMED')).map((n) => n.title)).toEqual(['“Test Residences” is back on sale']);
  });

  it('listing approved and rejected with the reason', async () => {
    const approved = await makeProperty(t.app, owner, { approveAs: admin });
    const [a] = await noticesOf(owner.id, 'LISTING_APPROVED');
    expect(a).toMatchObject({ link: `/properties/${approved._id}` });

    const p = await makeProperty(t.app, owner);
    const res = await call(t.app, {
      method: 'PATCH',
      url: `/v1/properties/${p._id}/review`,
      as: admin,
      payload: { decision: 'REJECT', reason: 'Photos missing' },
    });
    expect(res.statusCode).toBe(200);
    const [r] = await noticesOf(owner.id, 'LISTING_REJECTED');
    expect(r.body).toBe('“Test Residences” was not approved. Reason: Photos missing');
    expect(r.link).toBe(`/dashboard/listings/${p._id}/edit`);
  });

  it('deposit received, order approved, order rejected with reason and refund; a refused decision writes nothing', async () => {
    const investor = await makeInvestor(t, 1000);
    const [dep] = await noticesOf(investor.id, 'DEPOSIT_RECEIVED');
    expect(dep).toMatchObject({ title: '$1,000.00 added to your wallet', link: '/dashboard/wallet' });

    const p = await makeProperty(t.app, owner, { approveAs: admin });
    const o1 = (await placeOrder(t.app, investor, p._id, 2)).json<{ _id: string }>();
    const o2 = (await placeOrder(t.app, investor, p._id, 3)).json<{ _id: string }>();
    const review = (id: string, decision: string, reason?: string) =>
      call(t.app, { method: 'PATCH', url: `/v1/orders/${id}/review`, as: admin, payload: { decision, ...(reason ? { reason } : {}) } });
    expect((await review(o1._id, 'APPROVE')).statusCode).toBe(200);
    const [ok] = await noticesOf(investor.id, 'ORDER_APPROVED');
    expect(ok.body).toBe('Your order of 2 units of “Test Residences” ($101.00) is approved: the units are now yours.');

    expect((await review(o2._id, 'REJECT', 'Payment reference mismatch')).statusCode).toBe(200);
    const [ko] = await noticesOf(investor.id, 'ORDER_REJECTED');
    expect(ko.body).toContain('Reason: Payment reference mismatch');
    expect(ko.body).toContain('$151.50 is refunded to your wallet.');
    expect(ko).toMatchObject({ link: '/dashboard/orders', data: { orderId: o2._id, refundCents: 15150 } });

    // Deciding again is refused (409): nothing is written, no second notice.
    const before = await snapshot(t.app);
    expect((await review(o2._id, 'REJECT', 'again')).statusCode).toBe(409);
    expect(await snapshot(t.app)).toBe(before);
  });

  it('withdrawal paid and declined with the reason', async () => {
    const investor = await makeInvestor(t, 500);
    const withdraw = async (amount: number) => {
      const res = await requestWithdrawal(t.app, investor, amount);
      expect(res.statusCode).toBe(201);
      return res.json<{ _id: string }>();
    };
    const w1 = await withdraw(100);
    const w2 = await withdraw(50);
    expect(
      (
        await call(t.app, {
          method: 'PATCH',
          url: `/v1/payouts/${w1._id}`,
          as: admin,
          payload: { status: 'PAID', bankReference: 'TRF-TEST' },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await call(t.app, {
          method: 'PATCH',
          url: `/v1/payouts/${w2._id}`,
          as: admin,
          payload: { status: 'REJECTED', reason: 'Bank details missing' },
        })
      ).statusCode,
    ).toBe(200);
    const [paid] = await noticesOf(investor.id, 'WITHDRAWAL_PAID');
    expect(paid.title).toBe('Your withdrawal of $100.00 is paid');
    expect(paid.body).toContain('Bank reference: TRF-TEST');
    const [declined] = await noticesOf(investor.id, 'WITHDRAWAL_DECLINED');
    expect(declined.body).toContain('Reason: Bank details missing');
  });

  it('distribution paid: every holder is told their share', async () => {
    const o = await makeUser(t.app, 'PROPERTY_OWNER', { status: 'VERIFIED' });
    const { _id } = await makeProperty(t.app, o, { approveAs: admin, body: { totalQuantity: 4, unitPrice: 50 } });
    const a = await makeInvestor(t, 150);
    const b = await makeInvestor(t, 50);
    for (const [inv, n] of [
      [a, 3],
      [b, 1],
    ] as const) {
      const order = (await placeOrder(t.app, inv, _id, n)).json<{ _id: string }>();
      expect(
        (await call(t.app, { method: 'PATCH', url: `/v1/orders/${order._id}/review`, as: admin, payload: { decision: 'APPROVE' } }))
          .statusCode,
      ).toBe(200);
    }
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const rep = await call(t.app, {
      method: 'POST',
      url: '/v1/income-reports',
      as: o,
      payload: { propertyId: _id, periodStart: day(-60), periodEnd: day(-31), grossRent: 100, expenses: {}, note: 'Monthly report' },
    });
    expect(rep.statusCode).toBe(201);
    const ok = await call(t.app, {
      method: 'PATCH',
      url: `/v1/income-reports/${rep.json()._id}/approve`,
      as: admin,
      payload: { recordDate: day(0), payDate: day(0) },
    });
    expect(ok.statusCode).toBe(200);
    const paid = await call(t.app, { method: 'POST', url: `/v1/distributions/${ok.json().distribution._id}/pay`, as: admin });
    expect(paid.json().result).toBe('PAID');
    // 8% fee on $100 gross: $92 among 4 units.
    const [na] = await noticesOf(a.id, 'DISTRIBUTION_PAID');
    const [nb] = await noticesOf(b.id, 'DISTRIBUTION_PAID');
    expect(na.title).toBe('$69.00 distribution from “Test Residences”');
    expect(nb.title).toBe('$23.00 distribution from “Test Residences”');
    expect(na.body).toContain('is paid into your wallet');
    // The owner heard of the approval, with what their wallet must hold by the pay date.
    const [approved] = await noticesOf(o.id, 'INCOME_REPORT_DECIDED');
    expect(approved.title).toBe('Your income report for “Test Residences” is approved');
    expect(approved.body).toContain(`On ${day(0)}, $92.00 is paid to the holders and the $8.00 management fee to Tessera`);
    expect(approved.body).toContain('keep at least $100.00 there');
  });

  it('an income report rejected, and a distribution the owner’s wallet cannot pay (told once, not every retry)', async () => {
    const o = await makeUser(t.app, 'PROPERTY_OWNER', { status: 'VERIFIED' });
    const { _id } = await makeProperty(t.app, o, { approveAs: admin, body: { totalQuantity: 4, unitPrice: 50 } });
    // Rent is paid on funded properties: one investor buys all four units.
    const a = await makeInvestor(t, 200);
    const order = (await placeOrder(t.app, a, _id, 4)).json<{ _id: string }>();
    await call(t.app, { method: 'PATCH', url: `/v1/orders/${order._id}/review`, as: admin, payload: { decision: 'APPROVE' } });
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const report = (grossRent: number, periodStart: string, periodEnd: string) =>
      call(t.app, {
        method: 'POST',
        url: '/v1/income-reports',
        as: o,
        payload: { propertyId: _id, periodStart, periodEnd, grossRent, expenses: {} },
      });

    const first = await report(100, day(-90), day(-61));
    expect(first.json()).toMatchObject({ status: 'SUBMITTED' });
    const no = await call(t.app, {
      method: 'PATCH',
      url: `/v1/income-reports/${first.json()._id}/reject`,
      as: admin,
      payload: { reason: 'The receipt does not match the rent' },
    });
    expect(no.statusCode).toBe(200);
    const [rejected] = await noticesOf(o.id, 'INCOME_REPORT_DECIDED');
    expect(rejected.title).toBe('Your income report for “Test Residences” was rejected');
    expect(rejected.body).toContain('Reason: The receipt does not match the rent');

    // $5,000 of rent: far more than the $200 the owner's wallet holds.
    const big = await report(5000, day(-60), day(-31));
    const ok = await call(t.app, {
      method: 'PATCH',
      url: `/v1/income-reports/${big.json()._id}/approve`,
      as: admin,
      payload: { recordDate: day(0), payDate: day(0) },
    });
    expect(ok.statusCode).toBe(200);
    const pay = () => call(t.app, { method: 'POST', url: `/v1/distributions/${ok.json().distribution._id}/pay`, as: admin });
    expect((await pay()).json().result).toBe('REFUSED');
    expect((await pay()).json().result).toBe('REFUSED');
    const refused = await noticesOf(o.id, 'DISTRIBUTION_REFUSED');
    expect(refused).toHaveLength(1);
    expect(refused[0].title).toBe('The distribution for “Test Residences” could not be paid');
    expect(refused[0].body).toMatch(/^The owner's wallet holds \$[\d,.]+; paying this distribution needs \$5,000\.00/);
    expect(refused[0].body).toContain('Add money to your wallet');
  });

  it('a notice exists only if its change committed', async () => {
    const investor = await makeInvestor(t, 0);
    await fund(t, investor, 10);
    const count = async () => (await noticesOf(investor.id)).length;
    const n = await count();
    // A deposit whose transaction fails after the notice is written: neither stays.
    await expect(
      t.app.db.transaction(async (tx) => {
        const { notices } = await import('../src/modules/notifications/notices');
        await notices.depositReceived(tx, { userId: investor.id, checkoutId: investor.id, amountCents: 100 });
        await tx.execute(sql`SELECT 1/0`);
      }),
    ).rejects.toThrow();
    expect(await count()).toBe(n);
  });
});
