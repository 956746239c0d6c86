// A row as PostgreSQL's to_jsonb() gives it (snake_case keys, timestamps as text) in the
// shape Drizzle selects it (camelCase keys, Date for the *_at columns).

// Column names are few and repeat on every row: each is converted once (a regex replace per
// key per row was the API's largest single cost per order placed).
const camel = new Map<string, string>();
const camelOf = (k: string): string => {
  let c = camel.get(k);
  if (c === undefined) {
    c = k.replace(/_([a-z0-9])/g, (_, ch: string) => ch.toUpperCase());
    if (camel.size < 10_000) camel.set(k, c);
  }
  return c;
};

export function jsonRow<T>(json: Record<string, unknown>): T {
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(json)) {
    const v = json[k];
    out[camelOf(k)] = typeof v === 'string' && k.endsWith('_at') ? new Date(v) : v;
  }
  return out as T;
}
