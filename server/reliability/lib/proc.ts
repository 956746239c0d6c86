// API server processes for the reliability checks: the real build (what server/dist/main.js
// holds), made into a private folder so a rebuild by someone else cannot pull it away mid-run.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';

export const ROOT = path.resolve(__dirname, '..', '..', '..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The server built from the current sources (server/build.mjs, esbuild: a few seconds) into a
 * private folder under server/node_modules/.cache, so it resolves the repository's packages
 * like server/dist would, and a concurrent `npm run build` cannot pull it away mid-run.
 */
export function privateBuild(): { main: string; dir: string; remove: () => void } {
  const cache = path.join(ROOT, 'server/node_modules/.cache/tessera-reliability');
  mkdirSync(cache, { recursive: true });
  // Builds left behind by runs that were killed outright (a day old: never one in use).
  for (const name of readdirSync(cache)) {
    const old = path.join(cache, name);
    try {
      if (Date.now() - statSync(old).mtimeMs > 24 * 3_600_000) rmSync(old, { recursive: true, force: true });
    } catch {
      /* gone meanwhile */
    }
  }
  const dir = mkdtempSync(path.join(cache, 'build-'));
  const r = spawnSync(process.execPath, [path.join(ROOT, 'server/build.mjs'), '--outdir', path.join(dir, 'dist')], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 120_000,
  });
  if (r.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`building the server failed (${r.error?.message ?? `exit ${r.status}`}):\n${r.stdout}${r.stderr}`);
  }
  return { main: path.join(dir, 'dist/main.js'), dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export interface ServerProcess {
  port: number;
  url: string;
  child: ChildProcess;
  pid: number;
  logFile: string;
  /** Ends the process (SIGKILL: at once, no shutdown hooks). */
  kill(signal?: NodeJS.Signals): Promise<void>;
  alive(): boolean;
  /** Resident memory in MB (from /proc), null when gone. */
  rssMb(): number | null;
}

export interface StartOptions {
  main: string;
  env: Record<string, string>;
  port?: number;
  logFile: string;
  /** Extra node flags (e.g. --expose-gc). */
  nodeArgs?: string[];
  /** Messages the process sends over IPC (the soak's memory probe). */
  onMessage?: (m: unknown) => void;
  /** The group it belongs to (default: one for the whole process). */
  group?: ServerGroup;
  timeoutMs?: number;
}

/**
 * Servers started together (one test's run): closing the group ends them (SIGKILL) and
 * refuses to start more in it, because a test that timed out may still be running its
 * rounds in the background and must not bring a server back after its clean-up.
 */
export class ServerGroup {
  closed = false;
  readonly live = new Set<ChildProcess>();
  constructor() {
    groups.add(this);
  }
  async close(): Promise<void> {
    this.closed = true;
    groups.delete(this);
    const exits = [...this.live].map(
      (c) => new Promise((r) => (c.exitCode !== null || c.signalCode !== null ? r(null) : c.once('exit', r))),
    );
    for (const c of this.live) c.kill('SIGKILL');
    await Promise.race([Promise.all(exits), sleep(10_000)]);
  }
}
const groups = new Set<ServerGroup>();
const everyServer = new ServerGroup();

/** Ends every server this process started, in any group (also done when the process exits). */
export async function killAllServers(): Promise<void> {
  await Promise.all([...groups].map((g) => g.close()));
}
process.on('exit', () => {
  for (const g of groups) for (const c of g.live) c.kill('SIGKILL');
});

export async function startServer(o: StartOptions): Promise<ServerProcess & { startMs: number }> {
  const group = o.group ?? everyServer;
  if (group.closed) throw new Error('this run was cleaned up: no server is started in it any more');
  const port = o.port ?? (await freePort());
  const out = openSync(o.logFile, 'a');
  const t0 = Date.now();
  const child = spawn(process.execPath, [...(o.nodeArgs ?? []), o.main], {
    cwd: ROOT,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', ...o.env },
    stdio: o.onMessage ? ['ignore', out, out, 'ipc'] : ['ignore', out, out],
  });
  closeSync(out);
  group.live.add(child);
  child.once('exit', () => group.live.delete(child));
  if (o.onMessage) child.on('message', o.onMessage);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (o.timeoutMs ?? 120_000);
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`server exited with ${child.exitCode ?? child.signalCode} (log ${o.logFile}):\n${tail(o.logFile)}`);
    try {
      const res = await fetch(`${url}/v1/health`, { signal: AbortSignal.timeout(1000) });
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not answer within ${o.timeoutMs ?? 120_000} ms (log ${o.logFile}):\n${tail(o.logFile)}`);
    }
    await sleep(100);
  }
  const pid = child.pid as number;
  return {
    port,
    url,
    child,
    pid,
    logFile: o.logFile,
    startMs: Date.now() - t0,
    alive: () => child.exitCode === null && child.signalCode === null,
    async kill(signal = 'SIGKILL') {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill(signal);
      // A graceful stop gets 15 s (the server's own grace is 10 s), then SIGKILL.
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
    rssMb() {
      try {
        const status = readFileSync(`/proc/${pid}/status`, 'utf8');
        const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
        return Number.isFinite(kb) ? Math.round(kb / 102.4) / 10 : null;
      } catch {
        return null;
      }
    },
  };
}

export function tail(file: string, lines = 15): string {
  try {
    return readFileSync(file, 'utf8').trim().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}
