// Public pages as HTML (plugins/ssr.ts): the server picks the mf_public build of the visitor's
// cohort, fetches the first screen's answers through the app, puts the rendered page, its
// meta and the answers into index.html; sitemap.xml and robots.txt. The renderers here are
// small stand-ins with the real builds' interface (the real ones: e2e/tests/public-html.test.ts).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { bucket, chooseVersion, headTags, robotsTxt, sitemapXml } from '../src/plugins/ssr';
import { verifyView } from '../src/modules/telemetry/views';
import { buildTestApp, makeProperty, makeUser, type TestApp, type TestUser } from './helper';

const INDEX =
  '<!doctype html><html><head><meta name="description" content="plain" /><title>Tessera shell</title><script defer src="/shell/1.0.0/main.js"></script></head><body><div id="root"></div></body></html>';

/** The page without its view id (every page gets one, the plain shell page too). */
const withoutView = (html: string) => html.replace(/\s*<meta name="tessera-view" content="[^"]+" \/>\n\s*/, '');

/** A page renderer like mf-public/src/ssr.tsx's build: `heading` shows which version rendered. */
const pageRenderer = (heading: string) => `
exports.match = (url) => {
  const u = new URL(url, 'http://x');
  if (u.pathname === '/') return { module: 'Landing', firstScreen: [] };
  const m = /^\\/properties\\/([^/]+)$/.exec(u.pathname);
  if (m) return { module: 'PropertyDetail', firstScreen: ['v1/properties/' + m[1]] };
  if (u.pathname === '/properties') return { module: 'Properties', firstScreen: ['v1/properties?page=1&pageSize=12'] };
  return null;
};
exports.render = (url, data) => {
  const u = new URL(url, 'http://x');
  const key = exports.match(url).firstScreen[0];
  const body = key ? data[key] : undefined;
  if (key && !body) return { html: '', styles: {}, module: 'x', meta: null };
  const name = body && body.name ? body.name : ${JSON.stringify(heading)};
  return {
    html: '<h1 class="css-abc">' + name + '</h1>' + (body && body.items ? body.items.map((i) => '<p>' + i.name + '</p>').join('') : ''),
    styles: { abc: '.css-abc{color:red;}' },
    module: 'x',
    meta: { title: name + ' · Tessera', description: 'About ' + name + ' <&>', image: '/download/p.jpg', type: 'website', jsonLd: { name: '</script><script>' } },
  };
};`;
const CHROME = `exports.renderChrome = () => ({ html: '<header>chrome</header><main>@@SLOT@@</main>', styles: { hdr: '.css-hdr{}' , abc: '.css-abc{color:red;}' }, slot: '@@SLOT@@' });`;

let t: TestApp;
let root: string;
let owner: TestUser;
let admin: TestUser;

function write(file: string, text: string) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'tessera-ssr-'));
  write(path.join(root, 'index.html'), INDEX);
  write(
    path.join(root, 'remotes.json'),
    JSON.stringify({
      mf_public: {
        stable: { version: '1.0.0', entry: '/remotes/mf_public/1.0.0/mf-manifest.json' },
        canary: { version: '1.1.0', entry: '/remotes/mf_public/1.1.0/mf-manifest.json', percent: 50 },
      },
    }),
  );
  write(path.join(root, 'shell/1.0.0/ssr/render.js'), CHROME);
  write(path.join(root, 'remotes/mf_public/1.0.0/ssr/render.js'), pageRenderer('Stable heading'));
  write(path.join(root, 'remotes/mf_public/1.1.0/ssr/render.js'), pageRenderer('Canary heading'));
  t = await buildTestApp({ webRoot: root, publicUrl: 'https://tessera.example' });
  owner = await makeUser(t.app, 'PROPERTY_OWNER', { status: 'VERIFIED' });
  admin = await makeUser(t.app, 'ADMIN');
});
afterAll(async () => {
  await t?.close();
  rmSync(root, { recursive: true, force: true });
});

const get = (url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, headers: cookie ? { cookie: `tesseraCohort=${cookie}` } : {} });
function cohorts(): { canary: string; stable: string } {
  let canary = '';
  let stable = '';
  for (let i = 0; !(canary && stable); i++) {
    const id = `c${i}`;
    if (bucket(id, 'mf_public') < 50) canary ||= id;
    else stable ||= id;
  }
  return { canary, stable };
}

describe('server-rendered public pages', () => {
  it('renders the page with the version of the visitor cohort, meta in head, no-cache', async () => {
    const { canary, stable } = cohorts();
    const a = await get('/', canary);
    expect(a.statusCode).toBe(200);
    expect(a.headers['cache-control']).toBe('no-cache');
    expect(a.headers['content-type']).toMatch(/^text\/html/);
    expect(a.body).toContain(
      '<div id="root" data-ssr="mf_public@1.1.0"><header>chrome</header><main><h1 class="css-abc">Canary heading</h1></main></div>',
    );
    const b = await get('/', stable);
    expect(b.body).toContain('<h1 class="css-abc">Stable heading</h1>');
    expect(b.body).toContain('<title>Stable heading · Tessera</title>');
    expect(b.body.match(/<title>/g)).toHaveLength(1);
    expect(b.body).not.toContain('content="plain"');
    expect(b.body).toContain('<meta name="description" content="About Stable heading &lt;&amp;&gt;" />');
    expect(b.body).toContain('<link rel="canonical" href="https://tessera.example/" />');
    expect(b.body).toContain('<meta property="og:image" content="https://tessera.example/download/p.jpg" />');
    // Styles once each, in emotion's format; JSON-LD cannot close its script element.
    expect(b.body).toContain('<style data-emotion="css hdr abc">.css-hdr{}.css-abc{color:red;}</style>');
    expect(b.body).not.toContain('</script><script>');
    // No paint of a half-parsed page: rendering waits until the parser reaches the state script
    // after #root, which the head names.
    const head = b.body.slice(0, b.body.indexOf('</head>'));
    expect(head).toContain('<link rel="expect" href="#tessera-ssr" blocking="render" />');
    expect(b.body.indexOf('id="tessera-ssr"')).toBeGreaterThan(b.body.indexOf('<div id="root"'));
    expect(b.headers['set-cookie']).toBeUndefined();
  });

  it('carries a signed view id bound to the versions the page was rendered with', async () => {
    const { canary, stable } = cohorts();
    const viewOf = (html: string) => {
      const token = /<meta name="tessera-view" content="([^"]+)" \/>/.exec(html)?.[1];
      expect(token).toBeDefined();
      const v = verifyView(t.config.jwtSecret, token);
      if (!v.ok) throw new Error(v.reason);
      return v.view;
    };
    expect(viewOf((await get('/', canary)).body).assignment.mf_public).toEqual({ version: '1.1.0', channel: 'canary' });
    expect(viewOf((await get('/', stable)).body).assignment.mf_public).toEqual({ version: '1.0.0', channel: 'stable' });
    expect(viewOf((await get('/?preview=mf_public@1.1.0', stable)).body).assignment.mf_public).toEqual({
      version: '1.1.0',
      channel: 'preview',
    });
    // Two responses, two views.
    expect(viewOf((await get('/', stable)).body).id).not.toBe(viewOf((await get('/', stable)).body).id);
  });

  it('gives a first visit a cohort, and honours ?preview= of a published version', async () => {
    const first = await get('/');
    expect(String(first.headers['set-cookie'])).toMatch(/^tesseraCohort=[0-9a-f-]{36}; Path=\/; Max-Age=\d+; SameSite=Lax$/);
    const { stable } = cohorts();
    expect((await get('/?preview=mf_public@1.1.0', stable)).body).toContain('Canary heading');
    expect((await get('/?preview=mf_public@9.9.9', stable)).body).toContain('Stable heading');
  });

  it('renders the first screen from the API and sends its answers with the page; an unknown property is a 404', async () => {
    const p = await makeProperty(t.app, owner, { approveAs: admin, body: { name: 'Harbor <Lofts>' } });
    const { stable } = cohorts();
    const res = await get(`/properties/${p._id}`, stable);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<h1 class="css-abc">Harbor <Lofts></h1>');
    const state = JSON.parse(/<script type="application\/json" id="tessera-ssr">([\s\S]*?)<\/script>/.exec(res.body)![1]) as {
      data: Record<string, { name: string }>;
    };
    expect(state.data[`v1/properties/${p._id}`].name).toBe('Harbor <Lofts>');
    // The serialized answer cannot end its <script>.
    expect(/id="tessera-ssr">[^<]*<\/script>/.test(res.body)).toBe(true);

    const missing = await get('/properties/000000000000000000000000', stable);
    expect(missing.statusCode).toBe(404);
    expect(withoutView(missing.body)).toBe(INDEX);
  });

  it('the canonical URL is the one the renderer gives (the filters the page shows), on the public origin; JSON-LD addresses are absolute', async () => {
    // A renderer that normalizes the catalogue's query (as mf-public's canonicalQuery does) and lists its items in JSON-LD.
    write(
      path.join(root, 'remotes/mf_public/1.0.5/ssr/render.js'),
      `exports.match = (url) => ({ module: 'x', firstScreen: [] });
       exports.render = (url) => {
         const u = new URL(url, 'http://x');
         const canonical = u.searchParams.get('canonical');
         return { html: '<h1>x</h1>', styles: {}, module: 'x', meta: { title: 't', description: 'd', type: 'website', image: '/download/a.jpg',
           ...(canonical !== null ? { canonical } : {}),
           jsonLd: { '@type': 'ItemList', image: ['/download/a.jpg', 'https://cdn.example/b.jpg'], itemListElement: [{ url: '/properties/p1', name: '/not-a-url' }] } } };
       };`,
    );
    const registry = { mf_public: { stable: { version: '1.0.5', entry: '/remotes/mf_public/1.0.5/mf-manifest.json' } } };
    write(path.join(root, 'remotes.json'), JSON.stringify(registry));
    const canonical = async (url: string) => /<link rel="canonical" href="([^"]*)"/.exec((await get(url)).body)?.[1];
    expect(await canonical('/properties?page=abc&state=XX&canonical=%2Fproperties')).toBe('https://tessera.example/properties');
    expect(await canonical('/properties?state=ca&canonical=%2Fproperties%3Fstate%3DCA')).toBe(
      'https://tessera.example/properties?state=CA',
    );
    // Never another origin: such a canonical is ignored for the path rule.
    expect(await canonical('/properties?canonical=https%3A%2F%2Fevil.example%2F')).toBe('https://tessera.example/properties');
    expect(await canonical('/properties?canonical=%2F%2Fevil.example%2F')).toBe('https://tessera.example/properties');
    // A renderer without it (older builds): the path, and the catalogue's known keys.
    expect(await canonical('/properties?state=CA&utm=x')).toBe('https://tessera.example/properties?state=CA');
    const ld = JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec((await get('/properties')).body)![1]);
    expect(ld.image).toEqual(['https://tessera.example/download/a.jpg', 'https://cdn.example/b.jpg']);
    expect(ld.itemListElement).toEqual([{ url: 'https://tessera.example/properties/p1', name: '/not-a-url' }]);
    // The same on another host name: the configured public URL, not the request's.
    const other = await t.app.inject({ method: 'GET', url: '/properties?canonical=%2Fproperties', headers: { host: '127.0.0.1:9999' } });
    expect(other.body).toContain('<link rel="canonical" href="https://tessera.example/properties" />');
    expect(other.body).toContain('<meta property="og:url" content="https://tessera.example/properties" />');
    expect(other.body).toContain('<meta property="og:image" content="https://tessera.example/download/a.jpg" />');
    write(
      path.join(root, 'remotes.json'),
      JSON.stringify({
        mf_public: {
          stable: { version: '1.0.0', entry: '/remotes/mf_public/1.0.0/mf-manifest.json' },
          canary: { version: '1.1.0', entry: '/remotes/mf_public/1.1.0/mf-manifest.json', percent: 50 },
        },
      }),
    );
  });

  it('falls back to the plain shell page when a renderer is missing or throws', async () => {
    write(path.join(root, 'remotes/mf_public/1.0.0/ssr/render.js'), 'exports.match = () => { throw new Error("boom"); };');
    // A fresh file path, so require() reads the broken build.
    const registry = {
      mf_public: { stable: { version: '1.0.2', entry: '/remotes/mf_public/1.0.2/mf-manifest.json' } },
    };
    write(path.join(root, 'remotes/mf_public/1.0.2/ssr/render.js'), 'exports.match = () => { throw new Error("boom"); };');
    write(path.join(root, 'remotes.json'), JSON.stringify(registry));
    const res = await get('/about');
    expect(res.statusCode).toBe(200);
    expect(withoutView(res.body)).toBe(INDEX);
    registry.mf_public.stable = { version: '7.0.0', entry: '/remotes/mf_public/7.0.0/mf-manifest.json' };
    write(path.join(root, 'remotes.json'), JSON.stringify(registry));
    expect(withoutView((await get('/privacy')).body)).toBe(INDEX);
  });

  it('never serves the Node builds', async () => {
    expect((await get('/remotes/mf_public/1.0.0/ssr/render.js')).statusCode).toBe(404);
    expect((await get('/shell/1.0.0/ssr/render.js')).statusCode).toBe(404);
  });

  it('sitemap.xml lists the live listings at once; robots.txt keeps crawlers out of private areas', async () => {
    const before = await get('/sitemap.xml');
    expect(before.statusCode).toBe(200);
    expect(before.headers['content-type']).toMatch(/^application\/xml/);
    const pending = await makeProperty(t.app, owner);
    const live = await makeProperty(t.app, owner, { approveAs: admin });
    const after = (await get('/sitemap.xml')).body;
    expect(after).toContain(`<loc>https://tessera.example/properties/${live._id}</loc>`);
    expect(after).not.toContain(pending._id);
    const robots = await get('/robots.txt');
    expect(robots.body).toContain('Disallow: /dashboard');
    expect(robots.body).toContain('Disallow: /v1');
    expect(robots.body).toContain('Sitemap: https://tessera.example/sitemap.xml');
  });
});

describe('helpers', () => {
  it('chooses preview, then canary by cohort, then stable', () => {
    const rec = { stable: { version: '1.0.0', entry: '' }, canary: { version: '1.1.0', entry: '', percent: 100 }, published: ['0.9.0'] };
    expect(chooseVersion(rec, 'mf_public', 'x').version).toBe('1.1.0');
    expect(chooseVersion({ ...rec, canary: { ...rec.canary, percent: 0 } }, 'mf_public', 'x').version).toBe('1.0.0');
    expect(chooseVersion(rec, 'mf_public', 'x', ['mf_public@0.9.0']).channel).toBe('preview');
    expect(chooseVersion(rec, 'mf_public', 'x', ['mf_public@0.8.0']).channel).toBe('canary');
  });
  it('escapes what it writes', () => {
    expect(headTags({ title: '"a" <b>', description: 'd', type: 'website' }, 'https://x/', 'https://x')).toContain(
      '<title>&quot;a&quot; &lt;b&gt;</title>',
    );
    expect(sitemapXml('https://x', [{ id: 'a&b' }])).toContain('<loc>https://x/properties/a%26b</loc>');
    expect(robotsTxt('https://x')).toMatch(/^User-agent: \*/);
  });
});
