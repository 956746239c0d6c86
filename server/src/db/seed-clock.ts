// The demo seed tells months of history through the live money paths, but the database stamps
// every money row with now() and refuses to change it afterwards (append-only ledger and
// trades, frozen decision times). So the seed runs today and then moves its own rows into
// the past the way a restore of a dated snapshot would: with the triggers off for that one
// transaction (session_replication_role = replica, a superuser's setting), once, on a
// database it has just filled, before anyone signs in. No money rule is loosened for the
// application; the invariant check runs right after and the seed fails if anything is off.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

interface Mark {
  /** The database's clock when the step began. */
  at: string;
  /** When the step is to have happened; null: it stays where it is. */
  to: Date | null;
}

/** Columns that hold when something falls due, not when it happened: left as they are. */
const NOT_HISTORY = /expire|_next_at|good_until/;

export class SeedClock {
  private readonly marks: Mark[] = [];

  constructor(private readonly app: FastifyInstance) {}

  private async clock(): Promise<string> {
    const res = (await this.app.db.execute(sql`SELECT clock_timestamp()::text AS t`)) as unknown as { rows: { t: string }[] };
    return res.rows[0].t;
  }

  /** What the seed does from here on happened at `when` (plus the seconds it takes). */
  async at(when: Date): Promise<void> {
    // A step dated later than now (today's noon, before noon) simply keeps its own time.
    this.marks.push({ at: await this.clock(), to: when.getTime() < Date.now() ? when : null });
  }

  /** From here on the seed's rows keep today's time. */
  async today(): Promise<void> {
    this.marks.push({ at: await this.clock(), to: null });
  }

  /**
   * Moves every row written between marks to its step's date: each timestamp column of
   * every table, by the same offset within a step, so the order of events is kept. Returns
   * false (and changes nothing) where the database refuses the setting, e.g. a PostgreSQL
   * role that is not a superuser: the history then stays dated today.
   */
  async apply(): Promise<boolean> {
    if (this.marks.length === 0) return true;
    const steps = this.marks.map((m, i) => ({
      from: m.at,
      until: this.marks[i + 1]?.at ?? null,
      shift: m.to === null ? null : m.to.toISOString(),
    }));
    const columns = (
      (await this.app.db.execute(sql`
        SELECT c.table_name AS t, c.column_name AS c
        FROM information_schema.columns c JOIN information_schema.tables tb USING (table_schema, table_name)
        WHERE c.table_schema = current_schema() AND tb.table_type = 'BASE TABLE'
          AND c.data_type = 'timestamp with time zone'
          AND c.table_name NOT IN ('schema_migrations', 'schema_rules')
        ORDER BY 1, 2`)) as unknown as { rows: { t: string; c: string }[] }
    ).rows.filter((r) => !NOT_HISTORY.test(r.c));
    try {
      await this.app.db.transaction(async (tx) => {
        await tx.execute(sql`SET LOCAL session_replication_role = replica`);
        const moves = sql.join(
          steps.map((s) => sql`(${s.from}::timestamptz, ${s.until}::timestamptz, ${s.shift}::timestamptz)`),
          sql`, `,
        );
        // One statement per table, all its columns at once: a row's CHECK comparing two of its
        // times (a vote's close after its opening) holds before and after, never in between.
        const byTable = new Map<string, string[]>();
        for (const { t, c } of columns) byTable.set(t, [...(byTable.get(t) ?? []), c]);
        for (const [t, cols] of byTable) {
          const sets = cols.map((c) => {
            const col = sql.identifier(c);
            return sql`${col} = coalesce((SELECT m.shift + (r.${col} - m.since) FROM (VALUES ${moves}) AS m(since, until, shift)
              WHERE m.shift IS NOT NULL AND r.${col} >= m.since AND (m.until IS NULL OR r.${col} < m.until)), r.${col})`;
          });
          await tx.execute(sql`UPDATE ${sql.identifier(t)} AS r SET ${sql.join(sets, sql`, `)}`);
        }
      });
    } catch (err) {
      if ((err as { code?: string }).code === '42501') {
        this.app.log.warn('the demo history keeps today’s dates: moving it needs a superuser (session_replication_role)');
        return false;
      }
      throw err;
    }
    return true;
  }
}

export const DAY_MS = 86_400_000;

/** Midday `days` days before today (UTC): a step's date, clear of day boundaries. */
export function daysAgo(days: number): Date {
  const d = new Date();
  d.setUTCHours(12, 0, 0, 0);
  d.setUTCDate(d.getUTCDate() - days);
  return d;
}
