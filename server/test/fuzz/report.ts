// Records a fuzz run in docs/reliability.md (only when RELIABILITY_REPORT=1).
import { recordCheck as record } from '../report';

export function writeReport(r: {
  seed: number;
  casesPerCaller: number;
  database: string;
  failures: number;
  requests: number;
  routes: number;
  refused: number;
  accepted: number;
  byStatus: Record<number, number>;
}): void {
  if (r.requests === 0) return;
  const statuses = Object.entries(r.byStatus)
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([s, n]) => `${s}×${n}`)
    .join(' ');
  record(`fuzz-${r.database === 'PostgreSQL' ? 'postgres' : 'pglite'}`, {
    tried: `every route (app.routeList) × anonymous, revoked token, investor, owner, admin: schema-generated wrong types, missing/unknown fields, huge and unicode strings, negative/enormous numbers, malformed JSON, multipart, path traversal (seed ${r.seed}, ${r.database})`,
    amount: `${r.requests} requests on ${r.routes} routes (${r.refused} refused, ${r.accepted} accepted)`,
    result:
      r.failures === 0
        ? `0 failures: no 5xx, no stack trace or SQL text, no write on any refusal (tables + uploads fingerprinted after each call); answers ${statuses}`
        : `${r.failures} failures`,
    ok: r.failures === 0,
    details: { byStatus: r.byStatus, seed: r.seed, casesPerCaller: r.casesPerCaller },
  });
}
