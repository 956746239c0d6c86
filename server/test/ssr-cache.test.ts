// Server-rendered pages kept in memory (plugins/ssr.ts, PageCache) and the sitemap built per
// catalogue version. The stand-in renderer numbers its renders, so a page served from memory
// shows the number of the render that made it.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildSitemap, normalizedQuery, SITEMAP_URLS_PER_FILE } from '../src/plugins/ssr';
import { verifyView } from '../src/modules/telemetry/views';
import { buildTestApp, makeProperty, makeUser, type TestApp, type TestUser } from './helper';

const index = (marker: string) =>
  `<!doctype html><html><head><meta name="description" content="plain" /><title>Tessera ${marker}</title><script defer src="/shell/1.0.0/main.js"></script></head><body><div id="root"></div></body></html>`;

// Like the real build (React), the stand-in escapes what it writes into markup.
const PAGES = `
let renders = 0;
const esc = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
exports.match = (url) => {
  const u = new URL(url, 'http://x');
  if (u.pathname === '/' || u.pathname === '/about') return { module: 'Static', firstScreen: [] };
  if (u.pathname === '/properties') return { module: 'Properties', firstScreen: ['v1/properties?page=1&pageSize=12'] };
  return null;
};
exports.render = (url, data) => {
  renders++;
  const page = data['v1/properties?page=1&pageSize=12'];
  const items = page ? page.items.map((i) => '<p>' + esc(i.name) + '</p>').join('') : '';
  return {
    html: '<h1 data-render="' + renders + '">Page</h1>' + items,
    styles: {},
    module: 'x',
    meta: { title: 'Page', description: 'd', type: 'website' },
  };
};`;
const CHROME = `exports.renderChrome = () => ({ html: '<main>@@SLOT@@</main>', styles: {}, slot: '@@SLOT@@' });`;

let t: TestApp;
let root: string;
let owner: TestUser;
let admin: TestUser;

function write(file: string, text: string) {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
}
const registry = (stable: string) =>
  JSON.stringify({ mf_public: { stable: { version: stable, entry: `/remotes/mf_public/${stable}/mf-manifest.json` } } });

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'tessera-ssr-cache-'));
  write('index.html', index('a'));
  write('remotes.json', registry('1.0.0'));
  write('shell/1.0.0/ssr/render.js', CHROME);
  write('remotes/mf_public/1.0.0/ssr/render.js', PAGES);
  write('remotes/mf_public/1.0.1/ssr/render.js', PAGES);
  t = await buildTestApp({ webRoot: root, publicUrl: 'https://tessera.example', sitemapUrlsPerFile: 3 });
  owner = await makeUser(t.app, 'PROPERTY_OWNER', { status: 'VERIFIED' });
  admin = await makeUser(t.app, 'ADMIN');
});
afterAll(async () => {
  await t?.close();
  rmSync(root, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { cookie: 'tesseraCohort=c1', ...headers } });
async function rendered(url: string, headers?: Record<string, string>): Promise<{ n: number; body: string; view: string | null }> {
  const res = await get(url, headers);
  expect(res.statusCode).toBe(200);
  const n = Number(/data-render="(\d+)"/.exec(res.body)?.[1]);
  expect(n).toBeGreaterThan(0);
  return { n, body: res.body, view: /<meta name="tessera-view" content="([^"]+)"/.exec(res.body)?.[1] ?? null };
}
/** A file was rewritten: make sure its mtime moves even on a coarse clock. */
const later = () => new Promise((r) => setTimeout(r, 20));

describe('server-rendered pages from memory', () => {
  it('renders a page once for the same route and query (in any order); each response gets its own view id', async () => {
    const a = await rendered('/properties?state=CA&type=OFF_PLAN');
    const b = await rendered('/properties?type=OFF_PLAN&state=CA');
    expect(b.n).toBe(a.n);
    expect(a.view).not.toBeNull();
    expect(b.view).not.toBeNull();
    expect(b.view).not.toBe(a.view);
    expect(verifyView(t.config.jwtSecret, b.view).ok).toBe(true);
    // Another query is another page.
    expect((await rendered('/properties?state=TX')).n).not.toBe(a.n);
    // First visits (no cohort cookie yet) still get the page from memory, and a cookie of their own.
    const first = await t.app.inject({ method: 'GET', url: '/properties?state=CA&type=OFF_PLAN' });
    expect(first.headers['set-cookie']).toMatch(/^tesseraCohort=/);
    expect(Number(/data-render="(\d+)"/.exec(first.body)?.[1])).toBe(a.n);
  });

  it('a catalogue change renders catalogue pages again, not pages without data', async () => {
    const home = await rendered('/');
    const list = await rendered('/properties');
    expect((await rendered('/')).n).toBe(home.n);
    expect((await rendered('/properties')).n).toBe(list.n);
    const p = await makeProperty(t.app, owner, { approveAs: admin, body: { name: 'Fresh Listing' } });
    const after = await rendered('/properties');
    expect(after.n).not.toBe(list.n);
    expect(after.body).toContain('Fresh Listing');
    expect(p.status).toBe('ACTIVE');
    expect((await rendered('/')).n).toBe(home.n);
  });

  it('a release (index.html, or another mf_public version) renders every page again', async () => {
    const home = await rendered('/');
    await later();
    write('index.html', index('b'));
    const afterIndex = await rendered('/');
    expect(afterIndex.n).not.toBe(home.n);
    expect((await rendered('/')).n).toBe(afterIndex.n);
    await later();
    write('remotes.json', registry('1.0.1'));
    const res = await get('/');
    expect(res.headers['x-rendered-by']).toBe('mf_public@1.0.1 (stable)');
    expect(Number(/data-render="(\d+)"/.exec(res.body)?.[1])).toBeGreaterThan(0);
    const again = await get('/');
    expect(/data-render="(\d+)"/.exec(again.body)?.[1]).toBe(/data-render="(\d+)"/.exec(res.body)?.[1]);
  });

  it("a listing named with $' and </script> renders safely, the same from memory", async () => {
    const name = "Dollar $' $& $` </script><script>alert(1)</script>";
    await makeProperty(t.app, owner, { approveAs: admin, body: { name } });
    const first = await rendered('/properties');
    const cached = await rendered('/properties');
    expect(cached.n).toBe(first.n);
    for (const { body } of [first, cached]) {
      expect(body).not.toContain('<script>alert(1)</script>');
      expect(body).toContain("<p>Dollar $' $&amp; $` &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;</p>");
      // The state script holds the name exactly, and nothing in it closes the element.
      const state = /<script type="application\/json" id="tessera-ssr">([\s\S]*?)<\/script>/.exec(body)?.[1] as string;
      const data = JSON.parse(state) as { data: Record<string, { items: { name: string }[] }> };
      expect(Object.values(data.data)[0].items.map((i) => i.name)).toContain(name);
      // `$'` inserted literally: the text after the match was not spliced in.
      expect(body.split('</html>')).toHaveLength(2);
      expect(body.match(/<div id="root"/g)).toHaveLength(1);
    }
  });

  it('never holds a signed-in view: the page is the public one whoever asks', async () => {
    const pending = await makeProperty(t.app, owner, { body: { name: 'Pending Secret Listing' } });
    const asAdmin = await rendered('/properties', { authorization: admin.headers.authorization });
    const anonymous = await rendered('/properties');
    expect(asAdmin.n).toBe(anonymous.n);
    expect(asAdmin.body).not.toContain('Pending Secret Listing');
    expect(pending.status).toBe('PENDING_REVIEW');
  });

  it('normalizes a query: parameters by name, values kept', () => {
    expect(normalizedQuery(new URL('http://x/p?b=2&a=1&a=0'))).toBe('a=0&a=1&b=2');
    expect(normalizedQuery(new URL('http://x/p'))).toBe('');
  });
});

describe('sitemap', () => {
  it('is cut into files of at most the limit, behind an index, with lastmod from each listing; cached per catalogue version', async () => {
    const listings = await t.app.inject({ method: 'GET', url: '/v1/properties?pageSize=100' });
    const live = listings.json().items as { _id: string; updatedAt: string }[];
    const root1 = await get('/sitemap.xml');
    expect(root1.headers['content-type']).toMatch(/^application\/xml/);
    expect(root1.body).toContain('<sitemapindex');
    const files = [...root1.body.matchAll(/<loc>https:\/\/tessera\.example(\/sitemaps\/\d+\.xml)<\/loc>/g)].map((m) => m[1]);
    expect(files).toHaveLength(Math.ceil((6 + live.length) / 3));
    const locs: string[] = [];
    for (const f of files) {
      const body = (await get(f)).body;
      const urls = body.match(/<url>/g) ?? [];
      expect(urls.length).toBeLessThanOrEqual(3);
      expect(urls.length).toBeGreaterThan(0);
      for (const m of body.matchAll(/<url><loc>([^<]+)<\/loc>(?:<lastmod>([^<]+)<\/lastmod>)?<\/url>/g)) {
        locs.push(m[1]);
        const id = /\/properties\/([^/]+)$/.exec(m[1])?.[1];
        if (id) expect(m[2]).toBe(live.find((l) => l._id === id)?.updatedAt);
      }
    }
    expect(locs.filter((l) => l.includes('/properties/')).sort()).toEqual(
      live.map((l) => `https://tessera.example/properties/${l._id}`).sort(),
    );
    expect((await get(`/sitemaps/${files.length + 1}.xml`)).statusCode).toBe(404);
    expect((await get('/sitemaps/0.xml')).statusCode).toBe(404);
    expect((await get('/sitemaps/x.xml')).statusCode).toBe(404);
    // The same until the catalogue changes; a new listing is in it at once.
    expect((await get('/sitemap.xml')).body).toBe(root1.body);
    const p = await makeProperty(t.app, owner, { approveAs: admin });
    let all = '';
    for (const f of files.concat(`/sitemaps/${files.length + 1}.xml`)) all += (await get(f)).body;
    expect(all).toContain(`/properties/${p._id}</loc>`);
  });

  it(`holds ${SITEMAP_URLS_PER_FILE.toLocaleString('en-US')} URLs per file by default`, () => {
    const listings = Array.from({ length: SITEMAP_URLS_PER_FILE }, (_, i) => ({ id: `p${i}`, updatedAt: '2026-01-01T00:00:00.000Z' }));
    const big = buildSitemap('https://x', listings);
    expect(big.files).toHaveLength(2);
    expect(big.files[0].match(/<url>/g)).toHaveLength(SITEMAP_URLS_PER_FILE);
    expect(big.files[1].match(/<url>/g)).toHaveLength(6);
    expect(big.root.match(/<sitemap>/g)).toHaveLength(2);
    expect(big.root).toContain('<lastmod>2026-01-01T00:00:00.000Z</lastmod>');
    const small = buildSitemap('https://x', listings.slice(0, 10));
    expect(small.root).toContain('<urlset');
    expect(small.root.match(/<url>/g)).toHaveLength(16);
  });
});
