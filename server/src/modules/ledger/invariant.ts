// The money invariants (the rule money_invariant_violations): every wallet, entry, hold,
// holding and trade agrees with the others. [] when all hold.
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';

export interface InvariantViolation {
  invariant: string;
  detail: string;
}

export async function invariantViolations(db: Executor): Promise<InvariantViolation[]> {
  const res = (await db.execute(sql`SELECT invariant, detail FROM money_invariant_violations()`)) as unknown as {
    rows: InvariantViolation[];
  };
  return res.rows;
}
