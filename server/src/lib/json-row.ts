// A row as PostgreSQL's to_jsonb() gives it (snake_case keys, timestamps as text) in the
// shape Drizzle selects it (camelCase keys, Date for the *_at columns).
export function jsonRow<T>(json: Record<string, unknown>): T {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(json)) {
    const key = k.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
    out[key] = k.endsWith('_at') && typeof v === 'string' ? new Date(v) : v;
  }
  return out as T;
}
