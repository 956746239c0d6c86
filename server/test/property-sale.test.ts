// A property's sale (modules/exits), through the real app on a real database (PGlite;
// PostgreSQL with DATABASE_URL): the market closes, the net proceeds are paid to the holders
// to the cent, the units are retired and the lots disposed, in one transaction. Every test
// ends with the money invariants intact.
import { sql } from 'drizzle-orm';
import { APPROVAL_MESSAGES, SALE_FEE_BPS, SALE_MESSAGES, saleFeeCents } from 'shared-api/contract/admin';
import type { PortfolioSummary, PropertyDetail, PropertySale, SoldPropertyFigures } from 'shared-api/contract';
import { bulkHolders, bulkUnits } from '../scripts/distribution-fixtures';
import { passSellVote } from '../scripts/vote-fixtures';
import { notifyPropertySold, proposalNotices } from '../src/modules/notifications';
import { itPdf, parseCsv, pdfText } from './documents';
import {
  approvePendingOrders,
  buildTestApp,
  call,
  fund,
  invariantViolations,
  itOnPostgres,
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

const today = () => new Date().toISOString().slice(0, 10);
const sell = (propertyId: string, body: Record<string, unknown>, as: TestUser | null = alice) =>
  call(t.app, { method: 'POST', url: `/v1/properties/${propertyId}/sale`, as, payload: { soldOn: today(), ...body } });
/** A wallet's balance in cents (the helper answers dollars). */
const cents = async (u: TestUser) => Math.round((await walletBalance(t.app, u)) * 100);
const verifiedOwner = () => makeUser(t.app, 'PROPERTY_OWNER', { status: 'VERIFIED' });
const statusOf = async (propertyId: string) =>
  (await queryRows<{ status: string }>(t.app, sql`SELECT status FROM properties WHERE id = ${propertyId}`))[0].status;

/** The holders' passed vote to sell at `priceCents` or more (the rules' own path, at a test's pace). */
const voteToSell = (propertyId: string, owner: TestUser, priceCents = 100) =>
  passSellVote(
    (s) => t.app.db.execute(sql.raw(s)),
    (s) => queryRows(t.app, sql.raw(s)),
    { propertyId, raisedBy: owner.id, priceCents },
  );

/**
 * A listing of `units` units at $10 sold out to investors taking `split` units each, whose
 * holders then passed a vote to sell it for $1.00 or more (unless `vote` is false).
 */
async function fundedListing(split: number[], extraUnits = 0, vote = true) {
  const owner = await verifiedOwner();
  const total = split.reduce((a, b) => a + b, 0) + extraUnits;
  const { _id } = await makeProperty(t.app, owner, { approveAs: alice, body: { totalQuantity: total, unitPrice: 10 } });
  const investors: TestUser[] = [];
  for (const n of split) {
    const investor = await makeInvestor(t, 1000);
    expect((await placeOrder(t.app, investor, _id, n)).statusCode).toBe(201);
    investors.push(investor);
  }
  await approvePendingOrders(t.app, alice, _id);
  if (vote) await voteToSell(_id, owner);
  return { owner, propertyId: _id, investors };
}

describe('recording a sale', () => {
  it('splits 1 cent among 3 equal holders by the largest remainder, the tie to the lowest holder id', async () => {
    const { propertyId, investors } = await fundedListing([1, 1, 1]);
    // Not sold yet: the listing's sale figures are null.
    const unsold = await call(t.app, { method: 'GET', url: `/v1/properties/${propertyId}`, as: null });
    expect(unsold.statusCode).toBe(200);
    expect(unsold.json<PropertyDetail>().sale).toBeNull();
    // $1.00 price, 1 cent fee (1%), 98 cents costs: 1 cent for the three units.
    expect(saleFeeCents(100)).toBe(1);
    const res = await sell(propertyId, { price: 1, costs: 0.98 });
    expect(res.statusCode).toBe(201);
    expect(res.json<PropertySale>()).toMatchObject({
      price: 1,
      costs: 0.98,
      fee: 0.01,
      net: 0.01,
      paidToHolders: 0.01,
      holders: 3,
      ownerKept: 0,
    });
    const shares = await queryRows<{ holder_id: string; cents: string }>(
      t.app,
      sql`SELECT h.holder_id, h.cents FROM sale_holders h JOIN property_sales s ON s.id = h.sale_id WHERE s.property_id = ${propertyId} ORDER BY h.holder_id`,
    );
    expect(shares.map((s) => Number(s.cents))).toEqual([1, 0, 0]);
    const lowest = [...investors.map((i) => i.id)].sort()[0];
    expect(shares[0].holder_id).toBe(lowest);
    const paid = await queryRows<{ user_id: string; amount_cents: string }>(
      t.app,
      sql`SELECT e.user_id, e.amount_cents FROM ledger_entries e JOIN property_sales s ON s.id = e.sale_id WHERE s.property_id = ${propertyId} AND e.type = 'SALE_PROCEEDS'`,
    );
    expect(paid.map((e) => [e.user_id, Number(e.amount_cents)])).toEqual([[lowest, 1]]);
  });

  it('pays the net proceeds pro rata to the cent, retires the units, disposes the lots, marks the property SOLD', async () => {
    const { owner, propertyId, investors } = await fundedListing([3, 4]);
    const [a, b] = investors;
    await fund(t, owner, 1000);
    const before = { a: await cents(a), b: await cents(b), owner: await cents(owner) };
    // $100.01 price, $10 costs, fee $1.00 (1% half up): net $89.01 over 7 units.
    const res = await sell(propertyId, { price: 100.01, costs: 10, note: 'Sold to a local buyer' });
    expect(res.statusCode).toBe(201);
    const sale = res.json<PropertySale>();
    expect(sale).toMatchObject({ feeBps: SALE_FEE_BPS, fee: 1, net: 89.01, holders: 2, totalUnits: 7, note: 'Sold to a local buyer' });
    // 8901 × 3 / 7 = 3814.71 → 3815 (largest remainder), 8901 × 4 / 7 = 5086.28 → 5086.
    expect((await cents(a)) - before.a).toBe(3815);
    expect((await cents(b)) - before.b).toBe(5086);
    expect(before.owner - (await cents(owner))).toBe(8901 + 100);
    expect(await statusOf(propertyId)).toBe('SOLD');
    expect(await queryRows(t.app, sql`SELECT 1 FROM holdings WHERE property_id = ${propertyId}`)).toEqual([]);
    const disposals = await queryRows<{
      investor_id: string;
      units: number;
      proceeds_cents: string;
      cost_cents: string;
      gain_cents: string;
    }>(
      t.app,
      sql`SELECT investor_id, units, proceeds_cents, cost_cents, gain_cents FROM lot_disposals WHERE property_id = ${propertyId} AND sale_id IS NOT NULL ORDER BY units`,
    );
    expect(disposals.map((d) => [d.investor_id, d.units, Number(d.proceeds_cents), Number(d.cost_cents), Number(d.gain_cents)])).toEqual([
      [a.id, 3, 3815, 3000, 815],
      [b.id, 4, 5086, 4000, 1086],
    ]);

    // Realized gains show in the portfolio; the property is no longer a holding.
    const pf = await call(t.app, { method: 'GET', url: '/v1/portfolio', as: a });
    expect(pf.statusCode).toBe(200);
    const summary = pf.json<PortfolioSummary>();
    expect(summary.totals.realizedGain).toBeCloseTo(8.15, 2);
    const held = summary.holdings.find((h) => h.propertyId === propertyId);
    expect(held?.units ?? 0).toBe(0);

    // The tax document lists the disposal and reconciles it with the ledger.
    const year = new Date().getUTCFullYear();
    const tax = await call(t.app, { method: 'GET', url: `/v1/statements/tax/${year}.csv`, as: a });
    expect(tax.statusCode).toBe(200);
    expect(tax.body).toContain("Units retired by the property's sale");
    expect(tax.body).toContain(sale._id);

    // Public final figures: proceeds per unit 8901/7 = $12.72, no income, return 27.16%.
    const figures = await call(t.app, { method: 'GET', url: `/v1/properties/${propertyId}/sale` });
    expect(figures.statusCode).toBe(200);
    expect(figures.json<SoldPropertyFigures>()).toMatchObject({
      salePrice: 100.01,
      totalUnits: 7,
      unitPrice: 10,
      proceedsPerUnit: 12.72,
      incomePaid: 0,
      totalReturnPct: 27.16,
    });
    // The public listing carries the same figures, from the same reading, and the sale's
    // costs, fee and net; anyone may read them (no session).
    const listing = await call(t.app, { method: 'GET', url: `/v1/properties/${propertyId}`, as: null });
    expect(listing.statusCode).toBe(200);
    const detail = listing.json<PropertyDetail>();
    expect(detail.status).toBe('SOLD');
    expect(detail.sale).toEqual(figures.json<SoldPropertyFigures>());
    expect(detail.sale).toMatchObject({ soldOn: today(), salePrice: 100.01, costs: 10, fee: 1, netProceeds: 89.01, incomePaid: 0 });

    // Audit row and notices: each holder and the owner are told.
    const audits = await queryRows<{ actor_id: string; detail: Record<string, unknown> }>(
      t.app,
      sql`SELECT actor_id, detail FROM audit_log WHERE action = 'property.sale' AND target_id = ${propertyId}`,
    );
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      actor_id: alice.id,
      detail: { saleId: sale._id, priceCents: 10001, costsCents: 1000, feeCents: 100, holders: 2 },
    });
    const told = await queryRows<{ user_id: string; body: string }>(
      t.app,
      sql`SELECT user_id, body FROM notifications WHERE kind = 'PROPERTY_SOLD' AND data->>'propertyId' = ${propertyId} ORDER BY body`,
    );
    expect(told.map((n) => n.user_id).sort()).toEqual([a.id, b.id, owner.id].sort());
    expect(told.find((n) => n.user_id === a.id)?.body).toContain('$38.15');
    expect(told.find((n) => n.user_id === owner.id)?.body).toContain('$90.01');
  });

  it('tells each holder and the owner in the same words as ever, one notice each', async () => {
    const { owner, propertyId, investors } = await fundedListing([1, 4]);
    await fund(t, owner, 2000);
    // $1,234.56, no costs, fee $12.35: net $1,222.21 over 5 units, $244.44 and $977.77.
    const res = await sell(propertyId, { price: 1234.56, costs: 0 });
    expect(res.statusCode).toBe(201);
    const sale = res.json<PropertySale>();
    const name = sale.propertyName;
    const told = await queryRows<{ user_id: string; title: string; body: string; link: string; data: unknown; email_lane: number }>(
      t.app,
      sql`SELECT user_id, title, body, link, data, email_lane FROM notifications
           WHERE kind = 'PROPERTY_SOLD' AND data->>'propertyId' = ${propertyId} ORDER BY user_id`,
    );
    const row = (userId: string, body: string, link: string) => ({
      user_id: userId,
      title: `“${name}” is sold`,
      body,
      link,
      data: { propertyId, saleId: sale._id },
      email_lane: 1,
    });
    const [one, four] = investors;
    expect(told).toEqual(
      [
        row(
          one.id,
          `“${name}” is sold. Your 1 unit was bought back and $244.44, your share of the proceeds, is paid into your wallet.`,
          '/dashboard/wallet',
        ),
        row(
          four.id,
          `“${name}” is sold. Your 4 units were bought back and $977.77, your share of the proceeds, is paid into your wallet.`,
          '/dashboard/wallet',
        ),
        row(
          owner.id,
          `The sale of “${name}” is recorded: $1,234.56 left your wallet for its holders' proceeds and the sale fee.`,
          '/dashboard/active_listings',
        ),
      ].sort((x, y) => (x.user_id < y.user_id ? -1 : 1)),
    );
  });

  it("lists the sale on the owner's tax document, reconciled with the ledger and the sale", async () => {
    const { owner, propertyId, investors } = await fundedListing([3, 4]);
    await fund(t, owner, 1000);
    // $100.01 price, $10 costs, fee $1.00: the owner's wallet pays the holders $89.01 and the fee.
    const res = await sell(propertyId, { price: 100.01, costs: 10 });
    expect(res.statusCode).toBe(201);
    const sale = res.json<PropertySale>();
    const year = new Date().getUTCFullYear();
    const tax = await call(t.app, { method: 'GET', url: `/v1/statements/tax/${year}.csv`, as: owner });
    expect(tax.statusCode).toBe(200);
    const [header, ...rows] = parseCsv(tax.body);
    const amount = (r: string[]) => Math.round(Number(r[header.indexOf('Amount (USD)')]) * 100);
    const summary = rows.filter((r) => r[0] === 'Owner summary');
    const line = (item: string) => summary.filter((r) => r[1] === item);
    // Labelled lines for the property and in the total.
    expect(line('Property: sale proceeds paid to holders').map((r) => [r[2], amount(r)])).toEqual([[sale.propertyName, -8901]]);
    expect(line('Property: sale fee').map((r) => [r[2], amount(r)])).toEqual([[sale.propertyName, -100]]);
    expect(line('Total: sale proceeds paid to holders').map(amount)).toEqual([-8901]);
    expect(line('Total: sale fee').map(amount)).toEqual([-100]);
    // The ledger written apart from the module: what the sale took from the owner's wallet,
    // what its holders received and the platform's fee revenue, all the same amounts.
    const [ledger] = await queryRows<{ funding: string; fee: string; proceeds: string; revenue: string }>(
      t.app,
      sql`SELECT sum(amount_cents) FILTER (WHERE type = 'SALE_FUNDING' AND user_id = ${owner.id}) AS funding,
                 sum(amount_cents) FILTER (WHERE type = 'SALE_FEE' AND user_id = ${owner.id}) AS fee,
                 sum(amount_cents) FILTER (WHERE type = 'SALE_PROCEEDS' AND user_id IN (${investors[0].id}::uuid, ${investors[1].id}::uuid)) AS proceeds,
                 sum(amount_cents) FILTER (WHERE type = 'SALE_FEE_REVENUE') AS revenue
            FROM ledger_entries WHERE sale_id = ${sale._id}`,
    );
    expect(Number(ledger.funding)).toBe(-8901);
    expect(Number(ledger.fee)).toBe(-100);
    expect(Number(ledger.proceeds)).toBe(8901);
    expect(Number(ledger.revenue)).toBe(100);
    expect(Math.round(sale.paidToHolders * 100)).toBe(8901);
    expect(Math.round(sale.fee * 100)).toBe(100);
    // Every ledger entry of the owner's this year is on the summary: the lines add up to them.
    const [all] = await queryRows<{ cents: string }>(
      t.app,
      sql`SELECT sum(amount_cents) AS cents FROM ledger_entries
           WHERE user_id = ${owner.id} AND type IN ('OWNER_PAYOUT', 'DISTRIBUTION_FUNDING', 'MANAGEMENT_FEE', 'SALE_FUNDING', 'SALE_FEE')
             AND created_at >= ${`${year}-01-01`}::timestamptz`,
    );
    expect(summary.filter((r) => r[1].startsWith('Total:')).reduce((a, r) => a + amount(r), 0)).toBe(Number(all.cents));
    // The owner's monthly statement names both entries as the wallet does.
    const month = new Date().toISOString().slice(0, 7);
    const statement = await call(t.app, { method: 'GET', url: `/v1/statements/${month}.csv`, as: owner });
    expect(statement.statusCode).toBe(200);
    expect(statement.body).toContain('Property sale funding');
    expect(statement.body).toContain('Property sale fee');
    // In a category of its own, not among the distributions the owner funded; the holders'
    // proceeds are theirs too (money in, not rent income).
    const summaryOf = async (u: TestUser) => {
      const [head, ...csv] = parseCsv((await call(t.app, { method: 'GET', url: `/v1/statements/${month}.csv`, as: u })).body);
      const cell = (r: string[], title: string) => r[head.indexOf(title)];
      const cents = (r: string[]) => Math.round(Number(cell(r, 'Amount (USD)')) * 100);
      return {
        category: (label: string) => csv.filter((r) => cell(r, 'Section') === 'Summary' && cell(r, 'Item') === label).map(cents),
        section: (name: string) => csv.filter((r) => cell(r, 'Section') === name).map((r) => [cell(r, 'Item'), cents(r)]),
      };
    };
    const mine = await summaryOf(owner);
    expect(mine.category('Property sale proceeds paid to holders')).toEqual([-8901]);
    expect(mine.category('Distributions funded')).toEqual([0]);
    expect(mine.section('Distributions funded by property')).toEqual([]);
    const theirs = await Promise.all(investors.map(summaryOf));
    expect(theirs.map((s) => s.category('Property sale proceeds')[0]).reduce((a, b) => a + b, 0)).toBe(8901);
    for (const s of theirs) {
      expect(s.category('Income')).toEqual([0]);
      expect(s.section('Income by property')).toEqual([]);
      expect(s.section('Money in and out')[0]).toEqual(['Money in (deposits, income and property sale proceeds)', expect.any(Number)]);
    }
  });

  itPdf("shows the sale's lines on the owner's tax document as PDF", async () => {
    const { owner, propertyId } = await fundedListing([3, 4]);
    await fund(t, owner, 1000);
    expect((await sell(propertyId, { price: 100.01, costs: 10 })).statusCode).toBe(201);
    const res = await call(t.app, { method: 'GET', url: `/v1/statements/tax/${new Date().getUTCFullYear()}.pdf`, as: owner });
    expect(res.statusCode).toBe(200);
    const { text } = pdfText(res.rawPayload);
    for (const s of ['Owner summary by property', 'Sale proceeds paid to holders', 'Sale fee', '-$89.01', '-$1.00'])
      expect(text).toContain(s);
  });

  it('cancels open market orders and pending primary orders, releasing what they held; the owner keeps the unsold share', async () => {
    const { owner, propertyId, investors } = await fundedListing([4, 4], 2);
    const [a, b] = investors;
    // The last 2 units: a pending primary order (reserved, money held) leaves the listing FUNDED.
    const late = await makeInvestor(t, 1000);
    expect((await placeOrder(t.app, late, propertyId, 2)).statusCode).toBe(201);
    expect(await statusOf(propertyId)).toBe('FUNDED');
    // An ask of a's (units held) and a bid of b's (money held) below it.
    const ask = await call(t.app, {
      method: 'POST',
      url: '/v1/market/orders',
      as: a,
      payload: { propertyId, side: 'SELL', units: 2, price: 11 },
    });
    expect(ask.statusCode).toBe(201);
    const bid = await call(t.app, {
      method: 'POST',
      url: '/v1/market/orders',
      as: b,
      payload: { propertyId, side: 'BUY', units: 1, price: 9 },
    });
    expect(bid.statusCode).toBe(201);
    const bWallet = await cents(b);
    const lateWallet = await cents(late);
    await fund(t, owner, 1000);

    const res = await sell(propertyId, { price: 200, costs: 0 });
    expect(res.statusCode).toBe(201);
    // net $198 over 10 units: 4 + 4 units → $79.20 each; the 2 units the order did not take stay the owner's ($39.60).
    expect(res.json<PropertySale>()).toMatchObject({ net: 198, ownerKept: 39.6, paidToHolders: 158.4, holders: 2 });
    const open = await queryRows<{ status: string }>(
      t.app,
      sql`SELECT status FROM market_orders WHERE property_id = ${propertyId} ORDER BY seq`,
    );
    expect(open.map((o) => o.status)).toEqual(['CANCELLED', 'CANCELLED']);
    const [primary] = await queryRows<{ status: string }>(
      t.app,
      sql`SELECT status FROM orders WHERE investor_id = ${late.id} AND property_id = ${propertyId}`,
    );
    expect(primary.status).toBe('CANCELLED');
    expect((await cents(b)) - bWallet).toBe(900 + 7920);
    expect((await cents(late)) - lateWallet).toBe(2000);
    const book = await call(t.app, { method: 'GET', url: `/v1/market/properties/${propertyId}` });
    // The book of a property no longer live is gone, and no order reaches it.
    expect(book.statusCode).toBe(404);
    const refused = await call(t.app, {
      method: 'POST',
      url: '/v1/market/orders',
      as: b,
      payload: { propertyId, side: 'BUY', units: 1, price: 9 },
    });
    expect([404, 409]).toContain(refused.statusCode);
    expect(await queryRows(t.app, sql`SELECT 1 FROM market_orders WHERE property_id = ${propertyId} AND status = 'OPEN'`)).toEqual([]);
  });

  it('refuses bad input and a property that cannot be sold, leaving everything as it was', async () => {
    const { owner, propertyId } = await fundedListing([2]);
    const support = await makeUser(t.app, 'ADMIN', { adminRole: 'SUPPORT' });
    const before = await snapshot(t.app);
    const cases: [Record<string, unknown>, number, string][] = [
      [{ price: -5, costs: 0 }, 400, SALE_MESSAGES.priceNotPositive],
      [{ price: 0, costs: 0 }, 400, SALE_MESSAGES.priceNotPositive],
      [{ price: 10, costs: -1 }, 400, SALE_MESSAGES.costsNegative],
      [{ price: 10, costs: 10.01 }, 400, SALE_MESSAGES.costsOverPrice],
      [{ price: 10, costs: 10 }, 400, SALE_MESSAGES.feeOverPrice],
      [{ price: 10, costs: 0, soldOn: '2999-01-01' }, 400, SALE_MESSAGES.dateInFuture],
    ];
    for (const [body, code, message] of cases) {
      const res = await sell(propertyId, body);
      expect([res.statusCode, res.json<{ message: string }>().message]).toEqual([code, message]);
    }
    const notDoc = await sell(propertyId, { price: 10, costs: 0, documents: [owner.id] });
    expect([notDoc.statusCode, notDoc.json<{ message: string }>().message]).toEqual([400, SALE_MESSAGES.documentNotFound]);
    // The owner's wallet holds the $20 of the sale of 2 units: a $50 sale needs $49.50 + $0.50.
    const short = await sell(propertyId, { price: 50, costs: 0 });
    expect(short.statusCode).toBe(409);
    expect(short.json<{ message: string }>().message.startsWith(SALE_MESSAGES.ownerWalletShort)).toBe(true);
    expect(await snapshot(t.app)).toBe(before);

    // Not funded: a listing with units still for sale.
    const open = await makeProperty(t.app, await verifiedOwner(), { approveAs: alice, body: { totalQuantity: 5, unitPrice: 10 } });
    const notFunded = await sell(open._id, { price: 10, costs: 0 });
    expect([notFunded.statusCode, notFunded.json<{ message: string }>().message]).toEqual([409, SALE_MESSAGES.notFunded]);
    const unknown = await sell('00000000-0000-4000-8000-000000000000', { price: 10, costs: 0 });
    expect(unknown.statusCode).toBe(404);
    // Not an admin, or an admin whose role does not cover money.
    const untouched = await snapshot(t.app);
    expect((await sell(propertyId, { price: 10, costs: 0 }, owner)).statusCode).toBe(403);
    expect((await sell(propertyId, { price: 10, costs: 0 }, support)).statusCode).toBe(403);
    expect(await snapshot(t.app)).toBe(untouched);

    // Idempotent: the second record of the same sale is refused and moves nothing.
    expect((await sell(propertyId, { price: 10, costs: 0 })).statusCode).toBe(201);
    const after = await snapshot(t.app);
    const again = await sell(propertyId, { price: 10, costs: 0 });
    expect([again.statusCode, again.json<{ message: string }>().message]).toEqual([409, SALE_MESSAGES.alreadySold]);
    expect(await snapshot(t.app)).toBe(after);
    // The database refuses it too, whoever calls it.
    const err = await t.app.db
      .execute(sql`SELECT record_property_sale(${propertyId}::uuid, 1000, 0, 100, current_date, '[]'::jsonb, '', ${alice.id}::uuid)`)
      .then(
        () => null,
        (e: unknown) => e as { message: string; cause?: { message?: string } },
      );
    expect(err?.cause?.message ?? err?.message).toBe(SALE_MESSAGES.alreadySold);
    expect(await snapshot(t.app)).toBe(after);
    // The figures of a property not sold: 404.
    expect((await call(t.app, { method: 'GET', url: `/v1/properties/${open._id}/sale` })).statusCode).toBe(404);
  });

  it('needs the holders’ passed vote to sell, at no less than the price they agreed to, in the API and the database', async () => {
    const { owner, propertyId } = await fundedListing([2], 0, false);
    const before = await snapshot(t.app);
    const noVote = await sell(propertyId, { price: 10, costs: 0 });
    expect([noVote.statusCode, noVote.json<{ message: string }>().message]).toEqual([409, SALE_MESSAGES.noVote]);
    const direct = (price: number) =>
      t.app.db
        .execute(
          sql`SELECT record_property_sale(${propertyId}::uuid, ${price}::bigint, 0, 100, current_date, '[]'::jsonb, '', ${alice.id}::uuid)`,
        )
        .then(
          () => null,
          (e: unknown) => {
            const err = e as { message: string; cause?: { message?: string } };
            return err.cause?.message ?? err.message;
          },
        );
    expect(await direct(1000)).toBe(SALE_MESSAGES.noVote);
    expect(await snapshot(t.app)).toBe(before);

    // Holders agreed to $15.00 or more: $14.99 is refused, $15.00 goes through.
    await voteToSell(propertyId, owner, 1500);
    const voted = await snapshot(t.app);
    const below = await sell(propertyId, { price: 14.99, costs: 0 });
    expect([below.statusCode, below.json<{ message: string }>().message]).toEqual([409, SALE_MESSAGES.belowAgreed('$15.00')]);
    expect(await direct(1499)).toBe(SALE_MESSAGES.belowAgreed('$15.00'));
    expect(await snapshot(t.app)).toBe(voted);
    expect((await sell(propertyId, { price: 15, costs: 0 })).statusCode).toBe(201);
    expect(await statusOf(propertyId)).toBe('SOLD');
  });

  it('is held for a second admin when four eyes is on, and runs when another admin approves', async () => {
    const { propertyId, investors } = await fundedListing([2]);
    t.app.config.fourEyes = { actions: ['property.sale'], payoutThresholdCents: 1_000_000, appraisalMovePct: 10, allAppraisals: false };
    const res = await sell(propertyId, { price: 20, costs: 1 });
    expect(res.statusCode).toBe(202);
    const req = res.json<{ _id: string; summary: string; action: string }>();
    expect(req.action).toBe('property.sale');
    expect(req.summary).toContain('price $20.00, costs $1.00, fee $0.20; $18.80 to the units');
    expect(await statusOf(propertyId)).toBe('FUNDED');
    const own = await call(t.app, { method: 'POST', url: `/v1/approvals/${req._id}/approve`, as: alice });
    expect([own.statusCode, own.json<{ message: string }>().message]).toEqual([403, APPROVAL_MESSAGES.ownRequest]);
    const before = await cents(investors[0]);
    const ok = await call(t.app, { method: 'POST', url: `/v1/approvals/${req._id}/approve`, as: bob });
    expect(ok.statusCode).toBe(200);
    expect(await statusOf(propertyId)).toBe('SOLD');
    expect((await cents(investors[0])) - before).toBe(1880);
    const audits = await queryRows<{ actor_id: string }>(
      t.app,
      sql`SELECT actor_id FROM audit_log WHERE action = 'property.sale' AND target_id = ${propertyId}`,
    );
    expect(audits).toEqual([{ actor_id: bob.id }]);
  });

  itOnPostgres(
    'pays 10,000 holders to the cent in one transaction',
    async () => {
      const owner = await verifiedOwner();
      const holders = 10_000;
      const units = bulkUnits(holders, 3);
      const [p] = await queryRows<{ id: string }>(
        t.app,
        sql`INSERT INTO properties (owner_id, name, address, state, type, status, total_quantity, available_quantity, unit_price_cents, roi_in_five_years)
          VALUES (${owner.id}, 'Sale Apartments', '1 Sale St', 'TX', 'RENTAL_READY', 'ACTIVE', ${units}, ${units}, 10000, 40) RETURNING id`,
      );
      await bulkHolders((s) => t.app.db.execute(sql.raw(s)), { propertyId: p.id, holders, cycle: 3, unitPriceCents: 10_000, tag: 'sale' });
      expect(await statusOf(p.id)).toBe('FUNDED');
      const voteId = await voteToSell(p.id, owner);
      // The vote's result notice to its 10,000 holders of record, as closing it sends it.
      const toldOfVote = await t.app.db.transaction((tx) =>
        proposalNotices.result(tx, { id: voteId, title: 'Sell the property', propertyName: 'Sale Apartments', outcome: 'Passed' }),
      );
      expect(toldOfVote).toBe(holders);
      const price = units * 10_000 + 333;
      const costs = Math.floor(units * 10_000 * 0.05);
      // The money rule and the notices, as the route runs them (its time is bench:exit's to
      // print, not this test's to assert).
      const told = await t.app.db.transaction(async (tx) => {
        const res = await tx.execute(
          sql`SELECT record_property_sale(${p.id}::uuid, ${price}::bigint, ${costs}::bigint, ${SALE_FEE_BPS}, current_date, '[]'::jsonb, '', ${alice.id}::uuid) AS id`,
        );
        return notifyPropertySold(tx, (res as unknown as { rows: { id: string }[] }).rows[0].id);
      });
      expect(await statusOf(p.id)).toBe('SOLD');
      // One notice to each holder and one to the owner.
      expect(told).toBe(holders + 1);
      const [notes] = await queryRows<{ holders: string; owner: string; results: string }>(
        t.app,
        sql`SELECT count(*) FILTER (WHERE n.user_id <> ${owner.id}) AS holders, count(*) FILTER (WHERE n.user_id = ${owner.id}) AS owner,
                   (SELECT count(*) FROM notifications WHERE kind = 'PROPOSAL_RESULT' AND data->>'proposalId' = ${voteId}) AS results
              FROM notifications n WHERE n.kind = 'PROPERTY_SOLD' AND n.data->>'propertyId' = ${p.id}`,
      );
      expect(notes).toEqual({ holders: String(holders), owner: '1', results: String(holders) });
      const net = price - costs - saleFeeCents(price);
      const [sums] = await queryRows<{ paid: string; n: string; worst: string }>(
        t.app,
        sql`SELECT sum(h.cents) AS paid, count(*) AS n, max(abs(h.cents * s.total_units - s.net_cents::numeric * h.units)) AS worst
            FROM sale_holders h JOIN property_sales s ON s.id = h.sale_id WHERE s.property_id = ${p.id}`,
      );
      expect(Number(sums.paid)).toBe(net);
      expect(Number(sums.n)).toBe(holders);
      expect(Number(sums.worst)).toBeLessThan(units);
    },
    300_000,
  );
});
