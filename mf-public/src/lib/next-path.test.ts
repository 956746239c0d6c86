import { loginPath, safeNext, verifyPath } from './next-path';

describe('safeNext', () => {
  test('keeps paths of this site', () => {
    expect(safeNext('/properties/abc')).toBe('/properties/abc');
    expect(safeNext('/#subscribe')).toBe('/#subscribe');
  });
  test.each([null, undefined, '', 'https://evil.example', '//evil.example', '/\\evil.example', 'javascript:alert(1)', '/a\nb'])(
    'refuses %p',
    (v) => {
      expect(safeNext(v)).toBeNull();
    },
  );
});

test('loginPath carries a safe next path only', () => {
  expect(loginPath()).toBe('/login');
  expect(loginPath('/properties/p1')).toBe('/login?next=%2Fproperties%2Fp1');
  expect(loginPath('https://evil.example')).toBe('/login');
  expect(loginPath(null, { email: 'a@b.co' })).toBe('/login?email=a%40b.co');
});

test('verifyPath', () => {
  expect(verifyPath('a@b.co')).toBe('/verify?email=a%40b.co');
  expect(verifyPath('a@b.co', { sent: true })).toBe('/verify?email=a%40b.co&sent=1');
  expect(verifyPath('')).toBe('/verify');
});
