// Passkeys (WebAuthn, `@simplewebauthn/server`): registered by a signed-in person, then used
// as a second factor after the password, as a sign-in without a password (discoverable
// credentials) and to "Confirm it's you". Every ceremony answers one challenge the server
// handed out (webauthn_challenges): claimed once, before it expires, for its purpose and
// person; user verification is required; a signature counter that goes back is refused (a
// cloned authenticator).
import { isIP } from 'node:net';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransportFuture,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { BRAND, TWO_FACTOR_MESSAGES, type AuthResult, type MessageResult } from 'shared-api/contract';
import {
  PASSKEY_CHALLENGE_MINUTES,
  PASSKEY_MESSAGES as PM,
  PASSKEY_NAME_MAX,
  type PasskeyCredential,
  type PasskeyInfo,
  type PasskeyOptions,
} from 'shared-api/contract/passkeys';
import type { Executor } from '../../db/client';
import { userPasskeys, users, webauthnChallenges, type UserRow } from '../../db/schema';
import type { Actor, AuthUser } from '../../lib/actor';
import { audit } from '../../lib/audit';
import { badRequest, conflict, notFound, unauthorized } from '../../lib/http-error';
import { isUniqueViolation } from '../../lib/pg-errors';
import { notify } from '../notifications';
import { challengedUser, issueSignin, markReauth } from './service';
import { claimAttempt, forgive, lockNoticeMail, sendSecurityMail, type SigninContext } from './throttle';
import { claimChallenge, closeChallenge } from './two-factor';

type Purpose = 'REGISTER' | 'SIGNIN' | 'SECOND_FACTOR' | 'STEP_UP';

/** The relying party a request talks to: its ID (a host name) and the origins allowed. */
export interface RelyingParty {
  rpID: string;
  origins: string[];
}

/**
 * WEBAUTHN_RP_ID, or the host the request was made to; WEBAUTHN_ORIGINS, or PUBLIC_ORIGINS
 * at that host. Browsers refuse an IP address as an RP ID, so a request to one gets a
 * message saying to use the site's name instead of a ceremony that can only fail.
 */
export function relyingParty(app: FastifyInstance, host: string): RelyingParty {
  const rpID = (app.config.webauthnRpId ?? hostnameOf(host)).toLowerCase();
  if (!rpID || isIP(rpID) !== 0) throw badRequest(PM.ipHost);
  const origins =
    app.config.webauthnOrigins ??
    app.config.publicOrigins.filter((o) => {
      const h = new URL(o).hostname;
      return h === rpID || h.endsWith(`.${rpID}`);
    });
  return { rpID, origins };
}

/** "host:port", "[::1]:port" or "host" to the host name (brackets kept off an IPv6 address). */
function hostnameOf(host: string): string {
  const h = host.trim();
  if (h.startsWith('[')) return h.slice(1, h.indexOf(']'));
  return h.split(':')[0];
}

const toInfo = (r: typeof userPasskeys.$inferSelect): PasskeyInfo => ({
  id: r.id,
  name: r.name,
  createdAt: r.createdAt.toISOString(),
  lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
});

function cleanName(name: string): string {
  const n = name.trim().replace(/\s+/g, ' ');
  if (!n || n.length > PASSKEY_NAME_MAX) throw badRequest(PM.nameNeeded);
  return n;
}

const userHandleOf = (userId: string) => new TextEncoder().encode(userId);

async function storeChallenge(
  db: Executor,
  challenge: string,
  purpose: Purpose,
  fields: { userId?: string; sessionId?: string; signinTokenHash?: string } = {},
): Promise<void> {
  // Old challenges of anyone are of no further use.
  await db.execute(sql`delete from webauthn_challenges where expires_at < now() - interval '1 day'`);
  await db.insert(webauthnChallenges).values({
    challenge,
    purpose,
    userId: fields.userId ?? null,
    sessionId: fields.sessionId ?? null,
    signinTokenHash: fields.signinTokenHash ?? null,
    expiresAt: new Date(Date.now() + PASSKEY_CHALLENGE_MINUTES * 60_000),
  });
}

/** The challenge the browser signed, read from its client data (checked again by the library). */
function challengeIn(credential: PasskeyCredential): string | null {
  try {
    const data = JSON.parse(Buffer.from(credential.response.clientDataJSON, 'base64url').toString('utf8')) as { challenge?: unknown };
    return typeof data.challenge === 'string' && /^[A-Za-z0-9_-]{16,200}$/.test(data.challenge) ? data.challenge : null;
  } catch {
    return null;
  }
}

/**
 * Uses up the challenge the credential answers: once, unexpired, of this purpose (and, when
 * given, this person, session or sign-in). Null when it is none of those.
 */
async function claimWebauthnChallenge(
  db: Executor,
  credential: PasskeyCredential,
  purpose: Purpose,
  match: { userId?: string; sessionId?: string; signinTokenHash?: string } = {},
): Promise<typeof webauthnChallenges.$inferSelect | null> {
  const challenge = challengeIn(credential);
  if (!challenge) return null;
  const [row] = await db
    .update(webauthnChallenges)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(webauthnChallenges.challenge, challenge),
        eq(webauthnChallenges.purpose, purpose),
        isNull(webauthnChallenges.usedAt),
        sql`${webauthnChallenges.expiresAt} > now()`,
        match.userId ? eq(webauthnChallenges.userId, match.userId) : undefined,
        match.sessionId ? eq(webauthnChallenges.sessionId, match.sessionId) : undefined,
        match.signinTokenHash ? eq(webauthnChallenges.signinTokenHash, match.signinTokenHash) : undefined,
      ),
    )
    .returning();
  return row ?? null;
}

export async function listPasskeys(db: Executor, userId: string): Promise<PasskeyInfo[]> {
  const rows = await db.select().from(userPasskeys).where(eq(userPasskeys.userId, userId)).orderBy(asc(userPasskeys.createdAt));
  return rows.map(toInfo);
}

// ---- Registration ----

export async function registrationOptions(app: FastifyInstance, me: AuthUser, rp: RelyingParty): Promise<PasskeyOptions> {
  const [user] = await app.db.select().from(users).where(eq(users.id, me.id)).limit(1);
  if (!user) throw unauthorized();
  const existing = await app.db
    .select({ credentialId: userPasskeys.credentialId, transports: userPasskeys.transports })
    .from(userPasskeys)
    .where(eq(userPasskeys.userId, me.id));
  const options = await generateRegistrationOptions({
    rpName: BRAND,
    rpID: rp.rpID,
    userID: userHandleOf(user.id),
    userName: user.email,
    userDisplayName: `${user.firstName} ${user.lastName}`.trim() || user.email,
    timeout: PASSKEY_CHALLENGE_MINUTES * 60_000,
    attestationType: 'none',
    // The same authenticator twice would be one factor under two names.
    excludeCredentials: existing.map((c) => ({ id: c.credentialId, transports: c.transports as AuthenticatorTransportFuture[] })),
    // Discoverable, so the same passkey also signs in without the e-mail and password.
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  await storeChallenge(app.db, options.challenge, 'REGISTER', { userId: me.id, sessionId: me.sessionId });
  return options as unknown as PasskeyOptions;
}

export async function register(
  app: FastifyInstance,
  me: AuthUser,
  actor: Actor,
  rp: RelyingParty,
  body: { name: string; credential: PasskeyCredential },
): Promise<PasskeyInfo> {
  const name = cleanName(body.name);
  const claimed = await claimWebauthnChallenge(app.db, body.credential, 'REGISTER', { userId: me.id, sessionId: me.sessionId });
  if (!claimed) throw badRequest(PM.notVerified);
  let info: Awaited<ReturnType<typeof verifyRegistrationResponse>>['registrationInfo'];
  try {
    const result = await verifyRegistrationResponse({
      response: body.credential as unknown as RegistrationResponseJSON,
      expectedChallenge: claimed.challenge,
      expectedOrigin: rp.origins,
      expectedRPID: rp.rpID,
      requireUserVerification: true,
    });
    if (!result.verified) throw new Error('not verified');
    info = result.registrationInfo;
  } catch (err) {
    app.log.info({ err: (err as Error).message }, 'passkey registration refused');
    throw badRequest(PM.notVerified);
  }
  if (!info) throw badRequest(PM.notVerified);
  const { credential } = info;
  try {
    return await app.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(userPasskeys)
        .values({
          userId: me.id,
          credentialId: credential.id,
          publicKey: Buffer.from(credential.publicKey).toString('base64url'),
          counter: credential.counter,
          transports: credential.transports ?? [],
          name,
        })
        .returning();
      await audit(tx, actor, { action: 'auth.passkey_added', targetType: 'user', targetId: me.id, detail: { passkeyId: row.id, name } });
      await notify(tx, {
        userId: me.id,
        kind: 'TWO_FACTOR_CHANGED',
        title: 'A passkey was added',
        body: `The passkey "${name}" can now sign in to ${BRAND} and confirm it's you. If this was not you, remove it in your profile, choose a new password and contact support at once.`,
        link: null,
        data: { change: 'PASSKEY_ADDED' },
      });
      return toInfo(row);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(PM.alreadyRegistered);
    throw err;
  }
}

export async function rename(app: FastifyInstance, me: AuthUser, id: string, body: { name: string }): Promise<PasskeyInfo> {
  const name = cleanName(body.name);
  const [row] = await app.db
    .update(userPasskeys)
    .set({ name })
    .where(and(eq(userPasskeys.id, id), eq(userPasskeys.userId, me.id)))
    .returning();
  if (!row) throw notFound(PM.notFound);
  return toInfo(row);
}

/** Removing needs a recent authentication (the route's requireRecentAuth); audited and e-mailed. */
export async function remove(app: FastifyInstance, actor: Actor, id: string): Promise<MessageResult> {
  await app.db.transaction(async (tx) => {
    const [row] = await tx
      .delete(userPasskeys)
      .where(and(eq(userPasskeys.id, id), eq(userPasskeys.userId, actor.id)))
      .returning();
    if (!row) throw notFound(PM.notFound);
    await audit(tx, actor, {
      action: 'auth.passkey_removed',
      targetType: 'user',
      targetId: actor.id,
      detail: { passkeyId: row.id, name: row.name },
    });
    await notify(tx, {
      userId: actor.id,
      kind: 'TWO_FACTOR_CHANGED',
      title: 'A passkey was removed',
      body: `The passkey "${row.name}" can no longer sign in to ${BRAND}. If this was not you, choose a new password and contact support at once.`,
      link: null,
      data: { change: 'PASSKEY_REMOVED' },
    });
  });
  return { message: PM.removed };
}

// ---- Assertions: sign-in, second factor, step-up ----

async function requestOptions(rp: RelyingParty, allow: { credentialId: string; transports: string[] }[] | null) {
  return generateAuthenticationOptions({
    rpID: rp.rpID,
    timeout: PASSKEY_CHALLENGE_MINUTES * 60_000,
    userVerification: 'required',
    // None listed: the browser offers the passkeys it holds for this site (discoverable).
    allowCredentials: allow?.map((c) => ({ id: c.credentialId, transports: c.transports as AuthenticatorTransportFuture[] })),
  });
}

/**
 * Checks an assertion by one of the person's passkeys (any person's when userId is null)
 * and records its counter. The user: null when the credential is unknown or the check fails.
 */
async function verifyAssertion(
  app: FastifyInstance,
  rp: RelyingParty,
  credential: PasskeyCredential,
  expectedChallenge: string,
  userId: string | null,
): Promise<UserRow | null> {
  const [key] = await app.db
    .select()
    .from(userPasskeys)
    .where(and(eq(userPasskeys.credentialId, credential.id), userId ? eq(userPasskeys.userId, userId) : undefined))
    .limit(1);
  if (!key) return null;
  const [user] = await app.db
    .select()
    .from(users)
    .where(and(eq(users.id, key.userId), isNull(users.deletedAt)))
    .limit(1);
  if (!user) return null;
  // A discoverable credential names its person; it must be the passkey's.
  const handle = (credential.response as { userHandle?: unknown }).userHandle;
  if (typeof handle === 'string' && handle && Buffer.from(handle, 'base64url').toString('utf8') !== user.id) return null;
  let newCounter: number;
  try {
    const result = await verifyAuthenticationResponse({
      response: credential as unknown as AuthenticationResponseJSON,
      expectedChallenge,
      expectedOrigin: rp.origins,
      expectedRPID: rp.rpID,
      requireUserVerification: true,
      credential: {
        id: key.credentialId,
        publicKey: new Uint8Array(Buffer.from(key.publicKey, 'base64url')),
        counter: key.counter,
        transports: key.transports as AuthenticatorTransportFuture[],
      },
    });
    if (!result.verified) return null;
    newCounter = result.authenticationInfo.newCounter;
  } catch (err) {
    app.log.info({ err: (err as Error).message }, 'passkey assertion refused');
    return null;
  }
  // The counter must move on (unless the authenticator keeps none: 0 then 0); the condition
  // also holds when two assertions race.
  const moved = await app.db
    .update(userPasskeys)
    .set({ counter: newCounter, lastUsedAt: new Date() })
    .where(
      and(
        eq(userPasskeys.id, key.id),
        sql`(${userPasskeys.counter} < ${newCounter} or (${userPasskeys.counter} = 0 and ${newCounter} = 0))`,
      ),
    )
    .returning({ id: userPasskeys.id });
  return moved.length === 1 ? user : null;
}

/** A failed passkey counts on the account's throttle like a wrong code (and its lock notice). */
async function failed(app: FastifyInstance, user: UserRow, attempt: { locked: boolean; failures: number }, ip: string): Promise<never> {
  if (attempt.locked) {
    await audit(
      app.db,
      { id: user.id, email: user.email, ip },
      { action: 'auth.signin_locked', targetType: 'user', targetId: user.id, detail: { failures: attempt.failures } },
    );
    await sendSecurityMail(app, () => lockNoticeMail(user.email, user.firstName, app.config.publicUrl), 'sign-in lock');
  }
  throw unauthorized(PM.notVerified);
}

/** Passwordless: any passkey registered here may answer. */
export async function signinOptions(app: FastifyInstance, rp: RelyingParty): Promise<PasskeyOptions> {
  const options = await requestOptions(rp, null);
  await storeChallenge(app.db, options.challenge, 'SIGNIN');
  return options as unknown as PasskeyOptions;
}

export async function signin(
  app: FastifyInstance,
  rp: RelyingParty,
  credential: PasskeyCredential,
  from: SigninContext,
): Promise<AuthResult> {
  const claimed = await claimWebauthnChallenge(app.db, credential, 'SIGNIN');
  if (!claimed) throw unauthorized(PM.notVerified);
  const [key] = await app.db
    .select({ userId: userPasskeys.userId, email: users.email })
    .from(userPasskeys)
    .innerJoin(users, eq(users.id, userPasskeys.userId))
    .where(and(eq(userPasskeys.credentialId, credential.id), isNull(users.deletedAt)))
    .limit(1);
  if (!key) throw unauthorized(PM.unknownPasskey);
  // The account's throttle (429 while locked), as for a password.
  const attempt = await claimAttempt(app.db, key.email);
  const user = await verifyAssertion(app, rp, credential, claimed.challenge, null);
  if (!user) {
    const [row] = await app.db.select().from(users).where(eq(users.id, key.userId)).limit(1);
    return failed(app, row, attempt, from.ip);
  }
  if (!user.emailVerified) throw unauthorized(PM.notVerified);
  await forgive(app.db, user.email);
  return issueSignin(app, user, from);
}

/** The second step of a sign-in: options for the person's own passkeys. */
export async function secondFactorOptions(app: FastifyInstance, rp: RelyingParty, challengeToken: string): Promise<PasskeyOptions> {
  const claim = await claimChallenge(app.db, challengeToken);
  if (!claim) throw unauthorized(TWO_FACTOR_MESSAGES.challengeExpired);
  const keys = await app.db
    .select({ credentialId: userPasskeys.credentialId, transports: userPasskeys.transports })
    .from(userPasskeys)
    .where(eq(userPasskeys.userId, claim.userId));
  if (keys.length === 0) throw badRequest(PM.unknownPasskey);
  const options = await requestOptions(rp, keys);
  await storeChallenge(app.db, options.challenge, 'SECOND_FACTOR', { userId: claim.userId, signinTokenHash: claim.hash });
  return options as unknown as PasskeyOptions;
}

export async function completeSignin(
  app: FastifyInstance,
  rp: RelyingParty,
  body: { challengeToken: string; credential: PasskeyCredential },
  from: SigninContext,
): Promise<AuthResult> {
  const { user, hash } = await challengedUser(app, body.challengeToken);
  const attempt = await claimAttempt(app.db, user.email);
  const claimed = await claimWebauthnChallenge(app.db, body.credential, 'SECOND_FACTOR', { userId: user.id, signinTokenHash: hash });
  if (!claimed || !(await verifyAssertion(app, rp, body.credential, claimed.challenge, user.id)))
    return failed(app, user, attempt, from.ip);
  if (!(await closeChallenge(app.db, hash))) throw unauthorized(TWO_FACTOR_MESSAGES.challengeExpired);
  await forgive(app.db, user.email);
  return issueSignin(app, user, from);
}

/** "Confirm it's you" with a passkey: options for the session's person's passkeys. */
export async function stepUpOptions(app: FastifyInstance, rp: RelyingParty, me: AuthUser): Promise<PasskeyOptions> {
  const keys = await app.db
    .select({ credentialId: userPasskeys.credentialId, transports: userPasskeys.transports })
    .from(userPasskeys)
    .where(eq(userPasskeys.userId, me.id));
  if (keys.length === 0) throw badRequest(PM.unknownPasskey);
  const options = await requestOptions(rp, keys);
  await storeChallenge(app.db, options.challenge, 'STEP_UP', { userId: me.id, sessionId: me.sessionId });
  return options as unknown as PasskeyOptions;
}

export async function stepUp(
  app: FastifyInstance,
  rp: RelyingParty,
  me: AuthUser,
  credential: PasskeyCredential,
  ip: string,
): Promise<MessageResult> {
  const [user] = await app.db.select().from(users).where(eq(users.id, me.id)).limit(1);
  if (!user) throw unauthorized();
  const attempt = await claimAttempt(app.db, user.email);
  const claimed = await claimWebauthnChallenge(app.db, credential, 'STEP_UP', { userId: me.id, sessionId: me.sessionId });
  if (!claimed || !(await verifyAssertion(app, rp, credential, claimed.challenge, me.id))) {
    try {
      await failed(app, user, attempt, ip);
    } catch {
      // Step-up answers 400 like a wrong code, not 401 (the session itself is fine).
      throw badRequest(PM.notVerified);
    }
  }
  await forgive(app.db, user.email);
  await markReauth(app, me.sessionId);
  return { message: TWO_FACTOR_MESSAGES.confirmed };
}
