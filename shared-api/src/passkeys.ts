// 'shared-api/passkeys': the passkey ceremonies (WebAuthn through @simplewebauthn/browser)
// and their endpoints. A subpath of its own, shared lazily: only the pages that offer
// passkeys load it (the login page imports it when the person chooses a passkey).
import {
  browserSupportsWebAuthn,
  startAuthentication,
  startRegistration,
  WebAuthnError,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import type { AuthResult, MessageResult } from './contract';
import { PASSKEY_MESSAGES, type PasskeyCredential, type PasskeyInfo, type PasskeyOptions } from './contract/passkeys';
import { http } from './client';

/** Whether passkeys can work here (the page's host name); the message to show when not. */
export function passkeyProblem(host = typeof window === 'undefined' ? '' : window.location.hostname): string | null {
  if (typeof window === 'undefined') return PASSKEY_MESSAGES.notSupported;
  // Browsers refuse an IP address as the site's identity (the relying party ID).
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(host) || host.includes(':') || host.startsWith('[')) return PASSKEY_MESSAGES.ipHost;
  if (!browserSupportsWebAuthn()) return PASSKEY_MESSAGES.notSupported;
  return null;
}

/** A passkey failure the person can read (cancelled, not supported, IP host). */
export class PasskeyError extends Error {}

function explain(err: unknown): Error {
  if (err instanceof PasskeyError) return err;
  const name = err instanceof WebAuthnError ? (err.cause as Error | undefined)?.name : (err as Error | undefined)?.name;
  if (err instanceof WebAuthnError && err.code === 'ERROR_INVALID_DOMAIN') return new PasskeyError(PASSKEY_MESSAGES.ipHost);
  if (err instanceof WebAuthnError && err.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') {
    return new PasskeyError(PASSKEY_MESSAGES.alreadyRegistered);
  }
  if (name === 'NotAllowedError' || name === 'AbortError') return new PasskeyError(PASSKEY_MESSAGES.cancelled);
  if (name === 'NotSupportedError') return new PasskeyError(PASSKEY_MESSAGES.notSupported);
  if (name === 'SecurityError') return new PasskeyError(PASSKEY_MESSAGES.ipHost);
  return err instanceof Error ? err : new Error(String(err));
}

function check(): void {
  const problem = passkeyProblem();
  if (problem) throw new PasskeyError(problem);
}

async function create(options: PasskeyOptions): Promise<PasskeyCredential> {
  try {
    const optionsJSON = options as unknown as PublicKeyCredentialCreationOptionsJSON;
    return (await startRegistration({ optionsJSON })) as unknown as PasskeyCredential;
  } catch (err) {
    throw explain(err);
  }
}

async function assert(options: PasskeyOptions): Promise<PasskeyCredential> {
  try {
    const optionsJSON = options as unknown as PublicKeyCredentialRequestOptionsJSON;
    return (await startAuthentication({ optionsJSON })) as unknown as PasskeyCredential;
  } catch (err) {
    throw explain(err);
  }
}

export const listPasskeys = (): Promise<PasskeyInfo[]> => http.get('v1/auth/passkeys').json<PasskeyInfo[]>();

export const renamePasskey = (id: string, name: string): Promise<PasskeyInfo> =>
  http.patch(`v1/auth/passkeys/${encodeURIComponent(id)}`, { json: { name } }).json<PasskeyInfo>();

/** Needs a recent authentication (the step-up hook answers the 403). */
export const removePasskey = (id: string): Promise<MessageResult> =>
  http.delete(`v1/auth/passkeys/${encodeURIComponent(id)}`).json<MessageResult>();

/** Creates a passkey on this device and registers it under the name given. */
export async function addPasskey(name: string): Promise<PasskeyInfo> {
  check();
  const options = await http.post('v1/auth/passkeys/register/options').json<PasskeyOptions>();
  const credential = await create(options);
  return http.post('v1/auth/passkeys/register', { json: { name, credential } }).json<PasskeyInfo>();
}

/** Signs in with a passkey alone (the browser lists the ones it holds for this site). */
export async function signinWithPasskey(): Promise<AuthResult> {
  check();
  const options = await http.post('v1/auth/passkeys/signin/options').json<PasskeyOptions>();
  const credential = await assert(options);
  return http.post('v1/auth/passkeys/signin', { json: { credential } }).json<AuthResult>();
}

/** Finishes a password sign-in (its challenge token) with one of the account's passkeys. */
export async function completeSigninWithPasskey(challengeToken: string): Promise<AuthResult> {
  check();
  const options = await http.post('v1/auth/signin/second-factor/passkey/options', { json: { challengeToken } }).json<PasskeyOptions>();
  const credential = await assert(options);
  return http.post('v1/auth/signin/second-factor/passkey', { json: { challengeToken, credential } }).json<AuthResult>();
}

/** "Confirm it's you" with a passkey. */
export async function stepUpWithPasskey(): Promise<MessageResult> {
  check();
  const options = await http.post('v1/auth/step-up/passkey/options').json<PasskeyOptions>();
  const credential = await assert(options);
  return http.post('v1/auth/step-up/passkey', { json: { credential } }).json<MessageResult>();
}
