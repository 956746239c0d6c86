import { getStartedPath, showGetStarted, signedInAction } from './get-started';

test('Get started: visitor → /signup, investor → /#subscribe, owner → listing creation', () => {
  expect(getStartedPath(null)).toBe('/signup');
  expect(getStartedPath({ role: 'INVESTOR' })).toBe('/#subscribe');
  expect(getStartedPath({ role: 'PROPERTY_OWNER' })).toBe('/dashboard/listings/create');
  expect(getStartedPath({ role: 'ADMIN' })).toBeNull();
});

test('Get started is hidden when logged in', () => {
  expect(showGetStarted(null)).toBe(true);
  expect(showGetStarted({ role: 'INVESTOR' })).toBe(false);
});

test('signed-in users get the same destinations under their own words', () => {
  expect(signedInAction({ role: 'INVESTOR', isSubscribed: false })).toEqual({ label: 'Subscribe', to: '/#subscribe' });
  expect(signedInAction({ role: 'INVESTOR', isSubscribed: true }).to).toBe('/dashboard');
  expect(signedInAction({ role: 'PROPERTY_OWNER', isSubscribed: false }).to).toBe('/dashboard/listings/create');
  expect(signedInAction({ role: 'ADMIN', isSubscribed: false }).to).toBe('/dashboard');
});
