// Smoke test before users: the candidate build in headless Chromium, against the LIVE
// shell and its shared modules. A throwaway static server serves the releases root with
// the candidate build at its release path and a registry that pins the candidate as the
// remote's only version; the live shell page boots from it exactly as users' pages do
// (same index.html, same main.js, same share scope). Then:
//   1. import: every module the build exposes is loaded through the shell's federation
//      runtime (loadRemote), and must load without throwing and export a component;
//   2. render: every public page of the remote in the live shell's route table (its
//      requirements.json) is opened; the page must not show "This area is unavailable",
//      must not throw, and its <main> must not stay empty;
//   3. interact: on each page, its visible buttons, links and fields are exercised without
//      leaving it (interactions.ts); a page error, an unhandled rejection, a console error
//      from the remote's code or an error panel after any action fails the page, named
//      with the action;
//   4. signed in: the remote's pages behind a sign-in (requirements.json `signedIn`) are
//      rendered and exercised the same way, signed in with the demo seed's account of a
//      role that sees them, against a throwaway API (throwaway-api.ts) the static server
//      proxies /v1/ to. Without a server build they are imported only (step 1), and the
//      detail says so;
//   5. parameters: pages with parameters (`/properties/:id`) are opened at an item of the
//      throwaway API's seed (the first its collection lists: fillParams), as a guest or
//      signed in, and exercised the same way.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { errorPanel, exercise, guardContext, settle, watchErrors } from './interactions';
import platform from '../../platform.json';
import { entryOf, liveShellVersion, readRegistry, type Registry, type RemoteName } from './registry';
import { readRequirements } from './requirements';
import { SEEDED_ACCOUNTS, signIn, startThrowawayApi, type ThrowawayApi } from './throwaway-api';
import type { Manifest } from './validation';
import { exposedModules } from './validation';
import type { SmokeNote } from './verbs';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

const TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.json': 'application/json',
  '.html': 'text/html',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.map': 'application/json',
};

export interface SmokeInput {
  root: string;
  remote: string;
  version: string;
  dir: string;
  timeoutMs?: number;
  chromium?: string;
  /** Exercise each page's controls (default true; false: render only). */
  interact?: boolean;
  /** Actions per page at most (default: smokeActions()); 0: render only. */
  maxActions?: number;
  /** Signed-in pages and pages with parameters, against a throwaway API (default true when the remote has some). */
  signedIn?: boolean;
}
export interface SmokeResult extends SmokeNote {
  problems: string[];
  checked: string[];
}

/** Serves the releases root with the candidate pinned; resolves its base URL. */
async function serve(
  root: string,
  remote: string,
  version: string,
  dir: string,
  reports: string[],
  api: { url?: string },
): Promise<{ url: string; close: () => Promise<void> }> {
  const registry: Registry = { ...readRegistry(root) };
  registry[remote as RemoteName] = { stable: { version, entry: entryOf(remote, version) }, published: [version] };
  const candidatePrefix = `/remotes/${remote}/${version}/`;
  const send = (res: http.ServerResponse, file: string) => {
    fs.readFile(file, (err, data) => {
      if (err) {
        res.writeHead(404).end();
        return;
      }
      res
        .writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' })
        .end(data);
    });
  };
  const inside = (base: string, rel: string) => {
    const f = path.resolve(base, `.${rel}`);
    return f.startsWith(path.resolve(base) + path.sep) ? f : null;
  };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const p = decodeURIComponent(url.pathname);
    if (p === '/remotes.json') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(registry));
      return;
    }
    if (p === '/v1/telemetry/remote-load' && req.method === 'POST') {
      // What the shell itself reports as failed (both report formats): evidence too.
      let body = '';
      req.on('data', (d: Buffer) => {
        body += d;
      });
      req.on('end', () => {
        try {
          type Item = { remote?: string; version?: string; failures?: number; errors?: number; path?: string; detail?: string };
          const r = JSON.parse(body) as Item & { items?: Item[] };
          const items: Item[] = r.items ?? (r.remote ? [{ ...r, failures: 1 }] : []);
          for (const i of items) {
            if (i.remote === remote && ((i.failures ?? 0) > 0 || (i.errors ?? 0) > 0))
              reports.push(
                `the shell reported ${i.failures ? 'a load failure' : 'an error'} of ${i.remote} ${i.version}${i.path ? ` on ${i.path}` : ''}${i.detail ? `: ${i.detail}` : ''}`,
              );
          }
        } catch {
          /* not ours to judge */
        }
        res.writeHead(204).end();
      });
      return;
    }
    if ((p.startsWith('/v1/') || p === '/v1') && api.url) {
      // The throwaway API, as nginx proxies the real one.
      const target = new URL(req.url ?? '/', api.url);
      const up = http.request(target, { method: req.method, headers: { ...req.headers, host: target.host } }, (r) => {
        res.writeHead(r.statusCode ?? 502, r.headers);
        r.pipe(res);
      });
      up.on('error', () => res.writeHead(502).end());
      req.pipe(up);
      return;
    }
    if (p.startsWith('/v1/') || p === '/v1') {
      res.writeHead(503, { 'content-type': 'application/json' }).end('{"message":"no API during the smoke test"}');
      return;
    }
    let file: string | null = null;
    if (p.startsWith(candidatePrefix)) file = inside(dir, `/${p.slice(candidatePrefix.length)}`);
    else if (p.startsWith('/remotes/')) file = inside(root, p.slice('/remotes'.length));
    else if (p.startsWith('/shell/')) file = inside(root, p);
    else if (!path.extname(p)) file = path.join(root, 'index.html');
    if (!file) {
      res.writeHead(404).end();
      return;
    }
    send(res, file);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The primary actions a remote declares per page in platform.json ("smoke"): path → labels. */
export function declaredActions(remote: string): Record<string, string[]> {
  return (platform.remotes.find((r) => r.name === remote) as { smoke?: Record<string, string[]> } | undefined)?.smoke ?? {};
}

/** Actions per page: RELEASE_SMOKE_ACTIONS (0: render only, as before the smoke test interacted), else 8. */
export function smokeActions(): number {
  const v = process.env.RELEASE_SMOKE_ACTIONS;
  return v !== undefined && /^[0-9]+$/.test(v) ? Number(v) : 8;
}

export async function smokeTest(input: SmokeInput): Promise<SmokeResult> {
  const { root, remote, version, dir } = input;
  const timeout = input.timeoutMs ?? 20_000;
  const chromiumPath = input.chromium ?? CHROMIUM;
  if (remote === 'shell')
    return { result: 'skipped', detail: 'the shell exposes no modules (its own journeys are the e2e tests)', problems: [], checked: [] };
  if (!fs.existsSync(chromiumPath)) return { result: 'unavailable', detail: `no Chromium at ${chromiumPath}`, problems: [], checked: [] };
  const live = liveShellVersion(root);
  if (!live)
    return { result: 'unavailable', detail: 'no live shell in the releases root to load the build into', problems: [], checked: [] };
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'mf-manifest.json'), 'utf8')) as Manifest;
  const modules = exposedModules(manifest);
  const requirements = readRequirements(path.join(root, 'shell', live));
  const pages: SmokePage[] = (requirements?.pages?.[remote] ?? []).map((p) => ({ ...p }));
  const notes: string[] = [];
  const signedIn = input.signedIn === false ? [] : (requirements?.signedIn?.[remote] ?? []);
  const maxActions = input.maxActions ?? smokeActions();
  const interact = input.interact !== false && maxActions > 0;
  const withParams = input.signedIn === false ? [] : (requirements?.withParams?.[remote] ?? []);
  const api: { url?: string } = {};
  let throwaway: ThrowawayApi | null = null;
  if (signedIn.length || withParams.length) {
    const started = await startThrowawayApi();
    if (typeof started === 'string') notes.push(`signed-in pages and pages with parameters imported only: ${started}`);
    else {
      throwaway = started;
      api.url = started.url;
      for (const p of signedIn) {
        const role = p.roles.find((r) => SEEDED_ACCOUNTS[r]);
        if (role) pages.push({ module: p.module, path: p.path, role });
      }
      // A page with parameters is opened with the seed's data: /properties/:id at the first
      // property GET /v1/properties lists.
      for (const p of withParams) {
        const role = p.roles ? p.roles.find((r) => SEEDED_ACCOUNTS[r]) : undefined;
        if (p.roles && !role) continue;
        const filled = await fillParams(started.url, p.path, role);
        if (typeof filled === 'string') notes.push(`${p.path} not opened: ${filled}`);
        else pages.push({ module: p.module, path: filled.path, pattern: p.path, ...(role ? { role } : {}) });
      }
    }
  } else if (requirements && !requirements.signedIn && !pages.length) {
    notes.push(`the live shell ${live} lists no signed-in pages (built before they were listed): those are imported only`);
  }
  // The primary actions the remote declares per page (platform.json "smoke").
  const declared = declaredActions(remote);
  const unvisited = Object.keys(declared).filter((p) => !pages.some((pg) => (pg.pattern ?? pg.path) === p));
  if (unvisited.length) notes.push(`declared actions of ${unvisited.join(', ')} not checked: not pages of ${remote} visited here`);

  const { chromium } = await import('playwright-core');
  const reports: string[] = [];
  const site = await serve(root, remote, version, dir, reports, api).catch(async (err: unknown) => {
    await throwaway?.stop();
    throw err;
  });
  /** Leaves the page (the shell sends its per-page report then) and takes what it reported. */
  const reported = async (p: Page): Promise<string[]> => {
    await p.goto('about:blank').catch(() => undefined);
    // Beacons arrive a little later: wait until none has come for half a second (2 s at most).
    const end = Date.now() + 2000;
    let seen = -1;
    while (Date.now() < end && seen !== reports.length) {
      seen = reports.length;
      await new Promise((r) => setTimeout(r, 500));
    }
    return reports.splice(0);
  };
  const browser = await chromium.launch({ executablePath: chromiumPath, args: ARGS }).catch(async (err: unknown) => {
    await site.close();
    await throwaway?.stop();
    throw err;
  });
  const problems: string[] = [];
  const checked: string[] = [];
  try {
    // 1. Import every exposed module through the live shell's runtime.
    const context = await browser.newContext({ baseURL: site.url });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e.message ?? e)));
    // A path no route matches: the shell boots (registry, share scope) without loading a page.
    await page.goto('/__release-smoke__', { timeout });
    await page.waitForFunction(
      () => {
        const f = (globalThis as { __FEDERATION__?: { __INSTANCES__?: unknown[] } }).__FEDERATION__;
        return Boolean(f?.__INSTANCES__?.length);
      },
      undefined,
      { timeout },
    );
    const results = await page.evaluate(
      async ({ remote: name, version: v, modules: mods }) => {
        type Inst = {
          options?: { remotes?: { name: string; alias?: string; entry?: string }[] };
          loadRemote: (id: string) => Promise<unknown>;
        };
        const insts = (globalThis as unknown as { __FEDERATION__: { __INSTANCES__: Inst[] } }).__FEDERATION__.__INSTANCES__;
        // The shell's instance, and the name it registered the candidate under.
        let inst: Inst | undefined;
        let id = name;
        for (const i of insts) {
          const r = i.options?.remotes?.find((x) => x.entry?.includes(`/remotes/${name}/${v}/`) || x.name === name);
          if (r) {
            inst = i;
            id = r.alias ?? r.name;
            break;
          }
        }
        if (!inst) return [{ module: '*', error: `the live shell did not register ${name}` }];
        const out: { module: string; error?: string }[] = [];
        for (const m of mods) {
          try {
            const mod = (await inst.loadRemote(`${id}/${m}`)) as { default?: unknown } | null | undefined;
            const d = mod?.default;
            if (typeof d !== 'function' && !(d && typeof d === 'object' && '$$typeof' in d)) {
              out.push({ module: m, error: 'exports no component (default export)' });
              continue;
            }
            // The shell's runtime turns a module that failed to load into a stand-in whose
            // component throws a marked error (shell/src/federation/runtime-plugin.ts): call
            // it outside React to tell (a real page just fails on its first hook here).
            let standIn: string | null = null;
            if (typeof d === 'function' && d.length === 0) {
              try {
                (d as () => unknown)();
              } catch (err) {
                if (err && (err as Record<symbol, unknown>)[Symbol.for('tessera.remoteUnavailable')]) standIn = (err as Error).message;
              }
            }
            out.push(
              standIn
                ? { module: m, error: `failed to load (the shell put its "unavailable" stand-in instead: ${standIn})` }
                : { module: m },
            );
          } catch (err) {
            out.push({ module: m, error: err instanceof Error ? `${err.name}: ${err.message}` : String(err) });
          }
        }
        return out;
      },
      { remote, version, modules },
    );
    for (const r of results) {
      checked.push(`import ./${r.module}`);
      if (r.error) problems.push(`./${r.module} throws on import: ${r.error.slice(0, 300)}`);
    }
    if (errors.length && !problems.length) problems.push(`uncaught error while importing: ${errors[0].slice(0, 300)}`);
    const told = await reported(page);
    if (told.length && !problems.length) problems.push(`while importing, ${told[0]}`);
    await context.close();

    // 2-4. Render each page the live shell shows for this remote, and exercise it.
    for (const pg of pages) {
      reports.splice(0); // what came after the previous page's wait is not this page's
      const r = await checkPage(browser, site.url, pg, {
        remote,
        timeout,
        interact,
        maxActions,
        api: api.url,
        reported,
        declared: declared[pg.pattern ?? pg.path],
      });
      checked.push(
        `${interact ? 'exercise' : 'render'} ${pg.path} (./${pg.module})${pg.role ? ` as ${pg.role}` : ''}${interact ? `: ${r.actions.length} actions` : ''}`,
      );
      if (process.env.RELEASE_SMOKE_VERBOSE) console.log(`smoke ${pg.path}: ${r.actions.join('; ') || 'no action'}`);
      if (r.problem) problems.push(r.problem);
    }
  } finally {
    await browser.close();
    await site.close();
    await throwaway?.stop();
  }
  const signedInCount = pages.filter((p) => p.role).length;
  const what = `${pages.length} pages ${interact ? 'exercised' : 'rendered'}${signedInCount ? ` (${signedInCount} signed in)` : ''}`;
  const detail = `${checked.length} checks in Chromium against shell ${live}, ${what}${problems.length ? `; ${problems.length} failed` : ''}${notes.length ? `; ${notes.join('; ')}` : ''}`;
  return { result: problems.length ? 'failed' : 'passed', detail, problems, checked, shell: live, interactive: interact };
}

interface SmokePage {
  module: string;
  path: string;
  /** The route's path with its parameters (`/properties/:id`), when `path` filled them. */
  pattern?: string;
  /** Signed in with the seeded account of this role; absent: a guest. */
  role?: string;
}

/**
 * A route's parameters filled from the throwaway API's data: the collection the path names
 * before its first parameter (`/properties/:id` → GET /v1/properties), read as the role
 * would (signed in) or a guest, gives the first item's id for every parameter. Why not,
 * when it cannot.
 */
export async function fillParams(api: string, pattern: string, role?: string): Promise<{ path: string } | string> {
  const collection = pattern.slice(0, pattern.indexOf('/:'));
  const url = `${api}/v1${collection}`;
  try {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (role) headers.authorization = `Bearer ${(await signIn(api, SEEDED_ACCOUNTS[role])).accessToken}`;
    const res = await fetch(url, { headers });
    if (!res.ok) return `GET /v1${collection} answered ${res.status}`;
    const body = (await res.json()) as unknown;
    const list = Array.isArray(body)
      ? body
      : ((body as { items?: unknown[]; data?: unknown[] }).items ?? (body as { data?: unknown[] }).data);
    // The contract names ids `_id` (listings, orders, threads); `id` where a record has no other.
    const first = list?.[0] as { _id?: unknown; id?: unknown } | undefined;
    const id = first?._id ?? first?.id;
    if (typeof id !== 'string' && typeof id !== 'number') return `GET /v1${collection} lists nothing to open`;
    return { path: pattern.replace(/:[A-Za-z_][A-Za-z0-9_]*/g, encodeURIComponent(String(id))) };
  } catch (err) {
    return `GET /v1${collection}: ${(err as Error).message}`;
  }
}

/**
 * Opens one page in a fresh profile, checks what it renders, exercises its controls and
 * collects what the shell reported; the first problem, named with the page (and the
 * action), or null.
 */
async function checkPage(
  browser: Browser,
  baseURL: string,
  pg: SmokePage,
  o: {
    remote: string;
    timeout: number;
    interact: boolean;
    maxActions: number;
    api?: string;
    reported: (p: Page) => Promise<string[]>;
    declared?: string[];
  },
): Promise<{ problem: string | null; actions: string[] }> {
  const name = `${pg.path} (./${pg.module})${pg.role ? ` signed in as ${pg.role}` : ''}`;
  const ctx = await browser.newContext({ baseURL });
  try {
    await guardContext(ctx);
    if (pg.role && o.api) {
      const auth = await signIn(o.api, SEEDED_ACCOUNTS[pg.role]);
      await ctx.addInitScript(
        ([u, token]) => {
          if (!window.localStorage.getItem('accessToken')) {
            window.localStorage.setItem('authUser', u);
            window.localStorage.setItem('accessToken', token);
          }
        },
        [JSON.stringify(auth.user), auth.accessToken] as const,
      );
    }
    const p = await ctx.newPage();
    p.on('dialog', (d) => void d.accept().catch(() => undefined));
    const errs = watchErrors(p, `/remotes/${o.remote}/`);
    await p.goto(pg.path, { timeout: o.timeout });
    // Settled: the page's spinner gone, or the unavailable panel shown.
    await settle(p, o.timeout);
    await p.waitForTimeout(100);
    const state = await p.evaluate(() => {
      const main = document.getElementById('main');
      const text = main?.innerText.trim() ?? '';
      return {
        loading: Boolean(document.querySelector('[aria-label="Loading page"]')),
        empty: !main || (text.length === 0 && main.querySelectorAll('img,svg,canvas,input,button').length === 0),
        at: window.location.pathname,
      };
    });
    const panel = await errorPanel(p);
    let problem: string | null = null;
    let actions: string[] = [];
    if (panel) problem = `${name} ${panel}${errs[0] ? `: ${errs[0].slice(0, 200)}` : ''}`;
    else if (state.loading) problem = `${name} still loading after ${o.timeout} ms`;
    else if (state.at !== pg.path)
      problem = null; // sent elsewhere (a guard, onboarding done): that page is not this remote's to judge
    else if (state.empty) problem = `${name} renders nothing (empty page area)`;
    else if (errs.length) problem = `${name} throws: ${errs[0].slice(0, 200)}`;
    else if (o.interact) {
      const r = await exercise(p, pg.path, errs, { maxActions: o.maxActions, declared: o.declared });
      actions = r.actions;
      if (r.problem) problem = `${name}: ${r.problem}`;
    }
    // Always collected here, so a late report is never blamed on the next page.
    const told = await o.reported(p);
    if (!problem && told.length) problem = `${name}: ${told[0]}`;
    return { problem, actions };
  } catch (err) {
    return { problem: `${name}: ${(err as Error).message.split('\n')[0]}`, actions: [] };
  } finally {
    await ctx.close();
  }
}
