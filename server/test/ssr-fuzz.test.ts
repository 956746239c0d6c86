// Stored text on server-rendered pages (plugins/ssr.ts): listings whose name, description and
// address hold what a string splice, an HTML parser or a script element could misread (`$'`,
// `</script>`, `<!--`, quotes, U+2028, emoji, right-to-left text, the longest values the API
// takes) are stored through the API, then every server-rendered page is parsed as a browser
// would: one app root, an intact head (one short <title>, the description meta), JSON-LD that
// parses and names the listing, and first-screen data that parses back to what was stored.
// The pages are rendered by the real renderers (mf-public/src/ssr.tsx, shell/src/ssr.tsx),
// handed to the server in place of their Node builds.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { JSDOM } from 'jsdom';
import { DESCRIPTION_MAX, TITLE_MAX, clip } from '../src/plugins/ssr';
import { buildTestApp, call, makeProperty, makeUser, type TestApp, type TestUser } from './helper';

// The server loads `<root>/…/ssr/render.js` with a require of its own: here those files are
// the real renderers' sources, compiled by jest.
jest.mock('node:module', () => {
  const actual = jest.requireActual<{ createRequire: (from: string) => (id: string) => unknown }>('node:module');
  return {
    ...actual,
    createRequire: (from: string) => {
      const real = actual.createRequire(from);
      return (id: string): unknown => {
        if (/[\\/]shell[\\/][^\\/]+[\\/]ssr[\\/]render\.js$/.test(id)) return jest.requireActual('../../shell/src/ssr');
        if (/[\\/]mf_public[\\/][^\\/]+[\\/]ssr[\\/]render\.js$/.test(id)) return jest.requireActual('../../mf-public/src/ssr');
        return real(id);
      };
    },
  };
});

const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta
      name="description"
      content="plain"
    />
    <title>Tessera shell</title>
    <script defer src="/shell/1.0.0/main.js"></script>
  </head>
  <body>
    <noscript>Tessera needs JavaScript to run.</noscript>
    <div id="root"></div>
  </body>
</html>`;

/** What a string splice, an HTML parser or a script element could misread. */
const TRICKY = [
  "$'",
  '$`',
  '$&',
  '$1',
  '$$',
  '</script>',
  '<script>alert(1)</script>',
  '<!--',
  '-->',
  '</title>',
  '<div id="root"></div>',
  '"',
  "'",
  '\u2028\u2029',
  '🏠🌇 👨‍👩‍👧',
  'بيت الشاطئ \u202Eעברית',
  '&amp; &lt;',
  '@@TESSERA_PAGE_SLOT@@',
];
/** The longest values the API takes (modules/properties/schemas.ts). */
const API_NAME_MAX = 120;
const API_DESCRIPTION_MAX = 5000;
const API_ADDRESS_MAX = 200;
/** `s` repeated to exactly `n` UTF-16 units, never ending in half a surrogate pair. */
const long = (s: string, n: number) => {
  const out = s.repeat(Math.ceil(n / s.length)).slice(0, n);
  return /[\uD800-\uDBFF]$/.test(out) ? `${out.slice(0, -1)}x` : out;
};
const LISTINGS: { name: string; description: string; address: string }[] = [
  ...TRICKY.map((s, i) => ({ name: `${s} Lofts ${i}`, description: `Before ${s} after`, address: `${s} 1 Main St` })),
  { name: TRICKY.join(' ').slice(0, API_NAME_MAX), description: TRICKY.join('\n'), address: TRICKY.join('').slice(0, API_ADDRESS_MAX) },
  // Emoji only, at both parities: the renderer's 300-unit description cut falls inside one of them.
  { name: 'Emoji cut even', description: long('🏠', 600), address: '1 Main St' },
  { name: 'Emoji cut odd', description: `x${long('🏠', 600)}`, address: '1 Main St' },
  {
    name: long("$'🏠</script>", API_NAME_MAX),
    description: long('$`<!--é🌇\u2028', API_DESCRIPTION_MAX),
    address: long('"-->', API_ADDRESS_MAX),
  },
];

let t: TestApp;
let root: string;
let owner: TestUser;
let admin: TestUser;
const stored: { id: string; name: string; description: string; address: string }[] = [];

function write(file: string, text: string) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'tessera-ssr-fuzz-'));
  write(path.join(root, 'index.html'), INDEX);
  write(
    path.join(root, 'remotes.json'),
    JSON.stringify({ mf_public: { stable: { version: '1.0.0', entry: '/remotes/mf_public/1.0.0/mf-manifest.json' } } }),
  );
  // Present so the server finds the builds; what it loads is the source (jest.mock above).
  write(path.join(root, 'shell/1.0.0/ssr/render.js'), '');
  write(path.join(root, 'remotes/mf_public/1.0.0/ssr/render.js'), '');
  t = await buildTestApp({ webRoot: root, publicUrl: 'https://tessera.example' });
  owner = await makeUser(t.app, 'PROPERTY_OWNER', { status: 'VERIFIED' });
  admin = await makeUser(t.app, 'ADMIN');
  for (const l of LISTINGS) {
    const p = await makeProperty(t.app, owner, { approveAs: admin, body: l });
    // What was stored (the API trims surrounding space: U+2028 too) is what the pages must show.
    const res = await t.app.inject({ method: 'GET', url: `/v1/properties/${p._id}` });
    const { name, description, address } = res.json<{ name: string; description: string; address: string }>();
    stored.push({ id: p._id, name, description, address });
  }
  // Each tricky value reached the store (not trimmed or cleaned away).
  TRICKY.forEach((s, i) => {
    if (s.trim()) expect(stored[i].name).toContain(s.trim());
  });
}, 120_000);
afterAll(async () => {
  await t?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

/** Characters as a reader counts them (an emoji family is one). */
const chars = (s: string) => [...new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(s)].length;
const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie: 'tesseraCohort=fuzz' } });

/**
 * The page as a browser parses it, with what every server-rendered page must have: one app
 * root holding the server's markup, one short <title>, one description meta, the head's tags
 * in the head, JSON-LD and the first-screen data that parse.
 */
async function parsedPage(url: string) {
  const res = await get(url);
  expect(res.statusCode).toBe(200);
  expect(res.headers['x-rendered-by']).toMatch(/^mf_public@1\.0\.0/);
  const { document } = new JSDOM(res.body).window;
  expect(document.querySelectorAll('[id="root"]')).toHaveLength(1);
  expect(document.getElementById('root')?.getAttribute('data-ssr')).toBe('mf_public@1.0.0');
  expect(document.getElementById('root')?.parentElement).toBe(document.body);
  const titles = document.querySelectorAll('title');
  expect(titles).toHaveLength(1);
  expect(titles[0].parentElement).toBe(document.head);
  expect(chars(document.title)).toBeLessThanOrEqual(TITLE_MAX);
  const descriptions = document.querySelectorAll('meta[name="description"]');
  expect(descriptions).toHaveLength(1);
  expect(descriptions[0].parentElement).toBe(document.head);
  const description = descriptions[0].getAttribute('content') ?? '';
  expect(description).not.toBe('plain');
  expect(chars(description)).toBeLessThanOrEqual(DESCRIPTION_MAX);
  // No half of an emoji cut off: sent as UTF-8, it would arrive as U+FFFD.
  expect(description).not.toContain('\uFFFD');
  for (const sel of ['link[rel="canonical"]', 'meta[property="og:title"]', 'meta[name="tessera-view"]', 'style[data-emotion]'])
    expect(document.head.querySelectorAll(sel)).toHaveLength(1);
  // Nothing of the head spilled into the body, no stray comment or script in the page's markup.
  expect(document.body.querySelectorAll('title, meta, link, style')).toHaveLength(0);
  const scripts = [...document.querySelectorAll('script')];
  expect(scripts.map((s) => s.getAttribute('type') ?? s.getAttribute('src'))).toEqual(
    expect.arrayContaining(['application/json', '/shell/1.0.0/main.js']),
  );
  for (const s of scripts) expect(['application/json', 'application/ld+json', null]).toContain(s.getAttribute('type'));
  expect(scripts.filter((s) => !s.getAttribute('type') && !s.getAttribute('src'))).toHaveLength(0);
  const jsonLd = [...document.querySelectorAll('script[type="application/ld+json"]')].map(
    (s) => JSON.parse(s.textContent ?? '') as Record<string, unknown>,
  );
  const stateScript = document.getElementById('tessera-ssr');
  expect(stateScript?.parentElement).toBe(document.body);
  const state = JSON.parse(stateScript?.textContent ?? '') as { renderedBy: string; data: Record<string, unknown> };
  expect(state.renderedBy).toBe('mf_public@1.0.0');
  return { document, title: document.title, description, jsonLd, state };
}

test('a head text is cut between characters, never inside one', () => {
  expect(clip('Harbor Lofts', 20)).toBe('Harbor Lofts');
  expect(clip('ab 👨‍👩‍👧 cd', 4)).toBe('ab…');
  expect(clip('ab 👨‍👩‍👧 cd', 5)).toBe('ab 👨‍👩‍👧…');
  // Half of a pair, as a renderer's UTF-16 slice can leave it.
  expect(clip('ab🏠'.slice(0, 3), 10)).toBe('ab');
});

describe('stored text on every server-rendered page', () => {
  it('the API refuses a name longer than it takes, and stores nothing', async () => {
    const before = await call(t.app, { method: 'GET', url: '/v1/properties/owned?page=1&pageSize=1', as: owner });
    const res = await call(t.app, {
      method: 'POST',
      url: '/v1/properties/owned/rental-ready',
      as: owner,
      payload: { ...LISTINGS[0], name: long("$'🏠", 5000), state: 'IL', totalQuantity: 100, unitPrice: 50, roiInFiveYears: 40 },
    });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json<{ message: unknown }>().message)).toMatch(/name must be at most 120 characters/);
    const after = await call(t.app, { method: 'GET', url: '/v1/properties/owned?page=1&pageSize=1', as: owner });
    expect(after.json<{ total: number }>().total).toBe(before.json<{ total: number }>().total);
  });

  it("a listing's own page: its text parses back from the data, the JSON-LD and the markup", async () => {
    for (const p of stored) {
      const { document, title, description, jsonLd, state } = await parsedPage(`/properties/${p.id}`);
      const data = state.data[`v1/properties/${p.id}`] as { name: string; description: string; address: string };
      expect(data).toMatchObject({ name: p.name, description: p.description, address: p.address });
      expect(jsonLd).toHaveLength(1);
      expect(jsonLd[0]).toMatchObject({ '@type': 'Product', name: p.name, description: p.description });
      expect(jsonLd[0].additionalProperty).toEqual(
        expect.arrayContaining([expect.objectContaining({ name: 'Address', value: p.address })]),
      );
      // The title: the name (whole when it fits), as text.
      const full = `${p.name} · Tessera`;
      if (chars(full) <= TITLE_MAX) expect(title).toBe(full);
      else expect(full.startsWith(title.replace(/…$/, ''))).toBe(true);
      expect(description).toContain('raised of');
      expect(document.querySelector('h1')?.textContent).toBe(p.name);
      expect(document.getElementById('root')?.textContent).toContain(p.address);
    }
  });

  it('the catalogue: every listing shown, its data and ItemList names as stored', async () => {
    const { document, jsonLd, state } = await parsedPage('/properties');
    const page = Object.values(state.data)[0] as { items: { _id: string; name: string }[] };
    const byId = new Map(stored.map((p) => [p.id, p.name]));
    const shown = page.items.filter((i) => byId.has(i._id));
    expect(shown.length).toBeGreaterThan(0);
    for (const i of shown) expect(i.name).toBe(byId.get(i._id));
    const list = jsonLd.find((l) => l['@type'] === 'ItemList') as { itemListElement: { url: string; name: string }[] };
    expect(list.itemListElement.map((e) => e.name)).toEqual(page.items.map((i) => i.name));
    expect(list.itemListElement.map((e) => e.url)).toEqual(page.items.map((i) => `https://tessera.example/properties/${i._id}`));
    const text = document.getElementById('root')?.textContent ?? '';
    for (const i of shown.slice(0, 12)) expect(text).toContain(i.name);
  });

  it.each(['/', '/about', '/list_property', '/privacy', '/terms_and_conditions', '/properties'])('%s is whole', async (url) => {
    const { title } = await parsedPage(url);
    expect(title).toMatch(/Tessera/);
  });

  it('the sitemap lists every listing, one well-formed address each', async () => {
    const res = await get('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    const { document } = new JSDOM(res.body, { contentType: 'application/xml' }).window;
    expect(document.querySelector('parsererror')).toBeNull();
    const locs = [...document.querySelectorAll('url > loc')].map((l) => l.textContent);
    for (const p of stored) expect(locs).toContain(`https://tessera.example/properties/${p.id}`);
    for (const loc of locs) expect(new URL(loc ?? '').origin).toBe('https://tessera.example');
  });
});
