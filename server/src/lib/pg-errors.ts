// PostgreSQL error codes, whether raised by pg or PGlite, wrapped by Drizzle or not.
export interface PgErrorInfo {
  code: string;
  message: string;
  constraint?: string;
}

/** The database error inside `err` (Drizzle wraps it in `cause`), if there is one. */
export function pgError(err: unknown): PgErrorInfo | undefined {
  let e: unknown = err;
  for (let i = 0; i < 4 && e && typeof e === 'object'; i++) {
    const { code, message, constraint } = e as { code?: unknown; message?: unknown; constraint?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
      return {
        code,
        message: typeof message === 'string' ? message : '',
        constraint: typeof constraint === 'string' ? constraint : undefined,
      };
    }
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

const pgCode = (err: unknown): string | undefined => pgError(err)?.code;

export const isUniqueViolation = (err: unknown) => pgCode(err) === '23505';
export const isCheckViolation = (err: unknown) => pgCode(err) === '23514';
export const isForeignKeyViolation = (err: unknown) => pgCode(err) === '23503';
/**
 * Serialization failure or deadlock: the transaction may simply be run again. So may a
 * statement whose Idempotency-Key a twin request kept first (place_order keeps its key at
 * the end): run again, it answers with the twin's result.
 */
export const isRetryable = (err: unknown) => {
  const e = pgError(err);
  return e !== undefined && (['40001', '40P01'].includes(e.code) || (e.code === '23505' && e.constraint === 'idempotency_keys_pkey'));
};
