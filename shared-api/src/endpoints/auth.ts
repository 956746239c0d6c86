// POST /v1/auth/* (spec 7).
import type {
  AuthResult,
  EmailChangeBody,
  EmailChangeConfirmBody,
  EmailChanged,
  EmailChangePending,
  MessageResult,
  OtpGenerateBody,
  OtpVerifyBody,
  RecoveryCodesRenewed,
  ResetPasswordBody,
  SecondFactorBody,
  SigninBody,
  SigninResult,
  SignupBody,
  SignupResult,
  StepUpBody,
  TwoFactorEnabled,
  TwoFactorRemoveBody,
  TwoFactorSetup,
  TwoFactorStatus,
} from '../contract';
import { http } from '../client';

export const signupInvestor = (body: SignupBody): Promise<SignupResult> =>
  http.post('v1/auth/signup/investor', { json: body }).json<SignupResult>();

export const signupOwner = (body: SignupBody): Promise<SignupResult> =>
  http.post('v1/auth/signup/property-owner', { json: body }).json<SignupResult>();

/** Tokens, or (two-factor sign-in on) a challenge to finish with `completeSignin`. */
export const signin = (body: SigninBody): Promise<SigninResult> => http.post('v1/auth/signin', { json: body }).json<SigninResult>();

export const completeSignin = (body: SecondFactorBody): Promise<AuthResult> =>
  http.post('v1/auth/signin/second-factor', { json: body }).json<AuthResult>();

/** "Confirm it's you": an authenticator code, or the password without two-factor sign-in. */
export const stepUp = (body: StepUpBody): Promise<MessageResult> => http.post('v1/auth/step-up', { json: body }).json<MessageResult>();

export const getTwoFactor = (): Promise<TwoFactorStatus> => http.get('v1/auth/two-factor').json<TwoFactorStatus>();

export const startTwoFactorSetup = (): Promise<TwoFactorSetup> => http.post('v1/auth/two-factor/setup').json<TwoFactorSetup>();

export const confirmTwoFactor = (code: string): Promise<TwoFactorEnabled> =>
  http.post('v1/auth/two-factor/confirm', { json: { code } }).json<TwoFactorEnabled>();

export const removeTwoFactor = (body: TwoFactorRemoveBody): Promise<TwoFactorStatus> =>
  http.post('v1/auth/two-factor/remove', { json: body }).json<TwoFactorStatus>();

/** Always answers the same neutral message, whether or not the address has an account. */
export const generateOtp = (body: OtpGenerateBody): Promise<MessageResult> =>
  http.post('v1/auth/otp/generate', { json: body }).json<MessageResult>();

export const verifyOtp = (body: OtpVerifyBody): Promise<MessageResult> =>
  http.post('v1/auth/otp/verify', { json: body }).json<MessageResult>();

export const resetPassword = (body: ResetPasswordBody): Promise<MessageResult> =>
  http.post('v1/auth/reset-password', { json: body }).json<MessageResult>();

/**
 * Ends a session on the server (its token stops working). Pass the token when the local
 * session is cleared right away; `keepalive` lets the call finish while the page unloads.
 */
export const logoutSession = (token?: string | null): Promise<MessageResult> =>
  http
    .post('v1/auth/logout', { keepalive: true, ...(token ? { headers: { Authorization: `Bearer ${token}` } } : {}) })
    .json<MessageResult>();

/** A fresh token for a valid one; the old one stops working. */
export const refreshSession = (): Promise<AuthResult> => http.post('v1/auth/refresh').json<AuthResult>();

/** Ten new recovery codes (shown once); the old ones stop working. Needs a recent "Confirm it's you". */
export const renewRecoveryCodes = (): Promise<RecoveryCodesRenewed> =>
  http.post('v1/auth/two-factor/recovery-codes').json<RecoveryCodesRenewed>();

/** The change of e-mail address waiting for its link to be opened, if any. */
export const getEmailChange = (): Promise<EmailChangePending> => http.get('v1/auth/email-change').json<EmailChangePending>();

/** Mails a confirmation link to the new address (and a notice to the old). Needs a recent "Confirm it's you". */
export const requestEmailChange = (body: EmailChangeBody): Promise<MessageResult> =>
  http.post('v1/auth/email-change', { json: body }).json<MessageResult>();

/** The link's token: the address changes; the session goes on. */
export const confirmEmailChange = (body: EmailChangeConfirmBody): Promise<EmailChanged> =>
  http.post('v1/auth/email-change/confirm', { json: body }).json<EmailChanged>();
