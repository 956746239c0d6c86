// Decisions on settled page views: abandoned views (left while loading) and unknown views
// (their report never came) are shown apart by `status` and never decide a rollout. And the
// outside attacks on the telemetry, as the API now answers them, change no decision.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { requiredModules } from '../../shell/src/routes/route-table';
import { fakeBuild, HOST, REQUIRED } from './fixtures';
import * as release from './index';
import { decide, DEFAULT_PLAN, start, type Health } from './rollout';
import { countsOf, healthFrom, type Summary } from './telemetry';

const CLI = path.join(__dirname, 'cli.mjs');
const T0 = new Date('2026-01-01T10:00:00Z');
const at = (min: number) => new Date(T0.getTime() + min * 60_000);
const plan = { ...DEFAULT_PLAN, minLoads: 100, minMinutes: 10 };
const fresh = () => start({ remote: 'mf_public', version: '1.1.0', stable: '1.0.0', plan, user: 'ana', now: T0 });

test('abandoned and unknown views never decide: the same decision with or without them, and the reason says so', () => {
  const settled: Health = { canary: { loads: 150, failures: 0, errors: 1 }, stable: { loads: 20_000, failures: 20, errors: 20 } };
  const noisy: Health = {
    canary: { ...settled.canary, abandoned: 40, unknown: 30 },
    stable: { ...settled.stable, abandoned: 900, unknown: 500 },
  };
  for (const min of [5, 11]) {
    const a = decide(fresh(), settled, at(min));
    const b = decide(fresh(), noisy, at(min));
    expect(b.action).toBe(a.action);
    expect(b.comparison).toEqual(a.comparison);
  }
  expect(decide(fresh(), noisy, at(5)).reason).toMatch(/holding at 1%: 150\/100 loads.*; 40 abandoned, 30 unknown not counted$/);
  expect(decide(fresh(), noisy, at(11)).reason).toMatch(/^passed 1% .*; 40 abandoned, 30 unknown not counted; now 5%$/);
  // A good canary whose visitors often leave during load (3 % abandoned) is not failing.
  const leaving: Health = {
    canary: { loads: 970, failures: 0, errors: 2, abandoned: 30 },
    stable: { loads: 97_000, failures: 100, errors: 100 },
  };
  expect(decide(fresh(), leaving, at(11)).action).toBe('advance');
});

const summary = (items: Summary['items']): Summary => ({ since: T0.toISOString(), until: at(60).toISOString(), items });

test("the summary's abandoned and unknown are read apart from the counts that decide", () => {
  const s = summary([
    { remote: 'mf_public', version: '1.1.0', loads: 90, failures: 2, errors: 1, abandoned: 4, unknown: 3 },
    { remote: 'mf_public', version: '1.0.0', loads: 900, failures: 1, errors: 0, abandoned: 20, unknown: 9 },
  ]);
  expect(countsOf(s, 'mf_public', '1.1.0')).toEqual({ loads: 90, failures: 2, errors: 1, abandoned: 4, unknown: 3 });
  // An API from before signed views has no such fields: zero.
  expect(countsOf(summary([{ remote: 'mf_public', version: '1.1.0', loads: 5, failures: 0, errors: 0 }]), 'mf_public', '1.1.0')).toEqual({
    loads: 5,
    failures: 0,
    errors: 0,
    abandoned: 0,
    unknown: 0,
  });
  expect(healthFrom(s, fresh())).toEqual({ canary: countsOf(s, 'mf_public', '1.1.0'), stable: countsOf(s, 'mf_public', '1.0.0') });
});

test('the outside attacks, as the API now counts them, change no decision', () => {
  // A canary failing 60 of 80 real pages against a healthy stable: rolled back.
  const real: Health = { canary: { loads: 20, failures: 55, errors: 5 }, stable: { loads: 4000, failures: 20, errors: 20 } };
  expect(decide(fresh(), real, at(1)).action).toBe('rollback');
  // 220 fake good loads sent without views: the API counts none of them, so the figures,
  // and the decision, are the same. Even with 120 views from one address (its hourly cap)
  // claimed good, the canary is still rolled back.
  const capped: Health = { ...real, canary: { ...real.canary, loads: real.canary.loads + 120 } };
  expect(decide(fresh(), capped, at(1)).action).toBe('rollback');
  // A healthy canary; one request claiming 20 failures: unsigned, nothing counts; with a
  // view, one failure at most (one outcome per view and remote).
  const healthy: Health = { canary: { loads: 150, failures: 0, errors: 0 }, stable: { loads: 20_000, failures: 20, errors: 20 } };
  expect(decide(fresh(), healthy, at(11)).action).toBe('advance');
  const oneView: Health = { ...healthy, canary: { loads: 150, failures: 1, errors: 0 } };
  expect(decide(fresh(), oneView, at(11)).action).toBe('advance');
});

describe('status and tick over the API', () => {
  let tmp: string;
  let server: http.Server;
  let api: string;
  let served: Summary;
  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-views-'));
    const root = path.join(tmp, 'releases');
    const base = { required: REQUIRED, hostShared: HOST, user: 'ana' };
    for (const v of ['1.0.0', '1.1.0'])
      release.publish(root, 'mf_public', {
        ...base,
        from: fakeBuild(tmp, { name: 'mf_public', version: v, exposes: [...(requiredModules().get('mf_public') ?? [])] }),
      });
    release.startRollout(root, 'mf_public', '1.1.0', { ...DEFAULT_PLAN, steps: [10, 100], minLoads: 20, minMinutes: 0 }, base);
    server = http.createServer((req, res) => {
      if (!req.url?.startsWith('/v1/telemetry/remote-load/summary') || req.headers.authorization !== 'Bearer tsr_test') {
        res.writeHead(401).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(served));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    api = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    fs.rmSync(tmp, { recursive: true, force: true });
  });
  const cli = (args: string[]) =>
    new Promise<{ code: number | null; out: string; err: string }>((resolve) => {
      const child = spawn(process.execPath, [CLI, ...args, '--root', path.join(tmp, 'releases')], {
        env: { ...process.env, RELEASE_USER: 'cli-tester', TESSERA_RELEASE_TOKEN: 'tsr_test', TESSERA_TOKEN: '' },
      });
      let out = '';
      let err = '';
      child.stdout.on('data', (d: Buffer) => (out += d.toString()));
      child.stderr.on('data', (d: Buffer) => (err += d.toString()));
      child.on('close', (code) => resolve({ code, out, err }));
    });

  test('status shows abandoned and unknown views apart; tick decides on the settled ones', async () => {
    served = summary([
      { remote: 'mf_public', version: '1.0.0', loads: 400, failures: 1, errors: 1, abandoned: 12, unknown: 7 },
      // 10 settled views only, however many were abandoned or never reported: the step waits.
      { remote: 'mf_public', version: '1.1.0', loads: 10, failures: 0, errors: 0, abandoned: 30, unknown: 25 },
    ]);
    const status = await cli(['status', '--api', api]);
    expect(status.code).toBe(0);
    expect(status.out).toMatch(/abandoned and unknown views are not in it/);
    expect(status.out).toMatch(/stable 1\.0\.0: 400 loads, 1 failures, 1 errors, 12 abandoned, 7 unknown, 0\.50% \[/);
    expect(status.out).toMatch(/canary 1\.1\.0: 10 loads, 0 failures, 0 errors, 30 abandoned, 25 unknown, 0\.00% \[/);
    expect(status.out).toMatch(/next decision: .* and 10 more canary loads/);

    const waiting = await cli(['tick', '--api', api]);
    expect(waiting.out).toMatch(/wait — holding at 10%: 10\/20 loads.*; 30 abandoned, 25 unknown not counted/);

    served = summary([
      { remote: 'mf_public', version: '1.0.0', loads: 400, failures: 1, errors: 1, abandoned: 12, unknown: 7 },
      { remote: 'mf_public', version: '1.1.0', loads: 25, failures: 0, errors: 0, abandoned: 30, unknown: 25 },
    ]);
    const advanced = await cli(['tick', '--api', api]);
    expect(advanced).toMatchObject({ err: '', code: 0, out: expect.stringMatching(/advance — passed 10%/) });
  });
});
