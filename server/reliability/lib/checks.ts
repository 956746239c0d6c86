// Compares what the clients were told (the acknowledgement log) with the database, and
// runs the ledger's own invariant check (money_invariant_violations()).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import type { AckLog } from './load';
import { ROOT } from './proc';

export type Query = (sqls: string[]) => Promise<Record<string, unknown>[][]>;

/** PostgreSQL, in one schema. */
export function postgresQuery(url: string, schema: string): Query {
  return async (sqls) => {
    const client = new pg.Client({
      connectionString: url,
      options: `-c search_path=${schema}`,
      connectionTimeoutMillis: 10_000,
      query_timeout: 120_000,
    });
    await client.connect();
    try {
      const out: Record<string, unknown>[][] = [];
      for (const q of sqls) out.push((await client.query(q)).rows);
      return out;
    } finally {
      await client.end();
    }
  };
}

/** A PGlite data folder, opened in a child process once its server has stopped. */
export function pgliteQuery(dir: string): Query {
  return async (sqls) => {
    const r = spawnSync(process.execPath, [path.join(__dirname, 'pglite-query.cjs'), dir], {
      input: JSON.stringify(sqls),
      cwd: ROOT,
      maxBuffer: 256 * 1024 * 1024,
      timeout: 180_000,
    });
    if (r.status !== 0) throw new Error(`pglite query failed: ${r.stderr?.toString() ?? r.error}`);
    return JSON.parse(r.stdout.toString('utf8')) as Record<string, unknown>[][];
  };
}

export interface Verdict {
  acknowledged: { orders: number; paidCheckouts: number; payouts: number };
  inDatabase: { orders: number; ledgerEntries: number };
  missing: string[];
  wrongState: string[];
  unknownToClients: string[];
  /** Orders not created through an Idempotency-Key (every order of the load has one), or two keys naming one order. */
  duplicateKeys: number;
  unresolved: string[];
  invariantViolations: { invariant: string; detail: string }[];
  ok: boolean;
}

export async function verify(log: AckLog, query: Query): Promise<Verdict> {
  const [orders, checkouts, payouts, keys, violations, entries] = await query([
    'SELECT id::text AS id, status FROM orders',
    "SELECT id::text AS id, status FROM checkouts WHERE purpose = 'DEPOSIT'",
    'SELECT id::text AS id, status FROM payouts',
    // The order each Idempotency-Key created: place_order stores its result { order, property,
    // images } with the key (`result`; a key from before migration 1020 has it in `response`).
    "SELECT coalesce(result, response)->'order'->>'id' AS id FROM idempotency_keys WHERE coalesce(result, response) ? 'order'",
    'SELECT invariant, detail FROM money_invariant_violations()',
    'SELECT count(*)::int AS n FROM ledger_entries',
  ]);
  const dbOrders = new Map(orders.map((r) => [String(r.id), String(r.status)]));
  const dbCheckouts = new Map(checkouts.map((r) => [String(r.id), String(r.status)]));
  const dbPayouts = new Map(payouts.map((r) => [String(r.id), String(r.status)]));
  const missing: string[] = [];
  const wrongState: string[] = [];
  for (const [id, a] of log.orders) {
    const s = dbOrders.get(id);
    if (!s) missing.push(`order ${id} (acknowledged ${a.status})`);
    else if (s !== a.status && !a.uncertain.has(s as never)) wrongState.push(`order ${id}: acknowledged ${a.status}, database ${s}`);
  }
  for (const id of log.paidCheckouts) {
    const s = dbCheckouts.get(id);
    if (!s) missing.push(`checkout ${id} (acknowledged PAID)`);
    else if (s !== 'PAID') wrongState.push(`checkout ${id}: acknowledged PAID, database ${s}`);
  }
  for (const [id, a] of log.payouts) {
    const s = dbPayouts.get(id);
    if (!s) missing.push(`payout ${id} (acknowledged ${a.status})`);
    else if (s !== a.status && !a.uncertain.has(s as never)) wrongState.push(`payout ${id}: acknowledged ${a.status}, database ${s}`);
  }
  // An order no client ever heard of would be a write whose retry was lost.
  const unknownToClients = [...dbOrders.keys()].filter((id) => !log.orders.has(id));
  const keyOrders = keys.map((r) => String(r.id));
  const keyed = new Set(keyOrders);
  const duplicateKeys = keyOrders.length - keyed.size + [...dbOrders.keys()].filter((id) => !keyed.has(id)).length;
  const invariantViolations = violations as { invariant: string; detail: string }[];
  const verdict: Verdict = {
    acknowledged: { orders: log.orders.size, paidCheckouts: log.paidCheckouts.size, payouts: log.payouts.size },
    inDatabase: { orders: dbOrders.size, ledgerEntries: Number(entries[0]?.n ?? 0) },
    missing,
    wrongState,
    unknownToClients,
    duplicateKeys,
    unresolved: [...log.unresolved],
    invariantViolations,
    ok: false,
  };
  verdict.ok =
    missing.length === 0 &&
    wrongState.length === 0 &&
    unknownToClients.length === 0 &&
    duplicateKeys === 0 &&
    log.unresolved.length === 0 &&
    invariantViolations.length === 0;
  return verdict;
}
