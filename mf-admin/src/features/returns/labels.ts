/** A calendar day from the API ("2026-03-07") shown as that day anywhere. */
export function day(value: string | null | undefined): string {
  const m = value ? /^(\d{4})-(\d{2})-(\d{2})/.exec(value) : null;
  if (!m) return '—';
  return new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' }).format(
    new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])),
  );
}

export const period = (p: { periodStart: string; periodEnd: string }) => `${day(p.periodStart)} – ${day(p.periodEnd)}`;

/** Today (UTC) as YYYY-MM-DD, as the server's dates. */
export const todayUtc = (now = new Date()) => now.toISOString().slice(0, 10);

/** YYYY-MM-DD plus `n` days (UTC). */
export function addDays(isoDay: string, n: number): string {
  const d = new Date(`${isoDay}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** A dollar amount typed in a field: digits with at most two decimals, or null. */
export function parseDollars(text: string): number | null {
  const t = text.trim().replace(/,/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(t)) return null;
  return Number(t);
}
