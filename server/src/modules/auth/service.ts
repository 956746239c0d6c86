// Sign-up, sign-in, one-time codes (e-mail verification, password reset), sessions.
// Sign-in, codes and reset answer the same whether or not an address has an account.
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, gte, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  MESSAGES,
  type AdminRole,
  validateEmail,
  validatePassword,
  type AuthResult,
  type OtpPurpose,
  type Role,
  type SigninResult,
  type StepUpBody,
  TWO_FACTOR_MESSAGES,
  type SignupBody,
  type SignupResult,
} from 'shared-api/contract';
import { DEFAULT_ADMIN_ROLE } from 'shared-api/contract/admin';
import type { Executor } from '../../db/client';
import { otpCodes, sessions, users, type UserRow } from '../../db/schema';
import { badRequest, conflict, HttpError, unauthorized } from '../../lib/http-error';
import { isUniqueViolation } from '../../lib/pg-errors';
import { otpMail } from '../../mail/templates';
import { audit } from '../../lib/audit';
import { publish, userTopic } from '../../lib/realtime';
import { findUser, findUserByEmail, toUser } from '../users';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../lib/passwords';
import type { Actor, AuthUser } from '../../lib/actor';
import { notices } from '../notifications';
import {
  claimAttempt,
  clearThrottle,
  forgive,
  isNewDevice,
  lockNoticeMail,
  newDeviceMail,
  sendSecurityMail,
  type SigninContext,
} from './throttle';
import { claimChallenge, closeChallenge, openChallenge, secondFactors, spendSecondFactor } from './two-factor';
import { PASSKEY_MESSAGES } from 'shared-api/contract/passkeys';

export const OTP_TTL_MINUTES = 10;
export const OTP_MAX_ATTEMPTS = 5;
const OTP_RESEND_SECONDS = 60;
export const OTP_MAX_PER_HOUR = 5;
/** Codes of every purpose to one address in an hour. */
export const OTP_MAX_PER_HOUR_ALL = 8;

export const AUTH_MESSAGES = {
  invalidCredentials: 'Invalid email or password',
  verifyFirst: 'Please verify your email before logging in',
  emailTaken: 'An account with this email already exists',
  codeSent: 'If an account exists for this email, we have sent it a code.',
  invalidCode: 'The code is invalid or has expired',
  codeValid: 'The code is valid',
  emailVerified: 'Your email has been verified',
  passwordReset: 'Your password has been changed, please sign in',
  signedOut: 'Signed out',
} as const;

type NewUser = { role: Role; status?: 'PENDING' | 'VERIFIED'; adminRole?: AdminRole };

/** Checks a sign-up body with the spec's words; returns the cleaned values. */
function checkSignup(body: SignupBody): SignupBody {
  const v = {
    firstName: body.firstName.trim(),
    lastName: body.lastName.trim(),
    email: body.email.trim().toLowerCase(),
    password: body.password,
  };
  if (!v.firstName || !v.lastName || !v.email || !v.password) throw badRequest([MESSAGES.fillAllFields]);
  const problems: string[] = [];
  const emailProblem = validateEmail(v.email);
  if (emailProblem) problems.push(emailProblem);
  problems.push(...validatePassword(v.password));
  if (problems.length > 0) throw badRequest(problems);
  return v;
}

/** `by`: the admin creating an admin (audited); none when a person signs up. */
export async function signup(app: FastifyInstance, body: SignupBody, kind: NewUser, by?: Actor): Promise<SignupResult> {
  const v = checkSignup(body);
  return createAccount(app, { ...v, passwordHash: await hashPassword(v.password) }, kind, by);
}

/** An admin account to create once a second admin approves (four eyes): the password only as its hash. */
export interface AdminToCreate {
  firstName: string;
  lastName: string;
  email: string;
  passwordHash: string;
  adminRole: AdminRole;
}

/** Checks an admin sign-up and hashes its password, for an approval request to keep. */
export async function adminToCreate(app: FastifyInstance, body: SignupBody & { adminRole?: AdminRole }): Promise<AdminToCreate> {
  const { adminRole = DEFAULT_ADMIN_ROLE, ...signup } = body;
  const v = checkSignup(signup);
  if (await findUserByEmail(app.db, v.email)) throw conflict(AUTH_MESSAGES.emailTaken);
  return { firstName: v.firstName, lastName: v.lastName, email: v.email, passwordHash: await hashPassword(v.password), adminRole };
}

/** Creates the account of a checked sign-up whose password is already hashed. */
export async function createAccount(
  app: FastifyInstance,
  v: Omit<AdminToCreate, 'adminRole'>,
  kind: NewUser,
  by?: Actor,
): Promise<SignupResult> {
  const passwordHash = v.passwordHash;
  let created: UserRow;
  try {
    created = await app.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({
          email: v.email,
          passwordHash,
          firstName: v.firstName,
          lastName: v.lastName,
          role: kind.role,
          adminRole: kind.role === 'ADMIN' ? (kind.adminRole ?? DEFAULT_ADMIN_ROLE) : null,
          status: kind.status ?? 'PENDING',
        })
        .returning();
      if (by)
        await audit(tx, by, {
          action: 'admin.create',
          targetType: 'user',
          targetId: row.id,
          detail: { email: row.email, adminRole: row.adminRole },
        });
      return row;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(AUTH_MESSAGES.emailTaken);
    throw err;
  }
  await sendCode(app, created, 'VERIFY_EMAIL');
  return { message: MESSAGES.signupOk, user: toUser(app, { ...created, avatarKey: null }) };
}

/**
 * `from`: the caller's address and user agent (the new-device notice); a job or a test
 * without a request passes empty strings.
 */
export async function signin(
  app: FastifyInstance,
  body: { email: string; password: string },
  from: SigninContext = { ip: '', userAgent: '' },
): Promise<SigninResult> {
  // Counted before the password is checked (throws 429 while the account is locked).
  const attempt = await claimAttempt(app.db, body.email);
  const user = await findUserByEmail(app.db, body.email);
  if (!user) {
    await burnPasswordCheck(body.password);
    throw unauthorized(AUTH_MESSAGES.invalidCredentials);
  }
  if (!(await verifyPassword(user.passwordHash, body.password))) {
    if (attempt.locked) {
      await audit(
        app.db,
        { id: user.id, email: user.email, ip: from.ip },
        {
          action: 'auth.signin_locked',
          targetType: 'user',
          targetId: user.id,
          detail: { failures: attempt.failures },
        },
      );
      await sendSecurityMail(app, () => lockNoticeMail(user.email, user.firstName, app.config.publicUrl), 'sign-in lock');
    }
    throw unauthorized(AUTH_MESSAGES.invalidCredentials);
  }
  // With a second factor the streak ends only when the code is right, so wrong codes
  // after right passwords add up to the same lock.
  const factors = await secondFactors(app.db, user.id);
  if (factors.length === 0) await forgive(app.db, body.email);
  if (!user.emailVerified) throw new HttpError(403, AUTH_MESSAGES.verifyFirst);
  if (factors.length > 0) return openChallenge(app, user, factors);
  return issueSignin(app, user, from);
}

/**
 * The second step of any sign-in starts here: the "second factor needed" challenge (one more
 * attempt counted) and the live account it is for; an expired, spent or unknown one, or a
 * closed account, is the same 401.
 */
export async function challengedUser(app: FastifyInstance, challengeToken: string): Promise<{ user: UserRow; hash: string }> {
  const claim = await claimChallenge(app.db, challengeToken);
  if (!claim) throw unauthorized(TWO_FACTOR_MESSAGES.challengeExpired);
  const [user] = await app.db
    .select()
    .from(users)
    .where(and(eq(users.id, claim.userId), isNull(users.deletedAt)))
    .limit(1);
  if (!user) throw unauthorized(TWO_FACTOR_MESSAGES.challengeExpired);
  return { user, hash: claim.hash };
}

/** The second step of a sign-in with a factor: an app code or a recovery code. */
export async function completeSignin(
  app: FastifyInstance,
  body: { challengeToken: string; code: string },
  from: SigninContext = { ip: '', userAgent: '' },
): Promise<AuthResult> {
  const { user, hash } = await challengedUser(app, body.challengeToken);
  // The account's throttle counts wrong codes like wrong passwords (429 while locked).
  const attempt = await claimAttempt(app.db, user.email);
  if (!(await spendSecondFactor(app, app.db, user.id, body.code))) {
    if (attempt.locked) {
      await audit(
        app.db,
        { id: user.id, email: user.email, ip: from.ip },
        { action: 'auth.signin_locked', targetType: 'user', targetId: user.id, detail: { failures: attempt.failures } },
      );
      await sendSecurityMail(app, () => lockNoticeMail(user.email, user.firstName, app.config.publicUrl), 'sign-in lock');
    }
    throw unauthorized(TWO_FACTOR_MESSAGES.invalidCode);
  }
  if (!(await closeChallenge(app.db, hash))) throw unauthorized(TWO_FACTOR_MESSAGES.challengeExpired);
  await forgive(app.db, user.email);
  return issueSignin(app, user, from);
}

export async function issueSignin(app: FastifyInstance, user: UserRow, from: SigninContext): Promise<AuthResult> {
  const fresh = await isNewDevice(app.db, user.id, from);
  if (fresh) await sendSecurityMail(app, () => newDeviceMail(user.email, user.firstName, from, app.config.publicUrl), 'new device');
  return app.db.transaction(async (tx) => {
    // Sessions long expired are of no further use.
    await tx.delete(sessions).where(and(eq(sessions.userId, user.id), lt(sessions.expiresAt, new Date(Date.now() - 86_400_000))));
    const { accessToken } = await app.tokens.issue(tx, user);
    const full = await findUser(tx, user.id);
    return { accessToken, user: toUser(app, full ?? { ...user, avatarKey: null }) };
  });
}

/**
 * Step-up: proves the session's person again (an app or recovery code when they have a
 * factor, else their password), so money moves and account changes can go on for a while.
 */
export async function stepUp(app: FastifyInstance, session: AuthUser, body: StepUpBody, ip = ''): Promise<{ message: string }> {
  const [user] = await app.db.select().from(users).where(eq(users.id, session.id)).limit(1);
  if (!user) throw unauthorized();
  const attempt = await claimAttempt(app.db, user.email);
  // With any second factor the password alone is not enough; passkeys have their own route.
  const factors = await secondFactors(app.db, user.id);
  const factor = factors.length > 0;
  const ok = factor
    ? Boolean(body.code) && (await spendSecondFactor(app, app.db, user.id, body.code ?? ''))
    : Boolean(body.password) && (await verifyPassword(user.passwordHash, body.password ?? ''));
  if (!ok) {
    if (attempt.locked) {
      await audit(
        app.db,
        { id: user.id, email: user.email, ip },
        { action: 'auth.signin_locked', targetType: 'user', targetId: user.id, detail: { failures: attempt.failures } },
      );
      await sendSecurityMail(app, () => lockNoticeMail(user.email, user.firstName, app.config.publicUrl), 'sign-in lock');
    }
    if (factor && !factors.includes('TOTP')) throw badRequest(PASSKEY_MESSAGES.usePasskey);
    throw badRequest(factor ? TWO_FACTOR_MESSAGES.invalidCode : TWO_FACTOR_MESSAGES.wrongPassword);
  }
  await forgive(app.db, user.email);
  await markReauth(app, session.sessionId);
  return { message: TWO_FACTOR_MESSAGES.confirmed };
}

/** The session's person has just proved themselves again (a code, password or passkey). */
export async function markReauth(app: FastifyInstance, sessionId: string): Promise<void> {
  await app.db.update(sessions).set({ reauthAt: new Date() }).where(eq(sessions.id, sessionId));
}

/** Ends the session the call was made with. */
export async function logout(app: FastifyInstance, session: AuthUser): Promise<{ message: string }> {
  await app.db.transaction(async (tx) => {
    // Revoking the session revokes its unused stream tickets too (they are checked against
    // it); the event closes the streams it already opened, on every instance.
    await app.tokens.revokeSession(tx, session.sessionId);
    await publish(tx, { topic: userTopic(session.id), type: 'session.ended', data: { sessionId: session.sessionId } });
  });
  return { message: AUTH_MESSAGES.signedOut };
}

/**
 * A fresh token for a valid one; the old session ends. The new token keeps the sign-in
 * time, so refreshing cannot keep a session alive beyond SESSION_MAX_HOURS.
 */
export async function refresh(app: FastifyInstance, session: AuthUser): Promise<AuthResult> {
  const me = session;
  const ended = app.tokens.sessionEnd(me.authTime).getTime() <= Date.now() + 1000;
  const result = await app.db.transaction(async (tx) => {
    // The rotation is one conditional UPDATE: of several refreshes with one token, only the
    // first ends the session (the others wait on its row, then find it revoked: 401).
    const claimed = await tx
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.id, me.sessionId), eq(sessions.userId, me.id), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id, reauthAt: sessions.reauthAt });
    if (claimed.length === 0) throw unauthorized('Your session has expired or is invalid, please sign in again');
    if (ended) return null;
    const user = await findUser(tx, me.id);
    if (!user) throw unauthorized();
    // A recent "Confirm it's you" carries over, like the sign-in time.
    const { accessToken } = await app.tokens.issue(tx, user, { authTime: me.authTime, reauthAt: claimed[0].reauthAt });
    return { accessToken, user: toUser(app, user) };
  });
  if (!result) throw unauthorized('Your session has expired, please sign in again');
  return result;
}

// ---- One-time codes ----

function codeHash(app: FastifyInstance, userId: string, purpose: OtpPurpose, code: string): string {
  return createHmac('sha256', app.config.jwtSecret).update(`otp:${userId}:${purpose}:${code}`).digest('hex');
}

/**
 * Creates and mails a code, unless one went out very recently or too many this hour. The
 * limits are per account (so per e-mail address, whatever address the caller comes from),
 * and the check and the insert hold the account's row lock: parallel requests on several
 * instances cannot each see "none sent yet" and all send.
 */
async function sendCode(app: FastifyInstance, user: UserRow, purpose: OtpPurpose): Promise<void> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const sent = await app.db.transaction(async (tx) => {
    await tx.execute(sql`select id from users where id = ${user.id} for update`);
    const now = Date.now();
    const recent = await tx
      .select({ createdAt: otpCodes.createdAt, purpose: otpCodes.purpose })
      .from(otpCodes)
      .where(and(eq(otpCodes.userId, user.id), gte(otpCodes.createdAt, new Date(now - 3_600_000))))
      .orderBy(desc(otpCodes.createdAt));
    const same = recent.filter((r) => r.purpose === purpose);
    if (same.length >= OTP_MAX_PER_HOUR || recent.length >= OTP_MAX_PER_HOUR_ALL) return false;
    if (same[0] && now - same[0].createdAt.getTime() < OTP_RESEND_SECONDS * 1000) return false;
    await tx.insert(otpCodes).values({
      userId: user.id,
      purpose,
      codeHash: codeHash(app, user.id, purpose, code),
      expiresAt: new Date(now + OTP_TTL_MINUTES * 60_000),
    });
    return true;
  });
  if (!sent) return;
  try {
    await app.mailer.send(await otpMail(user.email, user.firstName, purpose, code, OTP_TTL_MINUTES, app.config.publicUrl));
  } catch (err) {
    app.log.error({ err, purpose }, 'could not send a one-time code');
  }
}

export async function generateOtp(app: FastifyInstance, body: { email: string; purpose: OtpPurpose }): Promise<{ message: string }> {
  const user = await findUserByEmail(app.db, body.email);
  if (user && !(body.purpose === 'VERIFY_EMAIL' && user.emailVerified)) await sendCode(app, user, body.purpose);
  return { message: AUTH_MESSAGES.codeSent };
}

/**
 * Checks a code: each try uses up one of its attempts (recorded even when the caller's
 * change fails), and only the latest live code of that purpose is accepted.
 */
async function checkCode(
  app: FastifyInstance,
  email: string,
  purpose: OtpPurpose,
  code: string,
): Promise<{ user: UserRow; codeId: string }> {
  const user = await findUserByEmail(app.db, email);
  if (!user || !/^\d{6}$/.test(code)) throw badRequest(AUTH_MESSAGES.invalidCode);
  const [latest] = await app.db
    .select()
    .from(otpCodes)
    .where(and(eq(otpCodes.userId, user.id), eq(otpCodes.purpose, purpose)))
    .orderBy(desc(otpCodes.createdAt))
    .limit(1);
  if (!latest || latest.consumedAt || latest.expiresAt.getTime() <= Date.now()) throw badRequest(AUTH_MESSAGES.invalidCode);
  const claimed = await app.db
    .update(otpCodes)
    .set({ attempts: sql`${otpCodes.attempts} + 1` })
    .where(and(eq(otpCodes.id, latest.id), lt(otpCodes.attempts, OTP_MAX_ATTEMPTS), isNull(otpCodes.consumedAt)))
    .returning({ id: otpCodes.id });
  if (claimed.length === 0) throw badRequest(AUTH_MESSAGES.invalidCode);
  const expected = Buffer.from(latest.codeHash, 'hex');
  const given = Buffer.from(codeHash(app, user.id, purpose, code), 'hex');
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw badRequest(AUTH_MESSAGES.invalidCode);
  return { user, codeId: latest.id };
}

/** Marks a checked code used; a code is good for one change only. */
async function consumeCode(tx: Executor, codeId: string): Promise<void> {
  const used = await tx
    .update(otpCodes)
    .set({ consumedAt: new Date() })
    .where(and(eq(otpCodes.id, codeId), isNull(otpCodes.consumedAt), gt(otpCodes.expiresAt, new Date())))
    .returning({ id: otpCodes.id });
  if (used.length === 0) throw badRequest(AUTH_MESSAGES.invalidCode);
}

export async function verifyOtp(
  app: FastifyInstance,
  body: { email: string; code: string; purpose: OtpPurpose },
): Promise<{ message: string }> {
  const { user, codeId } = await checkCode(app, body.email, body.purpose, body.code.trim());
  if (body.purpose === 'RESET_PASSWORD') return { message: AUTH_MESSAGES.codeValid };
  await app.db.transaction(async (tx) => {
    await consumeCode(tx, codeId);
    await tx.update(users).set({ emailVerified: true, updatedAt: new Date() }).where(eq(users.id, user.id));
    if (!user.emailVerified) await notices.emailVerified(tx, user.id);
  });
  return { message: AUTH_MESSAGES.emailVerified };
}

export async function resetPassword(
  app: FastifyInstance,
  body: { email: string; code: string; newPassword: string },
): Promise<{ message: string }> {
  const problems = validatePassword(body.newPassword);
  if (problems.length > 0) throw badRequest(problems);
  const { user, codeId } = await checkCode(app, body.email, 'RESET_PASSWORD', body.code.trim());
  const passwordHash = await hashPassword(body.newPassword);
  await app.db.transaction(async (tx) => {
    await consumeCode(tx, codeId);
    // Receiving the code proves the address, too.
    await tx.update(users).set({ passwordHash, emailVerified: true, updatedAt: new Date() }).where(eq(users.id, user.id));
    await app.tokens.revokeAll(tx, user.id);
    // The code proved the address: a lock on sign-in has done its job.
    await clearThrottle(tx, user.email);
  });
  return { message: AUTH_MESSAGES.passwordReset };
}
