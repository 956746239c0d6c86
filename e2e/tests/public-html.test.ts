// Issue 21: the public pages arrive as HTML with their content and meta (a client that runs
// no JavaScript reads them), the app takes over without a layout shift or a second request
// for the first screen's data, catalogue changes show in the HTML and sitemap.xml at once,
// and a canary of mf_public serves its own HTML to its cohort only.
import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { launch, open, platform, DEMO } from '../lib/browser';
import { api, uploadFiles } from '../lib/api';
import { png } from '../lib/files';
import { bucket } from '../../shell/src/federation/registry';
import { cleanup, deriveVersion, publishAll, release, startSite } from '../lib/nginx.cjs';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startPlatform } = require('../lib/platform.cjs') as {
  startPlatform: (o: object) => Promise<{ baseURL: string; stop: () => Promise<void> }>;
};

interface ApiProperty {
  _id: string;
  name: string;
  address: string;
  status: string;
  images: { url: string; srcset?: string }[];
  totalQuantity: number;
  soldQuantity: number;
  unitPrice: number;
  roiInFiveYears: number;
}

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const token = async (who: { email: string; password: string }) =>
  (await api<{ accessToken: string }>('POST', '/v1/auth/signin', who)).accessToken;

/** The page as a client without JavaScript gets it. */
async function html(url: string, headers: Record<string, string> = {}): Promise<{ status: number; text: string; res: Response }> {
  const res = await fetch(`${platform().baseURL}${url}`, { headers });
  return { status: res.status, text: await res.text(), res };
}

const meta = (text: string, attr: 'name' | 'property', key: string) =>
  new RegExp(`<meta ${attr}="${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}" content="([^"]*)"`).exec(text)?.[1];
const decode = (s: string | undefined) =>
  s
    ?.replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');
/** The part of the page the server rendered (the shell's root element). */
const body = (text: string) =>
  /<div id="root" data-ssr="[^"]+">([\s\S]*)<\/div>\s*<script type="application\/json" id="tessera-ssr">/.exec(text)?.[1] ?? '';

const usd = (v: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: Number.isInteger(v) ? 0 : 2 }).format(v);
const figuresLine = (p: ApiProperty) =>
  `${usd(p.soldQuantity * p.unitPrice)} raised of ${usd(p.totalQuantity * p.unitPrice)} · ${Math.round((p.roiInFiveYears / 5) * 100) / 100}% annual return`;

test('every public page answers HTML with its content, title, description, canonical and link preview', async () => {
  const pages: [string, string, string][] = [
    ['/', 'Real Estate Investment For Everyone', 'Tessera — Real Estate Investment For Everyone'],
    ['/about', 'Real estate, one unit at a time', 'About · Tessera'],
    ['/properties', 'Properties', 'Properties · Tessera'],
    ['/list_property', 'List your property on Tessera', 'List your property · Tessera'],
    ['/privacy', 'Privacy and cookie policy', 'Privacy and cookie policy · Tessera'],
    ['/terms_and_conditions', 'Terms and conditions', 'Terms and conditions · Tessera'],
  ];
  for (const [url, heading, title] of pages) {
    const { status, text, res } = await html(url);
    expect({ url, status }).toEqual({ url, status: 200 });
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const main = body(text);
    expect({ url, h1: new RegExp(`<h1[^>]*>${heading}</h1>`).test(main) }).toEqual({ url, h1: true });
    // The public chrome too, so nothing moves when the app takes over.
    expect(main).toContain('aria-label="Main"');
    expect(decode(/<title>([^<]*)<\/title>/.exec(text)?.[1])).toBe(title);
    expect(text.match(/<title>/g)).toHaveLength(1);
    expect(meta(text, 'name', 'description')).toBeTruthy();
    expect(text).toContain(`<link rel="canonical" href="${platform().baseURL}${url === '/' ? '/' : url}" />`);
    expect(decode(meta(text, 'property', 'og:title'))).toBe(title);
    expect(meta(text, 'name', 'twitter:card')).toBeTruthy();
  }
});

test('a property page: its name, address, figures and photo in the HTML, its link preview and JSON-LD', async () => {
  const { items } = await api<{ items: ApiProperty[] }>('GET', '/v1/properties?page=1&pageSize=12');
  const p = items.find((i) => i.images.length > 0) ?? items[0];
  const full = await api<ApiProperty>('GET', `/v1/properties/${p._id}`);
  const { status, text } = await html(`/properties/${p._id}`);
  expect(status).toBe(200);
  const main = body(text);
  expect(main).toContain(`>${full.name}</h1>`);
  expect(decode(main)).toContain(full.address);
  expect(decode(meta(text, 'property', 'og:title'))).toBe(`${full.name} · Tessera`);
  expect(decode(meta(text, 'property', 'og:description'))).toContain(figuresLine(full));
  expect(meta(text, 'name', 'twitter:card')).toBe(full.images.length ? 'summary_large_image' : 'summary');
  if (full.images.length) {
    // The lead photo as an <img> with its responsive sources, and as the link preview's image.
    expect(decode(main)).toContain(full.images[0].url);
    if (full.images[0].srcset) expect(decode(main)).toContain(full.images[0].srcset);
    expect(decode(meta(text, 'property', 'og:image'))).toBe(new URL(full.images[0].url, `${platform().baseURL}/`).toString());
  }
  const ld = JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(text)?.[1] ?? 'null') as Record<string, unknown>;
  expect(ld).toMatchObject({ '@type': 'Product', name: full.name, offers: { priceCurrency: 'USD', price: full.unitPrice } });
  // The answer the page shows travels with it: the client does not ask again.
  const state = JSON.parse(/<script type="application\/json" id="tessera-ssr">([\s\S]*?)<\/script>/.exec(text)![1]) as {
    data: Record<string, ApiProperty>;
  };
  expect(state.data[`v1/properties/${p._id}`]?.name).toBe(full.name);

  // A listing that does not exist is a 404, not an empty page that search engines keep.
  expect((await html('/properties/000000000000000000000000')).status).toBe(404);
});

test('the catalogue honours its filters and page from the URL', async () => {
  const { items } = await api<{ items: ApiProperty[] }>('GET', '/v1/properties?page=1&pageSize=12');
  const target = items[0];
  const q = target.name.split(' ')[0];
  const { text } = await html(`/properties?q=${encodeURIComponent(q)}`);
  const filtered = await api<{ items: ApiProperty[]; total: number }>(
    'GET',
    `/v1/properties?page=1&pageSize=12&searchName=${encodeURIComponent(q)}`,
  );
  const main = decode(body(text))!;
  for (const i of filtered.items) expect(main).toContain(i.name);
  expect(main).toContain(`value="${q}"`);
  expect(text).toContain(`<link rel="canonical" href="${platform().baseURL}/properties?q=${encodeURIComponent(q)}" />`);
});

test('robots.txt keeps crawlers out of dashboards and the API; sitemap.xml lists the live listings', async () => {
  const robots = await html('/robots.txt');
  expect(robots.status).toBe(200);
  for (const line of ['Disallow: /dashboard', 'Disallow: /v1', `Sitemap: ${platform().baseURL}/sitemap.xml`])
    expect(robots.text).toContain(line);
  const sitemap = await html('/sitemap.xml');
  expect(sitemap.status).toBe(200);
  expect(sitemap.res.headers.get('content-type')).toMatch(/^application\/xml/);
  const { items, total } = await api<{ items: ApiProperty[]; total: number }>('GET', '/v1/properties?page=1&pageSize=100');
  for (const p of items) expect(sitemap.text).toContain(`<loc>${platform().baseURL}/properties/${p._id}</loc>`);
  expect(sitemap.text.match(/\/properties\/[^<]+<\/loc>/g)).toHaveLength(total);
});

test('an approved listing appears in the catalogue HTML and sitemap.xml within seconds', async () => {
  const owner = await token(DEMO.owner);
  const admin = await token(DEMO.admin);
  const name = `Juniper Row ${Date.now().toString(36)}`;
  const created = await api<ApiProperty>(
    'POST',
    '/v1/properties/owned/rental-ready',
    {
      name,
      address: '12 Juniper Row, Boise',
      state: 'ID',
      description: 'Four row houses by the river.',
      totalQuantity: 100,
      unitPrice: 50,
      roiInFiveYears: 30,
    },
    owner,
  );
  await uploadFiles(
    `/v1/properties/owned/${created._id}/images`,
    'files',
    [{ name: 'a.png', type: 'image/png', data: png(64, 48, [90, 120, 200]) }],
    owner,
  );
  const search = `/properties?q=${encodeURIComponent(name)}`;
  const card = `href="/properties/${created._id}"`;
  expect(body((await html(search)).text)).not.toContain(card);
  expect((await html('/sitemap.xml')).text).not.toContain(created._id);

  await api('PATCH', `/v1/properties/${created._id}/review`, { decision: 'APPROVE' }, admin);
  // The documented delay (docs/frontend.md): the catalogue cache's second at most.
  const deadline = Date.now() + 3000;
  let inList = false;
  let inSitemap = false;
  while (Date.now() < deadline && !(inList && inSitemap)) {
    inList = body((await html(search)).text).includes(card);
    inSitemap = (await html('/sitemap.xml')).text.includes(`/properties/${created._id}</loc>`);
    if (!(inList && inSitemap)) await new Promise((r) => setTimeout(r, 200));
  }
  expect({ inList, inSitemap }).toEqual({ inList: true, inSitemap: true });
  expect(body((await html(`/properties/${created._id}`)).text)).toContain(`>${name}</h1>`);
});

// The first screen's data: the property itself (not its performance, which the page loads
// after the first paint, below the fold), or the catalogue's page.
for (const [label, pathOf, api1] of [
  ['a property page', (p: ApiProperty) => `/properties/${p._id}`, (p: ApiProperty) => `/v1/properties/${p._id}`],
  ['the catalogue', () => '/properties', () => '/v1/properties'],
] as const) {
  test(`${label}: the app takes over the server's HTML with no layout shift and no second request for its data`, async () => {
    const { items } = await api<{ items: ApiProperty[] }>('GET', '/v1/properties?page=1&pageSize=12');
    const p = items.find((i) => i.images.length > 0) ?? items[0];
    const s = await open(browser, { viewport: { width: 412, height: 823 } });
    await s.context.addInitScript(() => {
      const w = window as unknown as { __shifts: number };
      w.__shifts = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
          if (!e.hadRecentInput) w.__shifts += e.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await s.page.goto(pathOf(p));
    // The app has rendered the page and replaced the server's markup.
    await s.page.waitForFunction(() => !document.querySelector('#root[data-ssr]') && document.querySelector('#root h1'), null, {
      timeout: 30_000,
    });
    await s.page.waitForLoadState('networkidle');
    const shifts = await s.page.evaluate(() => (window as unknown as { __shifts: number }).__shifts);
    expect(shifts).toBe(0);
    const dataCalls = s.requests.filter((u) => new URL(u).pathname === api1(p));
    expect(dataCalls).toEqual([]);
    expect(await s.page.locator('#root').count()).toBe(1);
    expect(s.errors).toEqual([]);
    await s.context.close();
  });
}

// A canary of mf_public with a changed heading: its cohort gets that heading in the HTML,
// everyone else the stable one, through nginx like production.
describe('canary-aware HTML', () => {
  const HEADING = 'Real Estate Investment For Everyone';
  const hasNginx = fs.existsSync('/usr/sbin/nginx') || fs.existsSync('/usr/bin/nginx');
  const maybe = hasNginx ? test : test.skip;

  maybe('the canary cohort gets the canary heading in the HTML, everyone else stable', async () => {
    const releases = publishAll();
    try {
      const stable = (
        JSON.parse(fs.readFileSync(path.join(releases, 'remotes.json'), 'utf8')) as { mf_public: { stable: { version: string } } }
      ).mf_public.stable.version;
      const [maj, min] = stable.split('.').map(Number);
      const canary = `${maj}.${min + 1}.0`;
      const derived = deriveVersion(releases, 'mf_public', stable, canary, { text: HEADING, replacement: `${HEADING} (v${canary})` });
      release(releases, ['publish', 'mf_public', '--from', derived.dir, '--skip-smoke']);
      release(releases, ['canary', 'mf_public', canary, '50', '--skip-smoke']);
      const apiServer = await startPlatform({
        template: process.env.TESSERA_E2E_TEMPLATE,
        name: 'public-html-canary',
        env: { RELEASES_DIR: releases },
      });
      const site = await startSite(releases, apiServer.baseURL);
      try {
        let inCohort = '';
        let outside = '';
        for (let i = 0; !(inCohort && outside); i++) {
          const id = `cohort-${i}`;
          if (bucket(id, 'mf_public') < 50) inCohort ||= id;
          else outside ||= id;
        }
        const get = async (cohort: string) => {
          const res = await fetch(`${site.url}/`, { headers: { cookie: `tesseraCohort=${cohort}` } });
          return { text: await res.text(), cache: res.headers.get('cache-control') };
        };
        const a = await get(inCohort);
        const b = await get(outside);
        expect(a.cache).toBe('no-cache');
        expect(a.text).toContain(`${HEADING} (v${canary})`);
        expect(a.text).toContain(`data-ssr="mf_public@${canary}"`);
        expect(b.text).not.toContain(`(v${canary})`);
        expect(b.text).toContain(`>${HEADING}</h1>`);
        // A first visit gets a cohort with the page, which the shell then keeps.
        const first = await fetch(`${site.url}/properties`);
        expect(first.headers.get('set-cookie')).toMatch(/^tesseraCohort=[0-9a-f-]{36};/);
        // sitemap.xml and robots.txt behind nginx too; the Node builds are not served.
        expect((await fetch(`${site.url}/robots.txt`)).status).toBe(200);
        expect((await fetch(`${site.url}/sitemap.xml`)).status).toBe(200);
        expect((await fetch(`${site.url}/remotes/mf_public/${stable}/ssr/render.js`)).status).toBe(404);
      } finally {
        await site.stop();
        await apiServer.stop();
      }
    } finally {
      cleanup();
    }
  });
});
