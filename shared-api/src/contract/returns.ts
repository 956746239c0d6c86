// Returns (issue 18): income reports, distributions, appraisals and the investor's figures.
//
// Money on the wire is dollars (numbers with at most two decimals), as everywhere in the
// API; every computation below works in integer cents and converts at the edge.
// The database computes the distribution figures and the split itself (migration 0050);
// the functions here are the same rules for the UI and for tests that check the server.
import type { FileRef } from './types';

// ---- Enums and labels ----

export const INCOME_REPORT_STATUSES = ['SUBMITTED', 'APPROVED', 'REJECTED'] as const;
export type IncomeReportStatus = (typeof INCOME_REPORT_STATUSES)[number];

/**
 * DECLARED: approved, waiting for its record date. RECORDED: holders of record snapshotted,
 * waiting for its pay date (or refused: see `refusedReason`). PAID: the money has moved.
 * CANCELLED: an administrator cancelled it before it was paid (see `cancelReason`); it never pays.
 * CORRECTED: it was paid, then an administrator corrected it (see `correctionReason`): its
 * entries are reversed and the distribution that `correctedBy` names pays the corrected total
 * instead (none when corrected to 0).
 */
export const DISTRIBUTION_STATUSES = ['DECLARED', 'RECORDED', 'PAID', 'CANCELLED', 'CORRECTED'] as const;
export type DistributionStatus = (typeof DISTRIBUTION_STATUSES)[number];

export const EXPENSE_CATEGORIES = [
  'management',
  'maintenanceRepairs',
  'propertyTax',
  'insurance',
  'hoa',
  'utilities',
  'reserve',
  'other',
] as const;
export type ExpenseCategory = (typeof EXPENSE_CATEGORIES)[number];
export type Expenses = Record<ExpenseCategory, number>;

export const EXPENSE_LABELS: Record<ExpenseCategory, string> = {
  management: 'Property management',
  maintenanceRepairs: 'Maintenance and repairs',
  propertyTax: 'Property tax',
  insurance: 'Insurance',
  hoa: 'HOA',
  utilities: 'Utilities',
  reserve: 'Vacancy or capital reserve',
  other: 'Other',
};

/** The platform's management fee when MANAGEMENT_FEE_BPS is not set: 8% of the gross rent collected. */
export const DEFAULT_MANAGEMENT_FEE_BPS = 800;
/** A distribution's pay date defaults to this many days after its record date. */
export const DEFAULT_PAY_DAYS_AFTER_RECORD = 7;
export const MAX_INCOME_REPORT_DAYS = 366;
export const MAX_REPORT_NOTE = 2000;
export const MAX_RECEIPTS_PER_REPORT = 10;
/**
 * An appraisal more than this many percent from the property's latest (not voided) one needs
 * `confirmLargeChange: true` (APPRAISAL_MAX_CHANGE_PCT on the server overrides it).
 */
export const DEFAULT_APPRAISAL_MAX_CHANGE_PCT = 25;
export const MAX_CORRECTION_REASON = 1000;

/** The change from `fromCents` to `toCents` in percent, one decimal (e.g. 9900 for a 100x typo). */
export function appraisalChangePercent(fromCents: number, toCents: number): number {
  return Math.round(((toCents - fromCents) / fromCents) * 1000) / 10;
}

export const RETURNS_MESSAGES = {
  periodOrder: 'The period must end on or after its start',
  periodTooLong: 'A report covers at most one year',
  periodNotEnded: 'The period must have ended before today',
  notIncomeProducing:
    'Income reports are for income-producing properties only: rental-ready, or off-plan once converted after construction',
  reasonRequired: 'Please give a reason',
  recordDatePast: 'The record date cannot be in the past',
  payBeforeRecord: 'The pay date cannot be before the record date',
  reportNotSubmitted: 'Receipts can be added while the report awaits review only',
  appraisalVoided: 'This appraisal is already voided',
  distributionNotCancellable: 'Only a distribution not yet paid can be cancelled',
  distributionCancelled: 'This distribution is cancelled',
  correctionReason: 'Give a reason of 3 to 500 characters',
  correctionTotal: 'The corrected total must be 0 or more, in cents',
} as const;

/** A correction's reason: 3 to 500 characters. */
export const CORRECTION_REASON_MIN = 3;
export const CORRECTION_REASON_MAX = 500;

/** The 409 when an appraisal moves more than the limit without `confirmLargeChange: true`. */
export function appraisalChangeMessage(changePercent: number, limitPercent: number): string {
  const sign = changePercent > 0 ? '+' : '';
  return `This appraisal changes the value per unit by ${sign}${changePercent}% from the latest one (more than ${limitPercent}%). Check the figure, then confirm to record it.`;
}

// ---- Requests ----

export interface IncomeReportBody {
  propertyId: string;
  /** YYYY-MM-DD, inclusive. */
  periodStart: string;
  periodEnd: string;
  grossRent: number;
  /** Missing categories are 0. */
  expenses: Partial<Expenses>;
  note?: string;
  /**
   * What the property's reserve spent on each repair its holders approved (a PASSED REPAIR
   * vote) since its last report, in dollars, 0 if nothing yet. Every such repair must be here.
   */
  approvedRepairs?: ApprovedRepairInput[];
}

export interface ApprovedRepairInput {
  proposalId: string;
  spent: number;
}

export interface ApproveIncomeReportBody {
  /** Default: today (UTC). Not in the past. */
  recordDate?: string;
  /** Default: record date + 7 days. */
  payDate?: string;
}

export interface RejectIncomeReportBody {
  reason: string;
}

export interface IncomeReportsQuery {
  status?: IncomeReportStatus;
  propertyId?: string;
}

export interface DistributionsQuery {
  status?: DistributionStatus;
  propertyId?: string;
  /** Only those whose last payment attempt was refused. */
  refused?: boolean;
}

export interface CreateAppraisalBody {
  valuePerUnit: number;
  /** YYYY-MM-DD, not in the future. */
  appraisedOn: string;
  note?: string;
  /** Required (true) when the value moves more than the limit from the latest appraisal. */
  confirmLargeChange?: boolean;
}

/** Void an appraisal (admins): it stays on record, marked voided, and counts for nothing. */
export interface VoidAppraisalBody {
  reason: string;
}

/** Cancel a distribution not yet paid (admins). */
export interface CancelDistributionBody {
  reason: string;
}

/**
 * POST /v1/distributions/:id/correct (admins; four eyes as `distribution.correct`): corrects a
 * PAID distribution. Its entries are reversed; unless `totalCents` is 0 (a pure reversal), a
 * new distribution splits `totalCents` over the same holders of record and is paid.
 */
export interface CorrectDistributionBody {
  /** The corrected total to distribute, in cents (integer, >= 0). */
  totalCents: number;
  /** Why (3 to 500 characters); holders and the owner read it. */
  reason: string;
}

/** The answer of a correction: the original (now CORRECTED) and the correction that pays, if any. */
export interface CorrectDistributionResult {
  original: Distribution;
  correction: Distribution | null;
}

export interface ReinvestBody {
  enabled: boolean;
}

// ---- Responses ----

export interface IncomeReport {
  _id: string;
  propertyId: string;
  propertyName: string;
  ownerId: string;
  periodStart: string;
  periodEnd: string;
  grossRent: number;
  expenses: Expenses;
  totalExpenses: number;
  note: string;
  status: IncomeReportStatus;
  rejectionReason: string | null;
  decidedAt: string | null;
  createdAt: string;
  receipts: FileRef[];
  /** The distribution its approval declared. */
  distributionId: string | null;
  /** The repairs the holders approved since the previous report, with the reserve's spending. */
  approvedRepairs: ApprovedRepair[];
}

/** A repair the holders approved, as the next income report of the property carries it. */
export interface ApprovedRepair {
  proposalId: string;
  title: string;
  /** The day (UTC, YYYY-MM-DD) the vote closed. */
  approvedOn: string;
  budget: number;
  /** Spent from the reserve on it, up to the report's submission (0 while no report carries it yet). */
  spent: number;
  /** approvedRepairLine: "Repair approved by holders on <date>: budget $X (“title”)". */
  line: string;
}

export interface Distribution {
  _id: string;
  reportId: string;
  propertyId: string;
  propertyName: string;
  periodStart: string;
  periodEnd: string;
  grossRent: number;
  totalExpenses: number;
  expenses: Expenses;
  /** Fee rate in percent of the gross rent (8 means 8%). */
  feePercent: number;
  managementFee: number;
  /** Rent - expenses - fee; negative is a loss. */
  netIncome: number;
  /** Loss carried from the property's previous distributions, taken off this one. */
  carriedLossIn: number;
  /** Paid to holders: max(netIncome - carriedLossIn, 0). */
  distributable: number;
  /** Loss carried to the next distribution. */
  carriedLossOut: number;
  /** Distributable per unit (dollars, unrounded), once the units are known (snapshot). */
  perUnit: number | null;
  totalUnits: number | null;
  recordDate: string;
  payDate: string;
  status: DistributionStatus;
  /** Why the last payment attempt was refused (the owner's wallet did not cover it). */
  refusedReason: string | null;
  refusedAt: string | null;
  recordedAt: string | null;
  paidAt: string | null;
  /** Set when CANCELLED. */
  cancelReason: string | null;
  cancelledAt: string | null;
  /** Set when CORRECTED. */
  correctionReason: string | null;
  correctedAt: string | null;
  /** The distribution this one corrects (it pays instead of it). */
  correctsId: string | null;
  /** The distribution that corrects this one (CORRECTED; null when corrected to 0). */
  correctedById: string | null;
  createdAt: string;
}

/** A holder of record of a distribution and their share. */
export interface DistributionHolder {
  holderId: string;
  name: string;
  isOwner: boolean;
  units: number;
  amount: number;
}

export interface DistributionDetail extends Distribution {
  holders: DistributionHolder[];
}

export interface AdminDistributions {
  items: Distribution[];
  /** The platform revenue account's balance (management fees received). */
  revenueBalance: number;
}

export interface PayDistributionResult {
  /** PAID: paid now; ALREADY_PAID: nothing done; REFUSED: see distribution.refusedReason. */
  result: 'PAID' | 'ALREADY_PAID' | 'REFUSED';
  distribution: Distribution;
}

export interface Appraisal {
  _id: string;
  propertyId: string;
  valuePerUnit: number;
  appraisedOn: string;
  note: string;
  document: FileRef | null;
  createdAt: string;
  /** Set when an administrator voided it: it stays listed but counts for nothing. */
  voidedAt: string | null;
  voidReason: string | null;
}

/** Public figures of a property: appraisals and distribution history (latest first). */
export interface PropertyPerformance {
  propertyId: string;
  /** The latest appraisal not voided. */
  latestAppraisal: Appraisal | null;
  appraisals: Appraisal[];
  distributions: Distribution[];
  incomeProducing: boolean;
}

export interface HolderDistribution extends Distribution {
  /** The investor's units of record and what they were paid (0 until PAID). */
  myUnits: number;
  myAmount: number;
}

export interface HoldingReturns {
  propertyId: string;
  propertyName: string;
  quantity: number;
  cost: number;
  firstPurchaseAt: string;
  incomeReceived: number;
  incomeThisYear: number;
  /** Percent a year: income received over the average money invested since the first purchase, annualized; null before any income. */
  realizedAnnualYield: number | null;
  /** Percent a year the listing projects (roiInFiveYears / 5). */
  projectedAnnualReturn: number;
  /** The latest appraisal per unit, or null before the first. */
  valuePerUnit: number | null;
  appraisedOn: string | null;
  /** The mark per unit (latest appraisal, else the issue price): docs/portfolio-accounting.md. */
  markPerUnit: number;
  /** The market's last trade price and its date, shown beside the mark. */
  marketPrice: number | null;
  marketPriceDate: string | null;
  /** Units x mark per unit. */
  currentValue: number;
  unrealizedGain: number;
  /** Gains and losses on units sold (first in, first out), net of fees. */
  realizedGain: number;
  /** Income received + realized gain + unrealized gain. */
  totalReturn: number;
  /** Total return over the cost of every unit bought, percent. */
  totalReturnPercent: number;
  reinvest: boolean;
  distributions: HolderDistribution[];
}

export interface ReturnsTotals {
  /** Cost of the units held. */
  cost: number;
  /** Units held x their marks. */
  currentValue: number;
  /** The wallet's balance. */
  cash: number;
  /** cash + currentValue: the account value every screen shows. */
  accountValue: number;
  incomeReceived: number;
  incomeThisYear: number;
  unrealizedGain: number;
  realizedGain: number;
  /** Trading fees paid on sales (already in realizedGain). */
  fees: number;
  /** income + realized + unrealized. */
  totalReturn: number;
  totalReturnPercent: number;
  /** Income over the average money invested, annualized, percent. */
  realizedAnnualYield: number | null;
  /** Money-weighted annual return (XIRR), percent; null in the first 30 days or when undefined. */
  moneyWeightedReturn: number | null;
  /** Cost-weighted projected annual return, percent. */
  projectedAnnualReturn: number;
}

export interface SeriesPoint {
  /** YYYY-MM-DD. */
  date: string;
  amount: number;
}

export interface PortfolioReturns {
  holdings: HoldingReturns[];
  total: ReturnsTotals;
  /** Cumulative income received by pay date, one point a day since the first purchase. */
  incomeOverTime: SeriesPoint[];
  /** Account value (units held then x mark then, plus cash) at each day's end; ends at total.accountValue. */
  valueOverTime: SeriesPoint[];
  /** Cost of the units held at each day's end; ends at total.cost. */
  investedOverTime: SeriesPoint[];
}

/** Where a property stands on producing income. */
export interface IncomeProducingState {
  propertyId: string;
  /** When the owner reported construction complete (OFF_PLAN), or null. */
  constructionCompletedAt: string | null;
  /** Reports may be submitted: RENTAL_READY + FUNDED, or OFF_PLAN FUNDED converted by an admin. */
  incomeProducing: boolean;
}

export interface ReinvestSetting {
  propertyId: string;
  enabled: boolean;
}

// ---- Pure computations (integer cents) ----

/** The management fee: `bps` of the gross rent, rounded half up to the cent (as migration 0050). */
export function managementFeeCents(grossRentCents: number, bps: number): number {
  return Math.floor((grossRentCents * bps + 5000) / 10000);
}

export interface DistributionFigures {
  feeCents: number;
  netIncomeCents: number;
  distributableCents: number;
  carriedLossOutCents: number;
}

/** The figures a distribution is declared with (the database computes the same). */
export function distributionFigures(
  grossRentCents: number,
  expensesCents: number,
  bps: number,
  carriedLossInCents: number,
): DistributionFigures {
  const feeCents = managementFeeCents(grossRentCents, bps);
  const netIncomeCents = grossRentCents - expensesCents - feeCents;
  return {
    feeCents,
    netIncomeCents,
    distributableCents: Math.max(netIncomeCents - carriedLossInCents, 0),
    carriedLossOutCents: Math.max(carriedLossInCents - netIncomeCents, 0),
  };
}

/**
 * Splits `totalCents` pro rata to units by the largest-remainder method: each holder gets
 * floor(total x units / allUnits); the cents left go one each to the largest remainders,
 * ties to the smaller id (string order, as PostgreSQL orders uuids). The result sums to
 * `totalCents` exactly. Uses BigInt so any realistic total is exact.
 */
export function splitLargestRemainder(totalCents: number, holders: readonly { id: string; units: number }[]): Map<string, number> {
  const out = new Map<string, number>();
  const all = holders.reduce((a, h) => a + BigInt(h.units), 0n);
  if (holders.length === 0 || all === 0n) return out;
  const total = BigInt(totalCents);
  const rows = holders.map((h) => {
    const prod = total * BigInt(h.units);
    return { id: h.id, base: prod / all, rem: prod % all };
  });
  let left = total - rows.reduce((a, r) => a + r.base, 0n);
  const order = [...rows].sort((a, b) => (a.rem === b.rem ? (a.id < b.id ? -1 : a.id > b.id ? 1 : 0) : a.rem > b.rem ? -1 : 1));
  for (const r of order) {
    out.set(r.id, Number(r.base + (left > 0n ? 1n : 0n)));
    if (left > 0n) left -= 1n;
  }
  return out;
}

const DAY_MS = 86_400_000;
/** Annualizing needs some time: under 30 days held, the yield is taken over 30 days. */
export const MIN_YIELD_DAYS = 30;

/** Income over cost, annualized since the first purchase, percent (2 decimals); null without income or cost. */
export function realizedAnnualYield(incomeCents: number, costCents: number, since: Date | string, now: Date = new Date()): number | null {
  if (costCents <= 0 || incomeCents <= 0) return null;
  const days = Math.max((now.getTime() - new Date(since).getTime()) / DAY_MS, MIN_YIELD_DAYS);
  return Math.round((incomeCents / costCents) * (365 / days) * 10000) / 100;
}

/** Percent with two decimals; 0 when the base is 0. */
export function percentOf(partCents: number, baseCents: number): number {
  return baseCents > 0 ? Math.round((partCents / baseCents) * 10000) / 100 : 0;
}

export interface HoldingValueInput {
  quantity: number;
  costCents: number;
  /** Latest appraisal's value per unit, or null before the first. */
  valuePerUnitCents: number | null;
  incomeCents: number;
}

export interface HoldingValue {
  currentValueCents: number;
  unrealizedGainCents: number;
  totalReturnCents: number;
}

/** Current value = units x appraised value (the cost until the first appraisal); gain and total return. */
export function holdingValue(h: HoldingValueInput): HoldingValue {
  const currentValueCents = h.valuePerUnitCents === null ? h.costCents : h.quantity * h.valuePerUnitCents;
  const unrealizedGainCents = currentValueCents - h.costCents;
  return { currentValueCents, unrealizedGainCents, totalReturnCents: unrealizedGainCents + h.incomeCents };
}

/** Month ends (UTC, YYYY-MM-DD) from the month of `from` up to the month before `to`, then `to` itself. */
export function monthEnds(from: Date | string, to: Date = new Date()): string[] {
  const start = new Date(from);
  const out: string[] = [];
  let y = start.getUTCFullYear();
  let m = start.getUTCMonth();
  const today = to.toISOString().slice(0, 10);
  for (let i = 0; i < 600; i++) {
    const end = new Date(Date.UTC(y, m + 1, 0)).toISOString().slice(0, 10);
    if (end >= today) break;
    out.push(end);
    m += 1;
    if (m === 12) {
      m = 0;
      y += 1;
    }
  }
  out.push(today);
  return out;
}

/** Cumulative amounts at each date: sum of the events on or before it (cents in, dollars out). */
export function cumulativeAt(dates: readonly string[], events: readonly { date: string; cents: number }[]): SeriesPoint[] {
  const sorted = [...events].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  let i = 0;
  let running = 0;
  return dates.map((date) => {
    while (i < sorted.length && sorted[i].date <= date) running += sorted[i++].cents;
    return { date, amount: running / 100 };
  });
}

export interface UnitsEvent {
  /** YYYY-MM-DD the units were settled. */
  date: string;
  propertyId: string;
  units: number;
  costCents: number;
}

export interface AppraisalPoint {
  propertyId: string;
  date: string;
  valuePerUnitCents: number;
}

/**
 * Portfolio value at each date: for each property, the units held then times the latest
 * appraisal on or before that date, or what those units cost before any appraisal.
 */
export function valueAt(dates: readonly string[], purchases: readonly UnitsEvent[], appraisals: readonly AppraisalPoint[]): SeriesPoint[] {
  const props = [...new Set(purchases.map((p) => p.propertyId))];
  return dates.map((date) => {
    let cents = 0;
    for (const pid of props) {
      let units = 0;
      let cost = 0;
      for (const p of purchases) {
        if (p.propertyId === pid && p.date <= date) {
          units += p.units;
          cost += p.costCents;
        }
      }
      if (units === 0) continue;
      let latest: AppraisalPoint | null = null;
      for (const a of appraisals) {
        if (a.propertyId === pid && a.date <= date && (!latest || a.date >= latest.date)) latest = a;
      }
      cents += latest ? units * latest.valuePerUnitCents : cost;
    }
    return { date, amount: cents / 100 };
  });
}

/** Whole units income buys at a price, and what is left (cents). */
export function reinvestUnits(cents: number, unitPriceCents: number, available: number): { units: number; leftCents: number } {
  if (unitPriceCents <= 0 || cents <= 0) return { units: 0, leftCents: Math.max(cents, 0) };
  const units = Math.min(Math.floor(cents / unitPriceCents), Math.max(available, 0));
  return { units, leftCents: cents - units * unitPriceCents };
}

/**
 * Units held before any recorded purchase: when the investor was a holder of record at a
 * date before their first settled order (history imported before the orders, as the demo
 * seed does), the units of record are counted from that record date (taken from the
 * earliest purchases, split when needed, cost pro rata). Otherwise the purchases as they are.
 */
export function heldSinceRecords(
  purchases: readonly UnitsEvent[],
  records: readonly { propertyId: string; date: string; units: number }[],
): UnitsEvent[] {
  const out: UnitsEvent[] = [];
  const props = [...new Set(purchases.map((p) => p.propertyId))];
  for (const pid of props) {
    const mine = purchases.filter((p) => p.propertyId === pid).sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
    const earliest = records.filter((r) => r.propertyId === pid).sort((a, b) => (a.date < b.date ? -1 : 1))[0];
    if (!earliest || earliest.date >= mine[0].date) {
      out.push(...mine);
      continue;
    }
    let toMove = earliest.units;
    for (const p of mine) {
      if (toMove <= 0) {
        out.push(p);
        continue;
      }
      const moved = Math.min(toMove, p.units);
      const movedCost = Math.round((p.costCents * moved) / p.units);
      out.push({ ...p, date: earliest.date, units: moved, costCents: movedCost });
      if (moved < p.units) out.push({ ...p, units: p.units - moved, costCents: p.costCents - movedCost });
      toMove -= moved;
    }
  }
  return out;
}
