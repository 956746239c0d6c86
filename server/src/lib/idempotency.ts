// Idempotency-Key on the calls that move money. The key row is the first thing the
// transaction writes: a second request with the same key blocks on the primary key until
// the first commits, then finds its row and answers with the stored response (or rolls
// back, and the second runs). The same key with a different request is refused.
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { IDEMPOTENCY_HEADER } from 'shared-api/contract';
import type { Tx } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { badRequest, conflict, HttpError } from './http-error';
import { moneyTx, type MoneyTxOptions } from './money';

const KEY = /^[\x21-\x7e]{1,255}$/;
const HEADER = IDEMPOTENCY_HEADER.toLowerCase();

/** The request's Idempotency-Key, null when absent; 400 when malformed. */
export function idempotencyKey(request: FastifyRequest): string | null {
  const raw = request.headers[HEADER];
  if (raw === undefined) return null;
  if (typeof raw !== 'string' || !KEY.test(raw)) throw badRequest(`${IDEMPOTENCY_HEADER} must be 1 to 255 visible ASCII characters`);
  return raw;
}

/** JSON with sorted keys, so equal requests hash equally whatever the field order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export function requestHash(request: FastifyRequest): string {
  const what = { method: request.method, route: request.routeOptions.url, params: request.params ?? {}, body: request.body ?? null };
  return createHash('sha256').update(canonical(what)).digest('hex');
}

export interface StoredAnswer {
  hash: string;
  status: number | null;
  response: unknown;
}

/** The first request's answer for a repeated key: refused when the requests differ. */
export function replayOf<T>(first: StoredAnswer | undefined, hash: string): { statusCode: number; body: T; replayed: true } {
  if (!first || first.status === null) throw conflict('A request with this Idempotency-Key is in progress; try again');
  if (first.hash !== hash) throw new HttpError(422, `This ${IDEMPOTENCY_HEADER} was already used for a different request`);
  return { statusCode: first.status, body: first.response as T, replayed: true };
}

/** Keeps the answer with the claimed key (same transaction, before it commits). */
export async function storeAnswer(tx: Tx, userId: string, key: string, statusCode: number, body: unknown): Promise<void> {
  await tx
    .update(idempotencyKeys)
    .set({ statusCode, response: body as Record<string, unknown> })
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
}

/** A service's answer to a call that may be a repeat: the status to send, the body, whether it is the first call's. */
export interface Answer<T> {
  statusCode: number;
  body: T;
  replayed: boolean;
}

/**
 * What a service needs of a call's Idempotency-Key, read when the service gets to it (so its
 * own refusals come first, and a malformed key is a 400 at that point). A route passes
 * `idempotencyOf(request)`; a job or a test passes its own, or NO_IDEMPOTENCY.
 */
export interface IdempotencyInput {
  /** The key, null when the call has none. */
  key(): string | null;
  /** The call's fingerprint: the same key with a different call is refused. */
  hash(): string;
}

export function idempotencyOf(request: FastifyRequest): IdempotencyInput {
  return { key: () => idempotencyKey(request), hash: () => requestHash(request) };
}

export const NO_IDEMPOTENCY: IdempotencyInput = { key: () => null, hash: () => '' };

export function sendAnswer<T>(reply: FastifyReply, result: Answer<T>): T {
  reply.status(result.statusCode);
  if (result.replayed) reply.header('Idempotent-Replayed', 'true');
  return result.body;
}

/**
 * Runs `fn` as one money transaction, once per (user, Idempotency-Key), answering with
 * `statusCode`; a repeat gets the first answer (the route sends it with sendAnswer, which
 * adds the header Idempotent-Replayed).
 */
export async function idempotent<T>(
  app: FastifyInstance,
  userId: string,
  idem: IdempotencyInput,
  statusCode: number,
  fn: (tx: Tx) => Promise<T>,
  opts: MoneyTxOptions = {},
): Promise<Answer<T>> {
  const key = idem.key();
  if (key === null) {
    const body = await moneyTx(app, fn, opts);
    return { statusCode, body, replayed: false };
  }
  const hash = idem.hash();
  return moneyTx(
    app,
    async (tx) => {
      const mine = and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key));
      const claimed = await tx
        .insert(idempotencyKeys)
        .values({ userId, key, requestHash: hash })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      if (claimed.length === 0) {
        const [first] = await tx.select().from(idempotencyKeys).where(mine);
        return replayOf<T>(first && { hash: first.requestHash, status: first.statusCode, response: first.response }, hash);
      }
      const body = await fn(tx);
      await storeAnswer(tx, userId, key, statusCode, body);
      return { statusCode, body, replayed: false };
    },
    opts,
  );
}
