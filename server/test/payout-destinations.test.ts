// Payout destinations (issue 19): validation, masking, ownership (API and database), the
// admins' audited full read, removal rules and the PAYOUT_DESTINATION_CHANGED notice.
import { sql } from 'drizzle-orm';
import { PAYOUT_DESTINATION_MESSAGES as M } from 'shared-api/contract/dashboard';
import {
  buildTestApp,
  call,
  destinationFor,
  invariantViolations,
  itOnPostgres,
  makeInvestor,
  makeUser,
  queryRows,
  requestWithdrawal,
  snapshot,
  US_ACCOUNT,
  type TestApp,
  type TestUser,
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

const add = (u: TestUser, payload: object, headers: Record<string, string> = {}) =>
  call(t.app, { method: 'POST', url: '/v1/wallets/destinations', as: u, payload, headers });
const list = (u: TestUser) => call(t.app, { method: 'GET', url: '/v1/wallets/destinations', as: u });
/** The database's refusal message (drizzle wraps it as the error's cause). */
const refusal = (q: Promise<unknown>) =>
  q.then(
    () => 'accepted',
    (e: Error & { cause?: Error }) => e.cause?.message ?? e.message,
  );
const IBAN = { kind: 'IBAN', holderName: 'Erika Mustermann', iban: 'DE89 3704 0044 0532 0130 00', bic: 'COBADEFFXXX' };

describe('adding a bank account', () => {
  it('validates the routing checksum and account number, with one clear message per field; nothing written', async () => {
    const who = await makeInvestor(t);
    const before = await snapshot(t.app);
    const bad = await add(who, { kind: 'US_ACH', holderName: ' ', routingNumber: '011000016', accountNumber: '12' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toEqual([M.holderRequired, M.routingChecksum, M.accountFormat]);
    expect((await add(who, { ...US_ACCOUNT, routingNumber: '12345' })).json().message).toEqual([M.routingFormat]);
    expect(await snapshot(t.app)).toBe(before);
    const ok = await add(who, { ...US_ACCOUNT, routingNumber: '0110-0001 5' });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ kind: 'US_ACH', country: 'US', last4: '6789', holderName: 'Test Holder', removedAt: null });
  });

  it('validates IBAN and BIC with ibantools (country length too), and takes the country from the IBAN', async () => {
    const who = await makeInvestor(t);
    expect((await add(who, { ...IBAN, iban: 'DE89370400440532013001' })).json().message).toEqual([M.ibanInvalid]);
    // Right mod-97 digits but a German IBAN must have 22 characters: only the library knows.
    expect((await add(who, { ...IBAN, iban: 'DE0237040044053201300' })).json().message).toEqual([M.ibanInvalid]);
    expect((await add(who, { ...IBAN, bic: 'DEUT1EFF' })).json().message).toEqual([M.bicInvalid]);
    expect((await add(who, { ...IBAN, bic: 'DEUTZZFF' })).json().message).toEqual([M.bicInvalid]);
    expect((await add(who, { kind: 'IBAN', holderName: 'X', iban: 'x', bic: 'y', routingNumber: '1' })).statusCode).toBe(400);
    const ok = await add(who, IBAN);
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ kind: 'IBAN', country: 'DE', last4: '3000' });
  });

  it('never shows the full number to the person (add, list, withdrawals) and keeps it sealed in the database', async () => {
    const who = await makeInvestor(t, 50);
    const added = await add(who, { ...US_ACCOUNT, accountNumber: '98765432101234' });
    const iban = await add(who, IBAN);
    const w = await call(t.app, {
      method: 'POST',
      url: '/v1/wallets/withdraw',
      as: who,
      payload: { amount: 5, payoutDestinationId: added.json()._id },
    });
    expect(w.statusCode).toBe(201);
    expect(w.json().destination).toMatchObject({ _id: added.json()._id, last4: '1234' });
    const bodies = [
      added.body,
      iban.body,
      w.body,
      (await list(who)).body,
      (await call(t.app, { method: 'GET', url: '/v1/wallets/payouts', as: who })).body,
    ];
    for (const body of bodies) {
      for (const secret of ['98765432101234', '011000015', 'DE89370400440532013000', '370400440532013000', 'COBADEFF'])
        expect(body).not.toContain(secret);
    }
    expect((await list(who)).json().map((d: { last4: string }) => d.last4)).toEqual(['3000', '1234']);
    const rows = await queryRows<{ details_sealed: string }>(
      t.app,
      sql`SELECT details_sealed FROM payout_destinations WHERE user_id = ${who.id}`,
    );
    for (const r of rows) {
      expect(r.details_sealed).toMatch(/^v2:default:/);
      expect(r.details_sealed).not.toContain('98765432101234');
      expect(r.details_sealed).not.toContain('DE89');
    }
  });

  it('notifies the person by e-mail (PAYOUT_DESTINATION_CHANGED) on add and remove, in the same transaction', async () => {
    const who = await makeInvestor(t);
    const d = (await add(who, US_ACCOUNT)).json();
    expect((await call(t.app, { method: 'DELETE', url: `/v1/wallets/destinations/${d._id}`, as: who })).statusCode).toBe(200);
    const notes = await queryRows<{ kind: string; email_status: string; body: string }>(
      t.app,
      sql`SELECT kind, email_status, body FROM notifications WHERE user_id = ${who.id} ORDER BY created_at, title`,
    );
    expect(notes.map((n) => n.kind)).toEqual(['PAYOUT_DESTINATION_CHANGED', 'PAYOUT_DESTINATION_CHANGED']);
    expect(notes.every((n) => n.email_status === 'PENDING' || n.email_status === 'SENT')).toBe(true);
    expect(notes.map((n) => n.body).join(' ')).toContain('•••• 6789');
    expect(notes.map((n) => n.body).join(' ')).not.toContain('000123456789');
  });

  it('honours Idempotency-Key: one account, one notice', async () => {
    const who = await makeInvestor(t);
    const a = await add(who, US_ACCOUNT, { 'idempotency-key': 'dest-1' });
    const b = await add(who, US_ACCOUNT, { 'idempotency-key': 'dest-1' });
    expect(b.headers['idempotent-replayed']).toBe('true');
    expect(b.json()._id).toBe(a.json()._id);
    expect((await list(who)).json()).toHaveLength(1);
  });
});

describe('withdrawals name their destination', () => {
  it('requires one, and refuses another person’s or a removed one (API), nothing moved', async () => {
    const who = await makeInvestor(t, 100);
    const other = await makeInvestor(t, 100);
    const theirs = await destinationFor(t.app, other);
    const before = await snapshot(t.app);
    const none = await call(t.app, { method: 'POST', url: '/v1/wallets/withdraw', as: who, payload: { amount: 5 } });
    expect(none.statusCode).toBe(400);
    const stolen = await call(t.app, {
      method: 'POST',
      url: '/v1/wallets/withdraw',
      as: who,
      payload: { amount: 5, payoutDestinationId: theirs },
    });
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json().message).toBe(M.notFound);
    expect(await snapshot(t.app)).toBe(before);
    const mine = (await add(who, US_ACCOUNT)).json()._id;
    await call(t.app, { method: 'DELETE', url: `/v1/wallets/destinations/${mine}`, as: who });
    const removed = await call(t.app, {
      method: 'POST',
      url: '/v1/wallets/withdraw',
      as: who,
      payload: { amount: 5, payoutDestinationId: mine },
    });
    expect(removed.statusCode).toBe(404);
  });

  it('the database refuses it too: another person’s destination, none, or changing it later', async () => {
    const who = await makeInvestor(t, 100);
    const other = await makeInvestor(t, 100);
    const theirs = await destinationFor(t.app, other);
    expect(
      await refusal(
        t.app.db.execute(sql`INSERT INTO payouts (user_id, amount_cents, payout_destination_id) VALUES (${who.id}, 100, ${theirs})`),
      ),
    ).toBe(M.notFound);
    expect(await refusal(t.app.db.execute(sql`INSERT INTO payouts (user_id, amount_cents) VALUES (${who.id}, 100)`))).toBe(M.required);
    // Bypassing the trigger's check, the composite FK still ties the destination to its person.
    const p = (await requestWithdrawal(t.app, who, 1)).json()._id;
    expect(await refusal(t.app.db.execute(sql`UPDATE payouts SET payout_destination_id = ${theirs} WHERE id = ${p}`))).not.toBe('accepted');
    expect(await refusal(t.app.db.execute(sql`ALTER TABLE payouts DISABLE TRIGGER payouts_destination_gate`))).toBe('accepted');
    try {
      expect(
        await refusal(
          t.app.db.execute(sql`INSERT INTO payouts (user_id, amount_cents, payout_destination_id) VALUES (${who.id}, 100, ${theirs})`),
        ),
      ).toMatch(/payouts_destination_fk/);
    } finally {
      await t.app.db.execute(sql`ALTER TABLE payouts ENABLE TRIGGER payouts_destination_gate`);
    }
    expect(await refusal(t.app.db.execute(sql`DELETE FROM payout_destinations WHERE id = ${theirs}`))).toMatch(/never deleted/);
    expect(await refusal(t.app.db.execute(sql`UPDATE payout_destinations SET last4 = '0000' WHERE id = ${theirs}`))).toMatch(
      /never changes/,
    );
    expect(await invariantViolations(t.app)).toEqual([]);
  });

  it('a bank account cannot be removed while a requested withdrawal names it; it can once that is decided', async () => {
    const who = await makeInvestor(t, 100);
    const d = await destinationFor(t.app, who);
    const p = (await requestWithdrawal(t.app, who, 10)).json()._id;
    const refused = await call(t.app, { method: 'DELETE', url: `/v1/wallets/destinations/${d}`, as: who });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(M.inUse);
    expect((await list(who)).json()).toHaveLength(1);
    await call(t.app, { method: 'PATCH', url: `/v1/payouts/${p}`, as: admin, payload: { status: 'PAID', bankReference: 'TRF-TEST' } });
    const ok = await call(t.app, { method: 'DELETE', url: `/v1/wallets/destinations/${d}`, as: who });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().removedAt).not.toBeNull();
    expect((await list(who)).json()).toEqual([]);
    // Kept for the withdrawal that names it: the admin still sees where it was paid.
    const items = (await call(t.app, { method: 'GET', url: `/v1/payouts?userId=${who.id}`, as: admin })).json().items;
    expect(items[0].destination).toMatchObject({ _id: d, last4: '6789' });
    expect((await call(t.app, { method: 'DELETE', url: `/v1/wallets/destinations/${d}`, as: who })).statusCode).toBe(404);
  });

  itOnPostgres('a removal racing a withdrawal to the same account: never a requested withdrawal to a removed account', async () => {
    for (let i = 0; i < 5; i++) {
      const who = await makeInvestor(t, 20);
      const d = (await add(who, US_ACCOUNT)).json()._id;
      await Promise.all([
        call(t.app, { method: 'POST', url: '/v1/wallets/withdraw', as: who, payload: { amount: 1, payoutDestinationId: d } }),
        call(t.app, { method: 'DELETE', url: `/v1/wallets/destinations/${d}`, as: who }),
      ]);
      const bad = await queryRows(
        t.app,
        sql`SELECT 1 FROM payouts p JOIN payout_destinations d ON d.id = p.payout_destination_id
            WHERE p.user_id = ${who.id} AND p.status = 'REQUESTED' AND d.removed_at IS NOT NULL`,
      );
      expect(bad).toEqual([]);
    }
  });
});

describe('admins', () => {
  it('see the destination masked and the person’s status in the list; the full read is audited; others get 403', async () => {
    const who = await makeInvestor(t, 100);
    const d = (await add(who, IBAN)).json()._id;
    const p = (
      await call(t.app, { method: 'POST', url: '/v1/wallets/withdraw', as: who, payload: { amount: 12, payoutDestinationId: d } })
    ).json()._id;
    const listed = await call(t.app, { method: 'GET', url: `/v1/payouts?userId=${who.id}`, as: admin });
    expect(listed.json().items[0]).toMatchObject({ destination: { _id: d, kind: 'IBAN', last4: '3000' }, user: { status: 'VERIFIED' } });
    expect(listed.body).not.toContain('DE89370400440532013000');

    expect((await call(t.app, { method: 'GET', url: `/v1/payouts/${p}/destination`, as: who })).statusCode).toBe(403);
    expect((await call(t.app, { method: 'GET', url: `/v1/payouts/${p}/destination` })).statusCode).toBe(401);
    const full = await call(t.app, { method: 'GET', url: `/v1/payouts/${p}/destination`, as: admin });
    expect(full.statusCode).toBe(200);
    expect(full.json()).toMatchObject({
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
      holderName: 'Erika Mustermann',
      routingNumber: null,
    });
    const audits = await queryRows<{ action: string; actor_id: string; target_id: string }>(
      t.app,
      sql`SELECT action, actor_id, target_id FROM audit_log WHERE action = 'payout.destination.view' AND target_id = ${p}`,
    );
    expect(audits).toEqual([{ action: 'payout.destination.view', actor_id: admin.id, target_id: p }]);
    const us = await makeInvestor(t, 100);
    const p2 = (await requestWithdrawal(t.app, us, 3)).json()._id;
    expect((await call(t.app, { method: 'GET', url: `/v1/payouts/${p2}/destination`, as: admin })).json()).toMatchObject({
      routingNumber: '011000015',
      accountNumber: '000123456789',
      iban: null,
    });
    expect(
      (await call(t.app, { method: 'GET', url: `/v1/payouts/00000000-0000-4000-8000-000000000000/destination`, as: admin })).statusCode,
    ).toBe(404);
  });

  it('closing the account erases the bank details (in the database): the records keep holder and last four, the full read answers 410 and is not audited', async () => {
    const who = await makeInvestor(t, 100);
    const d = (await add(who, IBAN)).json()._id;
    const kept = (await add(who, US_ACCOUNT)).json()._id;
    const p = (
      await call(t.app, { method: 'POST', url: '/v1/wallets/withdraw', as: who, payload: { amount: 100, payoutDestinationId: d } })
    ).json()._id;
    expect(
      (await call(t.app, { method: 'PATCH', url: `/v1/payouts/${p}`, as: admin, payload: { status: 'PAID', bankReference: 'TRF-TEST' } }))
        .statusCode,
    ).toBe(200);
    const sealed = () =>
      queryRows<{ id: string; details_sealed: string; removed: boolean }>(
        t.app,
        sql`SELECT id, details_sealed, removed_at IS NOT NULL AS removed FROM payout_destinations WHERE user_id = ${who.id} ORDER BY id`,
      );
    expect((await sealed()).every((r) => r.details_sealed.length > 0 && !r.removed)).toBe(true);
    // Not before: the database refuses to erase (or change) an open account's details.
    expect(await refusal(t.app.db.execute(sql`UPDATE payout_destinations SET details_sealed = '' WHERE id = ${d}`))).toBe(
      'Bank details are erased only when the account closes',
    );

    const closed = await call(t.app, { method: 'DELETE', url: `/v1/users/${who.id}`, as: admin });
    expect(closed.statusCode).toBe(200);
    expect((await sealed()).map((r) => [r.id, r.details_sealed, r.removed])).toEqual(
      [
        [d, '', true],
        [kept, '', true],
      ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    );
    // Where the withdrawal was paid is still shown, masked.
    const items = (await call(t.app, { method: 'GET', url: `/v1/payouts?userId=${who.id}`, as: admin })).json().items;
    expect(items[0].destination).toMatchObject({ _id: d, kind: 'IBAN', last4: '3000', holderName: 'Erika Mustermann' });
    const full = await call(t.app, { method: 'GET', url: `/v1/payouts/${p}/destination`, as: admin });
    expect(full.statusCode).toBe(410);
    expect(full.json().message).toBe(M.erased);
    expect(await queryRows(t.app, sql`SELECT 1 FROM audit_log WHERE action = 'payout.destination.view' AND target_id = ${p}`)).toEqual([]);
    expect(await invariantViolations(t.app)).toEqual([]);
  });
});
