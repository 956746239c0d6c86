// A local anvil node as a child process: on loopback, on a port the OS picks (no race over a
// "free" port), with the hardfork the contracts are compiled for, and its state optionally
// kept in a file (`--state`: loaded at start, written at stop).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';

/** The contracts' evmVersion (server/scripts/compile-contracts.ts). */
export const ANVIL_HARDFORK = 'prague';
/** Anvil's own default: its dev accounts come from this well-known mnemonic. Local only. */
export const ANVIL_MNEMONIC = 'test test test test test test test test test test test junk';

const PLATFORM_PACKAGE: Record<string, string> = {
  'linux-x64': 'linux-amd64',
  'linux-arm64': 'linux-arm64',
  'darwin-x64': 'darwin-amd64',
  'darwin-arm64': 'darwin-arm64',
  'win32-x64': 'win32-amd64',
};

/**
 * The anvil binary of this platform's `@foundry-rs/anvil-*` package, or null when there is
 * none. Run directly, not through the package's `bin.mjs` wrapper, so a stop signal reaches
 * anvil itself.
 */
export function anvilBinary(): string | null {
  const suffix = PLATFORM_PACKAGE[`${process.platform}-${process.arch}`];
  if (!suffix) return null;
  try {
    const pkg = require.resolve(`@foundry-rs/anvil-${suffix}/package.json`);
    const bin = path.join(path.dirname(pkg), 'bin', process.platform === 'win32' ? 'anvil.exe' : 'anvil');
    return existsSync(bin) ? bin : null;
  } catch {
    return null;
  }
}

export interface AnvilOptions {
  /** Keep the chain's state in <stateDir>/anvil-state.json across restarts. */
  stateDir?: string;
  chainId?: number;
  /** A fixed port (a node restarted at the same URL); default one the OS picks. */
  port?: number;
  /** How long to wait for "Listening on"; default 15 s. */
  startTimeoutMs?: number;
  binary?: string;
}

export interface AnvilNode {
  rpcUrl: string;
  port: number;
  pid: number;
  chainId: number;
  stop(): Promise<void>;
}

export async function startAnvil(options: AnvilOptions = {}): Promise<AnvilNode> {
  const binary = options.binary ?? anvilBinary();
  if (!binary) throw new Error(`No anvil binary for ${process.platform}-${process.arch} (npm package @foundry-rs/anvil)`);
  const chainId = options.chainId ?? 31337;
  const args = ['--host', '127.0.0.1', '--port', String(options.port ?? 0), '--hardfork', ANVIL_HARDFORK, '--chain-id', String(chainId)];
  args.push('--mnemonic', ANVIL_MNEMONIC);
  if (options.stateDir) {
    mkdirSync(options.stateDir, { recursive: true });
    args.push('--state', path.join(options.stateDir, 'anvil-state.json'));
  }
  const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  // A test process that dies without stop() must not leave anvil behind.
  const killOnExit = (): void => {
    child.kill('SIGKILL');
  };
  process.once('exit', killOnExit);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  let output = '';
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`anvil did not listen within ${options.startTimeoutMs ?? 15_000} ms:\n${output.slice(-2000)}`));
    }, options.startTimeoutMs ?? 15_000);
    const onData = (chunk: Buffer): void => {
      output += chunk.toString('utf8');
      const m = /Listening on 127\.0\.0\.1:(\d+)/.exec(output);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`anvil exited (${code ?? signal}) before listening:\n${output.slice(-2000)}`));
    });
  }).catch((err: unknown) => {
    process.removeListener('exit', killOnExit);
    throw err;
  });
  // Keep draining: anvil logs every transaction, and a full pipe would stall it.
  child.stdout.removeAllListeners('data');
  child.stderr.removeAllListeners('data');
  child.stdout.resume();
  child.stderr.resume();

  return {
    rpcUrl: `http://127.0.0.1:${port}`,
    port,
    pid: child.pid ?? -1,
    chainId,
    async stop() {
      process.removeListener('exit', killOnExit);
      if (child.exitCode !== null || child.signalCode !== null) return;
      // SIGTERM lets anvil write its --state file; SIGKILL if it hangs.
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
