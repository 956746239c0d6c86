// Statements (issue 18, deliver 5): a monthly statement or an annual tax summary of one
// wallet, built over the ledger. Each ledger entry type falls in one statement category;
// the table names the types that exist today and those planned (distributions, the
// platform's management fee, trades), so they categorize correctly once they exist. A type
// not in the table still appears (category "Other", or "Trades" for TRADE_*), never dropped.
//
// Periods are calendar months (YYYY-MM) and years (YYYY) in UTC: [first instant, next period).

export const STATEMENT_CATEGORIES = [
  'DEPOSITS',
  'WITHDRAWALS',
  'INVESTMENTS',
  'OWNER_PROCEEDS',
  'INCOME',
  'DISTRIBUTIONS_FUNDED',
  'SALE_PROCEEDS',
  'SALE_FUNDED',
  'FEES',
  'TRADES',
  'OTHER',
] as const;
export type StatementCategory = (typeof STATEMENT_CATEGORIES)[number];

export const STATEMENT_CATEGORY_LABELS: Record<StatementCategory, string> = {
  DEPOSITS: 'Deposits',
  WITHDRAWALS: 'Withdrawals',
  INVESTMENTS: 'Investments',
  OWNER_PROCEEDS: 'Owner proceeds',
  INCOME: 'Income',
  DISTRIBUTIONS_FUNDED: 'Distributions funded',
  SALE_PROCEEDS: 'Property sale proceeds',
  SALE_FUNDED: 'Property sale proceeds paid to holders',
  FEES: 'Fees',
  TRADES: 'Trades',
  OTHER: 'Other',
};

export interface StatementEntryKind {
  category: StatementCategory;
}

/**
 * Ledger entry type → statement category. Keys are plain strings on purpose: planned types
 * are listed before they exist. A line's words are the wallet's (`myEntryLabel` and
 * `myEntryOutcome` in 'shared-api/labels'), so a statement and the wallet never name an
 * entry two ways.
 */
export const STATEMENT_ENTRY_KINDS: Readonly<Record<string, StatementEntryKind>> = {
  DEPOSIT: { category: 'DEPOSITS' },
  WITHDRAWAL_HOLD: { category: 'WITHDRAWALS' },
  WITHDRAWAL_RELEASE: { category: 'WITHDRAWALS' },
  ORDER_HOLD: { category: 'INVESTMENTS' },
  ORDER_REFUND: { category: 'INVESTMENTS' },
  OWNER_PAYOUT: { category: 'OWNER_PROCEEDS' },
  SUBSCRIPTION_FEE: { category: 'FEES' },
  // Rent paid to holders, funded from the owner's wallet; the platform's management fee
  // charged to the owner and credited to the platform's account.
  DISTRIBUTION_PAYMENT: { category: 'INCOME' },
  DISTRIBUTION_FUNDING: { category: 'DISTRIBUTIONS_FUNDED' },
  MANAGEMENT_FEE: { category: 'FEES' },
  FEE_REVENUE: { category: 'FEES' },
  // A corrected distribution's reversals count where what they reverse counted.
  DISTRIBUTION_PAYMENT_REVERSAL: { category: 'INCOME' },
  DISTRIBUTION_FUNDING_REVERSAL: { category: 'DISTRIBUTIONS_FUNDED' },
  MANAGEMENT_FEE_REVERSAL: { category: 'FEES' },
  FEE_REVENUE_REVERSAL: { category: 'FEES' },
  TRADE_BUY: { category: 'TRADES' },
  TRADE_SELL: { category: 'TRADES' },
  TRADE_HOLD: { category: 'TRADES' },
  TRADE_REFUND: { category: 'TRADES' },
  TRADE_FEE: { category: 'FEES' },
  // A property's sale: the holders' proceeds (capital returned, not income: the tax document
  // counts them as the units' disposal), paid from the owner's wallet.
  SALE_PROCEEDS: { category: 'SALE_PROCEEDS' },
  SALE_FUNDING: { category: 'SALE_FUNDED' },
  SALE_FEE: { category: 'FEES' },
  SALE_FEE_REVENUE: { category: 'FEES' },
};

/** The category of any entry type, known or not: Trades for TRADE_*, Other otherwise. */
export function statementEntryKind(type: string): StatementEntryKind {
  const known = Object.prototype.hasOwnProperty.call(STATEMENT_ENTRY_KINDS, type) ? STATEMENT_ENTRY_KINDS[type] : undefined;
  if (known) return known;
  return { category: type.startsWith('TRADE_') ? 'TRADES' : 'OTHER' };
}

/**
 * How a statement's credits split: money in is deposits, income and property sale proceeds only; a hold released
 * (an order refunded, a withdrawal or trade hold returned) gives back money the wallet
 * already had, so it is shown as such and never counted as money in.
 */
export const STATEMENT_MONEY_IN_CATEGORIES: readonly StatementCategory[] = ['DEPOSITS', 'INCOME', 'SALE_PROCEEDS'];
export const STATEMENT_HOLD_RELEASE_TYPES: readonly string[] = ['ORDER_REFUND', 'WITHDRAWAL_RELEASE', 'TRADE_REFUND'];

// ---- Money ----

/** Integer cents → "$1,234.56" (negative: "-$1,234.56"); exact, no floating point. */
export function formatCents(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`not a whole number of cents: ${cents}`);
  const neg = cents < 0;
  const abs = Math.abs(cents);
  const whole = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const frac = String(abs % 100).padStart(2, '0');
  return `${neg ? '-' : ''}$${whole}.${frac}`;
}

/** Integer cents → "1234.56" (CSV: a number a spreadsheet reads, no symbol or separators). */
export function centsToDecimal(cents: number): string {
  const neg = cents < 0;
  const abs = Math.abs(cents);
  return `${neg ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

// ---- Periods ----

export type StatementPeriodKind = 'MONTH' | 'YEAR';
export const STATEMENT_FORMATS = ['pdf', 'csv'] as const;
export type StatementFormat = (typeof STATEMENT_FORMATS)[number];
/** A period in a statement URL: YYYY-MM (monthly statement) or YYYY (annual tax summary). */
export const STATEMENT_PERIOD_PATTERN = '^\\d{4}(-(0[1-9]|1[0-2]))?$';

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

export interface StatementPeriodRange {
  period: string;
  kind: StatementPeriodKind;
  /** First instant, inclusive (UTC). */
  start: Date;
  /** First instant of the next period, exclusive (UTC). */
  end: Date;
  /** "March 2026" or "2026". */
  label: string;
}

/** Parses YYYY-MM or YYYY into its UTC range; null when it is neither. */
export function parseStatementPeriod(period: string): StatementPeriodRange | null {
  const m = /^(\d{4})(?:-(\d{2}))?$/.exec(period);
  if (!m) return null;
  const year = Number(m[1]);
  if (year < 1970) return null;
  if (m[2] === undefined) {
    return { period, kind: 'YEAR', start: new Date(Date.UTC(year, 0, 1)), end: new Date(Date.UTC(year + 1, 0, 1)), label: String(year) };
  }
  const month = Number(m[2]);
  if (month < 1 || month > 12) return null;
  return {
    period,
    kind: 'MONTH',
    start: new Date(Date.UTC(year, month - 1, 1)),
    end: new Date(Date.UTC(year, month, 1)),
    label: `${MONTH_NAMES[month - 1]} ${year}`,
  };
}

/** The period's label ("March 2026", "2026"), or the text itself when it is not a period. */
export function statementPeriodLabel(period: string): string {
  return parseStatementPeriod(period)?.label ?? period;
}

/** The file a year-end tax document downloads as: tessera-tax-document-2026.pdf. */
export function taxDocumentFileName(year: string, format: StatementFormat): string {
  return `tessera-tax-document-${year}.${format}`;
}

/** The file a statement downloads as: tessera-statement-2026-03.pdf. */
export function statementFileName(period: string, format: StatementFormat): string {
  return `tessera-statement-${period}.${format}`;
}

// ---- Wire types ----

export interface StatementPeriod {
  /** YYYY-MM or YYYY. */
  period: string;
  kind: StatementPeriodKind;
  /** "March 2026" or "2026". */
  label: string;
  /** Ledger entries in the period (0 for the running month before any activity). */
  entries: number;
}

export interface StatementPeriods {
  /** Months with activity (and the running month), newest first. */
  months: StatementPeriod[];
  /** Years with activity (and the running year), newest first. */
  years: StatementPeriod[];
}
