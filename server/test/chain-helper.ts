// What the chain suites share: whether anvil runs here, and the app with the chain on over
// its own anvil (the test runs the mirror itself).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadContracts } from '../scripts/compile-contracts';
import type { ChainConfig, Config } from '../src/config';
import { anvilBinary, startAnvil, type AnvilNode, type ChainRuntime } from '../src/modules/chain';
import type { Address } from 'viem';
import { createSiweMessage } from 'viem/siwe';
import type { WalletLinkChallenge } from 'shared-api/contract';
import {
  approvePendingOrders,
  buildTestApp,
  call,
  makeInvestor,
  makeProperty,
  makeUser,
  placeOrder,
  type TestApp,
  type TestUser,
} from './helper';

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

/**
 * A FUNDED property at $10 a unit whose holders bought `units` each (in order; 0: an investor
 * with no units), `unsold` more left to the owner; each investor also has $1000 to trade with.
 */
export async function heldProperty(
  t: TestApp,
  admin: TestUser,
  units: number[],
  unsold = 0,
): Promise<{ propertyId: string; investors: TestUser[] }> {
  const owner = await makeUser(t.app, 'PROPERTY_OWNER', { status: 'VERIFIED' });
  const total = units.reduce((a, b) => a + b, 0) + unsold;
  const { _id } = await makeProperty(t.app, owner, { approveAs: admin, body: { totalQuantity: total, unitPrice: 10 } });
  const investors: TestUser[] = [];
  for (const n of units) {
    const inv = await makeInvestor(t, n * 10 + 1000);
    if (n > 0) {
      const placed = await placeOrder(t.app, inv, _id, n);
      if (placed.statusCode !== 201) throw new Error(`order answered ${placed.statusCode}: ${placed.body}`);
    }
    investors.push(inv);
  }
  await approvePendingOrders(t.app, admin, _id);
  return { propertyId: _id, investors };
}

/** A market order as the investor places it. */
export const marketOrder = (t: TestApp, as: TestUser, propertyId: string, side: 'BUY' | 'SELL', units: number, price: number) =>
  call(t.app, { method: 'POST', url: '/v1/market/orders', as, payload: { propertyId, side, units, price } });

/** Each user's unit balance on chain at their address (-1 without one); null before the token exists. */
export async function unitBalances(chain: ChainRuntime, propertyId: string, users: TestUser[]): Promise<number[] | null> {
  const { chain: client } = await chain.client();
  const token = await chain.tokenOf(propertyId);
  if (!token) return null;
  const out: number[] = [];
  for (const u of users) {
    const a = await chain.addressOf(u.id);
    out.push(a ? Number(await client.unitBalance(token, a)) : -1);
  }
  return out;
}

/** The EIP-4361 message a challenge asks the wallet at `address` to sign; `over` changes any field. */
export const siweMessage = (c: WalletLinkChallenge, address: Address, over: Partial<Parameters<typeof createSiweMessage>[0]> = {}) =>
  createSiweMessage({
    address,
    chainId: c.chainId,
    domain: c.domain,
    nonce: c.nonce,
    uri: c.uri,
    version: '1',
    statement: c.statement,
    issuedAt: new Date(),
    expirationTime: new Date(c.expiresAt),
    ...over,
  });
