// `rollout … --approve-before-last`: the step before the last holds until `approve`, and
// says why on every tick; a breach still rolls back while it waits.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fakeBuild, HOST, REQUIRED } from './fixtures';
import * as release from './index';
import type { Health } from './rollout';

let tmp: string;
beforeEach(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-approval-'));
});
afterEach(() => {
  fs.rmSync(tmp, { recursive: true, force: true });
});
const root = () => path.join(tmp, 'releases');
const T0 = Date.parse('2026-01-01T00:00:00Z');
const at = (min: number) => new Date(T0 + min * 60_000);
const base = { required: REQUIRED, hostShared: HOST, user: 'ana' };
const plan = { ...release.DEFAULT_PLAN, steps: [10, 50, 100], minLoads: 20, minMinutes: 5 };
const healthy = (loads: number): Health => ({
  canary: { loads, failures: 0, errors: 0 },
  stable: { loads: 10 * loads + 1000, failures: 2, errors: 1 },
});

function setup(approveBeforeLast = true) {
  for (const v of ['1.0.0', '1.1.0'])
    release.publish(root(), 'mf_public', { ...base, from: fakeBuild(tmp, { name: 'mf_public', version: v, exposes: ['Landing'] }) });
  return release.startRollout(root(), 'mf_public', '1.1.0', plan, { ...base, now: at(0), approveBeforeLast });
}
const tick = (min: number, h: Health) => release.tick(root(), () => h, { ...base, now: at(min) });
const state = () => release.readRollouts(root()).mf_public;
const canary = () => release.readRegistry(root()).mf_public!.canary;

test('the last step waits for approval, with the reason on each tick; approve lets it through', () => {
  expect(setup().approval).toEqual({ beforeLast: true });
  expect(release.readHistory(root()).at(-1)!.reason).toMatch(/approval needed before the last step/);
  expect(() => release.approve(root(), 'mf_admin', base)).toThrow(/no rollout of mf_admin is running/);

  expect(tick(6, healthy(30))).toEqual([expect.objectContaining({ action: 'advance', percent: 50 })]);
  // 50 % passed: instead of 100 %, the first tick says it waits (the webhook's event) …
  const first = tick(12, healthy(100));
  expect(first).toEqual([expect.objectContaining({ action: 'wait-for-approval', percent: 50 })]);
  expect(first[0].reason).toMatch(
    /^waiting for approval before the last step \(100%\): passed 50% .*npm run release -- approve mf_public$/,
  );
  expect(canary()).toMatchObject({ version: '1.1.0', percent: 50 });
  expect(state()).toMatchObject({ status: 'running', step: 1, approval: { waitingSince: at(12).toISOString() } });
  // … the next ones wait, saying since when.
  const again = tick(20, healthy(300));
  expect(again).toEqual([expect.objectContaining({ action: 'wait', percent: 50 })]);
  expect(again[0].reason).toMatch(new RegExp(`waiting for approval since ${at(12).toISOString()}`));
  expect(state().last).toMatchObject({ action: 'wait', reason: again[0].reason });

  const approved = release.approve(root(), 'mf_public', { ...base, user: 'bob', now: at(21) });
  expect(approved.approval).toMatchObject({ approvedBy: 'bob', approvedAt: at(21).toISOString() });
  expect(() => release.approve(root(), 'mf_public', base)).toThrow(/approved already, by bob/);
  expect(release.readHistory(root()).at(-1)).toMatchObject({ verb: 'approve', user: 'bob', to: '1.1.0', percent: 50 });

  expect(tick(22, healthy(320))).toEqual([expect.objectContaining({ action: 'advance', percent: 100 })]);
  expect(canary()!.percent).toBe(100);
  expect(tick(30, healthy(400))).toEqual([expect.objectContaining({ action: 'promote' })]);
  expect(release.readRegistry(root()).mf_public!.stable.version).toBe('1.1.0');
});

test('a breach while waiting for approval still rolls back', () => {
  setup();
  tick(6, healthy(30));
  tick(12, healthy(100));
  const res = tick(13, { canary: { loads: 150, failures: 30, errors: 5 }, stable: { loads: 5000, failures: 5, errors: 0 } });
  expect(res).toEqual([expect.objectContaining({ action: 'rollback', percent: 0 })]);
  expect(canary()).toBeUndefined();
  expect(() => release.approve(root(), 'mf_public', base)).toThrow(/no rollout of mf_public is running/);
});

test('a rollout without --approve-before-last needs no approval and is not held', () => {
  setup(false);
  expect(() => release.approve(root(), 'mf_public', base)).toThrow(/started without --approve-before-last/);
  tick(6, healthy(30));
  expect(tick(12, healthy(100))).toEqual([expect.objectContaining({ action: 'advance', percent: 100 })]);
});

test('a plan without a step before the last cannot ask for approval', () => {
  for (const v of ['1.0.0', '1.1.0'])
    release.publish(root(), 'mf_public', { ...base, from: fakeBuild(tmp, { name: 'mf_public', version: v, exposes: ['Landing'] }) });
  expect(() => release.startRollout(root(), 'mf_public', '1.1.0', { ...plan, steps: [100] }, { ...base, approveBeforeLast: true })).toThrow(
    /needs a step before the last one/,
  );
});

test('an approval given early is used when the last step comes', () => {
  setup();
  release.approve(root(), 'mf_public', { ...base, now: at(1) });
  tick(6, healthy(30));
  expect(tick(12, healthy(100))).toEqual([expect.objectContaining({ action: 'advance', percent: 100 })]);
});
