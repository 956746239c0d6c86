// The synthetic canary (rollout --synthetic N --site URL): before a rollout's real steps,
// N headless Chromium visits through the LIVE site with the candidate pinned for that tab
// only (`?preview=<remote>@<version>`, the shell's preview: reported as preview, never as
// the canary or the stable), each on one page of the remote (the pages taken in turn) with
// the smoke test's interactions (interactions.ts). A visit fails on a page error, an error
// panel, a shell report of a failure or error of the remote, a preview the shell refused,
// or a candidate that was never loaded. Nothing is written on the live site: every API
// request but GET/HEAD and the shell's telemetry is answered 503 in the browser.
import type { Page } from 'playwright-core';
import { errorPanel, exercise, guardContext, settle, watchErrors } from './interactions';
import { CHROMIUM } from './smoke';
import { signIn } from './throwaway-api';

export interface SyntheticPage {
  module: string;
  path: string;
}
export interface SyntheticInput {
  site: string;
  remote: string;
  version: string;
  visits: number;
  /** Public pages: visited as a guest. */
  pages: SyntheticPage[];
  /** Pages behind a sign-in: visited when `account` is given, those its role sees. */
  signedInPages?: (SyntheticPage & { roles: string[] })[];
  /** Signs in first (RELEASE_SYNTHETIC_EMAIL / RELEASE_SYNTHETIC_PASSWORD) for signed-in pages. */
  account?: { email: string; password: string };
  chromium?: string;
  timeoutMs?: number;
  maxActions?: number;
  /** The remote's declared primary actions per page (platform.json "smoke"). */
  declared?: Record<string, string[]>;
}
export interface SyntheticNote {
  result: 'passed' | 'failed';
  detail: string;
}
export interface SyntheticResult extends SyntheticNote {
  problems: string[];
}

const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-dev-shm-usage',
];
const TELEMETRY = '/v1/telemetry/remote-load';

/** What the shell reported as failed or errored for `remote`, from one telemetry request body. */
export function reportedFailures(body: string | null, remote: string): string[] {
  if (!body) return [];
  try {
    type Item = { remote?: string; version?: string; failures?: number; errors?: number; detail?: string; path?: string };
    const r = JSON.parse(body) as Item & { items?: Item[] };
    const items: Item[] = r.items ?? (r.remote ? [{ ...r, failures: 1 }] : []);
    return items
      .filter((i) => i.remote === remote && ((i.failures ?? 0) > 0 || (i.errors ?? 0) > 0))
      .map(
        (i) =>
          `the shell reported ${i.failures ? 'a load failure' : 'an error'} of ${i.remote} ${i.version ?? ''}${i.detail ? `: ${i.detail}` : ''}`,
      );
  } catch {
    return [];
  }
}

export async function runSynthetic(input: SyntheticInput): Promise<SyntheticResult> {
  const { remote, version } = input;
  const timeout = input.timeoutMs ?? 30_000;
  const site = input.site.replace(/\/+$/, '');
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: input.chromium ?? CHROMIUM, args: ARGS });
  const auth = input.account
    ? await signIn(site, input.account).catch(async (err: unknown) => {
        await browser.close();
        throw err;
      })
    : null;
  const role = (auth?.user as { role?: string } | undefined)?.role;
  // A signed-in visitor's public pages would be the same: the signed-in ones, else the public.
  const mine = role ? (input.signedInPages ?? []).filter((p) => p.roles.includes(role)) : [];
  const pages = mine.length ? mine : input.pages;
  if (!pages.length) {
    await browser.close();
    return {
      result: 'failed',
      detail: `no page of ${remote} to visit${auth ? ` for a ${role}` : ' as a guest (its pages need a sign-in: RELEASE_SYNTHETIC_EMAIL and RELEASE_SYNTHETIC_PASSWORD)'}`,
      problems: [],
    };
  }
  const problems: string[] = [];
  let actions = 0;
  try {
    for (let i = 0; i < input.visits; i++) {
      const pg = pages[i % pages.length];
      const name = `visit ${i + 1}/${input.visits}: ${pg.path} (./${pg.module})`;
      const ctx = await browser.newContext({ baseURL: site });
      try {
        await guardContext(ctx);
        if (auth)
          await ctx.addInitScript(
            ([u, token]) => {
              if (!window.localStorage.getItem('accessToken')) {
                window.localStorage.setItem('authUser', u);
                window.localStorage.setItem('accessToken', token);
              }
            },
            [JSON.stringify(auth.user), auth.accessToken] as const,
          );
        // Reads only: a synthetic visitor changes nothing on the live site.
        await ctx.route(
          (u) => u.pathname.startsWith('/v1/'),
          (route) => {
            const req = route.request();
            if (['GET', 'HEAD', 'OPTIONS'].includes(req.method()) || new URL(req.url()).pathname === TELEMETRY) return route.continue();
            return route.fulfill({
              status: 503,
              contentType: 'application/json',
              body: '{"message":"a synthetic visit sends no writes"}',
            });
          },
        );
        const p = await ctx.newPage();
        p.on('dialog', (d) => void d.dismiss().catch(() => undefined));
        const errs = watchErrors(p, `/remotes/${remote}/`);
        const reports: string[] = [];
        let candidateLoaded = false;
        p.on('request', (r) => {
          const u = new URL(r.url());
          if (u.pathname.startsWith(`/remotes/${remote}/${version}/`)) candidateLoaded = true;
          if (u.pathname === TELEMETRY && r.method() === 'POST') reports.push(...reportedFailures(r.postData(), remote));
        });
        const first = `${pg.path}?preview=${encodeURIComponent(`${remote}@${version}`)}`;
        await p.goto(first, { timeout });
        await settle(p, timeout);
        const refused = await p
          .getByText(/^Preview refused/)
          .first()
          .textContent({ timeout: 200 })
          .catch(() => null);
        let problem: string | null = null;
        const panel = await errorPanel(p);
        if (refused) problem = `${name}: ${refused.trim()}`;
        else if (panel) problem = `${name} ${panel}${errs[0] ? `: ${errs[0].slice(0, 200)}` : ''}`;
        else if (errs.length) problem = `${name} throws: ${errs[0].slice(0, 200)}`;
        else if (new URL(p.url()).pathname === pg.path) {
          // The pin is kept for the tab (sessionStorage): reopening the plain path still previews.
          const r = await exercise(p, pg.path, errs, {
            maxActions: input.maxActions,
            declared: input.declared?.[pg.path],
            reopen: reopenPinned(first, timeout),
          });
          actions += r.actions.length;
          if (r.problem) problem = `${name}: ${r.problem}`;
        }
        if (!problem && !candidateLoaded) problem = `${name}: ${remote} ${version} was never loaded (is it published on this site?)`;
        // Leaving sends the shell's report of the page (pagehide); wait for it a moment.
        await p.goto('about:blank').catch(() => undefined);
        await p.waitForTimeout(1000);
        if (!problem && reports.length) problem = `${name}: ${reports[0]}`;
        if (problem) problems.push(problem);
      } catch (err) {
        problems.push(`${name}: ${(err as Error).message.split('\n')[0]}`);
      } finally {
        await ctx.close();
      }
    }
  } finally {
    await browser.close();
  }
  const failed = problems.length;
  const detail = `${input.visits} synthetic visits to ${site} with ${remote} ${version} pinned (${actions} actions)${failed ? `; ${failed} failed` : ''}`;
  return { result: failed ? 'failed' : 'passed', detail, problems };
}

const reopenPinned = (url: string, timeout: number) => async (p: Page) => {
  await p.goto(url, { timeout });
  await settle(p, timeout);
};
