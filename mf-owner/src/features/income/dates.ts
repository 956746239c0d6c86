/** A calendar day from the API ("2026-03-07") shown as that day in any time zone. */
export function day(value: string | null | undefined): string {
  const m = value ? /^(\d{4})-(\d{2})-(\d{2})/.exec(value) : null;
  if (!m) return '—';
  return new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' }).format(
    new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])),
  );
}
