// Release tokens: `tsr_` + 32 random bytes (base64url); the database keeps their SHA-256.
import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { boolean, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { conflict, notFound, unauthorized } from '../../lib/http-error';
import type { Actor } from '../../lib/actor';
import { audit } from '../../lib/audit';
import type { ReleaseToken } from './schemas';
import type { Executor } from '../../db/client';

// The table of migration 0065 (the SQL is the source of truth).
export const releaseTokens = pgTable('release_tokens', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  tokenHash: text('token_hash').notNull(),
  createdBy: uuid('created_by'),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  /** False while four eyes holds its creation (migration 1241): it reads nothing until approved. */
  approved: boolean('approved').notNull().default(true),
});

/** A token's life when its creator names none, and the longest allowed. */
export const DEFAULT_TTL_DAYS = 90;
export const MAX_TTL_DAYS = 365;

export const PREFIX = 'tsr_';
const hash = (token: string) => createHash('sha256').update(token).digest('hex');

type Row = typeof releaseTokens.$inferSelect;
const view = (r: Row): ReleaseToken => ({
  id: r.id,
  name: r.name,
  createdBy: r.createdBy,
  createdAt: r.createdAt.toISOString(),
  revokedAt: r.revokedAt ? r.revokedAt.toISOString() : null,
  lastUsedAt: r.lastUsedAt ? r.lastUsedAt.toISOString() : null,
  expiresAt: r.expiresAt.toISOString(),
  approved: r.approved,
});

export async function create(
  app: FastifyInstance,
  by: Actor,
  body: { name: string; expiresInDays?: number },
  /** Four eyes: stored unapproved, to be turned on by a second admin's approval. */
  opts: { pending?: boolean } = {},
): Promise<ReleaseToken & { token: string }> {
  const token = `${PREFIX}${randomBytes(32).toString('base64url')}`;
  const days = body.expiresInDays ?? DEFAULT_TTL_DAYS;
  return app.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(releaseTokens)
      .values({
        name: body.name.trim(),
        tokenHash: hash(token),
        createdBy: by.id,
        expiresAt: sql`now() + make_interval(days => ${days})`,
        approved: !opts.pending,
      })
      .returning();
    await audit(tx, by, {
      action: 'release_token.create',
      targetType: 'release_token',
      targetId: row.id,
      detail: { name: row.name, expiresAt: row.expiresAt.toISOString(), ...(opts.pending ? { pendingApproval: true } : {}) },
    });
    return { ...view(row), token };
  });
}

export async function list(app: FastifyInstance): Promise<ReleaseToken[]> {
  return (await app.db.select().from(releaseTokens).orderBy(desc(releaseTokens.createdAt))).map(view);
}

export async function revoke(app: FastifyInstance, by: Actor, id: string): Promise<ReleaseToken> {
  // The database's clock, like created_at's: a Node Date (milliseconds) could fall before a
  // created_at of the same millisecond (microseconds) and break revoked_at >= created_at.
  const revoked = await app.db.transaction(async (tx) => {
    const [row] = await tx
      .update(releaseTokens)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(releaseTokens.id, id), isNull(releaseTokens.revokedAt)))
      .returning();
    if (row)
      await audit(tx, by, { action: 'release_token.revoke', targetType: 'release_token', targetId: row.id, detail: { name: row.name } });
    return row;
  });
  if (revoked) return view(revoked);
  const [existing] = await app.db.select({ id: releaseTokens.id }).from(releaseTokens).where(eq(releaseTokens.id, id));
  if (existing) throw conflict('This release token is already revoked');
  throw notFound('Release token not found');
}

/** The live (unrevoked, unexpired) token a bearer value names, its use recorded; or null. */
export async function verify(app: FastifyInstance, token: string): Promise<{ id: string; name: string } | null> {
  if (!token.startsWith(PREFIX) || token.length > 100) return null;
  const [row] = await app.db
    .update(releaseTokens)
    .set({ lastUsedAt: sql`now()` })
    .where(
      and(
        eq(releaseTokens.tokenHash, hash(token)),
        eq(releaseTokens.approved, true),
        isNull(releaseTokens.revokedAt),
        gt(releaseTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: releaseTokens.id, name: releaseTokens.name });
  return row ?? null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The release token a telemetry read was made with (then request.user is null). */
    releaseToken?: { id: string; name: string };
  }
}

/**
 * For the telemetry summary only: a release token (`Bearer tsr_…`), else an admin's session.
 * Every other route authenticates with app.authenticate, which refuses release tokens.
 */
export function releaseTokenOrAdmin(app: FastifyInstance) {
  const admin = app.requireAdmin('release.manage');
  return async (request: FastifyRequest, reply: Parameters<typeof admin>[1]): Promise<void> => {
    const m = /^Bearer (tsr_[A-Za-z0-9_-]+)$/.exec(request.headers.authorization?.trim() ?? '');
    if (m) {
      const found = await verify(app, m[1]);
      if (!found) throw unauthorized('This release token is invalid, expired or revoked');
      request.releaseToken = found;
      return;
    }
    await app.authenticate(request, reply);
    await admin(request, reply);
  };
}

/** Turns on a token stored unapproved (four eyes); false when it was revoked meanwhile. */
export async function turnOn(db: Executor, tokenId: string): Promise<boolean> {
  const [t] = await db
    .update(releaseTokens)
    .set({ approved: true })
    .where(and(eq(releaseTokens.id, tokenId), eq(releaseTokens.approved, false), isNull(releaseTokens.revokedAt)))
    .returning({ id: releaseTokens.id });
  return Boolean(t);
}
