// Running totals by day for the dashboards' charts (the admin's platform figures and each
// person's own), one point a day.
import { centsToDollars } from 'shared-api/contract';

export const MONEY_TREND_DAYS = 30;

/**
 * Money invested (COMPLETED orders, by the day they completed) as a running total over
 * the last 30 days, one point a day; [] when nothing was ever invested.
 */
export function cumulativeSeries(
  byDay: { day: string; cents: string | number }[],
  days = MONEY_TREND_DAYS,
): { date: string; amount: number }[] {
  if (byDay.length === 0) return [];
  const now = new Date();
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const dates = Array.from({ length: days }, (_, i) => new Date(today - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10));
  let running = byDay.filter((d) => d.day < dates[0]).reduce((a, d) => a + Number(d.cents), 0);
  const map = new Map(byDay.map((d) => [d.day, Number(d.cents)]));
  return dates.map((date) => {
    running += map.get(date) ?? 0;
    return { date, amount: centsToDollars(running) };
  });
}
