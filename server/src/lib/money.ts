// Shared by the money modules: amounts from the wire, one transaction per money operation,
// and the database's refusals (raised by the money triggers) turned into HTTP answers.
import type { FastifyInstance } from 'fastify';
import { MONEY_MESSAGES, parseAmount } from 'shared-api/contract';
import type { Tx } from '../db/client';
import { badRequest, HttpError } from './http-error';
import { pgError, isRetryable } from './pg-errors';

/** Dollars from a request body (a JSON number) as positive integer cents, or a 400. */
export function amountCents(input: unknown, field = 'amount', maxCents = Number.MAX_SAFE_INTEGER): number {
  const parsed = typeof input === 'number' ? parseAmount(input) : ({ ok: false, message: MONEY_MESSAGES.notNumber } as const);
  if (!parsed.ok) throw badRequest(`${field}: ${parsed.message}`);
  if (parsed.cents > maxCents) throw badRequest(`${field}: ${MONEY_MESSAGES.tooLarge}`);
  return parsed.cents;
}

export interface MoneyTxOptions {
  /** The message when a wallet would go below zero. */
  overdraft?: string;
}

/**
 * The money triggers raise SQLSTATE 'TS' + the HTTP status (TS403, TS409, …) with a message
 * for people; the wallet's CHECK refuses an overdraft. Anything else is left alone.
 */
export function moneyError(err: unknown, opts: MoneyTxOptions = {}): unknown {
  if (err instanceof HttpError) return err;
  const pg = pgError(err);
  if (!pg) return err;
  const m = /^TS([45]\d\d)$/.exec(pg.code);
  if (m) return new HttpError(Number(m[1]), pg.message);
  if (pg.code === '23514' && (pg.constraint === 'wallets_balance_not_negative' || /wallets_balance_not_negative/.test(pg.message))) {
    return new HttpError(409, opts.overdraft ?? MONEY_MESSAGES.overBalance);
  }
  return err;
}

const ATTEMPTS = 4;

async function withRetry<T>(run: () => Promise<T>, opts: MoneyTxOptions): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      if (attempt < ATTEMPTS && isRetryable(err)) {
        await new Promise((resolve) => setTimeout(resolve, 5 * attempt + Math.random() * 10));
        continue;
      }
      throw moneyError(err, opts);
    }
  }
}

/** A money operation that is one statement (atomic on its own): no BEGIN/COMMIT round trips. */
export async function moneyStatement<T>(
  app: FastifyInstance,
  fn: (db: FastifyInstance['db']) => Promise<T>,
  opts: MoneyTxOptions = {},
): Promise<T> {
  return withRetry(() => fn(app.db), opts);
}

/**
 * One database transaction for one money operation: all of it or none of it. Deadlocks
 * and serialization failures (not expected: locks are taken in one order) are retried.
 */
export async function moneyTx<T>(app: FastifyInstance, fn: (tx: Tx) => Promise<T>, opts: MoneyTxOptions = {}): Promise<T> {
  return withRetry(() => app.db.transaction(fn), opts);
}
