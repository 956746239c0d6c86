// The passkey ceremonies with @simplewebauthn/browser mocked: the options go to the
// browser as the server gave them, its answer back to the server; a cancelled prompt, a
// browser without WebAuthn and an IP address host give messages people can read.
import { browserSupportsWebAuthn, startAuthentication, startRegistration, WebAuthnError } from '@simplewebauthn/browser';
import { http } from './client';
import { PASSKEY_MESSAGES } from './contract/passkeys';
import { addPasskey, passkeyProblem, signinWithPasskey } from './passkeys';

jest.mock('@simplewebauthn/browser', () => ({
  ...jest.requireActual('@simplewebauthn/browser'),
  browserSupportsWebAuthn: jest.fn(() => true),
  startRegistration: jest.fn(),
  startAuthentication: jest.fn(),
}));
jest.mock('./client', () => ({ http: { post: jest.fn(), get: jest.fn(), patch: jest.fn(), delete: jest.fn() } }));

const post = jest.mocked(http.post);
const answer = (body: unknown) => ({ json: () => Promise.resolve(body) }) as unknown as ReturnType<typeof http.post>;
const OPTIONS = { challenge: 'c'.repeat(43), rp: { id: 'localhost', name: 'Tessera' } };
const CREDENTIAL = { id: 'abc', rawId: 'abc', type: 'public-key', response: { clientDataJSON: 'e30' } };

beforeEach(() => {
  jest.clearAllMocks();
  jest.mocked(browserSupportsWebAuthn).mockReturnValue(true);
});

test('adding: the options to the browser, its answer and the name to the server', async () => {
  post.mockReturnValueOnce(answer(OPTIONS)).mockReturnValueOnce(answer({ id: 'p1', name: 'Laptop' }));
  jest.mocked(startRegistration).mockResolvedValue(CREDENTIAL as never);
  await expect(addPasskey('Laptop')).resolves.toEqual({ id: 'p1', name: 'Laptop' });
  expect(startRegistration).toHaveBeenCalledWith({ optionsJSON: OPTIONS });
  expect(post).toHaveBeenNthCalledWith(1, 'v1/auth/passkeys/register/options');
  expect(post).toHaveBeenNthCalledWith(2, 'v1/auth/passkeys/register', { json: { name: 'Laptop', credential: CREDENTIAL } });
});

test('a cancelled or timed-out prompt says so, and nothing goes to the server after it', async () => {
  post.mockReturnValueOnce(answer(OPTIONS));
  const cancelled = Object.assign(new Error('The operation either timed out or was not allowed.'), { name: 'NotAllowedError' });
  jest
    .mocked(startAuthentication)
    .mockRejectedValue(new WebAuthnError({ message: cancelled.message, code: 'ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY', cause: cancelled }));
  await expect(signinWithPasskey()).rejects.toThrow(PASSKEY_MESSAGES.cancelled);
  expect(post).toHaveBeenCalledTimes(1);
});

test('a browser without WebAuthn is told before any request', async () => {
  jest.mocked(browserSupportsWebAuthn).mockReturnValue(false);
  expect(passkeyProblem()).toBe(PASSKEY_MESSAGES.notSupported);
  await expect(signinWithPasskey()).rejects.toThrow(PASSKEY_MESSAGES.notSupported);
  expect(post).not.toHaveBeenCalled();
});

test('an IP address host is told to use the site name; a name is fine', () => {
  expect(passkeyProblem('127.0.0.1')).toBe(PASSKEY_MESSAGES.ipHost);
  expect(passkeyProblem('[::1]')).toBe(PASSKEY_MESSAGES.ipHost);
  expect(passkeyProblem('localhost')).toBeNull();
  expect(passkeyProblem('tessera.example')).toBeNull();
});
