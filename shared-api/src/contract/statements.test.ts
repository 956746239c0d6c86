import { LEDGER_ENTRY_TYPES } from './enums';
import {
  centsToDecimal,
  formatCents,
  parseStatementPeriod,
  STATEMENT_CATEGORIES,
  STATEMENT_ENTRY_KINDS,
  statementEntryKind,
  statementFileName,
  statementPeriodLabel,
} from './statements';

describe('statement categories', () => {
  it('maps every ledger entry type of today to a category other than Other', () => {
    for (const type of LEDGER_ENTRY_TYPES) expect([type, statementEntryKind(type).category]).not.toEqual([type, 'OTHER']);
  });

  it('maps today’s and the planned types to their sections', () => {
    expect(Object.fromEntries(Object.entries(STATEMENT_ENTRY_KINDS).map(([k, v]) => [k, v.category]))).toEqual({
      DEPOSIT: 'DEPOSITS',
      WITHDRAWAL_HOLD: 'WITHDRAWALS',
      WITHDRAWAL_RELEASE: 'WITHDRAWALS',
      ORDER_HOLD: 'INVESTMENTS',
      ORDER_REFUND: 'INVESTMENTS',
      OWNER_PAYOUT: 'OWNER_PROCEEDS',
      SUBSCRIPTION_FEE: 'FEES',
      DISTRIBUTION_PAYMENT: 'INCOME',
      DISTRIBUTION_FUNDING: 'DISTRIBUTIONS_FUNDED',
      MANAGEMENT_FEE: 'FEES',
      FEE_REVENUE: 'FEES',
      DISTRIBUTION_PAYMENT_REVERSAL: 'INCOME',
      DISTRIBUTION_FUNDING_REVERSAL: 'DISTRIBUTIONS_FUNDED',
      MANAGEMENT_FEE_REVERSAL: 'FEES',
      FEE_REVENUE_REVERSAL: 'FEES',
      TRADE_BUY: 'TRADES',
      TRADE_SELL: 'TRADES',
      TRADE_HOLD: 'TRADES',
      TRADE_REFUND: 'TRADES',
      TRADE_FEE: 'FEES',
      SALE_PROCEEDS: 'SALE_PROCEEDS',
      SALE_FUNDING: 'SALE_FUNDED',
      SALE_FEE: 'FEES',
      SALE_FEE_REVENUE: 'FEES',
    });
    for (const k of Object.values(STATEMENT_ENTRY_KINDS)) expect(STATEMENT_CATEGORIES).toContain(k.category);
  });

  it('an unknown type is still listed: Trades for TRADE_*, Other otherwise', () => {
    expect(statementEntryKind('TRADE_SETTLEMENT_ADJUSTMENT')).toEqual({ category: 'TRADES' });
    expect(statementEntryKind('REFERRAL_BONUS')).toEqual({ category: 'OTHER' });
    expect(statementEntryKind('toString')).toEqual({ category: 'OTHER' });
    expect(statementEntryKind('')).toEqual({ category: 'OTHER' });
  });
});

describe('money', () => {
  it.each([
    [0, '$0.00', '0.00'],
    [5, '$0.05', '0.05'],
    [123456, '$1,234.56', '1234.56'],
    [-12340, '-$123.40', '-123.40'],
    [100000000000, '$1,000,000,000.00', '1000000000.00'],
  ])('%p cents → %p / %p', (cents, text, decimal) => {
    expect(formatCents(cents)).toBe(text);
    expect(centsToDecimal(cents)).toBe(decimal);
  });
  it('refuses fractions of a cent', () => {
    expect(() => formatCents(1.5)).toThrow(RangeError);
  });
});

describe('periods (UTC)', () => {
  it('a month: first instant inclusive, next month exclusive', () => {
    expect(parseStatementPeriod('2026-12')).toEqual({
      period: '2026-12',
      kind: 'MONTH',
      start: new Date('2026-12-01T00:00:00.000Z'),
      end: new Date('2027-01-01T00:00:00.000Z'),
      label: 'December 2026',
    });
    expect(parseStatementPeriod('2024-02')?.end).toEqual(new Date('2024-03-01T00:00:00.000Z'));
  });
  it('a year', () => {
    expect(parseStatementPeriod('2025')).toEqual({
      period: '2025',
      kind: 'YEAR',
      start: new Date('2025-01-01T00:00:00.000Z'),
      end: new Date('2026-01-01T00:00:00.000Z'),
      label: '2025',
    });
  });
  it.each(['2026-13', '2026-00', '2026-1', '26', '1969', '2026-01-01', '', ' 2026'])('refuses %p', (p) => {
    expect(parseStatementPeriod(p)).toBeNull();
  });
  it('labels and file names', () => {
    expect(statementPeriodLabel('2026-03')).toBe('March 2026');
    expect(statementPeriodLabel('nope')).toBe('nope');
    expect(statementFileName('2026-03', 'pdf')).toBe('tessera-statement-2026-03.pdf');
  });
});
