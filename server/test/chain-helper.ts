// What the chain suites share: whether anvil runs here, and the app with the chain on over
// its own anvil (the test runs the mirror itself).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadContracts } from '../scripts/compile-contracts';
import type { ChainConfig, Config } from '../src/config';
import { anvilBinary, startAnvil, type AnvilNode, type ChainRuntime } from '../src/modules/chain';
import { buildTestApp, type TestApp } from './helper';

function anvilRuns(): { ok: boolean; why: string } {
  const bin = anvilBinary();
  if (!bin) return { ok: false, why: `no @foundry-rs/anvil binary for ${process.platform}-${process.arch}` };
  const r = spawnSync(bin, ['--version'], { timeout: 10_000, encoding: 'utf8' });
  return r.status === 0 ? { ok: true, why: '' } : { ok: false, why: `anvil --version failed: ${r.error?.message ?? r.stderr}` };
}

/**
 * `describe` where anvil can run, else `describe.skip` plus one skipped test that says why
 * (reported as skipped, never a silent pass). With CI=true it runs anyway, and fails.
 */
export function describeOnAnvil(): jest.Describe {
  const anvil = anvilRuns();
  const run = anvil.ok || Boolean(process.env.CI);
  if (!run) it.skip(`anvil cannot run here (${anvil.why})`, () => undefined);
  return run ? describe : describe.skip;
}

export interface ChainTestApp {
  t: TestApp;
  /** The running node (a new one after `restart`). */
  node: AnvilNode;
  chain: ChainRuntime;
  /** The chain settings the app runs with (artifacts copied into a folder of the test's own). */
  config: ChainConfig;
  /** Stops the node (`node.stop()` alone leaves it down) and starts it again on the same port:
   *  from its saved state, or, with `{ lost: true }`, as a new chain that forgot everything. */
  restart(options?: { lost?: boolean }): Promise<void>;
  close(): Promise<void>;
}

/**
 * A fresh anvil (state in a temporary folder) and the app mirroring onto it on demand only,
 * unless `chain` turns on the plugin's own runs (`mirrorEveryMs`, `wakeOnChange`).
 */
export async function startChainApp(overrides: Partial<Config> = {}, chain: Partial<ChainConfig> = {}): Promise<ChainTestApp> {
  const dir = mkdtempSync(path.join(tmpdir(), 'tessera-chain-'));
  const artifactsDir = path.join(dir, 'build');
  mkdirSync(artifactsDir);
  writeFileSync(path.join(artifactsDir, 'contracts-0.json'), JSON.stringify(loadContracts()));
  const stateDir = path.join(dir, 'state');
  const node = await startAnvil({ stateDir });
  const config: ChainConfig = {
    rpcUrl: node.rpcUrl,
    operatorKey: null,
    custodyMnemonic: null,
    stateDir,
    artifactsDir,
    // The test runs the mirror itself.
    mirrorEveryMs: 0,
    ...chain,
  };
  const t = await buildTestApp({ chain: config, ...overrides });
  if (!t.app.chain) throw new Error('the chain is configured but app.chain is null');
  const running: ChainTestApp = {
    t,
    node,
    chain: t.app.chain,
    config,
    async restart(options = {}) {
      const port = running.node.port;
      await running.node.stop();
      running.node = await startAnvil(options.lost ? { port } : { stateDir, port });
    },
    async close() {
      await t.close();
      await running.node.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return running;
}
