// Per-account sign-in throttle and new-device notices. The state is in the database
// (signin_throttle, signin_devices), so every API instance on one PostgreSQL sees the same
// failures: the per-address rate limit alone is beaten by rotating addresses.
//
// Each attempt is claimed (counted as a failure) BEFORE its password is checked, in one
// conditional upsert, and forgiven when the password is right. So parallel guesses cannot
// all be checked before the first failure is written, and a locked account refuses without
// checking anything. After LOCK_AFTER failures in a row the account is locked for a delay
// that doubles with each further failure (1 min, 2, 4, … up to an hour); a quiet day
// forgets the streak. The lock refuses the right password too: that is the point.
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { BRAND, paths } from 'shared-api/contract';
import type { Executor } from '../../db/client';
import { HttpError } from '../../lib/http-error';
import { brandedMail } from '../../mail/layout';
import type { MailMessage } from '../../mail/mailer';

export const LOCK_AFTER = 5;
export const FIRST_LOCK_SECONDS = 60;
export const MAX_LOCK_SECONDS = 3600;
/** A streak of failures older than this is forgotten. */
const STREAK_HOURS = 24;

/** Where a sign-in comes from: a device is its user agent and address. */
export interface SigninContext {
  ip: string;
  userAgent: string;
}

const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;

/** "1 minute", "4 minutes", "1 hour". */
export function waitText(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  if (minutes >= 60 && minutes % 60 === 0) {
    const h = minutes / 60;
    return `${h} hour${h === 1 ? '' : 's'}`;
  }
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

export function lockedMessage(seconds: number): string {
  return `Too many failed sign-in attempts. Please try again in ${waitText(seconds)}.`;
}

/** A 429 that knows how long to wait (the route sends it as Retry-After). */
export class LockedError extends HttpError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, lockedMessage(retryAfterSeconds));
  }
}

export interface Claim {
  /** Failures in the streak, this attempt included. */
  failures: number;
  /** This attempt started a lock (the owner is told once per streak). */
  locked: boolean;
}

/**
 * Counts an attempt for `email` before its password is checked; throws 429 (with the wait)
 * while the account is locked.
 */
export async function claimAttempt(db: Executor, email: string): Promise<Claim> {
  const key = email.trim().toLowerCase();
  const claimed = rows<{ failures: number; locked_until: string | null }>(
    await db.execute(sql`
      insert into signin_throttle as t (email, failures, locked_until, updated_at)
      values (${key}, 1, null, now())
      on conflict (email) do update set
        failures = case when t.updated_at < now() - make_interval(hours => ${STREAK_HOURS}) then 1 else t.failures + 1 end,
        locked_until = case
          when t.updated_at < now() - make_interval(hours => ${STREAK_HOURS}) then null
          when t.failures + 1 >= ${LOCK_AFTER}
            then now() + make_interval(secs => least(${MAX_LOCK_SECONDS}, ${FIRST_LOCK_SECONDS} * power(2, t.failures + 1 - ${LOCK_AFTER})))
          else null end,
        updated_at = now()
      where t.locked_until is null or t.locked_until <= now()
      returning failures, locked_until`),
  );
  if (claimed.length === 0) {
    const [row] = rows<{ wait: string | number }>(
      await db.execute(
        sql`select greatest(1, extract(epoch from (locked_until - now())))::float8 as wait from signin_throttle where email = ${key}`,
      ),
    );
    throw new LockedError(Math.ceil(Number(row?.wait ?? FIRST_LOCK_SECONDS)));
  }
  const failures = Number(claimed[0].failures);
  return { failures, locked: failures === LOCK_AFTER };
}

/** The password was right: the streak ends. */
export async function forgive(db: Executor, email: string): Promise<void> {
  await db.execute(sql`delete from signin_throttle where email = ${email.trim().toLowerCase()}`);
}

/** Ends a lock early: a successful password reset proves the address. */
export const clearThrottle = forgive;

export function lockNoticeMail(to: string, firstName: string, publicUrl: string): Promise<MailMessage> {
  return brandedMail({
    to,
    subject: `Sign-in to your ${BRAND} account is paused`,
    title: 'Several wrong passwords: sign-in is paused',
    body: `Hello ${firstName},\n\nSomeone entered a wrong password for your ${BRAND} account ${LOCK_AFTER} times in a row, so signing in is paused for a while (longer after each further wrong password).\n\nIf this was you, wait a few minutes and try again, or choose a new password with "Forgot password". If it was not you, your password still protected the account; choosing a new one ends the pause at once.`,
    action: { label: 'Choose a new password', url: `${publicUrl}${paths.login}` },
    preferencesUrl: null,
  });
}

export function deviceFingerprint(ctx: SigninContext): string {
  return createHash('sha256').update(`${ctx.userAgent}\n${ctx.ip}`).digest('hex');
}

/**
 * Records the device of a successful sign-in; true when the account had signed in before
 * and never from this device (the first device of an account is not news to its owner).
 */
export async function isNewDevice(db: Executor, userId: string, ctx: SigninContext): Promise<boolean> {
  const fp = deviceFingerprint(ctx);
  const [known] = rows<{ any: boolean }>(
    await db.execute(sql`select exists (select 1 from signin_devices where user_id = ${userId}) as any`),
  );
  const inserted = rows<{ fingerprint: string }>(
    await db.execute(sql`
      insert into signin_devices (user_id, fingerprint) values (${userId}, ${fp})
      on conflict (user_id, fingerprint) do update set last_seen_at = now()
      returning fingerprint, (xmax = 0) as inserted`),
  ) as unknown as { inserted: boolean }[];
  return Boolean(known?.any) && Boolean(inserted[0]?.inserted);
}

export function newDeviceMail(to: string, firstName: string, ctx: SigninContext, publicUrl: string): Promise<MailMessage> {
  const agent = ctx.userAgent.replace(/[\r\n]/g, ' ').slice(0, 200) || 'an unknown browser';
  return brandedMail({
    to,
    subject: `New sign-in to your ${BRAND} account`,
    title: 'A sign-in from a new device',
    body: `Hello ${firstName},\n\nYour ${BRAND} account was just signed in to from a device we had not seen before:\n${agent}\nfrom the address ${ctx.ip || 'unknown'} at ${new Date().toUTCString()}.\n\nIf this was you, there is nothing to do. If it was not, choose a new password now with "Forgot password": that signs out every session.`,
    action: { label: 'Choose a new password', url: `${publicUrl}${paths.login}` },
    preferencesUrl: null,
  });
}

/** Sends a security e-mail without failing the request that caused it. */
export async function sendSecurityMail(app: FastifyInstance, make: () => Promise<MailMessage>, what: string): Promise<void> {
  try {
    await app.mailer.send(await make());
  } catch (err) {
    app.log.error({ err, what }, 'could not send a security e-mail');
  }
}
