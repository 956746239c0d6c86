// prune --keep N: never a live version, one in a running rollout, one of the last N, or one
// live within the last 24 hours (open tabs may still load its chunks).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fakeBuild, HOST, REQUIRED } from './fixtures';
import * as release from './index';

let tmp: string;
beforeEach(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-prune-'));
});
afterEach(() => {
  fs.rmSync(tmp, { recursive: true, force: true });
});
const root = () => path.join(tmp, 'releases');
const HOUR = 3_600_000;
const T0 = Date.parse('2026-01-01T00:00:00Z');
const at = (h: number) => new Date(T0 + h * HOUR);
const opts = (h: number) => ({ required: REQUIRED, hostShared: HOST, user: 'tester', now: at(h) });
const pub = (v: string, h = 0) =>
  release.publish(root(), 'mf_public', { ...opts(h), from: fakeBuild(tmp, { name: 'mf_public', version: v, exposes: ['Landing'] }) });
const versions = () => release.published(root(), 'mf_public');

test('deletes old versions that nothing needs; keeps live, the last N, the 24 h window', () => {
  for (const v of ['1.0.0', '1.1.0', '1.2.0', '1.3.0', '1.4.0', '1.5.0', '1.6.0']) pub(v);
  // 1.0.0 stable; 1.1.0 promoted at hour 1; 1.2.0 promoted at hour 2; 1.3.0 canary at hour 30 then ended.
  release.promote(root(), 'mf_public', '1.1.0', opts(1));
  release.promote(root(), 'mf_public', '1.2.0', opts(2));
  release.canary(root(), 'mf_public', '1.3.0', 10, opts(30));
  release.rollback(root(), 'mf_public', opts(31));
  // Now = hour 40: 1.3.0 was live (canary) 9-10 h ago; 1.0.0 and 1.1.0 were live more than 24 h ago.
  const dry = release.prune(root(), 2, { now: at(40), user: 'tester', dryRun: true });
  const pub1 = dry.find((r) => r.remote === 'mf_public')!;
  expect(pub1.deleted).toEqual(['1.0.0', '1.1.0', '1.4.0']);
  expect(Object.fromEntries(pub1.kept.map((k) => [k.version, k.why]))).toEqual({
    '1.2.0': 'stable',
    '1.3.0': 'live within the last 24 h (open tabs)',
    '1.5.0': 'among the last 2',
    '1.6.0': 'among the last 2',
  });
  expect(versions()).toHaveLength(7); // a dry run deletes nothing

  const res = release.prune(root(), 2, { now: at(40), user: 'tester' });
  expect(res.find((r) => r.remote === 'mf_public')!.deleted).toEqual(['1.0.0', '1.1.0', '1.4.0']);
  expect(versions()).toEqual(['1.2.0', '1.3.0', '1.5.0', '1.6.0']);
  // The registry no longer offers deleted versions for rollback or telemetry.
  const reg = release.readRegistry(root()).mf_public!;
  expect(reg.previous ?? []).toEqual([]);
  expect(reg.published).toEqual(['1.2.0', '1.3.0', '1.5.0', '1.6.0']);
  expect(release.readHistory(root()).at(-1)).toMatchObject({ verb: 'prune', remote: 'mf_public', deleted: ['1.0.0', '1.1.0', '1.4.0'] });
  // Once 1.3.0's window has passed, it goes too.
  expect(release.prune(root(), 2, { now: at(60), user: 'tester' }).find((r) => r.remote === 'mf_public')!.deleted).toEqual(['1.3.0']);
});

test('a version live until a moment ago is kept; so is a running rollout’s', () => {
  for (const v of ['1.0.0', '1.1.0', '1.2.0', '1.3.0', '1.4.0']) pub(v);
  release.promote(root(), 'mf_public', '1.1.0', opts(1));
  release.startRollout(root(), 'mf_public', '1.2.0', { ...release.DEFAULT_PLAN }, opts(100));
  const r = release.prune(root(), 1, { now: at(110), user: 'tester' }).find((x) => x.remote === 'mf_public')!;
  // 1.0.0 was replaced at hour 1 (> 24 h ago): deleted. 1.1.0 stable, 1.2.0 rolling out, 1.4.0 last.
  expect(r.deleted).toEqual(['1.0.0', '1.3.0']);
  expect(versions()).toEqual(['1.1.0', '1.2.0', '1.4.0']);
});

test('--keep must be a whole number of at least 1', () => {
  pub('1.0.0');
  for (const k of [0, -1, 1.5, NaN]) expect(() => release.prune(root(), k)).toThrow(/--keep must be a whole number/);
});
