// Embedded single-origin mode: when WEB_ROOT is set the server also serves the web
// build (shell, remotes.json, versioned remotes). Content-hashed files are cached
// for a year; entry files are revalidated; unknown page routes get the shell.
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

const HASHED = /\.[0-9a-f]{8}\.(?:js|css)$/;
const ENTRY_FILES = new Set(['index.html', 'remotes.json', 'mf-manifest.json', 'remoteEntry.js']);
const API_PREFIXES = ['/v1/', '/download/', '/support'];

export function cacheControlFor(file: string): string {
  const base = path.basename(file);
  if (HASHED.test(base)) return 'public, max-age=31536000, immutable';
  if (ENTRY_FILES.has(base)) return 'no-cache';
  return 'public, max-age=0, must-revalidate';
}

/** A browser asking for a page of the shell's routes (not the API, not a file). */
export function isPageRequest(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const pathname = request.url.split('?')[0];
  if (pathname === '/v1' || API_PREFIXES.some((p) => pathname.startsWith(p))) return false;
  if (pathname.startsWith('/remotes/')) return false;
  if (/\.[^/]*$/.test(pathname)) return false;
  return (request.headers.accept ?? '').includes('text/html');
}

/** The shell's index.html for a page route; false (a plain 404) for anything else. */
export function spaFallback(request: FastifyRequest, reply: FastifyReply): boolean {
  if (!isPageRequest(request)) return false;
  reply.status(200).sendFile('index.html');
  return true;
}

/** rootPage false: `/` is answered elsewhere (plugins/ssr.ts renders the public pages). */
async function staticPlugin(app: FastifyInstance, opts: { root: string; rootPage?: boolean }): Promise<void> {
  await app.register(fastifyStatic, {
    root: opts.root,
    prefix: '/',
    wildcard: true,
    index: false,
    cacheControl: false,
    dotfiles: 'ignore',
    setHeaders: (res, file) => {
      res.header('Cache-Control', cacheControlFor(file));
    },
  });
  if (opts.rootPage !== false) app.get('/', { schema: { hide: true } }, (_request, reply) => reply.sendFile('index.html'));
}

export default fp(staticPlugin, { name: 'static' });
