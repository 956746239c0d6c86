// Authentication: HS256 JWTs (jose, algorithm allow-list) naming a session row, which is
// checked on every call so logout, password change, deletion and rejection end access.
import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { SignJWT, jwtVerify } from 'jose';
import { STEP_UP_MINUTES, TWO_FACTOR_MESSAGES, type AccountAction, type AdminPermission, type Role } from 'shared-api/contract';
import { adminCan, statusRefusal } from 'shared-api/contract/dashboard';
import { ADMIN_ROLE_MESSAGES } from 'shared-api/contract/admin';
import type { Config } from '../config';
import type { Executor } from '../db/client';
import { sessions, users } from '../db/schema';
import { currentUser, type AuthUser } from '../lib/actor';
import { forbidden, unauthorized } from '../lib/http-error';

// Modules read the signed-in person through these (their home is lib/actor.ts).
export { actorOf, currentUser, viewerOf, type Actor, type AuthUser } from '../lib/actor';

type Hook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

export interface Tokens {
  /**
   * Opens a session for the user and signs its access token. `authTime` (seconds) is the
   * sign-in the session descends from (a refresh); the token never outlives that sign-in
   * by more than sessionMaxHours.
   */
  issue(
    db: Executor,
    user: { id: string; role: Role },
    opts?: { authTime?: number; reauthAt?: Date | null },
  ): Promise<{ accessToken: string; expiresAt: Date }>;
  /** When a session that began at `authTime` (seconds) must end. */
  sessionEnd(authTime: number): Date;
  revokeSession(db: Executor, sessionId: string): Promise<void>;
  /** Ends every session of the user (password change, deletion, rejection). */
  revokeAll(db: Executor, userId: string): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    authenticate: Hook;
    /** Like authenticate, but an anonymous call goes on with request.user = null. */
    authenticateOptional: Hook;
    /**
     * Like authenticate, for a route whose work is one statement that checks the session
     * again itself (the rule session_gate) and the person's role and status (its triggers):
     * a session that passed `role` and `action` within SESSION_RECHECKED_MS may be taken from
     * memory instead of the database. A session refused, or not seen lately, is read as usual.
     */
    authenticateRechecked(role: Role, action: AccountAction): Hook;
    /**
     * Only these roles. An admin route should use requireAdmin instead: through requireRole
     * an admin passes only as SUPER_ADMIN (a route nobody mapped to a permission yet).
     */
    requireRole(...roles: Role[]): Hook;
    /**
     * An admin whose role holds `permission` (ADMIN_ACCESS), after the ADMIN_2FA_REQUIRED
     * enrolment rule; `or`: other roles let through unchecked (an owner's own listing), whose
     * services still check what is theirs. Without `permission` (a plugin-wide hook), each
     * route names its own in `config.adminPermission`; a route that names none is UNMAPPED.
     */
    requireAdmin(permission?: AdminPermission, opts?: { or?: Role[] }): Hook;
    /**
     * What each admin route required when it was last called ("GET /v1/payouts" → permission,
     * or UNMAPPED for requireRole('ADMIN')): the access-matrix test reads it to find every
     * admin route, including those whose guard is a plugin-wide hook.
     */
    adminGuards: Map<string, AdminPermission | 'UNMAPPED'>;
    /**
     * Money moves and account changes: the session's person authenticated (signed in or
     * stepped up) within STEP_UP_MINUTES, else a 403 the UI answers with "Confirm it's you".
     */
    requireRecentAuth: Hook;
    /** ADMIN_2FA_REQUIRED is on and this admin has no second factor yet (nor the seed's exemption). */
    adminMustEnrol(userId: string): Promise<boolean>;
    tokens: Tokens;
  }
  interface FastifyRequest {
    user: AuthUser | null;
    /** An admin passed this route's permission check: a change it makes must be audited. */
    adminGuarded?: boolean;
  }
  interface FastifyContextConfig {
    /** What an admin needs for this route, under a plugin-wide app.requireAdmin(). */
    adminPermission?: AdminPermission;
  }
}

const ISSUER = 'tessera';
const AUDIENCE = 'tessera-api';
/**
 * How long authenticateRechecked may trust a session it read. Only ever in the direction of
 * letting a call reach its statement, which refuses a revoked or expired session (401) and a
 * role or status that no longer allows the action (403) as the hooks would have.
 */
export const SESSION_RECHECKED_MS = 30_000;

function bearer(request: FastifyRequest): string | null {
  const h = request.headers.authorization;
  if (!h) return null;
  const m = /^Bearer ([A-Za-z0-9_\-.]+)$/.exec(h.trim());
  return m ? m[1] : '';
}

export interface AuthPluginOptions {
  config: Config;
  /**
   * ADMIN_2FA_REQUIRED: whether this admin must still set up a second factor (the auth
   * module's rule, handed in so this plugin does not import the modules).
   */
  mustEnrol?: (db: Executor, userId: string) => Promise<boolean>;
}

async function authPlugin(app: FastifyInstance, opts: AuthPluginOptions): Promise<void> {
  const key = new TextEncoder().encode(opts.config.jwtSecret);
  const ttlMs = opts.config.tokenTtlMinutes * 60_000;
  const maxMs = opts.config.sessionMaxHours * 3_600_000;

  const tokens: Tokens = {
    sessionEnd: (authTime) => new Date(authTime * 1000 + maxMs),
    async issue(db, user, o = {}) {
      const sessionId = randomUUID();
      const now = Date.now();
      const authTime = o.authTime ?? Math.floor(now / 1000);
      const expiresAt = new Date(Math.min(now + ttlMs, authTime * 1000 + maxMs));
      await db.insert(sessions).values({ id: sessionId, userId: user.id, expiresAt, reauthAt: o.reauthAt ?? null });
      const accessToken = await new SignJWT({ sid: sessionId, role: user.role, auth_time: authTime })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(user.id)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setJti(randomUUID())
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(key);
      return { accessToken, expiresAt };
    },
    async revokeSession(db, sessionId) {
      await db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
    },
    async revokeAll(db, userId) {
      await db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    },
  };

  // Signatures already checked, by token (the session row is still read on every call).
  // Safe with several API instances: it only skips re-checking a signature; revocation
  // lives in the sessions row, which every instance reads on every call.
  const verified = new Map<string, { sub: string; sid: string; exp: number; authTime: number }>();
  const VERIFIED_MAX = 10_000;

  async function claims(token: string): Promise<{ sub: string; sid: string; authTime: number } | null> {
    const known = verified.get(token);
    if (known) return known.exp * 1000 > Date.now() ? known : null;
    try {
      const { payload } = await jwtVerify(token, key, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: AUDIENCE,
        requiredClaims: ['exp', 'sub'],
      });
      const { sub, sid, exp } = payload;
      if (typeof sid !== 'string' || !sub || typeof exp !== 'number' || !/^[0-9a-f-]{36}$/i.test(sid) || !/^[0-9a-f-]{36}$/i.test(sub))
        return null;
      // Tokens signed before auth_time existed count from their own issue time.
      const at = payload.auth_time ?? payload.iat;
      const authTime = typeof at === 'number' && Number.isFinite(at) ? at : Math.floor(Date.now() / 1000);
      if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value as string);
      const entry = { sub, sid, exp, authTime };
      verified.set(token, entry);
      return entry;
    } catch {
      return null;
    }
  }

  // Prepared once per connection: this runs on every authenticated call.
  const sessionUser = app.db
    .select({ id: users.id, role: users.role, status: users.status, email: users.email, adminRole: users.adminRole })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sql.placeholder('sid')),
        eq(sessions.userId, sql.placeholder('sub')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
        isNull(users.deletedAt),
      ),
    )
    .limit(1)
    .prepare('auth_session_user');

  async function resolve(token: string): Promise<AuthUser | null> {
    const c = await claims(token);
    if (!c) return null;
    const row = (await sessionUser.execute({ sid: c.sid, sub: c.sub }))[0];
    return row ? { ...row, sessionId: c.sid, authTime: c.authTime } : null;
  }

  // Sessions read lately, by token, for authenticateRechecked (bounded like `verified`).
  const recent = new Map<string, { user: AuthUser; at: number }>();

  app.decorateRequest('user', null);
  app.decorate('tokens', tokens);

  app.decorate('authenticateRechecked', (role: Role, action: AccountAction): Hook => {
    const allowed = (u: AuthUser) => u.role === role && !statusRefusal(role, u.status, action);
    return async (request) => {
      const token = bearer(request);
      if (token === null) throw unauthorized();
      const seen = token ? recent.get(token) : undefined;
      if (seen && Date.now() - seen.at < SESSION_RECHECKED_MS && allowed(seen.user)) {
        request.user = seen.user;
        return;
      }
      const user = token ? await resolve(token) : null;
      if (!user) throw unauthorized('Your session has expired or is invalid, please sign in again');
      // Only a session allowed to act is remembered: one refused is read again next time.
      if (allowed(user)) {
        if (recent.size >= VERIFIED_MAX) recent.delete(recent.keys().next().value as string);
        recent.set(token, { user, at: Date.now() });
      } else recent.delete(token);
      request.user = user;
    };
  });

  app.decorate('authenticate', async (request: FastifyRequest) => {
    const token = bearer(request);
    if (token === null) throw unauthorized();
    const user = token ? await resolve(token) : null;
    if (!user) throw unauthorized('Your session has expired or is invalid, please sign in again');
    request.user = user;
  });

  app.decorate('authenticateOptional', async (request: FastifyRequest) => {
    const token = bearer(request);
    if (token === null) return;
    const user = token ? await resolve(token) : null;
    // A bad token is refused even where anonymous calls are allowed: the caller meant to sign in.
    if (!user) throw unauthorized('Your session has expired or is invalid, please sign in again');
    request.user = user;
  });

  // Every admin route passes through requireAdmin (or requireRole('ADMIN', …)), so the
  // enrolment rule lives here once, before the admin role is checked. What an admin needs to
  // enrol (their profile, the two-factor endpoints, the session) only authenticates, so it
  // stays open.
  const enrolRequired = opts.config.adminTwoFactorRequired !== false && opts.mustEnrol;
  app.decorate('adminMustEnrol', async (userId: string) => (enrolRequired ? enrolRequired(app.db, userId) : false));
  const adminGuards = new Map<string, AdminPermission | 'UNMAPPED'>();
  app.decorate('adminGuards', adminGuards);
  const noteGuard = (request: FastifyRequest, required: AdminPermission | 'UNMAPPED') => {
    const key = `${request.method} ${request.routeOptions.url ?? request.url}`;
    if (adminGuards.get(key) !== required) adminGuards.set(key, required);
  };
  const checkAdmin = async (request: FastifyRequest, user: AuthUser, permission: AdminPermission | 'UNMAPPED') => {
    noteGuard(request, permission);
    if (await app.adminMustEnrol(user.id)) throw forbidden(TWO_FACTOR_MESSAGES.enrolRequired);
    // An admin route nobody has mapped to a permission yet is the super admins' alone.
    const allowed = permission === 'UNMAPPED' ? user.adminRole === 'SUPER_ADMIN' : adminCan(user.adminRole, permission);
    if (!allowed) throw forbidden(ADMIN_ROLE_MESSAGES.forbidden);
    request.adminGuarded = true;
  };
  app.decorate('requireRole', (...roles: Role[]): Hook => {
    return async (request) => {
      const user = currentUser(request);
      if (!roles.includes(user.role)) throw forbidden();
      if (user.role === 'ADMIN') await checkAdmin(request, user, 'UNMAPPED');
    };
  });
  app.decorate('requireAdmin', (permission?: AdminPermission, o: { or?: Role[] } = {}): Hook => {
    const others = o.or ?? [];
    return async (request) => {
      const user = currentUser(request);
      if (user.role === 'ADMIN') return checkAdmin(request, user, permission ?? request.routeOptions.config.adminPermission ?? 'UNMAPPED');
      if (!others.includes(user.role)) throw forbidden();
    };
  });

  app.decorate('requireRecentAuth', async (request: FastifyRequest) => {
    const user = currentUser(request);
    const since = Date.now() - (opts.config.stepUpSeconds ?? STEP_UP_MINUTES * 60) * 1000;
    if (user.authTime * 1000 >= since) return;
    const [row] = await app.db.select({ reauthAt: sessions.reauthAt }).from(sessions).where(eq(sessions.id, user.sessionId)).limit(1);
    if (row?.reauthAt && row.reauthAt.getTime() >= since) return;
    throw forbidden(TWO_FACTOR_MESSAGES.stepUpRequired);
  });
}

export default fp(authPlugin, { name: 'auth', dependencies: ['db'] });
