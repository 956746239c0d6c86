// POST /v1/auth/* (spec 7).
import type {
  AuthResult,
  MessageResult,
  OtpGenerateBody,
  OtpVerifyBody,
  ResetPasswordBody,
  SigninBody,
  SignupBody,
  SignupResult,
} from '../contract';
import { http } from '../client';

export const signupInvestor = (body: SignupBody): Promise<SignupResult> =>
  http.post('v1/auth/signup/investor', { json: body }).json<SignupResult>();

export const signupOwner = (body: SignupBody): Promise<SignupResult> =>
  http.post('v1/auth/signup/property-owner', { json: body }).json<SignupResult>();

/** Admins only. */
export const signupAdmin = (body: SignupBody): Promise<SignupResult> =>
  http.post('v1/auth/signup/admin', { json: body }).json<SignupResult>();

export const signin = (body: SigninBody): Promise<AuthResult> => http.post('v1/auth/signin', { json: body }).json<AuthResult>();

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
