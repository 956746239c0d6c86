// The statistics of a rollout, pure: error rates with Wilson score intervals, and the
// one-sided Fisher exact test of "the canary fails more often than the stable".
//
// Why Fisher: at a 1 % step a canary has tens of loads and a handful of failures, where
// the normal approximation of a z-test is poor; Fisher's test is exact at any count, and
// with log-factorials it is cheap for millions of loads.

/**
 * A version's counts of page views (one outcome per view, the server's signed views):
 * `loads` views that loaded it, `failures` views where loading it failed, `errors` views
 * that loaded it and then caught an error of it. `abandoned` (left while it was loading)
 * and `unknown` (no report before the view expired) are shown but never decide: the rate
 * is over settled views only.
 */
export interface Counts {
  loads: number;
  failures: number;
  errors: number;
  abandoned?: number;
  unknown?: number;
}

/**
 * Bad views (failures + errors) out of settled views (loads + failures: a failed load is an
 * attempt that did not load), never more bad than settled. Abandoned and unknown views are
 * in neither.
 */
export function badOf(c: Counts): { bad: number; n: number } {
  const n = Math.max(0, c.loads) + Math.max(0, c.failures);
  return { bad: Math.min(n, Math.max(0, c.failures) + Math.max(0, c.errors)), n };
}

/** Wilson score interval of k successes in n trials (z 1.96: 95 %). */
export function wilson(k: number, n: number, z = 1.959964): { rate: number; low: number; high: number } {
  if (n <= 0) return { rate: 0, low: 0, high: 1 };
  const p = k / n;
  const z2 = z * z;
  const denom = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denom;
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denom;
  return { rate: p, low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

// log Γ(x) by the Lanczos approximation (g = 7, n = 9), accurate to ~1e-15.
const LANCZOS = [
  0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905,
  -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
];
export function logGamma(x: number): number {
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const y = x - 1;
  let a = LANCZOS[0];
  const t = y + 7.5;
  for (let i = 1; i < 9; i++) a += LANCZOS[i] / (y + i);
  return 0.5 * Math.log(2 * Math.PI) + (y + 0.5) * Math.log(t) - t + Math.log(a);
}
const logChoose = (n: number, k: number) => logGamma(n + 1) - logGamma(k + 1) - logGamma(n - k + 1);

/**
 * One-sided Fisher exact test: the probability, if both versions failed equally often,
 * of the canary showing at least `k1` bad loads out of `n1` given `k1 + k2` bad loads in
 * all (hypergeometric upper tail). Small: the canary is worse.
 */
export function fisherOneSided(k1: number, n1: number, k2: number, n2: number): number {
  const K = k1 + k2;
  const N = n1 + n2;
  if (n1 === 0 || K === 0) return 1;
  const hi = Math.min(K, n1);
  const base = logChoose(N, n1);
  let p = 0;
  for (let k = k1; k <= hi; k++) p += Math.exp(logChoose(K, k) + logChoose(N - K, n1 - k) - base);
  return Math.min(1, p);
}

export interface Comparison {
  canary: { bad: number; n: number; rate: number; low: number; high: number };
  stable: { bad: number; n: number; rate: number; low: number; high: number };
  pValue: number;
  /** canary rate − stable rate (absolute). */
  excess: number;
}

export function compare(canary: Counts, stable: Counts): Comparison {
  const c = badOf(canary);
  const s = badOf(stable);
  return {
    canary: { ...c, ...wilson(c.bad, c.n) },
    stable: { ...s, ...wilson(s.bad, s.n) },
    pValue: fisherOneSided(c.bad, c.n, s.bad, s.n),
    excess: (c.n ? c.bad / c.n : 0) - (s.n ? s.bad / s.n : 0),
  };
}

export const pct = (x: number, digits = 1) => `${(x * 100).toFixed(digits)}%`;
