// Two-factor sign-in (TOTP codes from an authenticator app, plus single-use recovery codes)
// and the step-up ("Confirm it's you") that money moves and account changes ask for.
import type { AuthResult, User } from './types';

/** Digits of a code from an authenticator app. */
export const TOTP_DIGITS = 6;
/** Seconds each app code lasts (RFC 6238's default step). */
export const TOTP_PERIOD_SECONDS = 30;
/** Recovery codes given at enrolment; each works once. */
export const RECOVERY_CODE_COUNT = 10;
/** How long a "second factor needed" challenge can be completed. */
export const SIGNIN_CHALLENGE_MINUTES = 5;
/** Money moves and account changes need an authentication at most this old. */
export const STEP_UP_MINUTES = 5;

export const TWO_FACTOR_MESSAGES = {
  codeNeeded: 'Enter the code from your authenticator app',
  invalidCode: 'The code is invalid or has expired',
  challengeExpired: 'Your sign-in has expired, please enter your password again',
  alreadyEnabled: 'Two-factor sign-in is already on',
  notEnabled: 'Two-factor sign-in is not on',
  startFirst: 'Start the setup again: no pending two-factor setup was found',
  wrongPassword: 'The password is not right',
  removed: 'Two-factor sign-in is off',
  /** The 403 of an action that needs a fresh authentication; the UI recognises this text. */
  stepUpRequired: "Confirm it's you: enter your current password or authenticator code",
  confirmed: 'Thank you, you can go on',
  /** The 403 of every admin route for an admin without a second factor (ADMIN_2FA_REQUIRED); the console recognises this text. */
  enrolRequired: 'Set up two-factor sign-in before you use the admin console.',
} as const;

/** Changing the sign-in e-mail address (POST /v1/auth/email-change, then its confirmation link). */
export const EMAIL_CHANGE_MESSAGES = {
  sameAddress: 'This is already your e-mail address',
  taken: 'An account with this email already exists',
  tooMany: 'Too many e-mail changes asked for: try again in an hour',
  sent: 'We have sent a confirmation link to the new address. The change happens when you open it.',
  invalidLink: 'This confirmation link is invalid, used or expired. Ask for the change again.',
  changed: 'Your e-mail address is changed',
} as const;
/** How long the confirmation link to the new address works. */
export const EMAIL_CHANGE_TTL_MINUTES = 60;
/** Requests per account in an hour. */
export const EMAIL_CHANGE_MAX_PER_HOUR = 3;

/** POST /v1/auth/email-change: needs a recent authentication ("Confirm it's you"). */
export interface EmailChangeBody {
  newEmail: string;
}

/** The request waiting for its confirmation, if any (GET /v1/auth/email-change). */
export interface EmailChangePending {
  pending: { newEmail: string; expiresAt: string } | null;
}

/** POST /v1/auth/email-change/confirm: the token of the link e-mailed to the new address. */
export interface EmailChangeConfirmBody {
  token: string;
}

/** The address is changed; the session goes on (its user has the new address). */
export interface EmailChanged {
  message: string;
  user: User;
}

/** POST /v1/auth/two-factor/recovery-codes: the new ten, shown once; the old ones stop working. */
export interface RecoveryCodesRenewed {
  recoveryCodes: string[];
  status: TwoFactorStatus;
}

/** POST /v1/auth/signin when the account has a second factor: no tokens yet. */
export interface SecondFactorChallenge {
  secondFactorRequired: true;
  /** Completes the sign-in once, with a code (POST /v1/auth/signin/second-factor). */
  challengeToken: string;
  expiresAt: string;
  message: string;
  /** What the person can finish with: 'TOTP' (app or recovery code), 'PASSKEY'. */
  factors?: SecondFactorKind[];
}

export type SecondFactorKind = 'TOTP' | 'PASSKEY';

export type SigninResult = AuthResult | SecondFactorChallenge;

export const needsSecondFactor = (r: SigninResult): r is SecondFactorChallenge => 'secondFactorRequired' in r;

/** Either an app code or a recovery code. */
export interface SecondFactorBody {
  challengeToken: string;
  code: string;
}

export interface TwoFactorStatus {
  enabled: boolean;
  /** Unused recovery codes (0 when off). */
  recoveryCodesLeft: number;
  enabledAt: string | null;
}

/** POST /v1/me/two-factor/setup: a fresh secret, not active until confirmed. */
export interface TwoFactorSetup {
  /** Base32, for typing into an app by hand. */
  secret: string;
  otpauthUri: string;
  /** The otpauth URI as a QR code (an SVG data URL). */
  qrDataUrl: string;
}

export interface TwoFactorConfirmBody {
  code: string;
}

/** Shown once: only hashes are kept. */
export interface TwoFactorEnabled {
  recoveryCodes: string[];
  status: TwoFactorStatus;
}

/** Removing the factor: the password and a current code (or a recovery code). */
export interface TwoFactorRemoveBody {
  password: string;
  code: string;
}

/** POST /v1/auth/step-up: a code for people with a factor, else the password. */
export interface StepUpBody {
  code?: string;
  password?: string;
}
