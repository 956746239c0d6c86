// rollout --synthetic N --site URL: the options, and the plumbing around the visits (the
// visits themselves run in Chromium: e2e/tests/release-interactive-smoke.test.ts). A
// rollout starts only after the visits pass, with the outcome in its history entry; a
// failed synthetic canary starts nothing and is recorded on its own.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { main, parseArgs, syntheticFrom } from './cli';
import { fakeBuild, fakeShell, HOST, REQUIRED } from './fixtures';
import * as release from './index';
import { UsageError } from './errors';
import { reportedFailures, runSynthetic } from './synthetic';

jest.mock('./synthetic', () => ({ ...jest.requireActual('./synthetic'), runSynthetic: jest.fn() }));
const visits = runSynthetic as jest.MockedFunction<typeof runSynthetic>;

let tmp: string;
beforeEach(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-synthetic-'));
  jest.spyOn(console, 'log').mockImplementation(() => undefined);
  visits.mockReset();
});
afterEach(() => {
  jest.restoreAllMocks();
  fs.rmSync(tmp, { recursive: true, force: true });
});
const root = () => path.join(tmp, 'releases');
const opts = { required: REQUIRED, hostShared: HOST, user: 'ana' };
const cli = (...argv: string[]) => main([...argv, '--root', root(), '--user', 'ana']);
const history = () => release.readHistory(root());

function publishAll() {
  release.publish(root(), 'shell', { ...opts, from: fakeShell(tmp, '1.0.0') });
  for (const v of ['1.0.0', '1.1.0'])
    release.publish(root(), 'mf_public', { ...opts, from: fakeBuild(tmp, { name: 'mf_public', version: v, exposes: ['Landing'] }) });
}

test('--synthetic N --site URL: both or neither, N from 1 to 100, an http(s) site', () => {
  const of = (...argv: string[]) => syntheticFrom(parseArgs(argv).opts);
  expect(of('rollout', 'mf_public', '1.1.0')).toBeNull();
  expect(of('--synthetic', '5', '--site', 'https://tessera.example/some/path')).toEqual({ visits: 5, site: 'https://tessera.example' });
  expect(of('--synthetic=100', '--site=http://127.0.0.1:8080')).toEqual({ visits: 100, site: 'http://127.0.0.1:8080' });
  for (const bad of ['0', '101', '1.5', '1e1', '-1', 'x'])
    expect(() => of(`--synthetic=${bad}`, '--site', 'https://x.example')).toThrow(UsageError);
  expect(() => of('--synthetic', '3')).toThrow(/--synthetic needs --site URL/);
  expect(() => of('--site', 'https://x.example')).toThrow(/--site is for --synthetic N/);
  expect(() => of('--synthetic', '3', '--site', 'tessera.example')).toThrow(/--site must be a URL/);
  expect(() => of('--synthetic', '3', '--site', 'ftp://tessera.example')).toThrow(/http\(s\)/);
  // A flag without its value is a usage error at parsing already.
  expect(() => parseArgs(['rollout', 'mf_public', '1.1.0', '--synthetic', '--site', 'https://x.example'])).toThrow(
    /--synthetic needs a value/,
  );
});

test('passed visits: the rollout starts, and its history entry says so', async () => {
  publishAll();
  visits.mockResolvedValue({
    result: 'passed',
    detail: '3 synthetic visits to https://x.example with mf_public 1.1.0 pinned',
    problems: [],
  });
  expect(await cli('rollout', 'mf_public', '1.1.0', '--skip-smoke', '--synthetic', '3', '--site', 'https://x.example')).toBe(0);
  expect(visits).toHaveBeenCalledTimes(1);
  expect(visits.mock.calls[0][0]).toMatchObject({ site: 'https://x.example', remote: 'mf_public', version: '1.1.0', visits: 3 });
  // The visits exercise the primary actions mf_public declares in platform.json.
  expect(visits.mock.calls[0][0].declared).toEqual(expect.objectContaining({ '/login': expect.arrayContaining(['Log In']) }));
  expect(release.readRegistry(root()).mf_public?.canary).toMatchObject({ version: '1.1.0' });
  expect(history().at(-1)).toMatchObject({
    verb: 'rollout',
    to: '1.1.0',
    synthetic: 'passed',
    syntheticDetail: expect.stringMatching(/^3 synthetic visits/),
  });
});

test('failed visits: refused, no canary, the failure recorded in history', async () => {
  publishAll();
  visits.mockResolvedValue({
    result: 'failed',
    detail: '2 synthetic visits to https://x.example with mf_public 1.1.0 pinned; 1 failed',
    problems: ['visit 2/2: / (./Landing): clicking "Invest" throws: boom'],
  });
  await expect(
    cli('rollout', 'mf_public', '1.1.0', '--skip-smoke', '--synthetic', '2', '--site', 'https://x.example'),
  ).rejects.toMatchObject({
    message: expect.stringMatching(/refused: mf_public 1\.1\.0 fails its synthetic canary .*the rollout did not start/),
    problems: ['visit 2/2: / (./Landing): clicking "Invest" throws: boom'],
  });
  expect(release.readRegistry(root()).mf_public?.canary).toBeUndefined();
  expect(release.readRollouts(root()).mf_public).toBeUndefined();
  expect(history().at(-1)).toMatchObject({
    verb: 'synthetic',
    remote: 'mf_public',
    from: '1.0.0',
    to: '1.1.0',
    synthetic: 'failed',
    reason: 'visit 2/2: / (./Landing): clicking "Invest" throws: boom',
  });
});

test('an unpublished version is refused before any visit; without --synthetic none is made', async () => {
  publishAll();
  await expect(cli('rollout', 'mf_public', '1.9.0', '--skip-smoke', '--synthetic', '2', '--site', 'https://x.example')).rejects.toThrow(
    /mf_public 1\.9\.0 is not published/,
  );
  expect(await cli('rollout', 'mf_public', '1.1.0', '--skip-smoke')).toBe(0);
  expect(visits).not.toHaveBeenCalled();
  expect(history().at(-1)).not.toHaveProperty('synthetic');
});

test('the shell’s reports of the remote’s failures and errors are what fails a visit', () => {
  const body = JSON.stringify({
    items: [
      { remote: 'mf_public', version: '1.1.0', loads: 1, failures: 0, errors: 1, detail: 'clicked' },
      { remote: 'mf_public', version: '1.1.0', loads: 1, failures: 0, errors: 0 },
      { remote: 'mf_admin', version: '1.0.0', loads: 0, failures: 1, errors: 0 },
    ],
  });
  expect(reportedFailures(body, 'mf_public')).toEqual(['the shell reported an error of mf_public 1.1.0: clicked']);
  expect(reportedFailures('not json', 'mf_public')).toEqual([]);
  expect(reportedFailures(null, 'mf_public')).toEqual([]);
});
