// A throwaway API for the smoke test's signed-in pages: the built server (server/dist) on a
// free port with a data folder of its own (PGlite) holding the demo seed, deleted after.
// RELEASE_SMOKE_DATA names a seeded data folder to start from (copied: seeding a fresh one
// takes the better part of a minute; the e2e tests pass their seeded template).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from './files';

/** The demo seed's accounts (README: "Demo accounts"), one per role. */
export const SEEDED_ACCOUNTS: Record<string, { email: string; password: string }> = {
  INVESTOR: { email: 'investor@tessera.local', password: 'Investor123!' },
  PROPERTY_OWNER: { email: 'owner@tessera.local', password: 'Owner123!' },
  ADMIN: { email: 'admin@tessera.local', password: 'Admin123!' },
};

export interface ThrowawayApi {
  url: string;
  stop: () => Promise<void>;
}

export const serverMain = () => path.join(repoRoot, 'server/dist/main.js');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const t = setTimeout(() => {
      child.kill('SIGKILL');
      resolve();
    }, 10_000);
    child.on('exit', () => {
      clearTimeout(t);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** Starts the API; null and why when it cannot (no server build). */
export async function startThrowawayApi(opts: { template?: string; timeoutMs?: number } = {}): Promise<ThrowawayApi | string> {
  const main = serverMain();
  if (!fs.existsSync(main)) return `no server build at ${path.relative(repoRoot, main)} (npm run build -w server)`;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-smoke-api-'));
  const dataDir = path.join(dir, 'data');
  const template = opts.template ?? process.env.RELEASE_SMOKE_DATA;
  if (template) fs.cpSync(template, dataDir, { recursive: true });
  else fs.mkdirSync(dataDir);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const log = fs.openSync(path.join(dir, 'server.log'), 'a');
  const child = spawn(process.execPath, [main], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      RATE_LIMIT: 'false',
      HOUSEKEEPING: 'false',
      DISTRIBUTIONS_JOB: 'false',
      DATABASE_URL: '',
      REDIS_URL: '',
      WEB_ROOT: '',
      RELEASES_DIR: '',
    },
    stdio: ['ignore', log, log],
  });
  const done = async () => {
    await stop(child);
    fs.closeSync(log);
    fs.rmSync(dir, { recursive: true, force: true });
  };
  const end = Date.now() + (opts.timeoutMs ?? 120_000);
  while (Date.now() < end) {
    if (child.exitCode !== null) break;
    try {
      if ((await fetch(`${url}/v1/health`)).ok) return { url, stop: done };
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  const tail = fs.readFileSync(path.join(dir, 'server.log'), 'utf8').slice(-500);
  await done();
  return `the throwaway API did not start${tail ? `: ${tail}` : ''}`;
}

/** Signs a seeded account in; the session as the app keeps it (localStorage). */
export async function signIn(api: string, account: { email: string; password: string }): Promise<{ user: unknown; accessToken: string }> {
  const res = await fetch(`${api}/v1/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  if (!res.ok) throw new Error(`signing ${account.email} in: ${res.status} ${(await res.text()).slice(0, 200)}`);
  return (await res.json()) as { user: unknown; accessToken: string };
}
