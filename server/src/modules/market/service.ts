// The secondary market (issue 20). Matching, settlement, holds, cancel and expiry live in
// the database (migration 0100: cancel_market_order, expire_market_orders; 0110:
// place_market_orders, batches of orders for one property, fed by batcher.ts); this module
// checks the request's shape, calls them in one statement, and reads the book, orders, fills
// and trades for the API. Money on the wire is dollars.
import type { FastifyInstance } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import {
  centsToDollars,
  type MarketBook,
  type MarketBookLevel,
  type MarketFill,
  type MarketOrder,
  type MarketOrderStatus,
  type MarketOverviewRow,
  type MarketPosition,
  type MarketPriceHistory,
  type MarketPublicTrade,
  type MarketSide,
  type MarketStatus,
  type MarketTrade,
  type MarketTradesQuery,
  type Page,
  type PlaceMarketOrderBody,
  type PlaceMarketOrderResult,
} from 'shared-api/contract';
import {
  MARKET_BOOK_DEPTH,
  MARKET_HISTORY_DEFAULT_DAYS,
  MARKET_HISTORY_MAX_POINTS,
  MARKET_MESSAGES,
  MARKET_REFERENCE_MIN_TRADERS,
  MARKET_REFERENCE_MIN_UNITS,
  MARKET_REFERENCE_WINDOW_DAYS,
  MARKET_TRADES_CSV_COLUMNS,
  marketPriceBandCents,
} from 'shared-api/contract/market';
import type { Executor } from '../../db/client';
import { amountCents, moneyError, moneyStatement, moneyTx } from '../../lib/money';
import { badRequest, conflict, notFound } from '../../lib/http-error';
import { audit } from '../../lib/audit';
import type { Actor } from '../../lib/actor';
import { notices } from '../notifications';
import { answerOf, outcomeOf, type Answer, type IdempotencyInput, type StoredAnswer } from '../ledger';
import { batchOf, type BatchResult } from '../../lib/batcher';
import { MarketBatcher, type BatchOrder } from './batcher';

type Row = Record<string, unknown>;

async function rows<T = Row>(db: Executor, q: SQL): Promise<T[]> {
  return ((await db.execute(q)) as unknown as { rows: T[] }).rows;
}

const num = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));
const numOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
const dollars = (v: unknown): number => centsToDollars(num(v));
const dollarsOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : centsToDollars(Number(v)));
function iso(v: unknown): string {
  return (v instanceof Date ? v : new Date(String(v))).toISOString();
}
const isoOrNull = (v: unknown): string | null => (v === null || v === undefined ? null : iso(v));
function dateOrNull(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  return String(v).slice(0, 10);
}

// ---- Shapes ----

interface PropertyInfo {
  id: string;
  name: string;
  unitPriceCents: number;
}

async function propertyInfos(db: Executor, ids: string[]): Promise<Map<string, PropertyInfo>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const list = await rows(
    db,
    sql`SELECT id, name, unit_price_cents FROM properties WHERE id IN (${sql.join(
      unique.map((i) => sql`${i}`),
      sql`, `,
    )})`,
  );
  return new Map(list.map((r) => [String(r.id), { id: String(r.id), name: String(r.name), unitPriceCents: num(r.unit_price_cents) }]));
}

const refOf = (p: PropertyInfo | undefined) => (p ? { _id: p.id, name: p.name, unitPrice: centsToDollars(p.unitPriceCents) } : null);

function orderOf(r: Row, p: PropertyInfo | undefined): MarketOrder {
  const units = num(r.units);
  const remaining = num(r.remaining);
  const filled = units - remaining;
  const status = String(r.status) as MarketOrderStatus;
  const side = String(r.side) as MarketSide;
  return {
    _id: String(r.id),
    propertyId: String(r.property_id),
    property: refOf(p),
    side,
    units,
    remaining,
    filled,
    price: dollars(r.price_cents),
    status,
    goodUntil: dateOrNull(r.good_until),
    held: side === 'BUY' && status === 'OPEN' ? centsToDollars(remaining * num(r.price_cents)) : 0,
    averageFillPrice: filled > 0 ? centsToDollars(Math.round(num(r.filled_cents) / filled)) : null,
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
    closedAt: isoOrNull(r.closed_at),
  };
}

/** A trade from one person's side. */
function fillOf(t: Row, me: string, p: PropertyInfo | undefined): MarketFill {
  const side: MarketSide = String(t.buyer_id) === me ? 'BUY' : 'SELL';
  const gross = num(t.gross_cents);
  const fee = side === 'SELL' ? num(t.fee_cents) : 0;
  return {
    _id: String(t.id),
    tradeId: String(t.id),
    orderId: String(side === 'BUY' ? t.buy_order_id : t.sell_order_id),
    propertyId: String(t.property_id),
    property: refOf(p),
    side,
    units: num(t.units),
    price: dollars(t.price_cents),
    gross: centsToDollars(gross),
    fee: centsToDollars(fee),
    net: side === 'BUY' ? -centsToDollars(gross) : centsToDollars(gross - fee),
    role: String(t.aggressor) === side ? 'TAKER' : 'MAKER',
    createdAt: iso(t.created_at),
  };
}

// ---- The book ----

export async function book(app: FastifyInstance, propertyId: string, db: Executor = app.db): Promise<MarketBook> {
  const [p] = await rows(
    db,
    sql`SELECT p.id, p.name, p.unit_price_cents, p.status, p.suspended_at, m.trading_enabled, m.halted_at, m.halt_reason,
               m.last_price_cents, m.last_trade_at,
               market_status(p.status, p.suspended_at, m.trading_enabled, m.halted_at) AS market_status,
               r.price_cents AS ref_cents, r.basis AS ref_basis
        FROM properties p LEFT JOIN market_properties m ON m.property_id = p.id
        CROSS JOIN LATERAL market_reference_price(p.id) r
        WHERE p.id = ${propertyId} AND p.status IN ('ACTIVE', 'FUNDED')`,
  );
  if (!p) throw notFound(MARKET_MESSAGES.propertyNotFound);
  const levels = await rows(
    db,
    sql`(SELECT side, price_cents, sum(remaining) AS units, count(*) AS orders FROM market_orders
         WHERE property_id = ${propertyId} AND status = 'OPEN' AND side = 'BUY' AND (good_until IS NULL OR good_until >= market_today())
         GROUP BY side, price_cents ORDER BY price_cents DESC LIMIT ${MARKET_BOOK_DEPTH})
        UNION ALL
        (SELECT side, price_cents, sum(remaining), count(*) FROM market_orders
         WHERE property_id = ${propertyId} AND status = 'OPEN' AND side = 'SELL' AND (good_until IS NULL OR good_until >= market_today())
         GROUP BY side, price_cents ORDER BY price_cents LIMIT ${MARKET_BOOK_DEPTH})`,
  );
  const [vol] = await rows(
    db,
    sql`SELECT coalesce(sum(units), 0) AS units, coalesce(sum(gross_cents), 0) AS gross FROM trades
        WHERE property_id = ${propertyId} AND created_at > now() - interval '24 hours'`,
  );
  const level = (r: Row): MarketBookLevel => ({ price: dollars(r.price_cents), units: num(r.units), orders: num(r.orders) });
  const bids = levels.filter((l) => l.side === 'BUY').map(level);
  const asks = levels.filter((l) => l.side === 'SELL').map(level);
  const bandPct = app.config.marketPriceBandPct;
  const [low, high] = marketPriceBandCents(num(p.ref_cents), bandPct);
  return {
    propertyId,
    property: { _id: String(p.id), name: String(p.name), unitPrice: dollars(p.unit_price_cents) },
    status: String(p.market_status) as MarketStatus,
    haltReason: (p.halt_reason as string | null) ?? null,
    haltedAt: isoOrNull(p.halted_at),
    tradingEnabled: p.status === 'FUNDED' || Boolean(p.trading_enabled),
    bestBid: bids[0]?.price ?? null,
    bestAsk: asks[0]?.price ?? null,
    bids,
    asks,
    lastPrice: dollarsOrNull(p.last_price_cents),
    lastTradeAt: isoOrNull(p.last_trade_at),
    volume24hUnits: num(vol?.units),
    volume24h: dollars(vol?.gross),
    rules: {
      feeBps: app.config.marketFeeBps,
      priceBandPct: bandPct,
      referencePrice: dollars(p.ref_cents),
      referenceBasis: String(p.ref_basis) as MarketBook['rules']['referenceBasis'],
      referenceWindowDays: MARKET_REFERENCE_WINDOW_DAYS,
      referenceMinUnits: MARKET_REFERENCE_MIN_UNITS,
      referenceMinTraders: MARKET_REFERENCE_MIN_TRADERS,
      minPrice: centsToDollars(low),
      maxPrice: centsToDollars(high),
    },
    asOf: new Date().toISOString(),
  };
}

export async function history(app: FastifyInstance, propertyId: string, days = MARKET_HISTORY_DEFAULT_DAYS): Promise<MarketPriceHistory> {
  const points = await rows(
    app.db,
    sql`SELECT created_at, price_cents, units FROM (
          SELECT seq, created_at, price_cents, units FROM trades
          WHERE property_id = ${propertyId} AND created_at > now() - make_interval(days => ${days})
          ORDER BY seq DESC LIMIT ${MARKET_HISTORY_MAX_POINTS}) t ORDER BY seq`,
  );
  return { propertyId, days, points: points.map((r) => ({ at: iso(r.created_at), price: dollars(r.price_cents), units: num(r.units) })) };
}

export async function publicTrades(app: FastifyInstance, propertyId: string, limit = 20): Promise<MarketPublicTrade[]> {
  const list = await rows(
    app.db,
    sql`SELECT id, units, price_cents, aggressor, created_at FROM trades WHERE property_id = ${propertyId} ORDER BY seq DESC LIMIT ${limit}`,
  );
  return list.map((r) => ({
    _id: String(r.id),
    units: num(r.units),
    price: dollars(r.price_cents),
    aggressor: String(r.aggressor) as MarketSide,
    createdAt: iso(r.created_at),
  }));
}

// ---- Placing and cancelling ----

interface Placed {
  replay?: StoredAnswer;
  order?: Row;
  trades?: Row[];
}

/** One order in one statement: a batch of one (place_market_order raises its refusal). */
export async function placeStatement(
  db: Executor,
  investorId: string,
  body: { propertyId: string; side: MarketSide; units: number; priceCents: number; goodUntil: string | null },
  feeBps: number,
  bandPct: number,
  key: string | null = null,
  hash: string | null = null,
): Promise<Placed> {
  const [r] = await rows<{ placed: Placed }>(
    db,
    sql`SELECT place_market_order(${investorId}, ${body.propertyId}, ${body.side}, ${body.units}::integer, ${body.priceCents}::bigint,
          ${body.goodUntil}::date, ${feeBps}::integer, ${bandPct}::integer, ${key}, ${hash}) AS placed`,
  );
  return r.placed;
}

/** The statement that places a batch of orders for one property (the API's, and the bench's): one result per order, in order. */
export async function placeBatchStatement(
  db: Executor,
  propertyId: string,
  orders: BatchOrder[],
  feeBps: number,
  bandPct: number,
): Promise<BatchResult[]> {
  const list = await rows<{ r: BatchResult }>(
    db,
    sql`SELECT r FROM place_market_orders(${propertyId}, ${JSON.stringify(orders)}::jsonb, ${feeBps}::integer, ${bandPct}::integer)
        WITH ORDINALITY AS x(r, i) ORDER BY i`,
  );
  return list.map((x) => x.r);
}

// One batcher per database (the app's plugins share app.db; tests build several apps).
const batchers = new WeakMap<object, MarketBatcher>();

export function marketBatcher(app: FastifyInstance): MarketBatcher {
  let b = batchers.get(app.db);
  if (!b) {
    b = new MarketBatcher((propertyId, orders) =>
      moneyStatement(app, (db) => placeBatchStatement(db, propertyId, orders, app.config.marketFeeBps, app.config.marketPriceBandPct)),
    );
    batchers.set(app.db, b);
  }
  return b;
}

// What the answers of one batch's orders read after it (the property, its book), read once per
// batch: each of them waited for the batch's commit, so one read started after it sees them all.
const afterBatch = new WeakMap<object, Promise<{ info: PropertyInfo | undefined; book: MarketBook }>>();

async function placedResult(app: FastifyInstance, me: string, placed: Placed): Promise<PlaceMarketOrderResult> {
  const o = placed.order ?? {};
  const propertyId = String(o.property_id);
  const batch = batchOf(placed);
  let after = batch && afterBatch.get(batch);
  if (!after) {
    after = (async () => ({ info: (await propertyInfos(app.db, [propertyId])).get(propertyId), book: await book(app, propertyId) }))();
    if (batch) afterBatch.set(batch, after);
  }
  const { info: p, book: b } = await after;
  return {
    order: orderOf(o, p),
    fills: (placed.trades ?? []).map((t) => fillOf(t, me, p)),
    book: b,
  };
}

export async function placeOrder(
  app: FastifyInstance,
  me: Actor,
  idem: IdempotencyInput,
  body: PlaceMarketOrderBody,
): Promise<Answer<PlaceMarketOrderResult>> {
  if (!Number.isInteger(body.units) || body.units < 1) throw badRequest(MARKET_MESSAGES.wholeUnits);
  if (body.price <= 0) throw badRequest(MARKET_MESSAGES.pricePositive);
  const priceCents = amountCents(body.price, 'price', 100_000_000_000);
  const key = idem.key();
  const hash = key === null ? null : idem.hash();
  // Queued with the other orders for this property that arrive meanwhile (batcher.ts).
  let placed: Placed;
  try {
    placed = (await marketBatcher(app).place(body.propertyId, {
      investor: me.id,
      side: body.side,
      units: body.units,
      price: priceCents,
      goodUntil: body.goodUntil ?? null,
      key,
      hash,
      session: me.sessionId ?? null,
    })) as Placed;
  } catch (err) {
    throw moneyError(err);
  }
  return answerOf(outcomeOf(placed), 201, (result) => placedResult(app, me.id, result));
}

export async function cancelOrder(app: FastifyInstance, me: Actor, id: string): Promise<MarketOrder> {
  if (me.role !== 'ADMIN') {
    const [r] = await moneyStatement(app, (db) => rows<{ o: Row }>(db, sql`SELECT to_jsonb(cancel_market_order(${id}, ${me.id})) AS o`));
    const infos = await propertyInfos(app.db, [String(r.o.property_id)]);
    return orderOf(r.o, infos.get(String(r.o.property_id)));
  }
  // An admin cancelling someone's order decides about their money or units: audited, and the
  // person is told (in the same transaction).
  const { o, p } = await moneyTx(app, async (tx) => {
    const [r] = await rows<{ o: Row }>(tx, sql`SELECT to_jsonb(cancel_market_order(${id}, NULL)) AS o`);
    const infos = await propertyInfos(tx, [String(r.o.property_id)]);
    const info = infos.get(String(r.o.property_id));
    await audit(tx, me, {
      action: 'market.order.cancel',
      targetType: 'market_order',
      targetId: id,
      detail: {
        investorId: r.o.investor_id,
        propertyId: r.o.property_id,
        side: r.o.side,
        remaining: num(r.o.remaining),
        priceCents: num(r.o.price_cents),
      },
    });
    await notices.marketOrderCancelled(tx, {
      id,
      investorId: String(r.o.investor_id),
      propertyId: String(r.o.property_id),
      propertyName: info?.name ?? 'a property',
      side: String(r.o.side) as MarketSide,
      remaining: num(r.o.remaining),
      priceCents: num(r.o.price_cents),
    });
    return { o: r.o, p: info };
  });
  return orderOf(o, p);
}

// ---- Mine ----

function pageArgs(q: { page?: number; pageSize?: number }) {
  const page = q.page ?? 1;
  const pageSize = q.pageSize ?? 20;
  return { page, pageSize, offset: (page - 1) * pageSize };
}

export async function myOrders(
  app: FastifyInstance,
  me: Actor,
  q: { status?: 'OPEN' | 'ALL'; propertyId?: string; page?: number; pageSize?: number },
): Promise<Page<MarketOrder>> {
  const { page, pageSize, offset } = pageArgs(q);
  const conds: SQL[] = [sql`investor_id = ${me.id}`];
  if ((q.status ?? 'OPEN') === 'OPEN') conds.push(sql`status = 'OPEN'`);
  if (q.propertyId) conds.push(sql`property_id = ${q.propertyId}`);
  const where = sql.join(conds, sql` AND `);
  const [{ total }] = await rows<{ total: unknown }>(app.db, sql`SELECT count(*) AS total FROM market_orders WHERE ${where}`);
  const list = await rows(app.db, sql`SELECT * FROM market_orders WHERE ${where} ORDER BY seq DESC LIMIT ${pageSize} OFFSET ${offset}`);
  const infos = await propertyInfos(
    app.db,
    list.map((r) => String(r.property_id)),
  );
  return { items: list.map((r) => orderOf(r, infos.get(String(r.property_id)))), total: num(total), page, pageSize };
}

export async function myFills(
  app: FastifyInstance,
  me: Actor,
  q: { propertyId?: string; page?: number; pageSize?: number },
): Promise<Page<MarketFill>> {
  const { page, pageSize, offset } = pageArgs(q);
  const conds: SQL[] = [sql`(buyer_id = ${me.id} OR seller_id = ${me.id})`];
  if (q.propertyId) conds.push(sql`property_id = ${q.propertyId}`);
  const where = sql.join(conds, sql` AND `);
  const [{ total }] = await rows<{ total: unknown }>(app.db, sql`SELECT count(*) AS total FROM trades WHERE ${where}`);
  const list = await rows(app.db, sql`SELECT * FROM trades WHERE ${where} ORDER BY seq DESC LIMIT ${pageSize} OFFSET ${offset}`);
  const infos = await propertyInfos(
    app.db,
    list.map((r) => String(r.property_id)),
  );
  return { items: list.map((r) => fillOf(r, me.id, infos.get(String(r.property_id)))), total: num(total), page, pageSize };
}

export async function position(app: FastifyInstance, me: Actor, propertyId: string): Promise<MarketPosition> {
  const [h] = await rows(
    app.db,
    sql`SELECT quantity, held_quantity FROM holdings WHERE investor_id = ${me.id} AND property_id = ${propertyId}`,
  );
  const [w] = await rows(app.db, sql`SELECT balance_cents FROM wallets WHERE user_id = ${me.id}`);
  const units = num(h?.quantity);
  const held = num(h?.held_quantity);
  return { propertyId, units, held, available: units - held, walletAvailable: dollars(w?.balance_cents) };
}

// ---- Owner and admin ----

export async function setTrading(app: FastifyInstance, me: Actor, propertyId: string, enabled: boolean): Promise<MarketBook> {
  const [p] = await rows(app.db, sql`SELECT owner_id, status FROM properties WHERE id = ${propertyId}`);
  if (!p || String(p.owner_id) !== me.id) throw notFound(MARKET_MESSAGES.propertyNotFound);
  if (p.status !== 'ACTIVE') throw conflict(MARKET_MESSAGES.ownerOnlyLive);
  await moneyStatement(app, (db) => db.execute(sql`SELECT market_set_enabled(${propertyId}, ${enabled})`));
  return book(app, propertyId);
}

export async function setHalt(app: FastifyInstance, me: Actor, propertyId: string, halt: boolean, reason: string): Promise<MarketBook> {
  const why = reason.trim();
  if (!why) throw badRequest(MARKET_MESSAGES.reasonRequired);
  // The book is read in the same transaction: a property that is not on the market (a
  // draft, a closed listing) answers 404 and the halt and its audit entry roll back with it.
  return moneyTx(app, async (tx) => {
    await tx.execute(sql`SELECT market_set_halt(${propertyId}, ${halt}, ${why}, ${me.id})`);
    await audit(tx, me, {
      action: halt ? 'market.halt' : 'market.resume',
      targetType: 'property',
      targetId: propertyId,
      detail: { reason: why },
    });
    return book(app, propertyId, tx);
  });
}

export async function overview(app: FastifyInstance): Promise<MarketOverviewRow[]> {
  const list = await rows(
    app.db,
    sql`SELECT p.id, p.name, p.status, market_status(p.status, p.suspended_at, m.trading_enabled, m.halted_at) AS market_status,
               m.halt_reason, m.halted_at, m.last_price_cents, m.last_trade_at,
               (SELECT max(price_cents) FROM market_orders o WHERE o.property_id = p.id AND o.status = 'OPEN' AND o.side = 'BUY') AS best_bid,
               (SELECT min(price_cents) FROM market_orders o WHERE o.property_id = p.id AND o.status = 'OPEN' AND o.side = 'SELL') AS best_ask,
               t.units, t.gross, t.units24, t.gross24, t.n, t.fees, oi.bid_units, oi.ask_units, oi.bid_value
        FROM properties p
        LEFT JOIN market_properties m ON m.property_id = p.id
        LEFT JOIN (SELECT property_id, sum(units) AS units, sum(gross_cents) AS gross, count(*) AS n, sum(fee_cents) AS fees,
                          sum(units) FILTER (WHERE created_at > now() - interval '24 hours') AS units24,
                          sum(gross_cents) FILTER (WHERE created_at > now() - interval '24 hours') AS gross24
                   FROM trades GROUP BY property_id) t ON t.property_id = p.id
        LEFT JOIN (SELECT property_id, sum(remaining) FILTER (WHERE side = 'BUY') AS bid_units, sum(remaining) FILTER (WHERE side = 'SELL') AS ask_units,
                          sum(remaining::bigint * price_cents) FILTER (WHERE side = 'BUY') AS bid_value
                   FROM market_orders WHERE status = 'OPEN' GROUP BY property_id) oi ON oi.property_id = p.id
        WHERE p.status = 'FUNDED' OR m.property_id IS NOT NULL OR t.property_id IS NOT NULL
        ORDER BY coalesce(t.gross, 0) DESC, p.name, p.id`,
  );
  return list.map((r) => ({
    propertyId: String(r.id),
    propertyName: String(r.name),
    propertyStatus: String(r.status),
    status: String(r.market_status) as MarketStatus,
    haltReason: (r.halt_reason as string | null) ?? null,
    haltedAt: isoOrNull(r.halted_at),
    lastPrice: dollarsOrNull(r.last_price_cents),
    lastTradeAt: isoOrNull(r.last_trade_at),
    bestBid: dollarsOrNull(r.best_bid),
    bestAsk: dollarsOrNull(r.best_ask),
    volumeUnits: num(r.units),
    volume: dollars(r.gross),
    volume24hUnits: num(r.units24),
    volume24h: dollars(r.gross24),
    trades: num(r.n),
    openBidUnits: num(r.bid_units),
    openAskUnits: num(r.ask_units),
    openBidValue: dollars(r.bid_value),
    fees: dollars(r.fees),
  }));
}

function tradeWhere(q: MarketTradesQuery): SQL {
  const conds: SQL[] = [sql`true`];
  if (q.propertyId) conds.push(sql`t.property_id = ${q.propertyId}`);
  if (q.from) conds.push(sql`t.created_at >= ${q.from}::date`);
  if (q.to) conds.push(sql`t.created_at < ${q.to}::date + 1`);
  return sql.join(conds, sql` AND `);
}

const tradeSelect = (where: SQL) => sql`
  SELECT t.*, p.name AS property_name, b.email AS buyer_email, s.email AS seller_email
  FROM trades t JOIN properties p ON p.id = t.property_id JOIN users b ON b.id = t.buyer_id JOIN users s ON s.id = t.seller_id
  WHERE ${where}`;

function tradeOf(r: Row): MarketTrade {
  return {
    _id: String(r.id),
    propertyId: String(r.property_id),
    propertyName: String(r.property_name),
    buyOrderId: String(r.buy_order_id),
    sellOrderId: String(r.sell_order_id),
    buyerId: String(r.buyer_id),
    buyerEmail: String(r.buyer_email),
    sellerId: String(r.seller_id),
    sellerEmail: String(r.seller_email),
    units: num(r.units),
    price: dollars(r.price_cents),
    gross: dollars(r.gross_cents),
    fee: dollars(r.fee_cents),
    feeBps: num(r.fee_bps),
    aggressor: String(r.aggressor) as MarketSide,
    createdAt: iso(r.created_at),
  };
}

export async function adminTrades(app: FastifyInstance, q: MarketTradesQuery): Promise<Page<MarketTrade>> {
  const { page, pageSize, offset } = pageArgs(q);
  const where = tradeWhere(q);
  const [{ total }] = await rows<{ total: unknown }>(app.db, sql`SELECT count(*) AS total FROM trades t WHERE ${where}`);
  const list = await rows(app.db, sql`${tradeSelect(where)} ORDER BY t.seq DESC LIMIT ${pageSize} OFFSET ${offset}`);
  return { items: list.map(tradeOf), total: num(total), page, pageSize };
}

function csvCell(v: string | number): string {
  const s = String(v);
  // Quote when needed; a leading formula character is neutralized for spreadsheets.
  const safe = /^[=+\-@]/.test(s) && typeof v === 'string' ? `'${s}` : s;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export async function adminTradesCsv(app: FastifyInstance, q: MarketTradesQuery): Promise<string> {
  const list = await rows(app.db, sql`${tradeSelect(tradeWhere(q))} ORDER BY t.seq DESC LIMIT 100000`);
  const lines = [MARKET_TRADES_CSV_COLUMNS.join(',')];
  for (const r of list) {
    const t = tradeOf(r);
    lines.push(
      [
        t._id,
        t.createdAt,
        t.propertyId,
        t.propertyName,
        t.units,
        t.price.toFixed(2),
        t.gross.toFixed(2),
        t.fee.toFixed(2),
        t.feeBps,
        t.aggressor,
        t.buyerEmail,
        t.sellerEmail,
        t.buyOrderId,
        t.sellOrderId,
      ]
        .map(csvCell)
        .join(','),
    );
  }
  return lines.join('\r\n') + '\r\n';
}

/** The market job: expire good-until orders (safe with several instances). */
export async function expireOrders(app: FastifyInstance): Promise<number> {
  const [r] = await moneyStatement(app, (db) => rows<{ n: unknown }>(db, sql`SELECT expire_market_orders() AS n`));
  return numOrNull(r.n) ?? 0;
}
