// Public pages as HTML (issue 21; docs/frontend.md, "Public pages as HTML"). For the public
// routes this server answers the shell's index.html with the page already in it: the
// public chrome rendered by the live shell's Node build (<shell>/<v>/ssr/render.js) and the
// page rendered by the Node build of the mf_public version this visitor gets
// (<mf_public>/<v>/ssr/render.js: stable, the canary of their cohort, or a `?preview=` pin),
// with the first screen's API answers (fetched here through the app itself, as the browser
// would ask them) serialized beside it so the client shows them without asking again.
// Also /sitemap.xml (live listings, read on every request) and /robots.txt.
// Whatever fails here, the visitor gets the plain shell page: never worse than before.
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { issueView } from '../modules/telemetry';

export const COHORT_COOKIE = 'tesseraCohort';
/** The meta tag that carries the page's signed view id (shell/src/federation/health.ts reads it). */
export const VIEW_META = 'tessera-view';
const COHORT_MAX_AGE_S = 400 * 24 * 3600;
/** The public routes a server-rendered page may answer (mf_public's renderer decides which match). */
export const SSR_PATHS = ['/', '/about', '/properties', '/properties/:id', '/list_property', '/privacy', '/terms_and_conditions'];

interface RemoteVersion {
  version: string;
  entry: string;
}
interface RemoteRecord {
  stable: RemoteVersion;
  canary?: RemoteVersion & { percent: number };
  published?: string[];
}
type Registry = Record<string, RemoteRecord | undefined>;

interface PageMeta {
  title: string;
  description: string;
  image?: string;
  type: string;
  jsonLd?: Record<string, unknown>;
  /** Root-relative canonical address from the renderer (builds that know the page's normalized query); absent: canonicalUrl's rule. */
  canonical?: string;
}
interface PageRenderer {
  match(url: string): { module: string; firstScreen: string[] } | null;
  render(
    url: string,
    data: Record<string, unknown>,
  ): { html: string; styles: Record<string, string>; module: string; meta: PageMeta | null } | null;
}
interface ChromeRenderer {
  renderChrome(url: string): { html: string; styles: Record<string, string>; slot: string };
}

/** bucket = hash(id + remote) mod 100: the shell's rule (shell/src/federation/registry.ts), FNV-1a. */
export function bucket(id: string, remote: string): number {
  let h = 0x811c9dc5;
  const s = `${id}:${remote}`;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h % 100;
}

function isPublished(rec: RemoteRecord, version: string): boolean {
  return (
    rec.stable.version === version || rec.canary?.version === version || (Array.isArray(rec.published) && rec.published.includes(version))
  );
}

/** The version of `name` this visitor gets: a `?preview=` pin of a published version, their canary cohort, else stable (the shell's chooseRemotes). */
export function chooseVersion(
  rec: RemoteRecord,
  name: string,
  cohort: string,
  preview: string[] = [],
): { version: string; channel: string } {
  for (const p of preview) {
    const [remote, version] = p.split('@');
    if (remote === name && version && isPublished(rec, version)) return { version, channel: 'preview' };
  }
  if (rec.canary && rec.canary.percent > 0 && bucket(cohort, name) < rec.canary.percent)
    return { version: rec.canary.version, channel: 'canary' };
  return { version: rec.stable.version, channel: 'stable' };
}

function readCookie(header: string | undefined, name: string): string | null {
  for (const part of (header ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) {
      const value = decodeURIComponent(v.join('='));
      return /^[0-9A-Za-z._-]{1,100}$/.test(value) ? value : null;
    }
  }
  return null;
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
/** JSON inside <script>: nothing in it can close the element or open a comment. */
const scriptJson = (v: unknown) =>
  JSON.stringify(v)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

const requireFrom = createRequire(path.join(process.cwd(), 'noop.js'));
function loadBuild<T>(file: string): T {
  return requireFrom(file) as T;
}

export interface SsrOptions {
  /** A web root (build/web: remotes/<name>/<v>/) or a releases root (<name>/<v>/): both have index.html, remotes.json and shell/<v>/. */
  root: string;
  /** The site's public origin, for canonical URLs, link previews and the sitemap. */
  publicUrl: string;
}

/** The folder of a version's build in `root`, whichever layout it has. */
function buildDir(root: string, name: string, version: string): string | null {
  const candidates =
    name === 'shell' ? [path.join(root, 'shell', version)] : [path.join(root, 'remotes', name, version), path.join(root, name, version)];
  return candidates.find((d) => existsSync(path.join(d, 'ssr', 'render.js'))) ?? null;
}

/**
 * A server-rendered page loads the app's code after its first paint and its lead photos: the
 * shell's `after-paint.js` stands in for main.js and starts it then
 * (shell/src/ssr-takeover/after-paint.js). On a slow link or phone main.js otherwise shares
 * the bandwidth with the photo the visitor waits for and runs before the page paints (issue
 * 21: LCP). A shell build without the loader keeps main.js as it was.
 */
export function withCodeAfterPaint(html: string, shellDir: string): string {
  if (!existsSync(path.join(shellDir, 'after-paint.js'))) return html;
  const tag = /<script defer(?:="defer")? src="(\/shell\/[^"]+\/)main\.js"><\/script>/.exec(html);
  if (!tag) return html;
  const loader = `<script defer src="${tag[1]}after-paint.js" data-main="${tag[1]}main.js"></script>`;
  return html.replace(tag[0], '').replace('</body>', () => `${loader}</body>`);
}

/** index.html, re-read when it changes (a release swaps it). */
function indexHtmlReader(root: string) {
  let cached: { mtimeMs: number; html: string } | null = null;
  return (): string => {
    const file = path.join(root, 'index.html');
    const { mtimeMs } = statSync(file);
    if (!cached || cached.mtimeMs !== mtimeMs) cached = { mtimeMs, html: readFileSync(file, 'utf8') };
    return cached.html;
  };
}

function absolute(publicUrl: string, url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url, `${publicUrl}/`).toString();
  } catch {
    return undefined;
  }
}

/** Addresses in structured data (`url`, `image`, `logo`, root-relative as the renderer writes them) made absolute on the public origin, like og:image. */
function absoluteLd(value: unknown, publicUrl: string, key = ''): unknown {
  if (typeof value === 'string')
    return ['url', 'image', 'logo'].includes(key) && value.startsWith('/') ? (absolute(publicUrl, value) ?? value) : value;
  if (Array.isArray(value)) return value.map((v) => absoluteLd(v, publicUrl, key));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, absoluteLd(v, publicUrl, k)]));
  return value;
}

/** The <head> tags of a page: title, description, canonical, Open Graph, Twitter card, JSON-LD. */
export function headTags(meta: PageMeta, canonical: string, publicUrl: string): string {
  const image = absolute(publicUrl, meta.image);
  const tags = [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}" />`,
    `<link rel="canonical" href="${escapeHtml(canonical)}" />`,
    `<meta property="og:site_name" content="Tessera" />`,
    `<meta property="og:type" content="${escapeHtml(meta.type)}" />`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(canonical)}" />`,
    ...(image ? [`<meta property="og:image" content="${escapeHtml(image)}" />`] : []),
    `<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}" />`,
    `<meta name="twitter:title" content="${escapeHtml(meta.title)}" />`,
    `<meta name="twitter:description" content="${escapeHtml(meta.description)}" />`,
    ...(image ? [`<meta name="twitter:image" content="${escapeHtml(image)}" />`] : []),
    ...(meta.jsonLd ? [`<script type="application/ld+json">${scriptJson(absoluteLd(meta.jsonLd, publicUrl))}</script>`] : []),
  ];
  return tags.join('\n    ');
}

/** The canonical address: the path, and for the catalogue the filters and page it shows. */
function canonicalUrl(publicUrl: string, url: URL): string {
  const keep = url.pathname === '/properties' ? ['q', 'state', 'type', 'page'] : [];
  const params = new URLSearchParams();
  for (const k of keep) {
    const v = url.searchParams.get(k);
    if (v && !(k === 'page' && v === '1')) params.set(k, v);
  }
  const qs = params.toString();
  return `${publicUrl}${url.pathname}${qs ? `?${qs}` : ''}`;
}

/** The renderer's canonical (root-relative, on the public origin) when it gives one, else the path rule above. */
function canonicalOf(meta: PageMeta, publicUrl: string, url: URL): string {
  const c = meta.canonical;
  return typeof c === 'string' && c.startsWith('/') && !c.startsWith('//') ? `${publicUrl}${c}` : canonicalUrl(publicUrl, url);
}

export interface RenderResult {
  status: number;
  html: string;
  /** What rendered it, e.g. `mf_public@1.1.0 (canary)`; null: the plain shell page. */
  renderedBy: string | null;
}

export function createPageRenderer(app: FastifyInstance, opts: SsrOptions) {
  const indexHtml = indexHtmlReader(opts.root);

  async function firstScreenData(keys: string[], request: FastifyRequest): Promise<{ data: Record<string, unknown>; missing: boolean }> {
    const data: Record<string, unknown> = {};
    let missing = false;
    for (const key of keys) {
      // Through the app itself: the same route, cache and answer the browser would get.
      const res = await app.inject({
        method: 'GET',
        url: `/${key}`,
        headers: {
          accept: 'application/json',
          ...(request.headers['x-client-versions'] ? { 'x-client-versions': String(request.headers['x-client-versions']) } : {}),
        },
      });
      if (res.statusCode === 200) data[key] = res.json();
      else missing = true;
    }
    return { data, missing };
  }

  return async function renderPage(request: FastifyRequest, cohort: string): Promise<RenderResult> {
    const plain = indexHtml();
    const url = new URL(request.url, 'http://tessera.invalid');
    try {
      const registry = JSON.parse(readFileSync(path.join(opts.root, 'remotes.json'), 'utf8')) as Registry;
      const rec = registry.mf_public;
      const shellVersion = /\/shell\/([^/"]+)\//.exec(plain)?.[1];
      if (!rec?.stable || !shellVersion) return { status: 200, html: plain, renderedBy: null };
      const chosen = chooseVersion(
        rec,
        'mf_public',
        cohort,
        url.searchParams.getAll('preview').flatMap((v) => v.split(',')),
      );
      const pageDir = buildDir(opts.root, 'mf_public', chosen.version);
      const shellDir = buildDir(opts.root, 'shell', shellVersion);
      if (!pageDir || !shellDir) return { status: 200, html: plain, renderedBy: null };
      const pages = loadBuild<PageRenderer>(path.join(pageDir, 'ssr', 'render.js'));
      const chrome = loadBuild<ChromeRenderer>(path.join(shellDir, 'ssr', 'render.js'));
      const target = `${url.pathname}${url.search}`;
      const matched = pages.match(target);
      if (!matched) return { status: 200, html: plain, renderedBy: null };
      const { data, missing } = await firstScreenData(matched.firstScreen, request);
      const page = pages.render(target, data);
      if (!page) return { status: 200, html: plain, renderedBy: null };
      // A page whose data is missing (an unknown property): the shell's own page says so, with a 404.
      if (!page.meta) return { status: missing ? 404 : 200, html: plain, renderedBy: null };
      const shell = chrome.renderChrome(target);
      const body = shell.html.replace(shell.slot, () => page.html);
      const styles = { ...shell.styles, ...page.styles };
      const ids = Object.keys(styles);
      const renderedBy = `mf_public@${chosen.version}`;
      const head = [
        headTags(page.meta, canonicalOf(page.meta, opts.publicUrl, url), opts.publicUrl),
        // The rules the markup uses, in emotion's own format: the client's emotion takes them
        // over (registers the ids, inserts none twice).
        `<style data-emotion="css ${ids.join(' ')}">${Object.values(styles).join('')}</style>`,
      ].join('\n    ');
      const state = { renderedBy, module: page.module, data };
      const html = withCodeAfterPaint(plain, shellDir)
        .replace(/<title>[\s\S]*?<\/title>\s*/, '')
        .replace(/<meta\s+name="description"[\s\S]*?\/>\s*/, '')
        .replace('</head>', `  ${head}\n  </head>`)
        .replace(
          /<div id="root"><\/div>/,
          () =>
            `<div id="root" data-ssr="${escapeHtml(renderedBy)}">${body}</div>\n    <script type="application/json" id="tessera-ssr">${scriptJson(state)}</script>`,
        );
      return { status: 200, html, renderedBy: `${renderedBy} (${chosen.channel})` };
    } catch (err) {
      request.log.error({ err }, 'server rendering failed: sending the plain shell page');
      return { status: 200, html: plain, renderedBy: null };
    }
  };
}

/** Live listings, every page of the public catalogue, read now (no cache beyond the catalogue's own, about a second). */
async function liveListingIds(app: FastifyInstance): Promise<{ id: string; updatedAt?: string }[]> {
  const out: { id: string; updatedAt?: string }[] = [];
  for (let page = 1; page <= 1000; page++) {
    const res = await app.inject({
      method: 'GET',
      url: `/v1/properties?page=${page}&pageSize=100`,
      headers: { accept: 'application/json' },
    });
    if (res.statusCode !== 200) throw new Error(`catalogue: ${res.statusCode}`);
    const body = res.json() as { items: { _id: string; updatedAt?: string }[]; total: number; pageSize: number };
    out.push(...body.items.map((p) => ({ id: p._id, updatedAt: p.updatedAt })));
    if (body.items.length === 0 || page * body.pageSize >= body.total) break;
  }
  return out;
}

export function sitemapXml(publicUrl: string, listings: { id: string; updatedAt?: string }[]): string {
  const staticPaths = ['/', '/properties', '/about', '/list_property', '/privacy', '/terms_and_conditions'];
  const urls = [
    ...staticPaths.map((p) => `  <url><loc>${escapeHtml(`${publicUrl}${p}`)}</loc></url>`),
    ...listings.map(
      (l) =>
        `  <url><loc>${escapeHtml(`${publicUrl}/properties/${encodeURIComponent(l.id)}`)}</loc>${
          l.updatedAt ? `<lastmod>${escapeHtml(l.updatedAt)}</lastmod>` : ''
        }</url>`,
    ),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Disallow: /dashboard',
    'Disallow: /onboarding',
    'Disallow: /questionnaire',
    'Disallow: /v1',
    'Disallow: /download/',
    'Disallow: /support',
    'Disallow: /login',
    'Disallow: /signup',
    'Disallow: /verify',
    'Allow: /',
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

async function ssrPlugin(app: FastifyInstance, opts: SsrOptions): Promise<void> {
  const renderPage = createPageRenderer(app, opts);
  // The Node builds sit in the release folders (ssr/render.js): the server's, never served.
  app.addHook('onRequest', async (request, reply) => {
    if (/^\/(shell|remotes)\/.*\/ssr(\/|$)/.test(request.url.split('?')[0]))
      return reply.status(404).send({ statusCode: 404, error: 'Not Found', message: 'Not found' });
  });

  const pageHandler = async (request: FastifyRequest, reply: FastifyReply) => {
    // The shell's canary cohort, readable here: the cookie mirrors the id the shell keeps
    // (shell/src/federation/registry.ts); a first visit gets one now, which the shell adopts.
    let cohort = readCookie(request.headers.cookie, COHORT_COOKIE);
    if (!cohort) {
      cohort = randomUUID();
      reply.header('Set-Cookie', `${COHORT_COOKIE}=${cohort}; Path=/; Max-Age=${COHORT_MAX_AGE_S}; SameSite=Lax`);
    }
    const { status, html, renderedBy } = await renderPage(request, cohort);
    if (renderedBy) reply.header('X-Rendered-By', renderedBy);
    return reply
      .status(status)
      .header('Content-Type', 'text/html; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .header('Vary', 'Cookie')
      .send(await withView(request, html, cohort));
  };

  /**
   * The page's view id for remote health (modules/telemetry/views.ts), in a meta tag the shell
   * reads at boot: the versions this visitor gets, as signed by this server. The page goes out
   * without one when the view cannot be issued (the address is over its cap, the database
   * is down): the shell then asks GET /v1/telemetry/view, and without a view its reports
   * count for nothing.
   */
  async function withView(request: FastifyRequest, html: string, cohort: string): Promise<string> {
    if (!html.includes('</head>')) return html;
    try {
      const url = new URL(request.url, 'http://tessera.invalid');
      const issued = await issueView(app, {
        ip: request.ip,
        cohort,
        preview: url.searchParams.getAll('preview').flatMap((v) => v.split(',')),
        // Every page answered here is mf_public's: its remote loads at once.
        expected: ['mf_public'],
      });
      if (!issued) return html;
      return html.replace('</head>', () => `  <meta name="${VIEW_META}" content="${escapeHtml(issued.token)}" />\n  </head>`);
    } catch (err) {
      request.log.warn({ err }, 'telemetry: no view id for this page');
      return html;
    }
  }
  for (const url of SSR_PATHS) app.get(url, { schema: { hide: true } }, pageHandler);

  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
    const listings = await liveListingIds(app);
    return reply
      .header('Content-Type', 'application/xml; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .send(sitemapXml(opts.publicUrl, listings));
  });
  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply.header('Content-Type', 'text/plain; charset=utf-8').header('Cache-Control', 'no-cache').send(robotsTxt(opts.publicUrl)),
  );
}

export default fp(ssrPlugin, { name: 'ssr' });
