import { checkQuantity, classifyOrderFailure, eligibility, orderTotal } from './invest';

const live = { availableQuantity: 10, status: 'ACTIVE' as const };

test('eligibility: sold out first, then visitor, role and verification', () => {
  expect(eligibility(null, { availableQuantity: 0, status: 'ACTIVE' })).toBe('sold-out');
  expect(eligibility({ role: 'INVESTOR', status: 'VERIFIED' }, { availableQuantity: 5, status: 'FUNDED' })).toBe('sold-out');
  expect(eligibility(null, live)).toBe('visitor');
  expect(eligibility({ role: 'PROPERTY_OWNER', status: 'VERIFIED' }, live)).toBe('not-investor');
  expect(eligibility({ role: 'INVESTOR', status: 'PENDING' }, live)).toBe('not-verified');
  expect(eligibility({ role: 'INVESTOR', status: 'REJECTED' }, live)).toBe('not-verified');
  expect(eligibility({ role: 'INVESTOR', status: 'VERIFIED' }, live)).toBe('ok');
});

test('quantity: whole, at least one, at most what is available', () => {
  expect(checkQuantity('3', 10)).toEqual({ ok: true, quantity: 3 });
  expect(checkQuantity('1.5', 10)).toEqual({ ok: false, message: 'Enter a whole number of units' });
  expect(checkQuantity('', 10)).toEqual({ ok: false, message: 'Enter a whole number of units' });
  expect(checkQuantity('0', 10)).toEqual({ ok: false, message: 'Buy at least 1 unit' });
  expect(checkQuantity('11', 10)).toEqual({ ok: false, message: 'Only 10 units are available' });
  expect(checkQuantity('2', 1)).toEqual({ ok: false, message: 'Only 1 unit is available' });
});

test('total price is exact to the cent', () => {
  expect(orderTotal(3, 0.1)).toBe(0.3);
  expect(orderTotal(7, 19.99)).toBe(139.93);
});

test('refusals: balance, verification, sold out', () => {
  expect(classifyOrderFailure(409, 'Insufficient balance')).toBe('balance');
  expect(classifyOrderFailure(403, 'Your account must be verified before you can invest')).toBe('verify');
  expect(classifyOrderFailure(409, 'Only 3 units are available')).toBe('sold-out');
  expect(classifyOrderFailure(400, 'Something else')).toBe('other');
});
