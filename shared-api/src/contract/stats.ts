// Error-rate statistics for remote health (issue 17): the server's telemetry summary and the
// release tool's rollout decisions use the same functions. Pure, dependency-free.
// Not exported from ./index (the browsers never need it): import 'shared-api/stats'.

/** z for a two-sided 95 % interval. */
export const Z95 = 1.959963984540054;

export interface Interval {
  low: number;
  high: number;
}

/**
 * Wilson score interval of a proportion (`bad` of `n`): unlike the normal approximation it
 * stays inside [0, 1] and is sensible for small n and rates near 0, as error rates are.
 * n = 0 → [0, 1] (nothing is known).
 */
export function wilsonInterval(bad: number, n: number, z = Z95): Interval {
  if (!Number.isFinite(bad) || !Number.isFinite(n) || n < 0 || bad < 0 || bad > n)
    throw new RangeError(`wilsonInterval: need 0 <= bad <= n, got ${bad} of ${n}`);
  if (n === 0) return { low: 0, high: 1 };
  const p = bad / n;
  const z2 = z * z;
  const denom = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denom;
  const half = (z / denom) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

/** Standard normal cumulative distribution (Abramowitz–Stegun 7.1.26 erf, |error| < 1.5e-7). */
export function normalCdf(x: number): number {
  const t = 1 / (1 + 0.3275911 * (Math.abs(x) / Math.SQRT2));
  const poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const erf = 1 - poly * Math.exp(-(x * x) / 2);
  return x >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

export interface Proportion {
  bad: number;
  n: number;
}
export interface Comparison {
  /** The test used, stated so reports can print it. */
  test: 'two-proportion z-test (pooled), one-sided';
  /** Canary rate minus stable rate. */
  difference: number;
  z: number;
  /** P(a difference at least this large | the canary is no worse than the stable). */
  pValue: number;
  /** pValue < alpha: the canary's error rate is higher than the stable's. */
  worse: boolean;
  alpha: number;
}

/**
 * Is the canary's error rate higher than the stable's? One-sided two-proportion z-test with
 * the pooled rate: z = (p_c − p_s) / sqrt(p(1−p)(1/n_c + 1/n_s)). With no data on either
 * side, or no error anywhere, z = 0 and p = 0.5 (no evidence either way).
 */
export function compareProportions(canary: Proportion, stable: Proportion, alpha = 0.05): Comparison {
  for (const s of [canary, stable]) wilsonInterval(s.bad, s.n); // validates
  const test = 'two-proportion z-test (pooled), one-sided' as const;
  if (canary.n === 0 || stable.n === 0) return { test, difference: 0, z: 0, pValue: 0.5, worse: false, alpha };
  const pc = canary.bad / canary.n;
  const ps = stable.bad / stable.n;
  const pooled = (canary.bad + stable.bad) / (canary.n + stable.n);
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / canary.n + 1 / stable.n));
  const z = se === 0 ? 0 : (pc - ps) / se;
  const pValue = 1 - normalCdf(z);
  return { test, difference: pc - ps, z, pValue, worse: pValue < alpha, alpha };
}
