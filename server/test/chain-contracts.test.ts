// The contracts on a real anvil (one node for the file): the unit token holds only for
// verified identities, moves only by the operator and never for a frozen address; the
// platform token's claim is once per subscriber; the anchor keeps a root that proofs verify
// against. Reported as skipped (not passed) where the anvil binary cannot run; CI (CI=true)
// runs it anyway and fails, since anvil comes with `npm ci`.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createWalletClient, http, type Abi, type AbiParameter, type Address, type Hex } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { loadContracts } from '../scripts/compile-contracts';
import {
  ANVIL_MNEMONIC,
  CONTRACT_ABIS,
  CONTRACT_NAMES,
  PLATFORM_TOKEN_ABI,
  PROPERTY_UNIT_TOKEN_ABI,
  anvilBinary,
  buildMerkleTree,
  createChainClient,
  holdingLeaf,
  paymentLeaf,
  recordDateKey,
  revertName,
  startAnvil,
  uuidKey,
  verifyMerkleProof,
  type AnvilNode,
  type ChainClient,
  type ContractArtifacts,
  type PlatformContracts,
} from '../src/modules/chain';

function anvilRuns(): { ok: boolean; why: string } {
  const bin = anvilBinary();
  if (!bin) return { ok: false, why: `no @foundry-rs/anvil binary for ${process.platform}-${process.arch}` };
  const r = spawnSync(bin, ['--version'], { timeout: 10_000, encoding: 'utf8' });
  return r.status === 0 ? { ok: true, why: '' } : { ok: false, why: `anvil --version failed: ${r.error?.message ?? r.stderr}` };
}
const anvil = anvilRuns();
const run = anvil.ok || process.env.CI;
const describeOnAnvil: jest.Describe = run ? describe : describe.skip;
if (!run) it.skip(`anvil cannot run here (${anvil.why})`, () => undefined);

const account = (i: number) => mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: i });
const PROPERTY = '0b5e9c1e-4a7f-4a53-9f1e-5c2d8a3b7e10';
const DISTRIBUTION = '7d1f0c52-7d0e-4b8e-9b55-1f3a2e9c6d41';

/** Reverts with the named custom error (the promise's rejection carries it). */
async function expectRevert(p: Promise<unknown>, name: string): Promise<void> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).not.toBeNull();
  expect(revertName(err)).toBe(name);
}

describeOnAnvil('contracts on anvil', () => {
  let node: AnvilNode;
  let artifacts: ContractArtifacts;
  let chain: ChainClient;
  let platform: PlatformContracts;
  let token: Address;
  const operator = account(0);
  const alice = account(1);
  const bob = account(2);
  const carol = account(3);
  const stranger = account(4);
  /** A client whose operator is someone else: the contracts must refuse it. */
  let intruder: ChainClient;

  beforeAll(async () => {
    artifacts = loadContracts();
    node = await startAnvil();
    chain = createChainClient({ rpcUrl: node.rpcUrl, chainId: node.chainId, operator });
    intruder = createChainClient({ rpcUrl: node.rpcUrl, chainId: node.chainId, operator: stranger });
    platform = await chain.deployPlatform(artifacts);
    token = await chain.deployPropertyToken(artifacts, {
      identityRegistry: platform.identityRegistry,
      propertyId: PROPERTY,
      name: 'Tessera Maple Court',
      symbol: 'TMC',
      cap: 100n,
    });
  });
  afterAll(async () => {
    await node?.stop();
  });

  it('compiles to ABIs that hold every item the client calls', () => {
    const canon = (items: readonly unknown[]) =>
      new Set(
        (items as Abi).map((item) => {
          const types = (ps: readonly AbiParameter[] | undefined) => (ps ?? []).map((p) => p.type).join(',');
          if (item.type === 'function') return `function ${item.name}(${types(item.inputs)})(${types(item.outputs)})`;
          if (item.type === 'event')
            return `event ${item.name}(${item.inputs.map((i) => `${i.type}${i.indexed ? ' indexed' : ''}`).join(',')})`;
          if (item.type === 'error') return `error ${item.name}(${types(item.inputs)})`;
          if (item.type === 'constructor') return `constructor(${types(item.inputs)})`;
          return item.type;
        }),
      );
    for (const name of CONTRACT_NAMES) {
      const compiled = canon(artifacts.contracts[name].abi);
      const missing = [...canon(CONTRACT_ABIS[name])].filter((s) => !compiled.has(s));
      expect({ name, missing }).toEqual({ name, missing: [] });
    }
    expect(artifacts.solc).toMatch(/^0\.8\.37\+/);
  });

  it('lets only registered identities hold units, up to the cap', async () => {
    await expectRevert(chain.mint(token, alice.address, 10n), 'NotVerified');
    expect(await chain.isVerified(platform.identityRegistry, alice.address)).toBe(false);
    await chain.registerIdentity(platform.identityRegistry, alice.address);
    await chain.registerIdentity(platform.identityRegistry, alice.address); // idempotent
    expect(await chain.isVerified(platform.identityRegistry, alice.address)).toBe(true);
    await chain.mint(token, alice.address, 10n);
    expect(await chain.unitBalance(token, alice.address)).toBe(10n);
    // A settled sale to someone not (or no longer) verified is refused too.
    await expectRevert(chain.settleTransfer(token, alice.address, bob.address, 1n), 'NotVerified');
    await chain.registerIdentity(platform.identityRegistry, carol.address);
    await chain.removeIdentity(platform.identityRegistry, carol.address);
    await expectRevert(chain.mint(token, carol.address, 1n), 'NotVerified');
    await chain.registerIdentity(platform.identityRegistry, bob.address);
    await expectRevert(chain.mint(token, bob.address, 91n), 'CapExceeded');
    expect(await chain.unitBalance(token, bob.address)).toBe(0n);
  });

  it('refuses a holder moving units directly and anyone but the operator', async () => {
    const aliceWallet = createWalletClient({ account: alice, chain: chain.publicClient.chain, transport: http(node.rpcUrl) });
    // Sent for real (a fixed gas skips the estimate that would refuse it first): mined, reverted.
    const hash = await aliceWallet.writeContract({
      address: token,
      abi: PROPERTY_UNIT_TOKEN_ABI,
      functionName: 'transfer',
      args: [bob.address, 1n],
      gas: 100_000n,
    });
    const receipt = await chain.publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    expect(receipt.status).toBe('reverted');
    await expectRevert(
      chain.publicClient.simulateContract({
        account: alice,
        address: token,
        abi: PROPERTY_UNIT_TOKEN_ABI,
        functionName: 'approve',
        args: [bob.address, 1n],
      }),
      'TransfersRestricted',
    );
    expect(
      await chain.publicClient.readContract({
        address: token,
        abi: PROPERTY_UNIT_TOKEN_ABI,
        functionName: 'allowance',
        args: [alice.address, bob.address],
      }),
    ).toBe(0n);
    await expectRevert(intruder.settleTransfer(token, alice.address, bob.address, 1n), 'NotOperator');
    await expectRevert(intruder.mint(token, bob.address, 1n), 'NotOperator');
    await expectRevert(intruder.registerIdentity(platform.identityRegistry, stranger.address), 'NotOperator');
    expect(await chain.unitBalance(token, alice.address)).toBe(10n);
    expect(await chain.unitBalance(token, bob.address)).toBe(0n);
  });

  it('lets the operator move units between verified holders, never more than held', async () => {
    const hash = await chain.settleTransfer(token, alice.address, bob.address, 4n);
    const receipt = await chain.publicClient.getTransactionReceipt({ hash });
    expect(receipt.logs).toHaveLength(1); // one Transfer event
    expect(await chain.unitBalance(token, alice.address)).toBe(6n);
    expect(await chain.unitBalance(token, bob.address)).toBe(4n);
    await expectRevert(chain.settleTransfer(token, bob.address, alice.address, 5n), 'InsufficientBalance');
    // An identity removed later (an account closed) can still be settled out of.
    const dave = account(5);
    await chain.registerIdentity(platform.identityRegistry, dave.address);
    await chain.mint(token, dave.address, 1n);
    await chain.removeIdentity(platform.identityRegistry, dave.address);
    await expectRevert(chain.settleTransfer(token, alice.address, dave.address, 1n), 'NotVerified');
    await chain.settleTransfer(token, dave.address, alice.address, 1n);
    await chain.burn(token, alice.address, 1n);
    expect(await chain.unitBalance(token, dave.address)).toBe(0n);
    await chain.burn(token, bob.address, 1n);
    expect(await chain.publicClient.readContract({ address: token, abi: PROPERTY_UNIT_TOKEN_ABI, functionName: 'totalSupply' })).toBe(9n);
    expect(await chain.publicClient.readContract({ address: token, abi: PROPERTY_UNIT_TOKEN_ABI, functionName: 'propertyId' })).toBe(
      uuidKey(PROPERTY),
    );
  });

  it('freezes a rejected holder: nothing in, nothing out, until unfrozen', async () => {
    await chain.setFrozen(token, bob.address, true);
    await expectRevert(chain.settleTransfer(token, alice.address, bob.address, 1n), 'Frozen');
    await expectRevert(chain.settleTransfer(token, bob.address, alice.address, 1n), 'Frozen');
    await expectRevert(chain.mint(token, bob.address, 1n), 'Frozen');
    await expectRevert(chain.burn(token, bob.address, 1n), 'Frozen');
    await expectRevert(intruder.setFrozen(token, bob.address, false), 'NotOperator');
    expect(await chain.unitBalance(token, bob.address)).toBe(3n);
    await chain.setFrozen(token, bob.address, false);
    await chain.settleTransfer(token, bob.address, alice.address, 1n);
    expect(await chain.unitBalance(token, bob.address)).toBe(2n);
    expect(await chain.unitBalance(token, alice.address)).toBe(7n);
  });

  it('mints a subscriber’s platform tokens once, however often the claim is sent', async () => {
    const first = await chain.claimPlatformTokens(platform.platformToken, carol.address, 1500n);
    expect(first.claimed).toBe(true);
    const again = await chain.claimPlatformTokens(platform.platformToken, carol.address, 1500n);
    expect(again.claimed).toBe(false);
    expect(await chain.platformBalance(platform.platformToken, carol.address)).toBe(1500n);
    expect(
      await chain.publicClient.readContract({ address: platform.platformToken, abi: PLATFORM_TOKEN_ABI, functionName: 'totalSupply' }),
    ).toBe(1500n);
    await expectRevert(chain.claimPlatformTokens(platform.platformToken, carol.address, 2000n), 'AlreadyClaimed');
    await expectRevert(chain.claimPlatformTokens(platform.platformToken, bob.address, 0n), 'ZeroAmount');
    await expectRevert(intruder.claimPlatformTokens(platform.platformToken, stranger.address, 1500n), 'NotOperator');
    await expectRevert(
      chain.publicClient.simulateContract({
        account: carol,
        address: platform.platformToken,
        abi: PLATFORM_TOKEN_ABI,
        functionName: 'transfer',
        args: [bob.address, 1n],
      }),
      'TransfersRestricted',
    );
  });

  it('anchors a holdings root once; proofs verify on chain and off, tampered ones fail', async () => {
    const holdings = [
      { holder: alice.address, units: await chain.unitBalance(token, alice.address) },
      { holder: bob.address, units: await chain.unitBalance(token, bob.address) },
      { holder: carol.address, units: 0n },
    ];
    const tree = buildMerkleTree(holdings.map(holdingLeaf));
    const ref = { propertyId: PROPERTY, kind: 'holdings' as const, key: recordDateKey('2026-06-30') };
    expect((await chain.anchorRoot(platform.anchor, { ...ref, root: tree.root, leafCount: 3 })).anchored).toBe(true);
    const stored = await chain.rootOf(platform.anchor, ref);
    expect(stored).toMatchObject({ root: tree.root, leafCount: 3 });
    expect(stored.anchoredAt).toBeGreaterThan(0n);

    for (const h of holdings) {
      const leaf = holdingLeaf(h);
      const proof = tree.proof(leaf);
      expect(await chain.verifyOnChain(platform.anchor, { ...ref, leaf, proof })).toBe(true);
      expect(verifyMerkleProof(stored.root, leaf, proof)).toBe(true);
    }
    const leaf = holdingLeaf(holdings[0]);
    const proof = tree.proof(leaf);
    const tampered = [proof[0].replace(/.$/, (c) => (c === '0' ? '1' : '0')) as Hex, ...proof.slice(1)];
    expect(await chain.verifyOnChain(platform.anchor, { ...ref, leaf, proof: tampered })).toBe(false);
    expect(verifyMerkleProof(stored.root, leaf, tampered)).toBe(false);
    // Claiming one more unit than held does not verify.
    const inflated = holdingLeaf({ ...holdings[0], units: holdings[0].units + 1n });
    expect(await chain.verifyOnChain(platform.anchor, { ...ref, leaf: inflated, proof })).toBe(false);
    // Another record date has no root: nothing verifies against it.
    expect(await chain.verifyOnChain(platform.anchor, { ...ref, key: recordDateKey('2026-07-31'), leaf, proof })).toBe(false);

    // A retried anchor is a no-op; a different root for the same date is refused.
    expect((await chain.anchorRoot(platform.anchor, { ...ref, root: tree.root, leafCount: 3 })).anchored).toBe(false);
    const other = buildMerkleTree([holdingLeaf({ holder: alice.address, units: 1n })]);
    await expectRevert(chain.anchorRoot(platform.anchor, { ...ref, root: other.root, leafCount: 1 }), 'AlreadyAnchored');
    await expectRevert(
      intruder.anchorRoot(platform.anchor, { ...ref, key: recordDateKey('2026-08-31'), root: other.root, leafCount: 1 }),
      'NotOperator',
    );
    await expectRevert(
      chain.anchorRoot(platform.anchor, { ...ref, key: recordDateKey('2026-08-31'), root: `0x${'0'.repeat(64)}`, leafCount: 0 }),
      'EmptyRoot',
    );
  });

  it('anchors a distribution’s payments root under the distribution’s id', async () => {
    const payments = [
      { holder: alice.address, units: 7n, amountCents: 7_00n },
      { holder: bob.address, units: 2n, amountCents: 2_00n },
    ];
    const tree = buildMerkleTree(payments.map(paymentLeaf));
    const ref = { propertyId: PROPERTY, kind: 'payments' as const, key: uuidKey(DISTRIBUTION) };
    await chain.anchorRoot(platform.anchor, { ...ref, root: tree.root, leafCount: payments.length });
    const leaf = paymentLeaf(payments[1]);
    expect(await chain.verifyOnChain(platform.anchor, { ...ref, leaf, proof: tree.proof(leaf) })).toBe(true);
    // The same leaf is no holding: the kinds are apart.
    expect(await chain.verifyOnChain(platform.anchor, { ...ref, kind: 'holdings', leaf, proof: tree.proof(leaf) })).toBe(false);
    const overpaid = paymentLeaf({ ...payments[1], amountCents: 2_01n });
    expect(await chain.verifyOnChain(platform.anchor, { ...ref, leaf: overpaid, proof: tree.proof(leaf) })).toBe(false);
  });

  it('keeps the chain in a state folder across a restart', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'tessera-anvil-'));
    try {
      const first = await startAnvil({ stateDir: dir });
      const c1 = createChainClient({ rpcUrl: first.rpcUrl, chainId: first.chainId, operator });
      const kept = await c1.deployPlatform(artifacts);
      await c1.registerIdentity(kept.identityRegistry, alice.address);
      await first.stop();
      const second = await startAnvil({ stateDir: dir });
      try {
        const c2 = createChainClient({ rpcUrl: second.rpcUrl, chainId: second.chainId, operator });
        expect(await c2.isVerified(kept.identityRegistry, alice.address)).toBe(true);
      } finally {
        await second.stop();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
