// The progressive rollout's step machine, pure: (rollout, health, now) → decision, and
// (rollout, decision, health, now) → the next rollout. No files, no network, no clock.
//
// The test, at every tick of every step (README "Rollouts"): the canary's bad-view rate
// (load failures + errors caught on the page, over settled page views since the rollout
// began: abandoned views and views whose report never came are not in it) is
// compared with the stable's by a one-sided Fisher exact test. It is a BREACH, and the
// rollout rolls back at once, when p < alpha (default 0.05) AND the canary's rate exceeds
// the stable's by more than the absolute floor (default 0.5 percentage points: a
// difference too small to matter is not a breach, however many loads prove it). While the
// stable has fewer than `minLoads` loads (no baseline), a breach is instead the canary's
// Wilson 95 % lower bound above the budget (default 2 %). A step PASSES once it has held
// for `minMinutes` and the canary has had `minLoads` loads during it, with no breach; the
// last step (100 %) passing promotes the canary.
import type { Approval } from './approval';
import { compare, pct, type Comparison, type Counts } from './stats';

export interface RolloutPlan {
  steps: number[];
  minLoads: number;
  minMinutes: number;
  alpha: number;
  /** Absolute excess of the canary's rate over the stable's that a breach needs (0.005: 0.5 pp). */
  floor: number;
  /** With no stable baseline: the canary's worst tolerated rate (0.02: 2 %). */
  budget: number;
}

export const DEFAULT_PLAN: RolloutPlan = {
  steps: [1, 5, 25, 50, 100],
  minLoads: 200,
  minMinutes: 10,
  alpha: 0.05,
  floor: 0.005,
  budget: 0.02,
};

export type RolloutStatus = 'running' | 'promoted' | 'rolled-back' | 'ended';
export type Action = 'start' | 'wait' | 'advance' | 'promote' | 'rollback' | 'end';

export interface Rollout {
  remote: string;
  version: string;
  stable: string;
  plan: RolloutPlan;
  status: RolloutStatus;
  /** Index into plan.steps. */
  step: number;
  startedAt: string;
  startedBy: string;
  stepStartedAt: string;
  /** The canary's load count when this step began (its loads during the step = now − this). */
  stepBaselineLoads: number;
  last: { time: string; action: Action; reason: string };
  endedAt?: string;
  /** A manual approval before the last step (approval.ts). */
  approval?: Approval;
}

export interface Health {
  canary: Counts;
  stable: Counts;
}

export interface Decision {
  action: 'wait' | 'advance' | 'promote' | 'rollback';
  reason: string;
  /** The canary percentage after this decision. */
  percent: number;
  /** Not before this time will the step pass (holding time). */
  nextDecisionAt?: string;
  /** Loads the step still needs. */
  loadsNeeded?: number;
  comparison?: Comparison;
}

const rateText = (c: Comparison['canary']) => `${pct(c.rate)} (95% CI ${pct(c.low)}–${pct(c.high)}, ${c.bad} bad of ${c.n} loads)`;

/** The canary's views that do not decide, when there are any: `; 3 abandoned, 1 unknown not counted`. */
function unsettledText(c: Counts): string {
  const parts = [...(c.abandoned ? [`${c.abandoned} abandoned`] : []), ...(c.unknown ? [`${c.unknown} unknown`] : [])];
  return parts.length ? `; ${parts.join(', ')} not counted` : '';
}

/** Is the canary significantly worse? The reason when it is, else null. */
export function breach(plan: RolloutPlan, cmp: Comparison): string | null {
  if (cmp.stable.n >= plan.minLoads) {
    if (cmp.pValue < plan.alpha && cmp.excess > plan.floor) {
      return `canary error rate ${rateText(cmp.canary)} is above the stable's ${rateText(cmp.stable)}: one-sided Fisher exact p=${cmp.pValue.toPrecision(2)} < ${plan.alpha}, excess ${(cmp.excess * 100).toFixed(2)} pp > floor ${(plan.floor * 100).toFixed(2)} pp`;
    }
    return null;
  }
  if (cmp.canary.n > 0 && cmp.canary.low > plan.budget) {
    return `canary error rate ${rateText(cmp.canary)}: its 95% lower bound ${pct(cmp.canary.low)} is above the budget ${pct(plan.budget)} (the stable has only ${cmp.stable.n} loads, no baseline)`;
  }
  return null;
}

export function decide(r: Rollout, health: Health | null, now: Date): Decision {
  const percent = r.plan.steps[r.step];
  if (r.status !== 'running') return { action: 'wait', reason: `the rollout is ${r.status}`, percent };
  const holdUntil = new Date(Date.parse(r.stepStartedAt) + r.plan.minMinutes * 60_000);
  if (!health) {
    return {
      action: 'wait',
      reason: 'no telemetry: the step waits (it neither passes nor fails blind)',
      percent,
      nextDecisionAt: holdUntil.toISOString(),
    };
  }
  const cmp = compare(health.canary, health.stable);
  const why = breach(r.plan, cmp);
  if (why) return { action: 'rollback', reason: `breach at ${percent}%: ${why}`, percent: 0, comparison: cmp };

  const stepLoads = Math.max(0, cmp.canary.n - r.stepBaselineLoads);
  const loadsNeeded = Math.max(0, r.plan.minLoads - stepLoads);
  const minutes = (now.getTime() - Date.parse(r.stepStartedAt)) / 60_000;
  if (loadsNeeded > 0 || now < holdUntil) {
    return {
      action: 'wait',
      reason: `holding at ${percent}%: ${stepLoads}/${r.plan.minLoads} loads, ${Math.max(0, minutes).toFixed(1)}/${r.plan.minMinutes} min; canary ${pct(cmp.canary.rate)} vs stable ${pct(cmp.stable.rate)}${unsettledText(health.canary)}`,
      percent,
      nextDecisionAt: (now < holdUntil ? holdUntil : now).toISOString(),
      loadsNeeded,
      comparison: cmp,
    };
  }
  const summary = `canary ${rateText(cmp.canary)} vs stable ${rateText(cmp.stable)}, p=${cmp.pValue.toPrecision(2)}${unsettledText(health.canary)}`;
  if (r.step >= r.plan.steps.length - 1) {
    return { action: 'promote', reason: `passed every step (${r.plan.steps.join(' → ')} %): ${summary}`, percent: 100, comparison: cmp };
  }
  const next = r.plan.steps[r.step + 1];
  return {
    action: 'advance',
    reason: `passed ${percent}% (${stepLoads} loads, ${minutes.toFixed(1)} min): ${summary}; now ${next}%`,
    percent: next,
    comparison: cmp,
  };
}

/** The rollout after `d` was carried out at `now`. */
export function next(r: Rollout, d: Decision, health: Health | null, now: Date): Rollout {
  const time = now.toISOString();
  const last = { time, action: d.action, reason: d.reason };
  switch (d.action) {
    case 'wait':
      return { ...r, last };
    case 'advance': {
      const loads = health ? compare(health.canary, health.stable).canary.n : r.stepBaselineLoads;
      return { ...r, step: r.step + 1, stepStartedAt: time, stepBaselineLoads: loads, last };
    }
    case 'promote':
      return { ...r, status: 'promoted', endedAt: time, last };
    case 'rollback':
      return { ...r, status: 'rolled-back', endedAt: time, last };
  }
}

export function start(o: {
  remote: string;
  version: string;
  stable: string;
  plan: RolloutPlan;
  user: string;
  now: Date;
  baselineLoads?: number;
}): Rollout {
  const time = o.now.toISOString();
  return {
    remote: o.remote,
    version: o.version,
    stable: o.stable,
    plan: o.plan,
    status: 'running',
    step: 0,
    startedAt: time,
    startedBy: o.user,
    stepStartedAt: time,
    stepBaselineLoads: o.baselineLoads ?? 0,
    last: { time, action: 'start', reason: `started at ${o.plan.steps[0]}% by ${o.user}` },
  };
}
