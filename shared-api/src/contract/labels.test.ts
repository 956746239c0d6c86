import { LEDGER_ENTRY_TYPES, SUPPORT_STATUSES } from './enums';
import { LEDGER_TYPE_LABELS, MY_LEDGER_TYPE_LABELS, MY_SUPPORT_STATUS_LABELS, SUPPORT_STATUS_LABELS, actionLabel } from './labels';

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
