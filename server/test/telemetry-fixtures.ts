// What the telemetry tests share: a releases root as the release tool leaves it, and a page
// view as a visitor gets one, from the HTML of a page the server serves (plugins/ssr.ts).
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { verifyView, type Assignment } from '../src/modules/telemetry/views';

/**
 * Published version folders, the live registry (mf_public 1.0.0 stable, 1.1.0 canary at
 * 10 %; mf_admin 2.0.0) and the shell page. Without a shell build the server answers its
 * pages with the plain shell page, view id included.
 */
export function releasesRoot(extra: [string, string][] = []): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'tessera-releases-'));
  for (const [remote, version] of [
    ['mf_public', '1.0.0'],
    ['mf_public', '1.1.0'],
    ['mf_public', '1.2.0'],
    ['mf_admin', '2.0.0'],
    ...extra,
  ]) {
    mkdirSync(path.join(dir, remote, version), { recursive: true });
    writeFileSync(path.join(dir, remote, version, 'mf-manifest.json'), '{}');
  }
  writeFileSync(
    path.join(dir, 'remotes.json'),
    JSON.stringify({
      mf_public: {
        stable: { version: '1.0.0', entry: '/remotes/mf_public/1.0.0/mf-manifest.json' },
        canary: { version: '1.1.0', entry: '/remotes/mf_public/1.1.0/mf-manifest.json', percent: 10 },
      },
      mf_admin: { stable: { version: '2.0.0', entry: '/remotes/mf_admin/2.0.0/mf-manifest.json' } },
    }),
  );
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><title>Tessera</title></head><body><div id="root"></div></body></html>',
  );
  return dir;
}

/**
 * Opens a page as a browser of `cohort` would (`url`: `/` by default, a public page; the
 * query may pin `preview=`); the view id in its HTML with its assignment, or null when the
 * page went out without one (the address over its cap).
 */
export async function servedView(
  app: FastifyInstance,
  o: { cohort: string; ip: string; url?: string; headers?: Record<string, string> },
): Promise<{ view: string; assignment: Assignment } | null> {
  const res = await app.inject({
    method: 'GET',
    url: o.url ?? '/',
    remoteAddress: o.ip,
    headers: { accept: 'text/html', cookie: `tesseraCohort=${o.cohort}`, ...o.headers },
  });
  if (res.statusCode !== 200) throw new Error(`GET ${o.url ?? '/'}: ${res.statusCode} ${res.body.slice(0, 200)}`);
  const token = /<meta name="tessera-view" content="([^"]+)"/.exec(res.body)?.[1];
  if (!token) return null;
  const v = verifyView(app.config.jwtSecret, token);
  if (!v.ok) throw new Error(`the page's view id does not verify: ${v.reason}`);
  return { view: token, assignment: v.view.assignment };
}
