// Deleting rows past their retention a batch at a time, so a large backlog never holds long
// locks (housekeeping: plugins/housekeeping.ts and the jobs modules give it).
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

/** At most this many rows a statement. */
export const DELETE_BATCH = 5_000;

/** Deletes the rows of `table` matching `where` (trusted SQL, never input); returns how many went. */
export async function deleteInBatches(app: FastifyInstance, table: string, where: string): Promise<number> {
  let total = 0;
  for (;;) {
    const res = (await app.db.execute(
      sql.raw(`DELETE FROM ${table} WHERE ctid IN (SELECT ctid FROM ${table} WHERE ${where} LIMIT ${DELETE_BATCH})`),
    )) as unknown as { rowCount?: number | null; affectedRows?: number };
    const n = Number(res.rowCount ?? res.affectedRows ?? 0);
    total += n;
    if (n < DELETE_BATCH) return total;
  }
}
