// The portfolio-accounting engine's answer (GET /v1/portfolio): one account value and one
// set of returns, from the investor's lots, disposals, income and the properties' marks.
// docs/portfolio-accounting.md gives the valuation policy and the lot method.

/** Where a holding's mark per unit comes from: the latest appraisal, else the issue price. */
export type MarkSource = 'APPRAISAL' | 'ISSUE_PRICE';

export interface PortfolioHolding {
  propertyId: string;
  propertyName: string;
  /** Units held now (open lots). */
  units: number;
  /** Cost of the units held (open lots, fees included). */
  cost: number;
  /** Value per unit used for the account value. */
  markPerUnit: number;
  markSource: MarkSource;
  /** The appraisal's date, or null when the mark is the issue price. */
  markDate: string | null;
  /** The market's last trade price, shown beside the mark (never used for the value). */
  marketPrice: number | null;
  marketPriceDate: string | null;
  /** units x markPerUnit. */
  value: number;
  income: number;
  /** Gains and losses of units sold (first in, first out), net of fees. */
  realizedGain: number;
  /** value - cost. */
  unrealizedGain: number;
  /** income + realizedGain + unrealizedGain. */
  totalReturn: number;
  /** Fees paid on this property's sales. */
  fees: number;
}

export interface PortfolioTotals {
  /** The wallet's balance. */
  cash: number;
  /** Sum of the holdings' values. */
  holdingsValue: number;
  /** cash + holdingsValue: the one value every screen shows. */
  accountValue: number;
  /** Cost of the units held. */
  invested: number;
  income: number;
  realizedGain: number;
  unrealizedGain: number;
  totalReturn: number;
  fees: number;
  /** Money-weighted annual return (XIRR) of the investments, percent; null when it cannot be told yet. */
  moneyWeightedReturn: number | null;
  /** Income over the average money invested since the first purchase, annualized, percent; null before any income. */
  realizedYield: number | null;
}

export interface PortfolioPoint {
  /** YYYY-MM-DD, one point a day up to today. */
  date: string;
  amount: number;
}

export interface PortfolioSummary {
  asOf: string;
  holdings: PortfolioHolding[];
  totals: PortfolioTotals;
  /** Account value at each day's end: units held x that day's mark, plus cash. */
  valueOverTime: PortfolioPoint[];
  /** Cost of the units held at each day's end. */
  investedOverTime: PortfolioPoint[];
  /** Income received to date, by pay date. */
  incomeOverTime: PortfolioPoint[];
}

/** The account value's one name and meaning, on every investor screen that shows it. */
export const ACCOUNT_VALUE_LABEL = 'Account value';
export const ACCOUNT_VALUE_HINT = 'Your cash plus your units at their latest appraisal';
