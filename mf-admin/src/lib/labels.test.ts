import { codeLabel } from './labels';

test('a code reads as words', () => {
  expect(codeLabel('PENDING_REVIEW')).toBe('Pending review');
  expect(codeLabel('')).toBe('');
});
