// The query plans behind a request on PostgreSQL: the SELECTs the app's pg client sends while
// `run` runs, each EXPLAINed on its own connection in the app's schema. Tests of reads at scale
// assert on these (an index, never a sequential scan of a big table).
import pg from 'pg';
import type { Config } from '../src/config';

export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}
export const nodesOf = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).flatMap(nodesOf)];

/** The SELECTs the app's pg client sends while `run` runs. */
export async function selectsDuring(run: () => Promise<unknown>): Promise<{ text: string; values: unknown[] }[]> {
  const seen: { text: string; values: unknown[] }[] = [];
  const proto = pg.Client.prototype as unknown as { query: (...a: unknown[]) => unknown };
  const original = proto.query;
  proto.query = function (this: unknown, ...a: unknown[]) {
    const c = a[0] as { text?: string; values?: unknown[] } | string;
    const text = typeof c === 'string' ? c : c?.text;
    if (text && /^\s*select/i.test(text))
      seen.push({ text, values: (Array.isArray(a[1]) ? a[1] : typeof c === 'object' ? c.values : []) ?? [] });
    return original.apply(this, a);
  };
  try {
    await run();
  } finally {
    proto.query = original;
  }
  return seen;
}

/** The plan of each SELECT sent while `run` runs that `keep` accepts (by its text), as a flat list of nodes. */
export async function plansDuring(config: Config, run: () => Promise<unknown>, keep: (text: string) => boolean): Promise<PlanNode[][]> {
  const statements = (await selectsDuring(run)).filter((s) => keep(s.text));
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL, options: `-c search_path=${config.databaseSchema}` });
  await client.connect();
  try {
    const out: PlanNode[][] = [];
    for (const st of statements) {
      const r = await client.query(`EXPLAIN (FORMAT JSON) ${st.text}`, st.values);
      out.push(nodesOf((r.rows[0]['QUERY PLAN'] as { Plan: PlanNode }[])[0].Plan));
    }
    return out;
  } finally {
    await client.end();
  }
}
