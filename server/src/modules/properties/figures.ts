// The SQL form of shared-api/contract/figures.ts, for sums over many listings: units sold are
// the settled units (COMPLETED orders), units reserved those of PENDING orders, and the amount
// raised is units sold × unit price. Every metric that counts sold, reserved or raised uses
// these (issue 16: pending orders reserve units, they do not sell them).
import { sql } from 'drizzle-orm';
import { properties } from '../../db/schema';

export const soldUnits = sql`${properties.settledQuantity}`;
export const reservedUnits = sql`${properties.reservedQuantity}`;
/** Cents raised by one listing (contract `raisedCents(soldQuantity, unitPriceCents)`). */
export const raisedCents = sql`(${properties.settledQuantity}::numeric * ${properties.unitPriceCents})`;
/** Share of a listing's units sold (0–1), for "most funded first". */
export const fundedRatio = sql`(${properties.settledQuantity}::numeric / ${properties.totalQuantity})`;
