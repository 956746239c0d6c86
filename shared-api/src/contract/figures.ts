// Derived property figures (spec 3).
import { centsToDollars, dollarsToCents } from './money';
import type { Property } from './types';

type Figures = Pick<Property, 'totalQuantity' | 'availableQuantity' | 'unitPrice' | 'roiInFiveYears'>;

export function unitsSold(p: Pick<Property, 'totalQuantity' | 'availableQuantity'>): number {
  return p.totalQuantity - p.availableQuantity;
}

/** amount raised = (totalQuantity - availableQuantity) × unitPrice, exact to the cent. */
export function amountRaised(p: Figures): number {
  return centsToDollars(unitsSold(p) * dollarsToCents(p.unitPrice));
}

/** total value = unitPrice × totalQuantity, exact to the cent. */
export function totalValue(p: Pick<Property, 'totalQuantity' | 'unitPrice'>): number {
  return centsToDollars(p.totalQuantity * dollarsToCents(p.unitPrice));
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
