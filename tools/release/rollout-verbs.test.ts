// Rollouts on a releases root: start, tick (with synthetic health), promote or roll back,
// all recorded in rollouts.json and history.jsonl.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fakeBuild, HOST, REQUIRED } from './fixtures';
import * as release from './index';
import type { Health } from './rollout';

let tmp: string;
beforeEach(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-rollout-'));
});
afterEach(() => {
  fs.rmSync(tmp, { recursive: true, force: true });
});
const root = () => path.join(tmp, 'releases');
const T0 = Date.parse('2026-01-01T00:00:00Z');
const at = (min: number) => new Date(T0 + min * 60_000);
const base = { required: REQUIRED, hostShared: HOST, user: 'ana' };
const plan = { ...release.DEFAULT_PLAN, steps: [10, 50, 100], minLoads: 20, minMinutes: 5 };

function setup() {
  for (const v of ['1.0.0', '1.1.0'])
    release.publish(root(), 'mf_public', { ...base, from: fakeBuild(tmp, { name: 'mf_public', version: v, exposes: ['Landing'] }) });
  return release.startRollout(root(), 'mf_public', '1.1.0', plan, { ...base, now: at(0) });
}
const reg = () => release.readRegistry(root()).mf_public!;
const state = () => release.readRollouts(root()).mf_public;
const healthy = (loads: number): Health => ({
  canary: { loads, failures: 0, errors: 0 },
  stable: { loads: 10 * loads + 1000, failures: 2, errors: 1 },
});

test('a healthy rollout walks its steps on each tick and promotes itself', () => {
  setup();
  expect(reg().canary).toMatchObject({ version: '1.1.0', percent: 10 });
  expect(state()).toMatchObject({ status: 'running', step: 0, startedBy: 'ana' });
  // Refused while it runs: a hand-set percentage, a second rollout.
  expect(() => release.canary(root(), 'mf_public', '1.1.0', 50, base)).toThrow(/a rollout of mf_public 1\.1\.0 is running/);
  expect(() => release.startRollout(root(), 'mf_public', '1.1.0', plan, base)).toThrow(/already running/);

  const ticks: string[] = [];
  const run = (min: number, loads: number) =>
    release.tick(root(), () => healthy(loads), { ...base, now: at(min) }).forEach((r) => ticks.push(`${r.action}@${r.percent}`));
  run(1, 50); // too early
  run(6, 50); // 5 min, 50 loads: → 50 %
  run(8, 200); // too early at 50 %
  run(12, 200); // → 100 %
  run(18, 210); // 100 % has only 10 new loads
  run(19, 400); // → promote
  run(30, 500); // nothing runs any more
  expect(ticks).toEqual(['wait@10', 'advance@50', 'wait@50', 'advance@100', 'wait@100', 'promote@100']);
  expect(reg()).toMatchObject({ stable: { version: '1.1.0' }, previous: ['1.0.0'] });
  expect(reg().canary).toBeUndefined();
  expect(state()).toMatchObject({
    status: 'promoted',
    endedAt: at(19).toISOString(),
    last: { action: 'promote', reason: expect.stringMatching(/passed every step/) },
  });
  const h = release.readHistory(root()).filter((e) => e.verb !== 'publish');
  expect(h.map((e) => `${e.verb}:${e.percent}:${e.user}`)).toEqual([
    'rollout:10:ana',
    'canary:50:rollout',
    'canary:100:rollout',
    'promote:100:rollout',
  ]);
  expect(h[3].reason).toMatch(/passed every step \(10 → 50 → 100 %\)/);
});

test('a canary failing above the stable’s rate is rolled back on the next tick, the reason in history', () => {
  setup();
  release.tick(root(), () => healthy(30), { ...base, now: at(6) }); // → 50 %
  const res = release.tick(
    root(),
    () => ({ canary: { loads: 71, failures: 9, errors: 3 }, stable: { loads: 4995, failures: 5, errors: 0 } }),
    { ...base, now: at(7) },
  );
  expect(res).toEqual([expect.objectContaining({ action: 'rollback', percent: 0 })]);
  expect(reg().canary).toBeUndefined();
  expect(reg().stable.version).toBe('1.0.0');
  expect(state()).toMatchObject({ status: 'rolled-back', last: { action: 'rollback' } });
  const last = release.readHistory(root()).at(-1)!;
  expect(last).toMatchObject({ verb: 'rollback', channel: 'canary', from: '1.1.0', to: '1.0.0', user: 'rollout' });
  expect(last.reason).toMatch(/^breach at 50%: canary error rate 15\.0% .* above the stable's 0\.1% .*Fisher exact p=/);
});

test('no telemetry: ticks wait; a person’s rollback ends the rollout', () => {
  setup();
  expect(release.tick(root(), () => null, { ...base, now: at(60) })).toEqual([
    expect.objectContaining({ action: 'wait', reason: expect.stringMatching(/no telemetry/) }),
  ]);
  expect(reg().canary!.percent).toBe(10);
  release.rollback(root(), 'mf_public', { ...base, user: 'bob' });
  expect(state()).toMatchObject({ status: 'ended', last: { reason: 'rolled back by hand by bob' } });
  expect(release.tick(root(), () => healthy(1000), { ...base, now: at(61) })).toEqual([]);
});

test('a registry changed behind the rollout’s back ends it instead of acting on it', () => {
  setup();
  // Someone edits the registry by hand (not through the tool): the canary is gone.
  const file = path.join(root(), 'remotes.json');
  const r = JSON.parse(fs.readFileSync(file, 'utf8'));
  delete r.mf_public.canary;
  fs.writeFileSync(file, JSON.stringify(r));
  expect(release.tick(root(), () => healthy(1000), { ...base, now: at(10) })).toEqual([expect.objectContaining({ action: 'end' })]);
  expect(state().status).toBe('ended');
  expect(reg().canary).toBeUndefined();
});
