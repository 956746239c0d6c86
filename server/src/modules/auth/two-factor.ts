// Two-factor sign-in: TOTP (RFC 6238, the `otpauth` package) with single-use recovery codes.
// The secret is sealed at rest with the bank details' key ring (DATA_KEYS, bound to the
// user's id); recovery codes are kept as HMACs only. A code is accepted once: the time step
// of the last accepted code is stored and only a later one passes.
import { createHash, createHmac, randomBytes, randomInt } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as OTPAuth from 'otpauth';
import QRCode from 'qrcode';
import {
  BRAND,
  RECOVERY_CODE_COUNT,
  SIGNIN_CHALLENGE_MINUTES,
  TOTP_DIGITS,
  TOTP_PERIOD_SECONDS,
  TWO_FACTOR_MESSAGES as M,
  type SecondFactorChallenge,
  type SecondFactorKind,
  type TwoFactorEnabled,
  type RecoveryCodesRenewed,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from 'shared-api/contract';
import { PASSKEY_MESSAGES } from 'shared-api/contract/passkeys';
import type { Executor } from '../../db/client';
import { signinChallenges, userPasskeys, userRecoveryCodes, userTotp, users, type UserRow } from '../../db/schema';
import { badRequest, conflict, unauthorized } from '../../lib/http-error';
import { audit } from '../../lib/audit';
import type { Actor } from '../../lib/actor';
import { verifyPassword } from '../../lib/passwords';
import { notify } from '../notifications';
import { appKeyRing as ringOf, needsReseal, seal, unseal } from '../payout-destinations';
import { findUser } from '../users';

const TABLE = 'user_totp';

function totpOf(secret: string, label = ''): OTPAuth.TOTP {
  return new OTPAuth.TOTP({
    issuer: BRAND,
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: OTPAuth.Secret.fromBase32(secret),
  });
}

const secretOf = (app: FastifyInstance, userId: string, sealed: string): string =>
  String(unseal(ringOf(app), userId, sealed, TABLE).secret);

/** Codes as people type them: spaces and dashes dropped, upper case. */
const normalise = (code: string) => code.replace(/[\s-]/g, '').toUpperCase();

function recoveryHash(app: FastifyInstance, userId: string, code: string): string {
  return createHmac('sha256', app.config.jwtSecret)
    .update(`recovery:${userId}:${normalise(code)}`)
    .digest('hex');
}

// No 0/O, 1/I/L: codes are copied by hand from paper.
const RECOVERY_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
function newRecoveryCode(): string {
  let s = '';
  for (let i = 0; i < 10; i++) s += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return `${s.slice(0, 5)}-${s.slice(5)}`;
}

export async function activeFactor(db: Executor, userId: string): Promise<typeof userTotp.$inferSelect | null> {
  const [row] = await db.select().from(userTotp).where(eq(userTotp.userId, userId)).limit(1);
  return row && row.confirmedAt ? row : null;
}

/** The second factors a person has: an active authenticator app, passkeys. */
export async function secondFactors(db: Executor, userId: string): Promise<SecondFactorKind[]> {
  const [totp, passkey] = await Promise.all([
    activeFactor(db, userId),
    db.select({ id: userPasskeys.id }).from(userPasskeys).where(eq(userPasskeys.userId, userId)).limit(1),
  ]);
  const kinds: SecondFactorKind[] = [];
  if (totp) kinds.push('TOTP');
  if (passkey.length > 0) kinds.push('PASSKEY');
  return kinds;
}

/**
 * Whether signing in asks for a second factor after the password (and step-up for one
 * instead of the password): an authenticator app or a passkey.
 */
export async function hasSecondFactor(db: Executor, userId: string): Promise<boolean> {
  return (await secondFactors(db, userId)).length > 0;
}

/**
 * True when ADMIN_2FA_REQUIRED keeps this admin out of the admin routes: no second factor
 * and not one of the demo seed's printed accounts.
 */
export async function mustEnrol(db: Executor, userId: string): Promise<boolean> {
  if (await hasSecondFactor(db, userId)) return false;
  const [row] = await db.select({ exempt: users.twoFactorExempt }).from(users).where(eq(users.id, userId)).limit(1);
  return !row?.exempt;
}

export async function status(app: FastifyInstance, userId: string, db: Executor = app.db): Promise<TwoFactorStatus> {
  const factor = await activeFactor(db, userId);
  if (!factor) return { enabled: false, recoveryCodesLeft: 0, enabledAt: null };
  const [left] = (
    (await db.execute(
      sql`select count(*)::int as n from user_recovery_codes where user_id = ${userId} and used_at is null`,
    )) as unknown as { rows: { n: number }[] }
  ).rows;
  return { enabled: true, recoveryCodesLeft: Number(left?.n ?? 0), enabledAt: factor.confirmedAt?.toISOString() ?? null };
}

/** A fresh secret, pending until confirmed; a pending one before it is replaced. */
export async function startSetup(app: FastifyInstance, me: Actor): Promise<TwoFactorSetup> {
  if (await activeFactor(app.db, me.id)) throw conflict(M.alreadyEnabled);
  const secret = new OTPAuth.Secret({ size: 20 }).base32;
  const sealed = seal(ringOf(app), me.id, { secret }, TABLE);
  await app.db
    .insert(userTotp)
    .values({ userId: me.id, secretSealed: sealed })
    .onConflictDoUpdate({
      target: userTotp.userId,
      set: { secretSealed: sealed, lastStep: null, createdAt: new Date() },
      // Never overwrite an active factor (a race with a confirmation).
      setWhere: isNull(userTotp.confirmedAt),
    });
  const otpauthUri = totpOf(secret, me.email).toString();
  const svg = await QRCode.toString(otpauthUri, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
  return { secret, otpauthUri, qrDataUrl: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/**
 * Checks an app code against the secret and claims its time step: true once per code. The
 * window is one step either side (clocks of phones drift).
 */
async function spendTotp(app: FastifyInstance, db: Executor, userId: string, sealed: string, code: string): Promise<boolean> {
  const token = normalise(code);
  if (!new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(token)) return false;
  const totp = totpOf(secretOf(app, userId, sealed));
  const delta = totp.validate({ token, window: 1 });
  if (delta === null) return false;
  const step = Math.floor(Date.now() / 1000 / TOTP_PERIOD_SECONDS) + delta;
  const claimed = await db
    .update(userTotp)
    .set({ lastStep: step })
    .where(and(eq(userTotp.userId, userId), sql`(${userTotp.lastStep} is null or ${userTotp.lastStep} < ${step})`))
    .returning({ userId: userTotp.userId });
  return claimed.length === 1;
}

async function spendRecoveryCode(app: FastifyInstance, db: Executor, userId: string, code: string): Promise<boolean> {
  const used = await db
    .update(userRecoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(userRecoveryCodes.userId, userId),
        eq(userRecoveryCodes.codeHash, recoveryHash(app, userId, code)),
        isNull(userRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: userRecoveryCodes.id });
  return used.length === 1;
}

/** An app code, or failing that a recovery code (used up). */
export async function spendSecondFactor(app: FastifyInstance, db: Executor, userId: string, code: string): Promise<boolean> {
  const factor = await activeFactor(db, userId);
  if (!factor) return false;
  if (await spendTotp(app, db, userId, factor.secretSealed, code)) return true;
  return normalise(code).length === 10 && spendRecoveryCode(app, db, userId, code);
}

export async function confirmSetup(app: FastifyInstance, me: Actor, code: string): Promise<TwoFactorEnabled> {
  const [pending] = await app.db.select().from(userTotp).where(eq(userTotp.userId, me.id)).limit(1);
  if (!pending) throw badRequest(M.startFirst);
  if (pending.confirmedAt) throw conflict(M.alreadyEnabled);
  if (!(await spendTotp(app, app.db, me.id, pending.secretSealed, code))) throw badRequest(M.invalidCode);
  const codes = newRecoveryCodes();
  await app.db.transaction(async (tx) => {
    const on = await tx
      .update(userTotp)
      .set({ confirmedAt: new Date() })
      .where(and(eq(userTotp.userId, me.id), isNull(userTotp.confirmedAt)))
      .returning({ userId: userTotp.userId });
    if (on.length === 0) throw conflict(M.alreadyEnabled);
    await replaceRecoveryCodes(app, tx, me.id, codes);
    await audit(tx, me, { action: 'auth.two_factor_on', targetType: 'user', targetId: me.id, detail: {} });
    await notify(tx, {
      userId: me.id,
      kind: 'TWO_FACTOR_CHANGED',
      title: 'Two-factor sign-in is on',
      body: `Signing in to ${BRAND} now also asks for a code from your authenticator app. If this was not you, contact support at once.`,
      link: null,
      data: { change: 'ON' },
    });
  });
  return { recoveryCodes: codes, status: await status(app, me.id) };
}

const newRecoveryCodes = () => Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);

async function replaceRecoveryCodes(app: FastifyInstance, tx: Executor, userId: string, codes: string[]): Promise<void> {
  await tx.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
  await tx.insert(userRecoveryCodes).values(codes.map((c) => ({ userId, codeHash: recoveryHash(app, userId, c) })));
}

/**
 * Ten new recovery codes in place of the old ones (used or not), answered once. The route
 * asks for a recent authentication; the person is told by e-mail, as for on and off.
 */
export async function renewRecoveryCodes(app: FastifyInstance, me: Actor): Promise<RecoveryCodesRenewed> {
  const codes = newRecoveryCodes();
  await app.db.transaction(async (tx) => {
    // The factor's row lock: a removal meanwhile cannot leave codes without a factor.
    const [factor] = await tx
      .execute(sql`select user_id from user_totp where user_id = ${me.id} and confirmed_at is not null for update`)
      .then((r) => (r as unknown as { rows: { user_id: string }[] }).rows);
    if (!factor) throw badRequest(M.notEnabled);
    await replaceRecoveryCodes(app, tx, me.id, codes);
    await audit(tx, me, { action: 'auth.recovery_codes_renewed', targetType: 'user', targetId: me.id, detail: {} });
    await notify(tx, {
      userId: me.id,
      kind: 'TWO_FACTOR_CHANGED',
      title: 'New recovery codes',
      body: `New recovery codes were made for your ${BRAND} account; the old ones no longer work. If this was not you, choose a new password and contact support at once.`,
      link: null,
      data: { change: 'RECOVERY_CODES' },
    });
  });
  return { recoveryCodes: codes, status: await status(app, me.id) };
}

/** Turning the factor off asks for the password and a current code (or a recovery code). */
export async function removeFactor(app: FastifyInstance, me: Actor, body: { password: string; code: string }): Promise<TwoFactorStatus> {
  const user = await findUser(app.db, me.id);
  if (!user) throw unauthorized();
  if (!(await activeFactor(app.db, me.id))) throw badRequest(M.notEnabled);
  if (!(await verifyPassword(user.passwordHash, body.password))) throw badRequest(M.wrongPassword);
  if (!(await spendSecondFactor(app, app.db, me.id, body.code))) throw badRequest(M.invalidCode);
  await app.db.transaction(async (tx) => {
    await tx.delete(userTotp).where(eq(userTotp.userId, me.id));
    await tx.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, me.id));
    await audit(tx, me, { action: 'auth.two_factor_off', targetType: 'user', targetId: me.id, detail: {} });
    await notify(tx, {
      userId: me.id,
      kind: 'TWO_FACTOR_CHANGED',
      title: 'Two-factor sign-in was turned off',
      body: `Signing in to ${BRAND} no longer asks for a code from an authenticator app. If this was not you, choose a new password and contact support at once.`,
      link: null,
      data: { change: 'OFF' },
    });
  });
  return { enabled: false, recoveryCodesLeft: 0, enabledAt: null };
}

// ---- Sign-in challenges ----

const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

export async function openChallenge(
  app: FastifyInstance,
  user: UserRow,
  factors: SecondFactorKind[] = ['TOTP'],
): Promise<SecondFactorChallenge> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + SIGNIN_CHALLENGE_MINUTES * 60_000);
  // Old challenges of anyone are of no further use.
  await app.db.execute(sql`delete from signin_challenges where expires_at < now() - interval '1 day'`);
  await app.db.insert(signinChallenges).values({ tokenHash: tokenHash(token), userId: user.id, expiresAt });
  return {
    secondFactorRequired: true,
    challengeToken: token,
    expiresAt: expiresAt.toISOString(),
    message: factors.includes('TOTP') ? M.codeNeeded : PASSKEY_MESSAGES.passkeyNeeded,
    factors,
  };
}

/** Per challenge, on top of the account's throttle. */
export const CHALLENGE_MAX_ATTEMPTS = 5;

/** The live challenge's user, its try counted; null when unknown, used, expired or spent. */
export async function claimChallenge(db: Executor, token: string): Promise<{ userId: string; hash: string } | null> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const hash = tokenHash(token);
  const [row] = await db
    .update(signinChallenges)
    .set({ attempts: sql`${signinChallenges.attempts} + 1` })
    .where(
      and(
        eq(signinChallenges.tokenHash, hash),
        isNull(signinChallenges.usedAt),
        sql`${signinChallenges.expiresAt} > now()`,
        sql`${signinChallenges.attempts} < ${CHALLENGE_MAX_ATTEMPTS}`,
      ),
    )
    .returning({ userId: signinChallenges.userId });
  return row ? { userId: row.userId, hash } : null;
}

/** Marks the challenge used; false when another request used it first. */
export async function closeChallenge(db: Executor, hash: string): Promise<boolean> {
  const used = await db
    .update(signinChallenges)
    .set({ usedAt: new Date() })
    .where(and(eq(signinChallenges.tokenHash, hash), isNull(signinChallenges.usedAt)))
    .returning({ h: signinChallenges.tokenHash });
  return used.length === 1;
}

/**
 * Key rotation (`npm run rotate-keys`): re-seals every two-factor secret not sealed with the
 * first key of DATA_KEYS, so the old key can be dropped. A row changed meanwhile is left
 * for the next run.
 */
export async function resealSecrets(app: FastifyInstance): Promise<{ resealed: number }> {
  const ring = ringOf(app);
  let resealed = 0;
  const rows = await app.db.select({ userId: userTotp.userId, sealed: userTotp.secretSealed }).from(userTotp);
  for (const r of rows) {
    if (!needsReseal(ring, r.sealed)) continue;
    const again = seal(ring, r.userId, unseal(ring, r.userId, r.sealed, TABLE), TABLE);
    const done = await app.db
      .update(userTotp)
      .set({ secretSealed: again })
      .where(and(eq(userTotp.userId, r.userId), eq(userTotp.secretSealed, r.sealed)))
      .returning({ userId: userTotp.userId });
    resealed += done.length;
  }
  return { resealed };
}
