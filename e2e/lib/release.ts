// What the release tests share: the registry as the release tool writes it, Chromium
// visitors through nginx that record their page errors and requests, the API's health
// figures per version, and waiting for them. The release fixtures themselves (publishing,
// builds, nginx) are ./nginx.cjs; the API is ./platform.cjs.
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { bucket } from '../../shell/src/federation/registry';
import { buildVariant } from './nginx.cjs';

export const HEADING = 'Real Estate Investment For Everyone';
export const GLOBAL_ERROR = 'Something went wrong. Please try again later.';
export const AREA_ERROR = 'Something went wrong in this area';

export type Registry = Record<string, Record<string, unknown>>;

export function readRegistry(releases: string): Registry {
  return JSON.parse(fs.readFileSync(path.join(releases, 'remotes.json'), 'utf8')) as Registry;
}

/** Edits remotes.json as the release tool writes it (write aside, then rename). */
export function editRegistry(releases: string, change: (r: Registry) => void): void {
  const file = path.join(releases, 'remotes.json');
  const reg = readRegistry(releases);
  change(reg);
  fs.writeFileSync(`${file}.tmp`, JSON.stringify(reg, null, 2));
  fs.renameSync(`${file}.tmp`, file);
}

/** The live stable version of a remote. */
export const stableOf = (releases: string, remote = 'mf_public'): string =>
  (readRegistry(releases)[remote].stable as { version: string }).version;

/** `maj.(min + n).0` from a version: a later version for a variant build. */
export function later(version: string, n: number): string {
  const [maj, min] = version.split('.').map(Number);
  return `${maj}.${min + n}.0`;
}

export interface Visit {
  context: BrowserContext;
  page: Page;
  /** Page errors (uncaught exceptions and rejections), as messages. */
  errors: string[];
  /** Paths requested. */
  requests: string[];
}

/**
 * A visitor: a fresh browser profile on `baseURL` (or a new tab of `context`) recording its
 * page errors and requested paths. `cohort`: the sticky canary cohort it already has
 * (localStorage and the cookie the server reads), as a returning visitor would.
 */
export async function visitor(browser: Browser, baseURL: string, o: { context?: BrowserContext; cohort?: string } = {}): Promise<Visit> {
  const context = o.context ?? (await browser.newContext({ baseURL }));
  if (o.cohort) {
    await context.addCookies([{ name: 'tesseraCohort', value: o.cohort, url: baseURL }]);
    await context.addInitScript((id) => window.localStorage.setItem('tesseraCohort', id), o.cohort);
  }
  const page = await context.newPage();
  const v: Visit = { context, page, errors: [], requests: [] };
  page.on('pageerror', (e) => v.errors.push(String(e.message ?? e)));
  page.on('request', (r) => v.requests.push(new URL(r.url()).pathname));
  return v;
}

/**
 * Leaves the page: its health report goes out on pagehide. Keep the profile open until the
 * report has arrived (closing it at once may cancel the beacon).
 */
export async function leave(v: Visit): Promise<void> {
  await v.page.goto('about:blank');
}

/** The app has taken over the server-rendered page (its handlers run from now on). */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('#root[data-ssr]'));
}

/** Signs in through the API; the access token. */
export async function signIn(apiBase: string, email = 'admin@tessera.local', password = 'Admin123!'): Promise<string> {
  const res = await fetch(`${apiBase}/v1/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`signin ${email}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { accessToken: string }).accessToken;
}

export interface Counts {
  loads: number;
  failures: number;
  errors: number;
  abandoned: number;
  pending: number;
}
export interface HealthItem extends Counts {
  remote: string;
  version: string;
  preview: Pick<Counts, 'loads' | 'failures' | 'errors'>;
  errorRate: number | null;
  lastDetail: string;
}

/** A version's figures from GET /v1/telemetry/remote-load/summary (zeros when it has none). */
export async function health(apiBase: string, token: string, version: string, remote = 'mf_public'): Promise<HealthItem> {
  const res = await fetch(`${apiBase}/v1/telemetry/remote-load/summary`, { headers: { authorization: `Bearer ${token}` } });
  if (res.status !== 200) throw new Error(`summary: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { items: HealthItem[] };
  return (
    body.items.find((i) => i.remote === remote && i.version === version) ?? {
      remote,
      version,
      loads: 0,
      failures: 0,
      errors: 0,
      abandoned: 0,
      pending: 0,
      preview: { loads: 0, failures: 0, errors: 0 },
      errorRate: null,
      lastDetail: '',
    }
  );
}

/** Polls `get` until `ok`; throws with the last value after `ms`. */
export async function until<T>(get: () => Promise<T>, ok: (v: T) => boolean, what: string, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await get();
    if (ok(v)) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

let cohorts = 0;
/** A fresh cohort id on the canary (the shell's bucket under `percent`) or not, for `remote`. */
export function cohortFor(onCanary: boolean, percent: number, remote = 'mf_public'): string {
  for (;;) {
    const id = `e2e-${process.pid}-${++cohorts}`;
    if (bucket(id, remote) < percent === onCanary) return id;
  }
}

/** What a broken About's buttons do: throw in the click handler, in a timer, or reject a promise nobody catches. */
const BREAKS = {
  click: ['Break on click', (v: string) => `throw new Error('canary ${v} throws on click');`],
  timer: ['Break later', (v: string) => `setTimeout(() => { throw new Error('canary ${v} throws in a timer'); }, 0);`],
  reject: ['Reject', (v: string) => `void Promise.reject(new Error('canary ${v} rejects'));`],
} as const;

/**
 * A real webpack build of mf_public at `version` whose About page renders and imports fine,
 * with a button per break above its usual content ("Break on click", "Break later",
 * "Reject"), each failing after render as named. The build folder, ready to publish.
 */
export function buildAboutThatThrows(version: string, breaks: (keyof typeof BREAKS)[]): string {
  const buttons = breaks
    .map((b) => `      <button type="button" onClick={() => { ${BREAKS[b][1](version)} }}>${BREAKS[b][0]}</button>`)
    .join('\n');
  return buildVariant('mf_public', version, (dir: string) => {
    fs.writeFileSync(
      path.join(dir, 'src/exposes/About.tsx'),
      `import { AboutPage } from '../features/content/pages/about-page';

export default function About() {
  return (
    <>
${buttons}
      <AboutPage />
    </>
  );
}
`,
    );
  });
}
