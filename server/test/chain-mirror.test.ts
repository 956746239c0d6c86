// The chain wired into the platform: the mirror job makes the unit tokens' balances equal the
// holdings table after primary purchases and market trades, gives verified investors a
// registered custodial address and freezes a rejected one, reports a difference planted on the
// chain, and a chain that is down holds nothing up: orders go through, and the mirror catches
// up once the node is back. One anvil for the file; skipped visibly where anvil cannot run
// (CI runs it anyway, and fails).
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Address } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { ConfigError, loadConfig } from '../src/config';
import { ANVIL_MNEMONIC, PROPERTY_UNIT_TOKEN_ABI, custodialAddress, operatorAccount, type ChainRuntime } from '../src/modules/chain';
import { describeOnAnvil, heldProperty, marketOrder, startChainApp, unitBalances, type ChainTestApp } from './chain-helper';
import {
  approvePendingOrders,
  buildTestApp,
  call,
  invariantViolations,
  makeInvestor,
  makeProperty,
  makeUser,
  placeOrder,
  queryRows,
  type TestApp,
  type TestUser,
} from './helper';

describe('chain configuration', () => {
  const base = { DATA_DIR: path.join(tmpdir(), 'tessera-chain-config'), JWT_SECRET: 'x'.repeat(32) };
  const problems = (env: Record<string, string>): string[] => {
    try {
      loadConfig({ ...base, ...env });
      return [];
    } catch (err) {
      return err instanceof ConfigError ? err.problems : [String(err)];
    }
  };

  it('is off unless CHAIN_ENABLED or CHAIN_RPC_URL turns it on', () => {
    expect(loadConfig(base).chain).toBeNull();
    expect(loadConfig({ ...base, CHAIN_ENABLED: 'false', CHAIN_RPC_URL: 'http://node:8545' }).chain).toBeNull();
    expect(loadConfig({ ...base, CHAIN_ENABLED: 'true' }).chain).toMatchObject({
      rpcUrl: null,
      operatorKey: null,
      custodyMnemonic: null,
      stateDir: path.join(base.DATA_DIR, 'chain'),
      mirrorEveryMs: 10_000,
    });
  });

  it("custodial addresses are the seed's m/44'/60'/1'/0/<index>, never the development operator's", () => {
    for (const i of [0, 1, 41]) {
      expect(custodialAddress(null, i)).toBe(mnemonicToAccount(ANVIL_MNEMONIC, { accountIndex: 1, addressIndex: i }).address);
    }
    const other = 'legal winner thank year wave sausage worth useful legal winner thank yellow';
    expect(custodialAddress(other, 0)).toBe(mnemonicToAccount(other, { accountIndex: 1, addressIndex: 0 }).address);
    expect(custodialAddress(other, 0)).not.toBe(custodialAddress(null, 0));
    expect(custodialAddress(null, 0)).not.toBe(operatorAccount(null).address);
    expect(() => custodialAddress(null, -1)).toThrow('out of range');
  });

  it('the integrity check says the chain is off when it is', async () => {
    const off = await buildTestApp();
    try {
      const a = await makeUser(off.app, 'ADMIN');
      const r = await call(off.app, { method: 'GET', url: '/v1/admin/integrity', as: a });
      expect(r.statusCode).toBe(200);
      expect(r.json()).toEqual({ money: [], chain: null });
    } finally {
      await off.close();
    }
  });

  it('a real network needs its own operator key and custody seed; a bad key is refused without being echoed', () => {
    expect(problems({ CHAIN_RPC_URL: 'http://node:8545' })).toEqual([
      'CHAIN_RPC_URL needs CHAIN_OPERATOR_KEY (the development key is public)',
      'CHAIN_RPC_URL needs CHAIN_CUSTODY_MNEMONIC (the development seed is public)',
    ]);
    const secret = '0x' + 'ab'.repeat(31);
    const bad = problems({ CHAIN_ENABLED: 'true', CHAIN_OPERATOR_KEY: secret, CHAIN_CUSTODY_MNEMONIC: 'one two three' });
    expect(bad).toEqual([
      'CHAIN_OPERATOR_KEY must be 0x and 64 hex digits',
      'CHAIN_CUSTODY_MNEMONIC must be a BIP-39 phrase of 12 to 24 words',
    ]);
    expect(bad.join(' ')).not.toContain(secret);
    const ok = loadConfig({
      ...base,
      CHAIN_RPC_URL: 'http://node:8545',
      CHAIN_OPERATOR_KEY: '0x' + 'ab'.repeat(32),
      CHAIN_CUSTODY_MNEMONIC: ANVIL_MNEMONIC,
      CHAIN_MIRROR_SECONDS: '30',
    }).chain;
    expect(ok).toMatchObject({ rpcUrl: 'http://node:8545', mirrorEveryMs: 30_000 });
  });
});

let withChain: ChainTestApp;
let t: TestApp;
let admin: TestUser;
let chain: ChainRuntime;
/** The investor the rejection test rejects, and the property they hold 2 units of. */
let rejected: { user: TestUser; propertyId: string } | null = null;

describeOnAnvil()('the chain mirror', () => {
  beforeAll(async () => {
    withChain = await startChainApp();
    ({ t, chain } = withChain);
    admin = await makeUser(t.app, 'ADMIN');
  }, 180_000);
  afterAll(async () => {
    await withChain?.close();
  });
  afterEach(async () => {
    expect(await invariantViolations(t.app)).toEqual([]);
  });

  const market = (units: number[]) => heldProperty(t, admin, units);
  const trade = (as: TestUser, propertyId: string, side: 'BUY' | 'SELL', units: number, price: number) =>
    marketOrder(t, as, propertyId, side, units, price);

  async function balances(propertyId: string, users: TestUser[]): Promise<number[]> {
    const out = await unitBalances(chain, propertyId, users);
    if (!out) throw new Error('no token');
    return out;
  }

  async function held(propertyId: string, users: TestUser[]): Promise<number[]> {
    const r = await queryRows<{ investor_id: string; quantity: number }>(
      t.app,
      sql`SELECT investor_id, quantity FROM holdings WHERE property_id = ${propertyId}`,
    );
    return users.map((u) => r.find((x) => x.investor_id === u.id)?.quantity ?? 0);
  }

  it('mirrors purchases and a market trade so chain balances equal holdings, and only touches what changed', async () => {
    const { propertyId, investors } = await market([10, 5, 0]);
    const [a, b, buyer] = investors;

    const first = await chain.runOnce();
    expect(first).toMatchObject({ propertiesMirrored: 1, addressesCreated: 3 });
    expect(first?.propertiesPending).toBe(0);
    expect(await balances(propertyId, investors)).toEqual([10, 5, 0]);
    expect(await chain.differences()).toEqual([]);

    // Nothing changed: the next run writes nothing.
    expect(await chain.runOnce()).toMatchObject({ propertiesMirrored: 0, writes: 0 });

    expect((await trade(a, propertyId, 'SELL', 3, 10)).statusCode).toBe(201);
    expect((await trade(buyer, propertyId, 'BUY', 3, 10)).statusCode).toBe(201);
    expect(await held(propertyId, investors)).toEqual([7, 5, 3]);
    const after = await chain.runOnce();
    // One operator transfer from the seller to the buyer, nothing minted or burnt.
    expect(after).toMatchObject({ propertiesMirrored: 1, propertiesPending: 0, writes: 1 });
    expect(await balances(propertyId, investors)).toEqual([7, 5, 3]);
    expect(await chain.differences()).toEqual([]);

    // Each verified investor is a registered identity at its own custodial address.
    const { chain: c } = await chain.client();
    const platform = await chain.platform();
    const addresses: (string | null)[] = [];
    for (const u of [a, b, buyer]) addresses.push(await chain.addressOf(u.id));
    expect(new Set(addresses).size).toBe(3);
    for (const addr of addresses) expect(await c.isVerified(platform!.identityRegistry, addr as Address)).toBe(true);
    // Not one of anvil's funded development accounts, and not the operator.
    const dev = Array.from({ length: 10 }, (_, i) => mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: i }).address.toLowerCase());
    for (const addr of addresses) expect(dev).not.toContain(addr);
  });

  it('reports a difference planted on the chain (the operator mints extra directly)', async () => {
    // 10 units, 8 sold: room under the cap for a planted mint.
    const owner = await makeUser(t.app, 'PROPERTY_OWNER', { status: 'VERIFIED' });
    const { _id: propertyId } = await makeProperty(t.app, owner, { approveAs: admin, body: { totalQuantity: 10, unitPrice: 10 } });
    const [a, b] = [await makeInvestor(t, 1000), await makeInvestor(t, 1000)];
    for (const u of [a, b]) expect((await placeOrder(t.app, u, propertyId, 4)).statusCode).toBe(201);
    await approvePendingOrders(t.app, admin, propertyId);
    await chain.runOnce();
    expect(await chain.differences()).toEqual([]);

    const { chain: c } = await chain.client();
    const token = (await chain.tokenOf(propertyId)) as Address;
    const address = (await chain.addressOf(a.id)) as Address;
    await c.mint(token, address, 2n);
    const diffs = await chain.differences();
    expect(diffs).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ propertyId, userId: a.id, address, ledgerUnits: 4, chainUnits: 6 }),
        expect.objectContaining({
          propertyId,
          userId: null,
          ledgerUnits: 8,
          chainUnits: 10,
          detail: 'total supply differs from the units held',
        }),
      ]),
    );
    expect(diffs.filter((d) => d.propertyId === propertyId)).toHaveLength(2);
    // The admins' integrity check lists them apart from the money invariants, which still hold.
    const check = await call(t.app, { method: 'GET', url: '/v1/admin/integrity', as: admin });
    expect(check.statusCode).toBe(200);
    expect(check.json()).toEqual({ money: [], chain: { rpcUrl: withChain.node.rpcUrl, reachable: true, error: null, differences: diffs } });
    // Other properties are unaffected.
    expect(diffs.every((d) => d.propertyId === propertyId)).toBe(true);
    // The mirror does not act on it by itself (the holdings did not change)...
    expect(await chain.runOnce()).toMatchObject({ writes: 0 });
    // ...and the correction is the operator's: burn what the ledger does not know.
    await c.burn(token, address, 2n);
    expect(await chain.differences()).toEqual([]);
    expect(b.id).not.toBe(a.id);
  });

  it('a rejected investor is removed from the registry and frozen on the unit tokens', async () => {
    const { propertyId, investors } = await market([2, 2]);
    const [, b] = investors;
    await chain.runOnce();
    const r = await call(t.app, {
      method: 'PATCH',
      url: `/v1/users/verify/${b.id}`,
      as: admin,
      payload: { status: 'REJECTED', reason: 'Document forged' },
    });
    expect(r.statusCode).toBe(200);
    expect(await chain.runOnce()).toMatchObject({ identitiesChanged: 1 });
    const { chain: c } = await chain.client();
    const platform = await chain.platform();
    const address = (await chain.addressOf(b.id)) as Address;
    expect(await c.isVerified(platform!.identityRegistry, address)).toBe(false);
    const token = (await chain.tokenOf(propertyId)) as Address;
    expect(
      await c.publicClient.readContract({ address: token, abi: PROPERTY_UNIT_TOKEN_ABI, functionName: 'isFrozen', args: [address] }),
    ).toBe(true);
    // Frozen, not burnt: the units stay where the ledger says they are.
    expect(await balances(propertyId, [b])).toEqual([2]);
    rejected = { user: b, propertyId };
  });

  it('with the chain down, orders still go through; the mirror fails, then catches up when it is back', async () => {
    const owner = await makeUser(t.app, 'PROPERTY_OWNER', { status: 'VERIFIED' });
    const { _id: propertyId } = await makeProperty(t.app, owner, { approveAs: admin, body: { totalQuantity: 20, unitPrice: 10 } });
    const buyer = await makeInvestor(t, 1000);
    await chain.runOnce();

    await withChain.node.stop();
    const started = Date.now();
    expect((await placeOrder(t.app, buyer, propertyId, 6)).statusCode).toBe(201);
    await approvePendingOrders(t.app, admin, propertyId);
    // Nothing on the request path waited for the chain.
    expect(Date.now() - started).toBeLessThan(10_000);
    await expect(chain.runOnce()).rejects.toThrow();
    const check = await call(t.app, { method: 'GET', url: '/v1/admin/integrity', as: admin });
    expect(check.json()).toMatchObject({ money: [], chain: { reachable: false, differences: [] } });

    await withChain.restart();
    const report = await chain.runOnce();
    expect(report?.propertiesPending).toBe(0);
    expect(await balances(propertyId, [buyer])).toEqual([6]);
    expect(await chain.differences()).toEqual([]);
  });

  it('a chain that lost its state (anvil restarted without it) is deployed again and mirrored from scratch', async () => {
    await withChain.restart({ lost: true });
    const report = await chain.runOnce();
    const after = await chain.platform();
    // A fresh chain: the same operator at nonce 0 may deploy at the same address; what matters is that code is there again.
    const { chain: c } = await chain.client();
    expect(await c.publicClient.getCode({ address: after!.identityRegistry })).not.toBe('0x');
    expect(report?.propertiesPending).toBe(0);
    expect(report?.propertiesMirrored).toBeGreaterThanOrEqual(4);
    // Everyone holds what the ledger says, the rejected investor too: given back, then frozen again.
    expect(await chain.differences()).toEqual([]);
    expect(rejected).not.toBeNull();
    const { user, propertyId } = rejected!;
    const address = (await chain.addressOf(user.id)) as Address;
    const token = (await chain.tokenOf(propertyId)) as Address;
    expect(await balances(propertyId, [user])).toEqual([2]);
    expect(await c.isVerified(after!.identityRegistry, address)).toBe(false);
    expect(
      await c.publicClient.readContract({ address: token, abi: PROPERTY_UNIT_TOKEN_ABI, functionName: 'isFrozen', args: [address] }),
    ).toBe(true);
  });
});
