// The registry lock: exclusive across processes, safe takeover of a dead process's lock on
// this host only, never a lock of another host.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ReleaseError } from './errors';
import { readHolder, withLock } from './lock';

let root: string;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-lock-'));
});
afterEach(() => {
  fs.rmSync(root, { recursive: true, force: true });
});
const lockFile = () => path.join(root, '.release.lock');
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

/** Runs `procs` processes that each increment a counter `rounds` times under the lock. */
async function hammer(procs: number, rounds: number, lockOpts = '{ timeoutMs: 120000 }') {
  const counter = path.join(root, 'counter');
  fs.writeFileSync(counter, '0');
  const script = `
    const { require: r } = require('tsx/cjs/api');
    const fs = require('node:fs');
    const { withLock } = r(${JSON.stringify(path.join(__dirname, 'lock.ts'))}, __filename);
    for (let i = 0; i < ${rounds}; i++) {
      withLock(${JSON.stringify(root)}, () => {
        const n = Number(fs.readFileSync(${JSON.stringify(counter)}, 'utf8'));
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 2);
        fs.writeFileSync(${JSON.stringify(counter)}, String(n + 1));
      }, ${lockOpts});
    }
  `;
  const results = await Promise.all(
    Array.from(
      { length: procs },
      () =>
        new Promise<{ code: number | null; err: string }>((resolve) => {
          const p = spawn(process.execPath, ['-e', script], { cwd: path.resolve(__dirname, '../..'), stdio: ['ignore', 'ignore', 'pipe'] });
          let err = '';
          p.stderr.on('data', (d) => {
            err += d;
          });
          p.on('exit', (code) => resolve({ code, err }));
        }),
    ),
  );
  return { results, count: Number(fs.readFileSync(counter, 'utf8')) };
}

test('many processes at once: every increment happens under the lock, no error (no ENOENT)', async () => {
  const { results, count } = await hammer(12, 15);
  expect(results.map((r) => r.err)).toEqual(Array(12).fill(''));
  expect(results.map((r) => r.code)).toEqual(Array(12).fill(0));
  expect(count).toBe(12 * 15);
  // Nothing left behind: no lock, no temporary files.
  expect(fs.readdirSync(root).sort()).toEqual(['counter']);
}, 180_000);

test('many processes finding the same stale lock: one takes it over at a time', async () => {
  fs.writeFileSync(lockFile(), JSON.stringify({ host: os.hostname(), pid: 999999, time: ago(60_000) }));
  const { results, count } = await hammer(8, 5, '{ timeoutMs: 120000, staleMs: 1000 }');
  expect(results.map((r) => r.err)).toEqual(Array(8).fill(''));
  expect(count).toBe(8 * 5);
  expect(fs.readdirSync(root).sort()).toEqual(['counter']);
}, 180_000);

test('the lock names its holder: host, pid, time', () => {
  withLock(root, () => {
    const h = readHolder(lockFile());
    expect(h).toMatchObject({ host: os.hostname(), pid: process.pid, time: expect.any(String) });
  });
  expect(fs.existsSync(lockFile())).toBe(false);
});

test('re-entrant within one process (a verb calling verbs)', () => {
  expect(withLock(root, () => withLock(root, () => 7))).toBe(7);
  expect(fs.existsSync(lockFile())).toBe(false);
});

test('another host’s lock is never taken over, however old: a clear refusal', () => {
  const theirs = JSON.stringify({ host: 'build-02', pid: 999999, time: ago(3_600_000) });
  fs.writeFileSync(lockFile(), theirs);
  expect(() => withLock(root, () => 1, { timeoutMs: 200 })).toThrow(
    /another host holds the release lock .*pid 999999 on build-02 .*never takes the lock over; if it is gone, remove the file by hand/,
  );
  expect(fs.readFileSync(lockFile(), 'utf8')).toBe(theirs);
});

test('this host: a dead process’s lock is taken over only once older than staleMs', () => {
  fs.writeFileSync(lockFile(), JSON.stringify({ host: os.hostname(), pid: 999999, time: ago(1000) }));
  expect(() => withLock(root, () => 1, { timeoutMs: 200, staleMs: 60_000 })).toThrow(ReleaseError);
  expect(withLock(root, () => 2, { timeoutMs: 200, staleMs: 500 })).toBe(2);
  expect(fs.existsSync(lockFile())).toBe(false);
});

test('this host: a live process’s lock is never taken over, however old', () => {
  const theirs = JSON.stringify({ host: os.hostname(), pid: process.ppid, time: ago(3_600_000) });
  fs.writeFileSync(lockFile(), theirs);
  expect(() => withLock(root, () => 1, { timeoutMs: 200, staleMs: 0 })).toThrow(/another release command \(pid \d+ on .*\) holds/);
  expect(fs.readFileSync(lockFile(), 'utf8')).toBe(theirs);
});

test('a file that is not a lock is reported, not removed', () => {
  fs.writeFileSync(lockFile(), 'garbage');
  expect(() => withLock(root, () => 1, { timeoutMs: 150 })).toThrow(/is not a release lock/);
  expect(fs.readFileSync(lockFile(), 'utf8')).toBe('garbage');
});
