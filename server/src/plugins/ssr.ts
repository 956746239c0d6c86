// Public pages as HTML (issue 21; docs/frontend.md, "Public pages as HTML"). For the public
// routes this server answers the shell's index.html with the page already in it: the
// public chrome rendered by the live shell's Node build (<shell>/<v>/ssr/render.js) and the
// page rendered by the Node build of the mf_public version this visitor gets
// (<mf_public>/<v>/ssr/render.js: stable, the canary of their cohort, or a `?preview=` pin),
// with the first screen's API answers (fetched here through the app itself, as the browser
// would ask them) serialized beside it so the client shows them without asking again.
// A rendered page is kept in memory (PageCache below) under its route, its normalized query,
// the release it came from (index.html, the shell and mf_public versions) and, for a page
// that shows API data, the catalogue version: a page showing no data is rendered once per
// release, a catalogue page once per catalogue change. The cache holds the shared page only;
// the per-view parts (the signed view id, the cohort cookie) are added to each response.
// Also /sitemap.xml (live listings, one index walk per catalogue version) and /robots.txt.
// Whatever fails here, the visitor gets the plain shell page: never worse than before.
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { catalogueVersion, liveListings } from '../modules/properties';
import { issueView } from '../modules/telemetry';
import { isPageRequest } from './static';

export const COHORT_COOKIE = 'tesseraCohort';
/** The meta tag that carries the page's signed view id (shell/src/federation/health.ts reads it). */
export const VIEW_META = 'tessera-view';
/** The script holding the first screen's data, just after #root (the shell reads it). */
const SSR_STATE_ID = 'tessera-ssr';
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
  /** URLs per sitemap file: the protocol's 50,000 unless set (tests set a small one). */
  sitemapUrlsPerFile?: number;
  /** Rendered pages kept (least recently used dropped first). */
  pageCacheEntries?: number;
  /**
   * Where this plugin puts its answer for the shell's other routes (the errors plugin's
   * not-found fallback calls it): the plain shell page, with a cohort and a view id.
   */
  fallback?: PageFallback;
}

/** A page route nothing else answers: `serve` answers it (true) or leaves it (false). */
export interface PageFallback {
  serve?: (request: FastifyRequest, reply: FastifyReply) => boolean;
}

export const SITEMAP_URLS_PER_FILE = 50_000;

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
  return (): { mtimeMs: number; html: string } => {
    const file = path.join(root, 'index.html');
    const { mtimeMs } = statSync(file);
    if (!cached || cached.mtimeMs !== mtimeMs) cached = { mtimeMs, html: readFileSync(file, 'utf8') };
    return cached;
  };
}

/** remotes.json, re-read when it changes (a release or a canary step rewrites it). */
function registryReader(root: string) {
  let cached: { mtimeMs: number; size: number; registry: Registry } | null = null;
  return (): Registry => {
    const file = path.join(root, 'remotes.json');
    const { mtimeMs, size } = statSync(file);
    if (!cached || cached.mtimeMs !== mtimeMs || cached.size !== size)
      cached = { mtimeMs, size, registry: JSON.parse(readFileSync(file, 'utf8')) as Registry };
    return cached.registry;
  };
}

/** The query as a cache key: parameters in name order, so `?a=1&b=2` and `?b=2&a=1` share a page. */
export function normalizedQuery(url: URL): string {
  return [...url.searchParams.entries()]
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
    .join('&');
}

/**
 * Rendered pages by key, least recently used dropped first. The key names everything the page
 * depends on, so an entry is never stale: a release or a catalogue change makes new keys, and
 * the old entries age out.
 */
export class PageCache {
  private readonly entries = new Map<string, Promise<RenderResult | null>>();
  hits = 0;
  misses = 0;
  constructor(private readonly max: number) {}

  /** The page under `key`, or `render()`'s (shared by the requests that ask meanwhile); a null render is not kept. */
  async get(key: string, render: () => Promise<RenderResult | null>): Promise<RenderResult | null> {
    const hit = this.entries.get(key);
    if (hit) {
      this.hits++;
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    this.misses++;
    const value = render();
    this.entries.set(key, value);
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value as string);
    const drop = () => {
      if (this.entries.get(key) === value) this.entries.delete(key);
    };
    value.then((r) => r ?? drop(), drop);
    return value;
  }

  get size(): number {
    return this.entries.size;
  }
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

/** Longest <title> and description (characters): what search results and link previews show, a listing's 120-character name does not fit. */
export const TITLE_MAX = 70;
export const DESCRIPTION_MAX = 300;

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });
/**
 * `s` cut to `max` characters as a reader counts them (an emoji, even a family of them, is
 * never split), an ellipsis marking a cut; a half surrogate pair (a renderer's own UTF-16
 * cut) is dropped, as it would reach the page as U+FFFD.
 */
export function clip(s: string, max: number): string {
  const chars = [...graphemes.segment(s.replace(/[\uD800-\uDFFF]/gu, ''))].map((g) => g.segment);
  if (chars.length <= max) return chars.join('');
  const kept = chars.slice(0, max - 1).join('');
  return `${kept.trimEnd()}…`;
}

/** The <head> tags of a page: title, description, canonical, Open Graph, Twitter card, JSON-LD. */
export function headTags(page: PageMeta, canonical: string, publicUrl: string): string {
  const meta = { ...page, title: clip(page.title, TITLE_MAX), description: clip(page.description, DESCRIPTION_MAX) };
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

  const registryOf = registryReader(opts.root);
  const cache = new PageCache(opts.pageCacheEntries ?? 500);

  /** The page for `target` rendered with these builds; null: the plain shell page (not kept). */
  async function render(
    request: FastifyRequest,
    target: string,
    url: URL,
    plain: string,
    builds: { pages: PageRenderer; chrome: ChromeRenderer; shellDir: string; version: string; channel: string },
    firstScreen: string[],
  ): Promise<RenderResult | null> {
    try {
      const { pages, chrome, shellDir } = builds;
      const { data, missing } = await firstScreenData(firstScreen, request);
      const page = pages.render(target, data);
      if (!page) return null;
      // A page whose data is missing (an unknown property): the shell's own page says so, with a 404.
      if (!page.meta) return { status: missing ? 404 : 200, html: plain, renderedBy: null };
      const shell = chrome.renderChrome(target);
      const body = shell.html.replace(shell.slot, () => page.html);
      const styles = { ...shell.styles, ...page.styles };
      const ids = Object.keys(styles);
      const renderedBy = `mf_public@${builds.version}`;
      const head = [
        headTags(page.meta, canonicalOf(page.meta, opts.publicUrl, url), opts.publicUrl),
        // The rules the markup uses, in emotion's own format: the client's emotion takes them
        // over (registers the ids, inserts none twice).
        `<style data-emotion="css ${ids.join(' ')}">${Object.values(styles).join('')}</style>`,
        // No paint until the parser is past the page (the state script follows #root): a
        // browser may otherwise paint a half-parsed page (the logo before its word) and then
        // shift it. The whole page arrives in one response, so this waits on parsing alone.
        `<link rel="expect" href="#${SSR_STATE_ID}" blocking="render" />`,
      ].join('\n    ');
      const state = { renderedBy, module: page.module, data };
      // Function replacers throughout: a listing's name may hold `$'` or `$&`.
      const html = withCodeAfterPaint(plain, shellDir)
        .replace(/<title>[\s\S]*?<\/title>\s*/, () => '')
        .replace(/<meta\s+name="description"[\s\S]*?\/>\s*/, () => '')
        .replace('</head>', () => `  ${head}\n  </head>`)
        .replace(
          /<div id="root"><\/div>/,
          () =>
            `<div id="root" data-ssr="${escapeHtml(renderedBy)}">${body}</div>\n    <script type="application/json" id="${SSR_STATE_ID}">${scriptJson(state)}</script>`,
        );
      return { status: 200, html, renderedBy: `${renderedBy} (${builds.channel})` };
    } catch (err) {
      request.log.error({ err }, 'server rendering failed: sending the plain shell page');
      return null;
    }
  }

  const renderPage = async function renderPage(request: FastifyRequest, cohort: string): Promise<RenderResult> {
    const index = indexHtml();
    const plain = index.html;
    const url = new URL(request.url, 'http://tessera.invalid');
    try {
      const rec = registryOf().mf_public;
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
      // A page that shows no API data is the same until the next release; one that does, until the catalogue changes.
      const data = matched.firstScreen.length > 0 ? `catalogue@${await catalogueVersion(app)}` : 'static';
      const key = JSON.stringify([url.pathname, normalizedQuery(url), index.mtimeMs, shellVersion, chosen.version, chosen.channel, data]);
      const page = await cache.get(key, () =>
        render(request, target, url, plain, { pages, chrome, shellDir, ...chosen }, matched.firstScreen),
      );
      return page ?? { status: 200, html: plain, renderedBy: null };
    } catch (err) {
      request.log.error({ err }, 'server rendering failed: sending the plain shell page');
      return { status: 200, html: plain, renderedBy: null };
    }
  };
  return Object.assign(renderPage, { cache });
}

const STATIC_PATHS = ['/', '/properties', '/about', '/list_property', '/privacy', '/terms_and_conditions'];

interface SitemapEntry {
  loc: string;
  lastmod?: string;
}

/** One sitemap file (a urlset). */
export function sitemapXml(publicUrl: string, listings: { id: string; updatedAt?: string }[], withStatic = true): string {
  return urlset([...(withStatic ? staticEntries(publicUrl) : []), ...listings.map((l) => listingEntry(publicUrl, l))]);
}

const staticEntries = (publicUrl: string): SitemapEntry[] => STATIC_PATHS.map((p) => ({ loc: `${publicUrl}${p}` }));
const listingEntry = (publicUrl: string, l: { id: string; updatedAt?: string }): SitemapEntry => ({
  loc: `${publicUrl}/properties/${encodeURIComponent(l.id)}`,
  lastmod: l.updatedAt,
});

function urlset(entries: SitemapEntry[]): string {
  const urls = entries.map(
    (e) => `  <url><loc>${escapeHtml(e.loc)}</loc>${e.lastmod ? `<lastmod>${escapeHtml(e.lastmod)}</lastmod>` : ''}</url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/**
 * The sitemap of the catalogue: the public pages, then every live listing (lastmod: its last
 * change), cut into files of at most `perFile` URLs. One file: /sitemap.xml is that file;
 * more: /sitemap.xml is a sitemap index of /sitemaps/<n>.xml.
 */
export function buildSitemap(
  publicUrl: string,
  listings: { id: string; updatedAt?: string }[],
  perFile = SITEMAP_URLS_PER_FILE,
): { root: string; files: string[] } {
  const entries = [...staticEntries(publicUrl), ...listings.map((l) => listingEntry(publicUrl, l))];
  const files: string[] = [];
  const lastmods: (string | undefined)[] = [];
  for (let i = 0; i < entries.length; i += perFile) {
    const part = entries.slice(i, i + perFile);
    files.push(urlset(part));
    lastmods.push(part.reduce<string | undefined>((m, e) => (e.lastmod && (!m || e.lastmod > m) ? e.lastmod : m), undefined));
  }
  if (files.length <= 1) return { root: files[0] ?? urlset([]), files };
  const sitemaps = files.map(
    (_, i) =>
      `  <sitemap><loc>${escapeHtml(`${publicUrl}/sitemaps/${i + 1}.xml`)}</loc>${lastmods[i] ? `<lastmod>${escapeHtml(lastmods[i] as string)}</lastmod>` : ''}</sitemap>`,
  );
  return {
    root: `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${sitemaps.join('\n')}\n</sitemapindex>\n`,
    files,
  };
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

  const indexHtml = indexHtmlReader(opts.root);
  /** Answers a page: the visitor's cohort (a first visit gets one), the HTML `render` makes for it, with its view id. */
  const answerPage = async (
    request: FastifyRequest,
    reply: FastifyReply,
    render: (cohort: string) => Promise<RenderResult>,
    expected: string[],
  ) => {
    // The shell's canary cohort, readable here: the cookie mirrors the id the shell keeps
    // (shell/src/federation/registry.ts); a first visit gets one now, which the shell adopts.
    let cohort = readCookie(request.headers.cookie, COHORT_COOKIE);
    if (!cohort) {
      cohort = randomUUID();
      reply.header('Set-Cookie', `${COHORT_COOKIE}=${cohort}; Path=/; Max-Age=${COHORT_MAX_AGE_S}; SameSite=Lax`);
    }
    const { status, html, renderedBy } = await render(cohort);
    if (renderedBy) reply.header('X-Rendered-By', renderedBy);
    return reply
      .status(status)
      .header('Content-Type', 'text/html; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .header('Vary', 'Cookie')
      .send(await withView(request, html, cohort, expected));
  };
  // Every page answered here is mf_public's: its remote loads at once.
  const pageHandler = (request: FastifyRequest, reply: FastifyReply) =>
    answerPage(request, reply, (cohort) => renderPage(request, cohort), ['mf_public']);

  // The shell's other routes (dashboards, sign-in, …) get the plain shell page from here too,
  // so that every page view's id comes with its HTML and no view that counts is ever handed
  // out by a JSON endpoint (modules/telemetry/routes.ts). Which remote such a page loads is
  // the shell's to say: no outcome is expected at issue (no `unknown` for them).
  if (opts.fallback) {
    opts.fallback.serve = (request, reply) => {
      if (!isPageRequest(request)) return false;
      answerPage(request, reply, async () => ({ status: 200, html: indexHtml().html, renderedBy: null }), []).catch((err: unknown) => {
        request.log.error({ err }, 'the shell page failed');
        if (!reply.sent) void reply.status(500).send({ statusCode: 500, error: 'Internal Server Error', message: 'Internal Server Error' });
      });
      return true;
    };
  }

  /**
   * The page's view id for remote health (modules/telemetry/views.ts), in a meta tag the shell
   * reads at boot: the versions this visitor gets, as signed by this server. The page goes out
   * without one when the view cannot be issued (the address is over its cap, the database
   * is down): without a view its reports count for nothing.
   */
  async function withView(request: FastifyRequest, html: string, cohort: string, expected: string[]): Promise<string> {
    if (!html.includes('</head>')) return html;
    try {
      const url = new URL(request.url, 'http://tessera.invalid');
      const issued = await issueView(app, {
        ip: request.ip,
        cohort,
        preview: url.searchParams.getAll('preview').flatMap((v) => v.split(',')),
        expected,
      });
      if (!issued) return html;
      return html.replace('</head>', () => `  <meta name="${VIEW_META}" content="${escapeHtml(issued.token)}" />\n  </head>`);
    } catch (err) {
      request.log.warn({ err }, 'telemetry: no view id for this page');
      return html;
    }
  }
  for (const url of SSR_PATHS) app.get(url, { schema: { hide: true } }, pageHandler);

  // The sitemap, built once per catalogue version (requests meanwhile share the build).
  let sitemap: { version: string; value: Promise<{ root: string; files: string[] }> } | null = null;
  async function currentSitemap(): Promise<{ root: string; files: string[] }> {
    const version = await catalogueVersion(app);
    if (sitemap?.version !== version) {
      const value = liveListings(app).then((rows) =>
        buildSitemap(
          opts.publicUrl,
          rows.map((r) => ({ id: r.id, updatedAt: r.updatedAt.toISOString() })),
          opts.sitemapUrlsPerFile,
        ),
      );
      const entry = { version, value };
      sitemap = entry;
      value.catch(() => {
        if (sitemap === entry) sitemap = null;
      });
    }
    return sitemap.value;
  }
  const xml = (reply: FastifyReply, body: string) =>
    reply.header('Content-Type', 'application/xml; charset=utf-8').header('Cache-Control', 'no-cache').send(body);
  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => xml(reply, (await currentSitemap()).root));
  app.get<{ Params: { file: string } }>('/sitemaps/:file', { schema: { hide: true } }, async (request, reply) => {
    const n = /^([1-9]\d{0,5})\.xml$/.exec(request.params.file)?.[1];
    const file = n ? (await currentSitemap()).files[Number(n) - 1] : undefined;
    if (!file) return reply.status(404).send({ statusCode: 404, error: 'Not Found', message: 'Not found' });
    return xml(reply, file);
  });
  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply.header('Content-Type', 'text/plain; charset=utf-8').header('Cache-Control', 'no-cache').send(robotsTxt(opts.publicUrl)),
  );
}

export default fp(ssrPlugin, { name: 'ssr' });
