// A property's sale (an exit). The money rules are the database's (exits/sql): this service
// checks the request's shape, asks the single place where a sale's preconditions outside
// the database are added, calls record_property_sale in one transaction with the audit row
// and the notices, and reads the figures back.
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { centsToDollars, parseAmount, type PropertySale, type RecordSaleBody, type SoldPropertyFigures } from 'shared-api/contract';
import { SALE_FEE_BPS, SALE_MESSAGES, saleFeeCents, saleTotalReturnPct } from 'shared-api/contract/admin';
import { formatCents } from 'shared-api/contract/dashboard';
import type { Executor } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { audit } from '../../lib/audit';
import { badRequest, conflict, notFound, type HttpError } from '../../lib/http-error';
import { moneyTx } from '../../lib/money';
import { notifyPropertySold } from '../notifications';

type Row = Record<string, unknown>;
async function rows<T = Row>(db: Executor, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}
const num = (v: unknown) => Number(v ?? 0);
const day = (v: unknown) => (v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10));

interface SaleInput {
  priceCents: number;
  costsCents: number;
  feeCents: number;
}

/** Dollars as cents, or the sale's refusal: the price must be positive, the costs not negative. */
function saleInput(body: RecordSaleBody): SaleInput {
  const price = parseAmount(body.price);
  if (!price.ok)
    throw badRequest(typeof body.price === 'number' && body.price <= 0 ? SALE_MESSAGES.priceNotPositive : `price: ${price.message}`);
  let costsCents = 0;
  if (body.costs !== 0) {
    if (typeof body.costs === 'number' && body.costs < 0) throw badRequest(SALE_MESSAGES.costsNegative);
    const costs = parseAmount(body.costs);
    if (!costs.ok) throw badRequest(`costs: ${costs.message}`);
    costsCents = costs.cents;
  }
  if (costsCents > price.cents) throw badRequest(SALE_MESSAGES.costsOverPrice);
  const feeCents = saleFeeCents(price.cents);
  if (price.cents - costsCents - feeCents < 0) throw badRequest(SALE_MESSAGES.feeOverPrice);
  return { priceCents: price.cents, costsCents, feeCents };
}

/**
 * The holders decide a sale: a passed SELL vote, at no less than the price they agreed to.
 * record_property_sale refuses the same in the database; asked here first so that a sale
 * four eyes would hold is refused at once rather than stored as a request.
 */
async function saleRefusal(db: Executor, propertyId: string, priceCents: number): Promise<HttpError | null> {
  const [v] = await rows<{ floor: string | null }>(db, sql`SELECT proposal_sale_floor(${propertyId}) AS floor`);
  if (v?.floor === null || v?.floor === undefined) return conflict(SALE_MESSAGES.noVote);
  if (priceCents < Number(v.floor)) return conflict(SALE_MESSAGES.belowAgreed(formatCents(Number(v.floor))));
  return null;
}

/** What four eyes asks about: the property's name and the amounts, or the refusal at once. */
export async function checkSale(app: FastifyInstance, id: string, body: RecordSaleBody): Promise<{ name: string } & SaleInput> {
  const input = saleInput(body);
  const [p] = await rows<{ name: string; status: string }>(app.db, sql`SELECT name, status FROM properties WHERE id = ${id}`);
  if (!p) throw notFound(SALE_MESSAGES.propertyNotFound);
  if (p.status === 'SOLD') throw conflict(SALE_MESSAGES.alreadySold);
  if (p.status !== 'FUNDED') throw conflict(SALE_MESSAGES.notFunded);
  const refusal = await saleRefusal(app.db, id, input.priceCents);
  if (refusal) throw refusal;
  return { name: p.name, ...input };
}

async function saleById(db: Executor, saleId: string): Promise<PropertySale> {
  const [s] = await rows(
    db,
    sql`SELECT s.*, p.name,
               (SELECT coalesce(sum(cents), 0) FROM sale_holders WHERE sale_id = s.id AND is_owner) AS kept,
               (SELECT coalesce(sum(cents), 0) FROM sale_holders WHERE sale_id = s.id AND NOT is_owner) AS paid,
               (SELECT count(*) FROM sale_holders WHERE sale_id = s.id AND NOT is_owner) AS holders
          FROM property_sales s JOIN properties p ON p.id = s.property_id WHERE s.id = ${saleId}`,
  );
  return {
    _id: String(s.id),
    propertyId: String(s.property_id),
    propertyName: String(s.name),
    price: centsToDollars(num(s.price_cents)),
    costs: centsToDollars(num(s.costs_cents)),
    feeBps: num(s.fee_bps),
    fee: centsToDollars(num(s.fee_cents)),
    net: centsToDollars(num(s.net_cents)),
    ownerKept: centsToDollars(num(s.kept)),
    paidToHolders: centsToDollars(num(s.paid)),
    holders: num(s.holders),
    totalUnits: num(s.total_units),
    soldOn: day(s.sold_on),
    documents: (s.documents as string[]) ?? [],
    note: String(s.note ?? ''),
    recordedBy: String(s.recorded_by),
    recordedAt: new Date(s.recorded_at as string).toISOString(),
  };
}

/**
 * Records the completed sale (admins, audited): one transaction runs record_property_sale
 * (market closed, proceeds paid, units retired, lots disposed, property SOLD), writes the
 * audit row and tells every holder and the owner. A second call is refused (409).
 */
export async function recordSale(app: FastifyInstance, actor: Actor, id: string, body: RecordSaleBody): Promise<PropertySale> {
  const input = saleInput(body);
  const documents = [...new Set(body.documents ?? [])];
  return moneyTx(app, async (tx) => {
    if (documents.length > 0) {
      const [found] = await rows<{ n: string }>(
        tx,
        sql`SELECT count(*) AS n FROM files WHERE property_id = ${id} AND kind = 'PROPERTY_DOCUMENT'
              AND id IN (${sql.join(
                documents.map((d) => sql`${d}::uuid`),
                sql`, `,
              )})`,
      );
      if (num(found?.n) !== documents.length) throw badRequest(SALE_MESSAGES.documentNotFound);
    }
    const [r] = await rows<{ id: string }>(
      tx,
      sql`SELECT record_property_sale(${id}::uuid, ${input.priceCents}::bigint, ${input.costsCents}::bigint, ${SALE_FEE_BPS}::integer,
                                      ${body.soldOn}::date, ${JSON.stringify(documents)}::jsonb, ${body.note ?? ''}, ${actor.id}::uuid) AS id`,
    );
    const sale = await saleById(tx, r.id);
    await audit(tx, actor, {
      action: 'property.sale',
      targetType: 'property',
      targetId: id,
      detail: {
        saleId: sale._id,
        name: sale.propertyName,
        priceCents: input.priceCents,
        costsCents: input.costsCents,
        feeCents: input.feeCents,
        soldOn: sale.soldOn,
        holders: sale.holders,
        documents,
      },
    });
    // Every holder and the owner, in one statement whatever their number.
    await notifyPropertySold(tx, sale._id);
    return sale;
  });
}

/** The recorded sale of a property (admins). */
export async function getSale(app: FastifyInstance, id: string): Promise<PropertySale> {
  const [s] = await rows<{ id: string }>(app.db, sql`SELECT id FROM property_sales WHERE property_id = ${id}`);
  if (!s) throw notFound(SALE_MESSAGES.notSold);
  return saleById(app.db, s.id);
}

/**
 * A sold property's final figures, or null when it is not sold: the sale's price, costs, fee
 * and net; per unit, the net proceeds and the rent paid over its life (distributions PAID; a
 * corrected one counts through its correction), and the total return of a unit bought at the
 * listing's price and held to the sale. The one reading of them: the sold page's
 * GET /v1/properties/:id/sale and the listing's GET /v1/properties/:id both answer it.
 */
export async function soldFiguresOf(db: Executor, id: string): Promise<SoldPropertyFigures | null> {
  const [s] = await rows(
    db,
    sql`SELECT s.property_id, p.name, s.sold_on, s.price_cents, s.costs_cents, s.fee_cents, s.net_cents, s.total_units, p.unit_price_cents,
               (SELECT coalesce(sum(d.distributable_cents), 0) FROM distributions d WHERE d.property_id = s.property_id AND d.status = 'PAID') AS income
          FROM property_sales s JOIN properties p ON p.id = s.property_id WHERE s.property_id = ${id}`,
  );
  if (!s) return null;
  const units = num(s.total_units);
  const proceedsPerUnit = num(s.net_cents) / units;
  const incomePerUnit = num(s.income) / units;
  return {
    propertyId: String(s.property_id),
    name: String(s.name),
    soldOn: day(s.sold_on),
    salePrice: centsToDollars(num(s.price_cents)),
    costs: centsToDollars(num(s.costs_cents)),
    fee: centsToDollars(num(s.fee_cents)),
    netProceeds: centsToDollars(num(s.net_cents)),
    totalUnits: units,
    unitPrice: centsToDollars(num(s.unit_price_cents)),
    proceedsPerUnit: centsToDollars(Math.round(proceedsPerUnit)),
    incomePaidPerUnit: centsToDollars(Math.round(incomePerUnit)),
    incomePaid: centsToDollars(num(s.income)),
    totalReturnPct: saleTotalReturnPct(num(s.unit_price_cents), proceedsPerUnit, incomePerUnit),
  };
}

/** A sold property's final figures (anyone); 404 when it is not sold. */
export async function soldFigures(app: FastifyInstance, id: string): Promise<SoldPropertyFigures> {
  const figures = await soldFiguresOf(app.db, id);
  if (!figures) throw notFound(SALE_MESSAGES.notSold);
  return figures;
}
