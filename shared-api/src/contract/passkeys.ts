// Passkeys (WebAuthn): a second factor beside the authenticator app, a sign-in without a
// password, and a way to "Confirm it's you". The values are this subpath's
// ('shared-api/contract/passkeys', loaded by the pages that use passkeys); the contract's
// index re-exports only the types, so first visits do not carry the words.

/** Longest name a person can give a passkey. */
export const PASSKEY_NAME_MAX = 60;
/** How long a passkey challenge can be answered. */
export const PASSKEY_CHALLENGE_MINUTES = 5;

export const PASSKEY_MESSAGES = {
  passkeyNeeded: 'Use your passkey to finish signing in',
  ipHost: 'Passkeys work at the site’s name (such as localhost), not at an IP address: open the site by its name to use them',
  notSupported: 'This browser cannot use passkeys',
  cancelled: 'The passkey request was cancelled or timed out',
  notVerified: 'The passkey could not be verified, please try again',
  unknownPasskey: 'This passkey is not registered with us',
  alreadyRegistered: 'This passkey is already registered',
  nameNeeded: `Give the passkey a name of at most ${PASSKEY_NAME_MAX} characters`,
  notFound: 'Passkey not found',
  added: 'Passkey added',
  removed: 'Passkey removed',
  renamed: 'Passkey renamed',
  usePasskey: 'Confirm with your passkey: your account has no authenticator app',
} as const;

export interface PasskeyInfo {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/**
 * The options a ceremony starts with (WebAuthn's PublicKeyCredentialCreationOptionsJSON or
 * PublicKeyCredentialRequestOptionsJSON), handed to the browser as they are.
 */
export interface PasskeyOptions {
  challenge: string;
  [key: string]: unknown;
}

/** The browser's answer (RegistrationResponseJSON or AuthenticationResponseJSON). */
export interface PasskeyCredential {
  id: string;
  rawId: string;
  type: 'public-key';
  response: { clientDataJSON: string; [key: string]: unknown };
  clientExtensionResults?: Record<string, unknown>;
  authenticatorAttachment?: string;
}

export interface PasskeyRegisterBody {
  name: string;
  credential: PasskeyCredential;
}

export interface PasskeyRenameBody {
  name: string;
}

/** A passwordless sign-in or a step-up: the assertion alone. */
export interface PasskeyAssertionBody {
  credential: PasskeyCredential;
}

/** The sign-in's second step with a passkey (the password step's challenge token). */
export interface PasskeySecondFactorBody {
  challengeToken: string;
  credential: PasskeyCredential;
}

export interface PasskeySecondFactorOptionsBody {
  challengeToken: string;
}
