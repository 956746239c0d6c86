import { formatDate } from 'shared-ui/core';

/** A calendar day from the API ("2026-03-07", UTC) shown as that same day in any time zone. */
export function formatDay(day: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return formatDate(day);
  return formatDate(new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
}

/** Today as YYYY-MM-DD in the user's time zone (file names). */
export function todayStamp(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
