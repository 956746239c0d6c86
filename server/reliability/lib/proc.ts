// API server processes for the reliability checks: the real build (server/dist/main.js),
// copied to a private folder first so a rebuild by someone else cannot pull it away mid-run.
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';

export const ROOT = path.resolve(__dirname, '..', '..', '..');
const DIST = path.join(ROOT, 'server/dist');

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
 * A private copy of the built server (`npm run build -w server` first), under
 * server/node_modules/.cache so it resolves the repository's packages like the original.
 */
export function privateBuild(): { main: string; dir: string; remove: () => void } {
  if (!existsSync(path.join(DIST, 'main.js'))) throw new Error('server/dist/main.js is missing: run `npm run build -w server` first');
  const cache = path.join(ROOT, 'server/node_modules/.cache/tessera-reliability');
  mkdirSync(cache, { recursive: true });
  const dir = mkdtempSync(path.join(cache, 'build-'));
  cpSync(DIST, path.join(dir, 'dist'), { recursive: true });
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
  timeoutMs?: number;
}

export async function startServer(o: StartOptions): Promise<ServerProcess & { startMs: number }> {
  const port = o.port ?? (await freePort());
  const out = openSync(o.logFile, 'a');
  const t0 = Date.now();
  const child = spawn(process.execPath, [...(o.nodeArgs ?? []), o.main], {
    cwd: ROOT,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', ...o.env },
    stdio: o.onMessage ? ['ignore', out, out, 'ipc'] : ['ignore', out, out],
  });
  if (o.onMessage) child.on('message', o.onMessage);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (o.timeoutMs ?? 120_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode} (log ${o.logFile}):\n${tail(o.logFile)}`);
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
