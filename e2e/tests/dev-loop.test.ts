// Issue 22: `npm run dev -- mf-public` serves the remote with hot updates inside the platform
// on one origin. The dev loop (tools/dev.mjs) runs against this file's platform (--api), the
// page is marked, a source file is edited, and the new text appears in the same page life:
// no reload (the mark survives, the main frame never navigates again).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { launch, platform } from '../lib/browser';

const root = path.resolve(__dirname, '../..');
const file = path.join(root, 'mf-public/src/features/landing/components/hero-section.tsx');
const BEFORE = 'Real Estate Investment For Everyone';
const AFTER = 'Real Estate Investment For Everyone, hot';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const a = srv.address();
      srv.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
    });
  });
}

let browser: Browser;
let dev: ChildProcess | undefined;
let original: string;
let log = '';
beforeAll(async () => {
  original = fs.readFileSync(file, 'utf8');
  browser = await launch();
});
afterAll(async () => {
  fs.writeFileSync(file, original);
  await browser?.close();
  if (dev && dev.exitCode === null) {
    const exited = new Promise((r) => dev!.once('exit', r));
    dev.kill('SIGTERM');
    await exited;
  }
});

test('an edit to the developed remote shows in the page without a reload', async () => {
  const port = await freePort();
  dev = spawn(process.execPath, [path.join(root, 'tools/dev.mjs'), 'mf-public', '--port', String(port), '--api', platform().baseURL], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const ready = new Promise<void>((resolve, reject) => {
    const onData = (d: Buffer) => {
      log += d.toString();
      if (log.includes('Tessera dev loop ready')) resolve();
    };
    dev!.stdout!.on('data', onData);
    dev!.stderr!.on('data', onData);
    dev!.once('exit', (code) => reject(new Error(`dev loop exited (${code}):\n${log.slice(-3000)}`)));
  });
  await ready;
  const base = `http://127.0.0.1:${port}`;

  // One origin: the registry points mf_public at the dev server, the API answers through the proxy.
  const registry = (await (await fetch(`${base}/remotes.json`)).json()) as Record<string, { stable: { entry: string } }>;
  expect(registry.mf_public.stable.entry).toBe('/__dev/mf_public/mf-manifest.json');
  expect(registry.mf_investor.stable.entry).toMatch(/^\/remotes\/mf_investor\//);
  expect((await fetch(`${base}/v1/health`)).ok).toBe(true);

  const context = await browser.newContext({ baseURL: base });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  const consoleLines: string[] = [];
  page.on('console', (m) => consoleLines.push(`${m.type()}: ${m.text()}`));
  let navigations = 0;
  page.on('framenavigated', (f) => {
    if (f === page.mainFrame()) navigations++;
  });
  await page.goto('/');
  await page.getByRole('heading', { level: 1, name: BEFORE, exact: true }).waitFor({ timeout: 60_000 });
  // The server's HTML shows the heading before any script runs; the edit must reach the app,
  // so wait until the app (main.js, started after the first paint) has taken that HTML's place
  // with mf_public's page from the dev server, and the hot-update socket is open.
  await page.waitForFunction(() => !document.querySelector('#root[data-ssr]') && document.querySelector('#root h1'), null, {
    timeout: 120_000,
  });
  for (let t = Date.now(); !consoleLines.some((l) => l.includes('Hot Module Replacement enabled'));) {
    if (Date.now() - t > 60_000) throw new Error(`no hot-update socket:\n${consoleLines.join('\n')}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  await page.evaluate(() => {
    (window as unknown as { __marker: string }).__marker = 'still here';
  });
  const before = navigations;

  try {
    fs.writeFileSync(file, original.replace(`>${BEFORE}<`, `>${AFTER}<`));
    expect(fs.readFileSync(file, 'utf8')).toContain(AFTER);
    await page
      .getByRole('heading', { level: 1, name: AFTER })
      .waitFor({ timeout: 90_000 })
      .catch((e: Error) => {
        throw new Error(`${e.message}\n--- page console ---\n${consoleLines.slice(-40).join('\n')}\n--- dev loop ---\n${log.slice(-3000)}`);
      });
  } finally {
    fs.writeFileSync(file, original);
  }
  expect(await page.evaluate(() => (window as unknown as { __marker?: string }).__marker)).toBe('still here');
  expect(navigations).toBe(before);
  expect(errors).toEqual([]);
  await context.close();
}, 400_000);
