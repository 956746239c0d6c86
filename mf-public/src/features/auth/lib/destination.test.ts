import { cleanCode, destinationAfterLogin } from './destination';

describe('destinationAfterLogin', () => {
  test('onboarding first for investors and owners who have not completed it', () => {
    expect(destinationAfterLogin({ role: 'INVESTOR', onboardingCompleted: false })).toBe('/onboarding');
    expect(destinationAfterLogin({ role: 'PROPERTY_OWNER', onboardingCompleted: false }, '/properties/p1')).toBe('/onboarding');
  });
  test('otherwise the dashboard, or the safe page they were heading to', () => {
    expect(destinationAfterLogin({ role: 'INVESTOR', onboardingCompleted: true })).toBe('/dashboard');
    expect(destinationAfterLogin({ role: 'ADMIN', onboardingCompleted: false })).toBe('/dashboard');
    expect(destinationAfterLogin({ role: 'INVESTOR', onboardingCompleted: true }, '/properties/p1')).toBe('/properties/p1');
    expect(destinationAfterLogin({ role: 'INVESTOR', onboardingCompleted: true }, 'https://evil.example')).toBe('/dashboard');
    expect(destinationAfterLogin({ role: 'INVESTOR', onboardingCompleted: true }, '/login')).toBe('/dashboard');
  });
});

test('cleanCode keeps six digits', () => {
  expect(cleanCode(' 12a3-456 7')).toBe('123456');
});
