// The step machine, pure: no files, no clock.
import { decide, DEFAULT_PLAN, next, start, type Health, type Rollout } from './rollout';

const T0 = new Date('2026-01-01T10:00:00Z');
const at = (min: number) => new Date(T0.getTime() + min * 60_000);
const plan = { ...DEFAULT_PLAN, minLoads: 100, minMinutes: 10 };
const fresh = (): Rollout => start({ remote: 'mf_public', version: '1.1.0', stable: '1.0.0', plan, user: 'ana', now: T0 });
const h = (canary: [number, number, number], stable: [number, number, number]): Health => ({
  canary: { loads: canary[0], failures: canary[1], errors: canary[2] },
  stable: { loads: stable[0], failures: stable[1], errors: stable[2] },
});

test('a new rollout starts at the first step', () => {
  const r = fresh();
  expect(r).toMatchObject({ status: 'running', step: 0, stepStartedAt: T0.toISOString(), last: { action: 'start' } });
  expect(r.plan.steps).toEqual([1, 5, 25, 50, 100]);
});

test('a step holds until it has both its minutes and its loads', () => {
  const r = fresh();
  const early = decide(r, h([500, 0, 0], [50_000, 10, 10]), at(5));
  expect(early).toMatchObject({ action: 'wait', percent: 1, nextDecisionAt: at(10).toISOString(), loadsNeeded: 0 });
  expect(early.reason).toMatch(/holding at 1%: 500\/100 loads, 5\.0\/10 min/);
  const few = decide(r, h([40, 0, 0], [50_000, 10, 10]), at(30));
  expect(few).toMatchObject({ action: 'wait', loadsNeeded: 60 });
  expect(decide(r, h([100, 0, 0], [50_000, 10, 10]), at(10))).toMatchObject({ action: 'advance', percent: 5 });
});

test('no telemetry: the step waits, it never passes blind', () => {
  expect(decide(fresh(), null, at(999))).toMatchObject({ action: 'wait', reason: expect.stringMatching(/no telemetry/) });
});

test('a healthy rollout walks every step, counting each step’s own loads, then promotes', () => {
  let r = fresh();
  let loads = 0;
  let minute = 0;
  const seen: string[] = [];
  for (let i = 0; i < 10 && r.status === 'running'; i++) {
    loads += 150;
    minute += 11;
    const health = h([loads, 1, 0], [100_000, 300, 100]);
    const d = decide(r, health, at(minute));
    seen.push(`${d.action}:${d.percent}`);
    r = next(r, d, health, at(minute));
  }
  expect(seen).toEqual(['advance:5', 'advance:25', 'advance:50', 'advance:100', 'promote:100']);
  expect(r).toMatchObject({
    status: 'promoted',
    endedAt: at(55).toISOString(),
    last: { action: 'promote', reason: expect.stringMatching(/passed every step \(1 → 5 → 25 → 50 → 100 %\)/) },
  });
  // After an advance the next step needs new loads: the baseline is the count at that moment.
  let s = fresh();
  const hh = h([150, 0, 0], [100_000, 0, 0]);
  s = next(s, decide(s, hh, at(11)), hh, at(11));
  expect(s).toMatchObject({ step: 1, stepBaselineLoads: 150, stepStartedAt: at(11).toISOString() });
  expect(decide(s, h([200, 0, 0], [100_000, 0, 0]), at(30))).toMatchObject({ action: 'wait', loadsNeeded: 50 });
});

test('a canary failing above the stable’s rate rolls back at once, even before its step’s minimum', () => {
  const r = fresh();
  const d = decide(r, h([55, 5, 4], [20_000, 20, 20]), at(1));
  expect(d.action).toBe('rollback');
  expect(d.percent).toBe(0);
  expect(d.reason).toMatch(
    /^breach at 1%: canary error rate 15\.0% \(95% CI .*9 bad of 60 loads\) is above the stable's 0\.2% .*Fisher exact p=.* < 0\.05, excess 14\.80 pp > floor 0\.50 pp/,
  );
  expect(next(r, d, null, at(1))).toMatchObject({ status: 'rolled-back', last: { action: 'rollback', reason: d.reason } });
});

test('significant but tiny differences are under the floor: no breach', () => {
  // 0.30 % vs 0.20 % over millions of loads: p tiny, excess 0.1 pp < 0.5 pp.
  const d = decide(fresh(), h([2_000_000, 6000, 0], [2_000_000, 4000, 0]), at(11));
  expect(d.action).toBe('advance');
});

test('not significant: a few failures on few loads do not roll back', () => {
  expect(decide(fresh(), h([100, 1, 0], [20_000, 100, 0]), at(11)).action).toBe('advance');
});

test('no stable baseline: the canary is held to the absolute budget', () => {
  expect(decide(fresh(), h([200, 20, 0], [10, 0, 0]), at(11))).toMatchObject({
    action: 'rollback',
    reason: expect.stringMatching(/above the budget 2\.0%.*no baseline/),
  });
  expect(decide(fresh(), h([200, 1, 0], [10, 0, 0]), at(11)).action).toBe('advance');
});

test('a finished rollout decides nothing', () => {
  const r = { ...fresh(), status: 'rolled-back' as const };
  expect(decide(r, h([1, 1, 0], [1, 0, 0]), at(1))).toMatchObject({ action: 'wait', reason: 'the rollout is rolled-back' });
});
