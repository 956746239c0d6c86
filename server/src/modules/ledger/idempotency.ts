// Idempotency-Key on the calls that move money, implemented once. Claiming, comparing and
// replaying a key is the SQL rule idempotency_claim, keeping the answer is idempotency_store
// (ledger/sql/): the TypeScript wrapper below calls them in its transaction, place_order and
// place_market_orders call them in their statement. What a key keeps is the operation's
// result (JSON, before it becomes an HTTP answer), its status and the request's fingerprint;
// the first call and a repeat both turn that result into the answer with answerOf.
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { IDEMPOTENCY_HEADER } from 'shared-api/contract';
import type { Executor, Tx } from '../../db/client';
import { badRequest } from '../../lib/http-error';
import { moneyTx, type MoneyTxOptions } from '../../lib/money';

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

/** A key's first answer, as idempotency_claim returns it: fingerprint, status, the operation's result. */
export interface StoredAnswer {
  hash: string;
  status: number;
  response: unknown;
}

/** An operation's outcome under a key: the first call's result, or a repeat's stored one. */
export type Outcome<R> = { replay: StoredAnswer } | { result: R };

/** A service's answer to a call that may be a repeat: the status to send, the body, whether it is the first call's. */
export interface Answer<T> {
  statusCode: number;
  body: T;
  replayed: boolean;
}

/**
 * Claims the key for this call (null), or returns the first call's stored answer; the same
 * key with a different call (422) or one still in progress (409) is refused by the rule.
 */
export async function claimKey(db: Executor, userId: string, key: string, hash: string): Promise<StoredAnswer | null> {
  const res = (await db.execute(sql`SELECT idempotency_claim(${userId}, ${key}, ${hash}) AS first`)) as unknown as {
    rows: { first: StoredAnswer | null }[];
  };
  return res.rows[0].first;
}

/** Keeps the call's status and result with its claimed key (same transaction, before it commits). */
export async function storeResult(db: Executor, userId: string, key: string, statusCode: number, resultJson: string): Promise<void> {
  await db.execute(sql`SELECT idempotency_store(${userId}, ${key}, ${statusCode}::integer, ${resultJson}::jsonb)`);
}

/** What place_order / place_market_orders return: their result, or { replay } for a repeated key. */
export function outcomeOf<R extends object>(placed: R | { replay: StoredAnswer }): Outcome<R> {
  return 'replay' in placed && placed.replay ? { replay: placed.replay } : { result: placed as R };
}

/**
 * The answer to a call from its outcome: the first call's status and result, or the stored
 * ones of a repeat, through the same mapping (so a repeat answers as the first call did).
 */
export async function answerOf<R, T>(outcome: Outcome<R>, statusCode: number, toBody: (result: R) => T | Promise<T>): Promise<Answer<T>> {
  if ('replay' in outcome) {
    return { statusCode: outcome.replay.status, body: await toBody(outcome.replay.response as R), replayed: true };
  }
  return { statusCode, body: await toBody(outcome.result), replayed: false };
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

export interface IdempotentOptions<R, T> extends MoneyTxOptions {
  /** The answer's body from the operation's result (both calls'); the result itself when absent. */
  toBody?: (result: R) => T | Promise<T>;
}

/**
 * Runs `run` as one money transaction, once per (user, Idempotency-Key), answering with
 * `statusCode`; a repeat gets the first answer (the route sends it with sendAnswer, which
 * adds the header Idempotent-Replayed). The result is kept as JSON, and the first call's
 * body is made from that JSON too, as a repeat's is.
 */
export async function idempotent<R, T = R>(
  app: FastifyInstance,
  userId: string,
  idem: IdempotencyInput,
  statusCode: number,
  run: (tx: Tx) => Promise<R>,
  opts: IdempotentOptions<R, T> = {},
): Promise<Answer<T>> {
  const toBody = opts.toBody ?? ((result: R) => result as unknown as T);
  const key = idem.key();
  if (key === null) return answerOf({ result: await moneyTx(app, run, opts) }, statusCode, toBody);
  const hash = idem.hash();
  const outcome = await moneyTx<Outcome<R>>(
    app,
    async (tx) => {
      const first = await claimKey(tx, userId, key, hash);
      if (first) return { replay: first };
      const json = JSON.stringify((await run(tx)) ?? null);
      await storeResult(tx, userId, key, statusCode, json);
      return { result: JSON.parse(json) as R };
    },
    opts,
  );
  return answerOf(outcome, statusCode, toBody);
}
