import { LEDGER_ENTRY_TYPES, SUPPORT_STATUSES } from './enums';
import {
  LEDGER_TYPE_LABELS,
  MY_LEDGER_TYPE_LABELS,
  MY_SUPPORT_STATUS_LABELS,
  SUPPORT_STATUS_LABELS,
  myEntryLabel,
  myEntryOutcome,
} from './labels';
import { actionLabel } from './audit-actions';

test('audit actions read as words; an unknown one as its code in sentence case', () => {
  expect(actionLabel('user.verify')).toBe('Verified a person');
  expect(actionLabel('payout.paid')).toBe('Marked a withdrawal paid');
  expect(actionLabel('wallet.adjust')).toBe('Wallet adjust');
  expect(actionLabel('')).toBe('');
});

test('the holder reads their own ledger and ticket in their words, the rest as the team does', () => {
  for (const t of LEDGER_ENTRY_TYPES) expect(MY_LEDGER_TYPE_LABELS[t]).toBeTruthy();
  expect(MY_LEDGER_TYPE_LABELS.DISTRIBUTION_PAYMENT).toBe('Rental income');
  expect(LEDGER_TYPE_LABELS.DISTRIBUTION_PAYMENT).toBe('Distribution payment');
  expect(MY_LEDGER_TYPE_LABELS.TRADE_FEE).toBe(LEDGER_TYPE_LABELS.TRADE_FEE);
  expect(SUPPORT_STATUSES.map((s) => MY_SUPPORT_STATUS_LABELS[s])).toEqual(['Open', 'Waiting for you', 'Closed']);
  expect(SUPPORT_STATUS_LABELS.WAITING).toBe('Waiting for the person');
});

test("the holder's entry names: the MY_ labels, unknown types in sentence case", () => {
  for (const t of LEDGER_ENTRY_TYPES) expect(myEntryLabel(t)).toBe(MY_LEDGER_TYPE_LABELS[t]);
  expect(myEntryLabel('ORDER_HOLD')).toBe('Order');
  expect(myEntryLabel('TRADE_SETTLEMENT_ADJUSTMENT')).toBe('Trade settlement adjustment');
  expect(myEntryLabel('REFERRAL_BONUS')).toBe('Referral bonus');
  expect(myEntryLabel('toString')).toBe('Tostring');
  expect(myEntryLabel('')).toBe('Entry');
});

test('where a hold stands, in the same words for the wallet and the statements', () => {
  expect(myEntryOutcome('ORDER_HOLD', 'PENDING', null)).toEqual({ label: 'Held', tone: 'warning' });
  expect(myEntryOutcome('ORDER_HOLD', 'COMPLETED', null)).toEqual({ label: 'Invested', tone: 'success' });
  expect(myEntryOutcome('ORDER_HOLD', 'REJECTED', null)?.label).toBe('Refunded');
  expect(myEntryOutcome('ORDER_HOLD', 'CANCELLED', null)?.label).toBe('Refunded');
  expect(myEntryOutcome('ORDER_HOLD', null, null)).toBeNull();
  expect(myEntryOutcome('WITHDRAWAL_HOLD', null, 'REQUESTED')?.label).toBe('Held');
  expect(myEntryOutcome('WITHDRAWAL_HOLD', null, 'PAID')?.label).toBe('Paid out');
  expect(myEntryOutcome('WITHDRAWAL_HOLD', null, 'REJECTED')?.label).toBe('Released');
  expect(myEntryOutcome('DEPOSIT', null, null)).toEqual({ label: 'Completed', tone: 'success' });
});
