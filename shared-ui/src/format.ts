// Display formatters (spec 9: numbers with comma thousands separators). en-US, cached.
const cache = new Map<string, Intl.NumberFormat>();
function nf(key: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  let f = cache.get(key);
  if (!f) {
    f = new Intl.NumberFormat('en-US', options);
    cache.set(key, f);
  }
  return f;
}

const DASH = '—';
const usable = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n);

/** 1234567.891 → "1,234,567.89" (at most `maxDecimals`, default 2). */
export function formatNumber(value: number | null | undefined, maxDecimals = 2): string {
  if (!usable(value)) return DASH;
  return nf(`n${maxDecimals}`, { maximumFractionDigits: maxDecimals }).format(value);
}

export interface MoneyFormatOptions {
  /** 'always' (default) "$1,234.00"; 'auto' drops ".00" on whole amounts; 'never' rounds to dollars. */
  cents?: 'always' | 'auto' | 'never';
}

/** US dollars: 1234.5 → "$1,234.50"; negatives "-$5.00". */
export function formatMoney(value: number | null | undefined, options: MoneyFormatOptions = {}): string {
  if (!usable(value)) return DASH;
  const mode = options.cents ?? 'always';
  const whole = mode === 'never' || (mode === 'auto' && Number.isInteger(Math.round(value * 100) / 100));
  const digits = whole ? 0 : 2;
  return nf(`m${digits}`, { style: 'currency', currency: 'USD', minimumFractionDigits: digits, maximumFractionDigits: digits }).format(
    value,
  );
}

/** A percent number (8 means 8%): 8 → "8%", 6.666 → "6.67%". */
export function formatPercent(value: number | null | undefined, maxDecimals = 2): string {
  if (!usable(value)) return DASH;
  return `${formatNumber(value, maxDecimals)}%`;
}

const dateFormats: Record<'short' | 'long' | 'datetime', Intl.DateTimeFormatOptions> = {
  short: { year: 'numeric', month: 'short', day: 'numeric' },
  long: { year: 'numeric', month: 'long', day: 'numeric' },
  datetime: { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' },
};

/** ISO string, epoch ms or Date → "Jan 5, 2025" ('short', default), "January 5, 2025" ('long') or with the time. */
export function formatDate(value: string | number | Date | null | undefined, style: 'short' | 'long' | 'datetime' = 'short'): string {
  if (value === null || value === undefined || value === '') return DASH;
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return DASH;
  return new Intl.DateTimeFormat('en-US', dateFormats[style]).format(date);
}
