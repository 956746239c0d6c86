// Issue 12 §6: axe-core on every page of the shell's route table, as the role that page is
// for (visitors for public pages; the demo investor, a pending investor, the owner and the
// admin for their areas; ids filled in from the API). No serious or critical violation.
import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import type { Role } from 'shared-api/contract';
import { routeTable } from '../../shell/src/routes/route-table';
import { DEMO, launch, open, platform, signInAs } from '../lib/browser';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { record } = require('../../server/reliability/report.cjs') as { record: (check: string, r: object) => boolean };

const AXE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const PENDING = { email: 'pending@tessera.local', password: 'Pending123!' };
type Who = 'visitor' | 'investor' | 'pending' | 'owner' | 'admin';
const ACCOUNT: Record<Exclude<Who, 'visitor'>, { email: string; password: string }> = { investor: DEMO.investor, pending: PENDING, owner: DEMO.owner, admin: DEMO.admin };
const WHO_BY_ROLE: Record<Role, Who> = { INVESTOR: 'investor', PROPERTY_OWNER: 'owner', ADMIN: 'admin' };

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: string[];
}
interface Audited {
  who: Who;
  path: string;
  landed: string;
  violations: Violation[];
}

let browser: Browser;
const audited: Audited[] = [];
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
  if (audited.length === 0) return;
  const serious = audited.flatMap((a) => a.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${a.who} ${a.path}: ${v.id}`));
  const byRule = new Map<string, number>();
  for (const a of audited) for (const v of a.violations) byRule.set(`${v.id} (${v.impact})`, (byRule.get(`${v.id} (${v.impact})`) ?? 0) + 1);
  record('a11y', {
    tried: 'axe-core (WCAG 2.0/2.1 A and AA rules and best practices) on every page of the route table as the role it is for: visitor, verified investor, pending investor, owner, admin',
    amount: `${audited.length} page visits (${new Set(audited.map((a) => a.path)).size} routes)`,
    result:
      serious.length === 0
        ? `0 serious or critical violations; minor/moderate left: ${[...byRule.entries()].map(([k, n]) => `${k} on ${n} pages`).join(', ') || 'none'}`
        : `${serious.length} serious/critical: ${serious.slice(0, 10).join('; ')}`,
    ok: serious.length === 0,
    details: audited,
  });
});

async function idsFor(): Promise<Record<string, string>> {
  const base = platform().baseURL;
  const token = async (a: { email: string; password: string }) =>
    ((await (await fetch(`${base}/v1/auth/signin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(a) })).json()) as { accessToken: string }).accessToken;
  const get = async (url: string, t?: string) => (await (await fetch(`${base}${url}`, { headers: t ? { authorization: `Bearer ${t}` } : {} })).json()) as { items: { _id: string }[] };
  const admin = await token(DEMO.admin);
  const owner = await token(DEMO.owner);
  return {
    property: (await get('/v1/properties?pageSize=1')).items[0]._id,
    listing: (await get('/v1/properties/owned?pageSize=1', owner)).items[0]._id,
    investor: (await get('/v1/users?role=INVESTOR&pageSize=1', admin)).items[0]._id,
    owner: (await get('/v1/users?role=PROPERTY_OWNER&pageSize=1', admin)).items[0]._id,
  };
}

function fill(path: string, ids: Record<string, string>): string {
  if (path === '/properties/:id') return `/properties/${ids.property}`;
  if (path === '/dashboard/listings/:id/edit') return `/dashboard/listings/${ids.listing}/edit`;
  if (path === '/dashboard/investors/:id') return `/dashboard/investors/${ids.investor}`;
  if (path === '/dashboard/owners/:id') return `/dashboard/owners/${ids.owner}`;
  if (path.includes(':')) throw new Error(`a11y: no id for ${path}; add it here`);
  return path;
}

async function settle(page: Page): Promise<void> {
  await page.locator('h1').first().waitFor({ timeout: 20_000 }).catch(() => undefined);
  await page.waitForLoadState('networkidle').catch(() => undefined);
  // Skeletons and progress bars gone (data shown), transitions done.
  await page.waitForFunction(() => !document.querySelector('.MuiSkeleton-root, [role="progressbar"]'), undefined, { timeout: 15_000 }).catch(() => undefined);
  await page.waitForTimeout(300);
}

async function axe(page: Page): Promise<Violation[]> {
  await page.addScriptTag({ content: AXE });
  return page.evaluate(async () => {
    const w = window as unknown as { axe: { run: (ctx: Document, o: object) => Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { html: string }[] }[] }> } };
    const r = await w.axe.run(document, { resultTypes: ['violations'], runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } });
    // The element's own markup (its start tag): emotion class names alone say nothing.
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 5).map((n) => n.html.slice(0, 160)) }));
  });
}

function visits(): { who: Who; path: string }[] {
  const out: { who: Who; path: string }[] = [];
  for (const route of routeTable) {
    if (!route.roles) out.push({ who: 'visitor', path: route.path });
    else for (const role of route.roles) out.push({ who: WHO_BY_ROLE[role], path: route.path });
    // The pending investor's own views: onboarding and the questionnaire are theirs to fill in.
    if (route.path === '/onboarding' || route.path === '/onboarding/questionnaire' || route.path === '/dashboard') out.push({ who: 'pending', path: route.path });
  }
  return out;
}

test('every page of the route table has no serious or critical axe violation', async () => {
  const ids = await idsFor();
  const byWho = new Map<Who, { path: string }[]>();
  for (const v of visits()) byWho.set(v.who, [...(byWho.get(v.who) ?? []), v]);
  for (const [who, list] of byWho) {
    const s = await open(browser);
    if (who !== 'visitor') await signInAs(s, ACCOUNT[who].email, ACCOUNT[who].password);
    for (const { path } of list) {
      const url = fill(path, ids);
      await s.page.goto(url);
      await settle(s.page);
      audited.push({ who, path: url, landed: new URL(s.page.url()).pathname, violations: await axe(s.page) });
    }
    await s.context.close();
  }
  const serious = audited.flatMap((a) => a.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => ({ page: `${a.who} ${a.path}`, rule: v.id, help: v.help, nodes: v.nodes })));
  expect(serious).toEqual([]);
}, 600_000);
