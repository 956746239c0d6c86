// Derived property figures (spec 3, with issue 16's reading of "sold").
//
// The one definition every screen and the server's metrics use:
// - units sold     = units of COMPLETED orders (the database's settled_quantity, `soldQuantity`);
// - units reserved = units of PENDING orders (`reservedQuantity`): held back from sale, not sold;
// - units available = totalQuantity - sold - reserved (`availableQuantity`, what can still be bought);
// - amount raised  = units sold × unitPrice, exact to the cent;
// - funding percent = amount raised / total value, 0–100;
// - investors      = people holding units (holdings exist only for COMPLETED orders).
// Spec 3 defines amount raised as (totalQuantity - availableQuantity) × unitPrice; issue 16
// overrides it so units in pending orders are never counted as raised.
import { centsToDollars, dollarsToCents } from './money';
import type { Property } from './types';

type Units = Pick<Property, 'totalQuantity' | 'soldQuantity'>;
type Figures = Pick<Property, 'totalQuantity' | 'soldQuantity' | 'unitPrice'>;

/** Units of completed orders. */
export function unitsSold(p: Pick<Property, 'soldQuantity'>): number {
  return p.soldQuantity;
}

/** Units of pending orders: reserved for their buyers, neither sold nor available. */
export function unitsReserved(p: Pick<Property, 'reservedQuantity'>): number {
  return p.reservedQuantity;
}

/**
 * Units sold or reserved (total - available): the units investors hold or have ordered. Once
 * any exist the unit price is fixed and total units cannot go below them (the database's rule).
 */
export function unitsTaken(p: Pick<Property, 'totalQuantity' | 'availableQuantity'>): number {
  return p.totalQuantity - p.availableQuantity;
}

/** amount raised = units sold (completed orders only) × unitPrice, exact to the cent. */
export function amountRaised(p: Pick<Property, 'soldQuantity' | 'unitPrice'>): number {
  return centsToDollars(raisedCents(p.soldQuantity, dollarsToCents(p.unitPrice)));
}

/** The same figure in cents, for sums over many listings (the server's metrics). */
export function raisedCents(soldQuantity: number, unitPriceCents: number): number {
  return soldQuantity * unitPriceCents;
}

/** total value = unitPrice × totalQuantity, exact to the cent. */
export function totalValue(p: Pick<Property, 'totalQuantity' | 'unitPrice'>): number {
  return centsToDollars(p.totalQuantity * dollarsToCents(p.unitPrice));
}

/** Share funded (0–100): amount raised against total value, i.e. units sold against total units. */
export function fundingPercent(p: Figures | Units): number {
  return progressPercent(p.soldQuantity, p.totalQuantity);
}

/** Annual return shown = roiInFiveYears / 5, as a percent number (8 means 8%). */
export function annualReturn(p: Pick<Property, 'roiInFiveYears'>): number {
  return Math.round((p.roiInFiveYears / 5) * 100) / 100;
}

/** Progress bar width = current / maximum as a percent, clamped to 0–100. */
export function progressPercent(current: number, maximum: number): number {
  if (!Number.isFinite(current) || !Number.isFinite(maximum) || maximum <= 0) return 0;
  return Math.min(100, Math.max(0, (current / maximum) * 100));
}
