import { actionLabel, codeLabel } from './labels';

test('audit actions and codes read as words', () => {
  expect(actionLabel('user.verify')).toBe('Verified a person');
  expect(actionLabel('payout.paid')).toBe('Marked a withdrawal paid');
  expect(actionLabel('wallet.adjust')).toBe('Wallet adjust');
  expect(codeLabel('PENDING_REVIEW')).toBe('Pending review');
});
