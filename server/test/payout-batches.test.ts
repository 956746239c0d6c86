// Payout operations: the bank files of withdrawals (CSV and pain.001.001.03) and the daily
// reconciliation of the ledger, the payment provider and the payouts.
import { randomUUID } from 'node:crypto';
import { JSDOM } from 'jsdom';
import { sql, type SQL } from 'drizzle-orm';
import { PAYOUT_MESSAGES, type PayoutBatchExport, type Reconciliation } from 'shared-api/contract';
import { PAYOUT_BATCH_MESSAGES, RECONCILIATION_MESSAGES } from 'shared-api/contract/admin';
import { xmlText } from '../src/modules/payouts/bank-file';
import { buildTestApp, call, makeInvestor, makeUser, queryRows, type TestApp, type TestUser } from './helper';

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await makeUser(t.app, 'ADMIN');
});
afterAll(async () => {
  await t.close();
});

const batch = (payload: Record<string, unknown>) => call(t.app, { method: 'POST', url: '/v1/payouts/batches', as: admin, payload });
const today = () => new Date().toISOString().slice(0, 10);
const reconcile = async (date = today()) => {
  const res = await call(t.app, { method: 'GET', url: `/v1/payouts/reconciliation?date=${date}`, as: admin });
  expect(res.statusCode).toBe(200);
  return res.json<Reconciliation>();
};

/** A verified investor with money and an IBAN account named `holderName`; returns a REQUESTED withdrawal's id. */
async function withdrawal(amount: number, holderName = 'Erika Mustermann', funds = 1000): Promise<string> {
  const who = await makeInvestor(t, funds);
  const d = await call(t.app, {
    method: 'POST',
    url: '/v1/wallets/destinations',
    as: who,
    payload: { kind: 'IBAN', holderName, iban: 'DE89 3704 0044 0532 0130 00', bic: 'COBADEFFXXX' },
  });
  expect(d.statusCode).toBe(201);
  const res = await call(t.app, {
    method: 'POST',
    url: '/v1/wallets/withdraw',
    as: who,
    payload: { amount, payoutDestinationId: d.json()._id },
  });
  expect(res.statusCode).toBe(201);
  return res.json<{ _id: string }>()._id;
}

describe('payout batches', () => {
  it('escapes XML text and drops characters XML cannot carry', () => {
    expect(xmlText(`</script>&$'"<x>`)).toBe('&lt;/script&gt;&amp;$&apos;&quot;&lt;x&gt;');
    expect(xmlText('a\u0000b\u001Fc\uFFFEd\uD800e😀')).toBe('abcde😀');
  });

  it('exports the chosen withdrawals as CSV and pain.001, records, audits and never sends one twice unasked', async () => {
    const a = await withdrawal(12.34, `Eve </script> $' & "Co"`);
    const b = await withdrawal(0.1);
    const res = await batch({ payoutIds: [a, b] });
    expect(res.statusCode).toBe(201);
    const { batch: made, csv, xml } = res.json<PayoutBatchExport>();
    expect(made.count).toBe(2);
    expect(made.total).toBe(12.44);
    expect(made.payoutIds.sort()).toEqual([a, b].sort());

    // The XML is well formed (jsdom's strict XML parser) and says what it should.
    expect(xml).not.toContain('</script>');
    const doc = new new JSDOM('').window.DOMParser().parseFromString(xml, 'application/xml');
    expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
    const one = (el: Element | Document, path: string) => {
      let at: Element | Document = el;
      for (const name of path.split('/')) {
        const next: Element | undefined = [...at.children].find((c) => c.localName === name);
        if (!next) throw new Error(`no ${path}`);
        at = next;
      }
      return at as Element;
    };
    const root = doc.documentElement;
    expect(root.localName).toBe('Document');
    expect(root.namespaceURI).toBe('urn:iso:std:iso:20022:tech:xsd:pain.001.001.03');
    const head = one(root, 'CstmrCdtTrfInitn/GrpHdr');
    expect(one(head, 'MsgId').textContent).toBe(made._id.replace(/-/g, ''));
    expect(one(head, 'CreDtTm').textContent).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    expect(one(head, 'NbOfTxs').textContent).toBe('2');
    expect(one(head, 'CtrlSum').textContent).toBe('12.44');
    expect(one(head, 'InitgPty/Nm').textContent).toBe('Tessera (sandbox)');
    const info = one(root, 'CstmrCdtTrfInitn/PmtInf');
    expect(one(info, 'PmtMtd').textContent).toBe('TRF');
    expect(one(info, 'CtrlSum').textContent).toBe('12.44');
    expect(one(info, 'DbtrAcct/Id/Othr/Id').textContent).toBe('000000000000');
    expect(one(info, 'DbtrAgt/FinInstnId/ClrSysMmbId/MmbId').textContent).toBe('011000015');
    const txs = [...info.children].filter((c) => c.localName === 'CdtTrfTxInf');
    expect(txs).toHaveLength(2);
    const tx = (id: string) => txs.find((x) => one(x, 'PmtId/EndToEndId').textContent === id.replace(/-/g, ''))!;
    const eve = tx(a);
    expect(one(eve, 'Amt/InstdAmt').textContent).toBe('12.34');
    expect(one(eve, 'Amt/InstdAmt').getAttribute('Ccy')).toBe('USD');
    expect(one(eve, 'Cdtr/Nm').textContent).toBe(`Eve </script> $' & "Co"`);
    expect(one(eve, 'CdtrAcct/Id/IBAN').textContent).toBe('DE89370400440532013000');
    expect(one(eve, 'CdtrAgt/FinInstnId/BIC').textContent).toBe('COBADEFFXXX');
    expect(one(tx(b), 'Amt/InstdAmt').textContent).toBe('0.10');

    // The CSV: exact amounts, the name quoted, the full account.
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toBe(
      'payout_id,end_to_end_id,amount,currency,creditor_name,account_kind,iban,bic,routing_number,account_number,requested_at',
    );
    expect(lines.find((l) => l.startsWith(a))).toContain(`,12.34,USD,"Eve </script> $' & ""Co""",IBAN,DE89370400440532013000,COBADEFFXXX,`);

    // Recorded with the files' checksums, and audited as an export of bank details.
    const { createHash } = await import('node:crypto');
    const [row] = await queryRows<{ csv_sha256: string; xml_sha256: string; total_cents: string; payout_count: number }>(
      t.app,
      sql`select * from payout_batches where id = ${made._id}`,
    );
    expect(row.csv_sha256).toBe(createHash('sha256').update(csv).digest('hex'));
    expect(row.xml_sha256).toBe(createHash('sha256').update(xml).digest('hex'));
    expect(Number(row.total_cents)).toBe(1244);
    const [entry] = await queryRows<{ actor_id: string; detail: { payoutIds: string[]; total: number } }>(
      t.app,
      sql`select * from audit_log where action = 'payout.batch.export' and target_id = ${made._id}`,
    );
    expect(entry.actor_id).toBe(admin.id);
    expect(entry.detail.payoutIds.sort()).toEqual([a, b].sort());

    // The list shows the batch; a second export of the same payouts needs "again".
    const list = await call(t.app, { method: 'GET', url: '/v1/payouts?status=REQUESTED&pageSize=100', as: admin });
    expect(list.json().items.find((p: { _id: string }) => p._id === a).batchId).toBe(made._id);
    const twice = await batch({ payoutIds: [a] });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(PAYOUT_BATCH_MESSAGES.alreadySent);
    const again = await batch({ payoutIds: [a], reexport: true });
    expect(again.statusCode).toBe(201);
    expect(again.json<PayoutBatchExport>().batch.reexport).toBe(true);
  });

  it('"all ready" takes only the withdrawals not yet sent; then there is nothing left', async () => {
    const fresh = await withdrawal(5);
    const res = await batch({ all: true });
    expect(res.statusCode).toBe(201);
    expect(res.json<PayoutBatchExport>().batch.payoutIds).toContain(fresh);
    const none = await batch({ all: true });
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe(PAYOUT_BATCH_MESSAGES.nothingReady);
  });

  it('refuses a paid withdrawal, an unknown one, neither or both choices, and unknown fields', async () => {
    const p = await withdrawal(3);
    expect(
      (await call(t.app, { method: 'PATCH', url: `/v1/payouts/${p}`, as: admin, payload: { status: 'PAID', bankReference: 'REF-1' } }))
        .statusCode,
    ).toBe(200);
    const paid = await batch({ payoutIds: [p] });
    expect(paid.statusCode).toBe(409);
    expect(paid.json().message).toBe(PAYOUT_BATCH_MESSAGES.notRequested);
    expect((await batch({ payoutIds: ['00000000-0000-4000-8000-000000000000'] })).statusCode).toBe(404);
    expect((await batch({})).json().message).toBe(PAYOUT_BATCH_MESSAGES.chooseOne);
    expect((await batch({ all: true, payoutIds: [p] })).statusCode).toBe(400);
    expect((await batch({ all: true, extra: 1 })).statusCode).toBe(400);
    const investor = await makeInvestor(t);
    expect((await call(t.app, { method: 'POST', url: '/v1/payouts/batches', as: investor, payload: { all: true } })).statusCode).toBe(403);
  });
});

describe('marking several withdrawals paid', () => {
  const pay = (items: { payoutId: string; bankReference: string }[]) =>
    call(t.app, { method: 'POST', url: '/v1/payouts/paid', as: admin, payload: { items } });

  it('marks each paid with its own reference, audited one by one', async () => {
    const a = await withdrawal(11);
    const b = await withdrawal(22);
    const res = await pay([
      { payoutId: a, bankReference: ' TRF-A ' },
      { payoutId: b, bankReference: 'TRF-B' },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json().map((p: { _id: string; status: string; bankReference: string }) => [p._id, p.status, p.bankReference])).toEqual([
      [a, 'PAID', 'TRF-A'],
      [b, 'PAID', 'TRF-B'],
    ]);
    const audited = await queryRows<{ target_id: string }>(
      t.app,
      sql`select target_id from audit_log where action = 'payout.paid' and target_id in (${a}, ${b})`,
    );
    expect(audited).toHaveLength(2);
  });

  it('all or none: one already paid, and nothing is marked', async () => {
    const done = await withdrawal(5);
    expect((await pay([{ payoutId: done, bankReference: 'R1' }])).statusCode).toBe(200);
    const fresh = await withdrawal(6);
    const res = await pay([
      { payoutId: fresh, bankReference: 'R2' },
      { payoutId: done, bankReference: 'R3' },
    ]);
    expect(res.statusCode).toBe(409);
    const [row] = await queryRows<{ status: string }>(t.app, sql`select status from payouts where id = ${fresh}`);
    expect(row.status).toBe('REQUESTED');
    // A blank reference, a payout twice, or an unknown field: refused before anything.
    expect((await pay([{ payoutId: fresh, bankReference: '   ' }])).json().message).toBe(PAYOUT_MESSAGES.bankReferenceRequired);
    expect(
      (
        await pay([
          { payoutId: fresh, bankReference: 'A' },
          { payoutId: fresh, bankReference: 'B' },
        ])
      ).json().message,
    ).toBe(PAYOUT_MESSAGES.duplicatePayout);
    expect((await call(t.app, { method: 'POST', url: '/v1/payouts/paid', as: admin, payload: { items: [], x: 1 } })).statusCode).toBe(400);
  });
});

/** Rows of a raw statement inside a transaction. */
async function rowsOf(tx: { execute(q: SQL): Promise<unknown> }, q: SQL): Promise<{ id: string }[]> {
  return ((await tx.execute(q)) as { rows: { id: string }[] }).rows;
}

describe('daily reconciliation', () => {
  it('a clean day lists no difference, and totals agree', async () => {
    // Deposits (paid on the sandbox) and one paid withdrawal, all through the real paths.
    const p = await withdrawal(25);
    expect(
      (await call(t.app, { method: 'PATCH', url: `/v1/payouts/${p}`, as: admin, payload: { status: 'PAID', bankReference: 'BANK-77' } }))
        .statusCode,
    ).toBe(200);
    const r = await reconcile();
    expect(r.differences).toEqual([]);
    expect(r.providerName).toBe('sandbox');
    expect(r.totals.ledger.moneyIn).toBe(r.totals.provider.moneyIn);
    expect(r.totals.ledger.moneyOut).toBe(r.totals.payouts.moneyOut);
    expect(r.totals.payouts.moneyOut).toBeGreaterThanOrEqual(25);
    // Another day: nothing at all.
    const empty = await reconcile('2001-01-01');
    expect(empty.differences).toEqual([]);
    expect(empty.totals.ledger).toEqual({ moneyIn: 0, moneyOut: 0, count: 0 });
  });

  it('lists every mismatch made on purpose', async () => {
    const who = await makeInvestor(t);
    const paidWithdrawal = await withdrawal(40);
    expect(
      (
        await call(t.app, {
          method: 'PATCH',
          url: `/v1/payouts/${paidWithdrawal}`,
          as: admin,
          payload: { status: 'PAID', bankReference: 'BANK-9' },
        })
      ).statusCode,
    ).toBe(200);
    const ids = { providerOnly: '', mismatch: '', ledgerOnly: '', orphan: '', noLedgerPayout: '' };
    // The rules keep the ledger and the checkouts in step, so the mismatches are written with
    // the triggers off, as a broken import or a hand edit would.
    await t.app.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL session_replication_role = replica`);
      const checkout = async (cents: number) =>
        (
          await rowsOf(
            tx,
            sql`
            INSERT INTO checkouts (user_id, purpose, amount_cents, status, provider, return_path, expires_at, settled_at)
            VALUES (${who.id}, 'DEPOSIT', ${cents}, 'PAID', 'sandbox', '/dashboard/wallet', now() + interval '1 hour', now())
            RETURNING id`,
          )
        )[0].id;
      const entry = async (type: string, cents: number, refs: { checkoutId?: string; payoutId?: string }) =>
        (
          await rowsOf(
            tx,
            sql`
            INSERT INTO ledger_entries (user_id, wallet_seq, type, amount_cents, balance_after_cents, checkout_id, payout_id, description)
            VALUES (${who.id}, 999000 + (random() * 1000)::int, ${type}, ${cents}, 0,
                    ${refs.checkoutId ?? null}, ${refs.payoutId ?? null}, 'test')
            RETURNING id`,
          )
        )[0].id;
      ids.providerOnly = await checkout(700);
      ids.mismatch = await checkout(1000);
      await entry('DEPOSIT', 999, { checkoutId: ids.mismatch });
      // A deposit naming a checkout the provider never settled, and a hold naming no withdrawal.
      ids.ledgerOnly = await entry('DEPOSIT', 500, { checkoutId: randomUUID() });
      ids.orphan = await entry('WITHDRAWAL_HOLD', -300, { payoutId: randomUUID() });
      // A payout marked paid with no hold in the ledger at all.
      ids.noLedgerPayout = (
        await rowsOf(
          tx,
          sql`
          INSERT INTO payouts (user_id, amount_cents, status, bank_reference, decided_at, created_at)
          VALUES (${who.id}, 1234, 'PAID', 'BANK-X', now(), now()) RETURNING id`,
        )
      )[0].id;
    });
    const r = await reconcile();
    const kinds = (kind: string) => r.differences.filter((d) => d.kind === kind);
    expect(kinds('PROVIDER_NOT_IN_LEDGER')).toEqual([
      expect.objectContaining({ checkoutId: ids.providerOnly, providerAmount: 7, ledgerAmount: null }),
    ]);
    expect(kinds('PAYMENT_AMOUNT_MISMATCH')).toEqual([
      expect.objectContaining({ checkoutId: ids.mismatch, providerAmount: 10, ledgerAmount: 9.99 }),
    ]);
    expect(kinds('LEDGER_NOT_AT_PROVIDER')).toEqual([expect.objectContaining({ ledgerEntryId: ids.ledgerOnly, ledgerAmount: 5 })]);
    expect(kinds('LEDGER_WITHDRAWAL_WITHOUT_PAYOUT')).toEqual([expect.objectContaining({ ledgerEntryId: ids.orphan, ledgerAmount: 3 })]);
    expect(kinds('PAYOUT_WITHOUT_LEDGER')).toEqual([expect.objectContaining({ payoutId: ids.noLedgerPayout, payoutAmount: 12.34 })]);
    expect(r.differences).toHaveLength(5);
    // The properly paid withdrawal is no difference.
    expect(r.differences.some((d) => d.payoutId === paidWithdrawal)).toBe(false);
    expect(r.totals.provider.moneyIn - r.totals.ledger.moneyIn).toBeCloseTo(7 + 0.01 - 5, 2);
  });

  it('refuses a day that is not one', async () => {
    for (const date of ['2026-02-30', 'yesterday', '0000-01-01', '1969-12-31']) {
      const res = await call(t.app, { method: 'GET', url: `/v1/payouts/reconciliation?date=${date}`, as: admin });
      expect(res.statusCode).toBe(400);
    }
    const res = await call(t.app, { method: 'GET', url: '/v1/payouts/reconciliation?date=2026-02-30', as: admin });
    expect(res.json().message).toBe(RECONCILIATION_MESSAGES.date);
  });
});
