// Units at the investor's own wallet: once a wallet is linked (Sign-In with Ethereum), the
// mirror moves the holder's units from the custodial address to it with operator transfers
// (supply unchanged, nothing minted), mirrors later trades there, moves them back after an
// unlink, and freezes the wallet of a rejected investor. Reconciliation sees no difference
// after a link, and a unit left at the old address is one; an anchored root keeps the address
// it was built with. One anvil for the file; skipped
// visibly where anvil cannot run.
import { sql } from 'drizzle-orm';
import type { Address } from 'viem';
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { createSiweMessage } from 'viem/siwe';
import type { MyChain, WalletLinkChallenge } from 'shared-api/contract';
import { verifyLine } from 'shared-api/contract/merkle';
import { PROPERTY_UNIT_TOKEN_ABI, type ChainRuntime } from '../src/modules/chain';
import { describeOnAnvil, heldProperty, marketOrder, siweMessage, startChainApp, type ChainTestApp } from './chain-helper';
import { call, invariantViolations, makeInvestor, makeUser, paidDistribution, queryRows, type TestApp, type TestUser } from './helper';

// Test keys (anvil's development accounts 7, 8, 9 and 4): never guard anything real.
const KEY_A = '0x4bbbf85ce3377467afe5d46f804f221813b2bb87f24d81f60f1fcdbf7cbf4356';
const KEY_B = '0xdbda1821b80551c9d65939329250298aa3472ba22feea921c0cf5d620ea67b97';
const KEY_C = '0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6';
const KEY_D = '0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a';

let withChain: ChainTestApp;
let t: TestApp;
let admin: TestUser;
let chain: ChainRuntime;

describeOnAnvil()('units at a linked wallet', () => {
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

  const market = (units: number[], unsold = 0) => heldProperty(t, admin, units, unsold);
  const trade = (as: TestUser, propertyId: string, side: 'BUY' | 'SELL', units: number, price: number) =>
    marketOrder(t, as, propertyId, side, units, price);

  async function link(u: TestUser, wallet: PrivateKeyAccount) {
    const c = (
      await call(t.app, { method: 'POST', url: '/v1/me/wallet-link/nonce', as: u, headers: { host: 'localhost:80' }, payload: {} })
    ).json<WalletLinkChallenge>();
    const message = siweMessage(c, wallet.address);
    const r = await call(t.app, {
      method: 'POST',
      url: '/v1/me/wallet-link',
      as: u,
      headers: { host: 'localhost:80' },
      payload: { message, signature: await wallet.signMessage({ message }) },
    });
    expect(r.statusCode).toBe(200);
  }

  async function custodial(u: TestUser): Promise<Address> {
    const [r] = await queryRows<{ address: Address }>(t.app, sql`SELECT address FROM chain_addresses WHERE user_id = ${u.id}`);
    return r.address;
  }

  async function balanceAt(propertyId: string, address: string): Promise<number> {
    const { chain: c } = await chain.client();
    return Number(await c.unitBalance((await chain.tokenOf(propertyId)) as Address, address.toLowerCase() as Address));
  }

  async function supply(propertyId: string): Promise<number> {
    const { chain: c } = await chain.client();
    return Number(
      await c.publicClient.readContract({
        address: (await chain.tokenOf(propertyId)) as Address,
        abi: PROPERTY_UNIT_TOKEN_ABI,
        functionName: 'totalSupply',
      }),
    );
  }

  async function mintedOrBurnt(propertyId: string, fromBlock: bigint): Promise<number> {
    const { chain: c } = await chain.client();
    const logs = await c.publicClient.getContractEvents({
      address: (await chain.tokenOf(propertyId)) as Address,
      abi: PROPERTY_UNIT_TOKEN_ABI,
      eventName: 'Transfer',
      fromBlock,
    });
    const zero = '0x0000000000000000000000000000000000000000';
    return logs.filter((l) => l.args.from === zero || l.args.to === zero).length;
  }

  it('moves a holder’s units to the wallet they link, mirrors a trade there, and back after unlinking', async () => {
    const wallet = privateKeyToAccount(KEY_A);
    const { propertyId, investors } = await market([6, 4, 0]);
    const [a, b, buyer] = investors;
    await chain.runOnce();
    const custodyA = await custodial(a);
    expect(await balanceAt(propertyId, custodyA)).toBe(6);
    expect(await supply(propertyId)).toBe(10);

    const { chain: c } = await chain.client();
    const from = await c.publicClient.getBlockNumber();
    await link(a, wallet);
    // Before the mirror ran, the units are still at the custodial address: that is a difference.
    expect((await chain.differences()).filter((d) => d.propertyId === propertyId).length).toBeGreaterThan(0);
    const report = await chain.runOnce();
    expect(report).toMatchObject({ propertiesPending: 0 });
    expect(report!.propertiesMirrored).toBeGreaterThanOrEqual(1);
    expect(await balanceAt(propertyId, wallet.address)).toBe(6);
    expect(await balanceAt(propertyId, custodyA)).toBe(0);
    expect(await supply(propertyId)).toBe(10);
    // Moved, never minted or burnt.
    expect(await mintedOrBurnt(propertyId, from + 1n)).toBe(0);
    expect(await chain.differences()).toEqual([]);
    expect(await chain.addressOf(a.id)).toBe(wallet.address.toLowerCase());
    const platform = await chain.platform();
    expect(await c.isVerified(platform!.identityRegistry, wallet.address)).toBe(true);
    // Nothing changed: the next run writes nothing.
    expect(await chain.runOnce()).toMatchObject({ writes: 0 });

    // What the investor reads: the wallet, and the units there.
    const mine = (await call(t.app, { method: 'GET', url: '/v1/me/chain', as: a })).json<MyChain>();
    expect(mine.address).toBe(wallet.address.toLowerCase());
    expect(mine.properties.find((p) => p.propertyId === propertyId)).toMatchObject({ ledgerUnits: 6, chainUnits: 6 });

    // A trade after linking: from the wallet to the buyer's custodial address.
    expect((await trade(a, propertyId, 'SELL', 2, 10)).statusCode).toBe(201);
    expect((await trade(buyer, propertyId, 'BUY', 2, 10)).statusCode).toBe(201);
    await chain.runOnce();
    expect(await balanceAt(propertyId, wallet.address)).toBe(4);
    expect(await balanceAt(propertyId, await custodial(buyer))).toBe(2);
    expect(await balanceAt(propertyId, await custodial(b))).toBe(4);
    expect(await supply(propertyId)).toBe(10);
    expect(await chain.differences()).toEqual([]);

    // A unit left at the old address is a difference (planted by the operator directly).
    const token = (await chain.tokenOf(propertyId)) as Address;
    await c.settleTransfer(token, wallet.address, custodyA, 1n);
    expect(await chain.differences()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          propertyId,
          userId: a.id,
          address: custodyA,
          ledgerUnits: 0,
          chainUnits: 1,
          detail: 'units left at an address the holder no longer uses',
        }),
      ]),
    );
    await c.settleTransfer(token, custodyA, wallet.address, 1n);
    expect(await chain.differences()).toEqual([]);

    // Unlinked: the units go back to the custodial address, and the wallet leaves the registry.
    const from2 = await c.publicClient.getBlockNumber();
    expect((await call(t.app, { method: 'DELETE', url: '/v1/me/wallet-link', as: a })).statusCode).toBe(200);
    await chain.runOnce();
    expect(await balanceAt(propertyId, custodyA)).toBe(4);
    expect(await balanceAt(propertyId, wallet.address)).toBe(0);
    expect(await supply(propertyId)).toBe(10);
    expect(await mintedOrBurnt(propertyId, from2 + 1n)).toBe(0);
    expect(await c.isVerified(platform!.identityRegistry, wallet.address)).toBe(false);
    expect(await chain.differences()).toEqual([]);
    expect(await chain.addressOf(a.id)).toBe(custodyA);

    // Linked again: there again.
    await link(a, wallet);
    await chain.runOnce();
    expect(await balanceAt(propertyId, wallet.address)).toBe(4);
    expect(await balanceAt(propertyId, custodyA)).toBe(0);
    expect(await chain.differences()).toEqual([]);
    // Another person may not link a wallet that held this one's units.
    const other = await makeInvestor(t, 100);
    expect((await call(t.app, { method: 'DELETE', url: '/v1/me/wallet-link', as: a })).statusCode).toBe(200);
    const c2 = (
      await call(t.app, { method: 'POST', url: '/v1/me/wallet-link/nonce', as: other, headers: { host: 'localhost:80' }, payload: {} })
    ).json<WalletLinkChallenge>();
    const m = createSiweMessage({
      address: wallet.address,
      chainId: c2.chainId,
      domain: c2.domain,
      nonce: c2.nonce,
      uri: c2.uri,
      version: '1',
      statement: c2.statement,
      issuedAt: new Date(),
      expirationTime: new Date(c2.expiresAt),
    });
    const refused = await call(t.app, {
      method: 'POST',
      url: '/v1/me/wallet-link',
      as: other,
      headers: { host: 'localhost:80' },
      payload: { message: m, signature: await wallet.signMessage({ message: m }) },
    });
    expect(refused.statusCode).toBe(409);
    await chain.runOnce();
    expect(await balanceAt(propertyId, custodyA)).toBe(4);
    expect(await chain.differences()).toEqual([]);
  });

  it('a rejected investor with a linked wallet is removed and frozen at that wallet', async () => {
    const wallet = privateKeyToAccount(KEY_B);
    const { propertyId, investors } = await market([3, 1]);
    const [a] = investors;
    await chain.runOnce();
    await link(a, wallet);
    await chain.runOnce();
    expect(await balanceAt(propertyId, wallet.address)).toBe(3);
    const r = await call(t.app, {
      method: 'PATCH',
      url: `/v1/users/verify/${a.id}`,
      as: admin,
      payload: { status: 'REJECTED', reason: 'Document forged' },
    });
    expect(r.statusCode).toBe(200);
    await chain.runOnce();
    const { chain: c } = await chain.client();
    const platform = await chain.platform();
    const token = (await chain.tokenOf(propertyId)) as Address;
    expect(await c.isVerified(platform!.identityRegistry, wallet.address)).toBe(false);
    expect(
      await c.publicClient.readContract({
        address: token,
        abi: PROPERTY_UNIT_TOKEN_ABI,
        functionName: 'isFrozen',
        args: [wallet.address],
      }),
    ).toBe(true);
    // Frozen, not burnt or moved.
    expect(await balanceAt(propertyId, wallet.address)).toBe(3);
    expect(await chain.differences()).toEqual([]);
  });

  it('an anchored root keeps the address it was built with; a later distribution uses the linked wallet', async () => {
    const wallet = privateKeyToAccount(KEY_C);
    const first = await paidDistribution(t, admin, 400);
    await chain.runOnce();
    const holder = first.investors[0];
    const custody = await custodial(holder);
    await link(holder, wallet);
    await chain.runOnce();
    expect(await balanceAt(first.propertyId, wallet.address)).toBe(2);

    const proofs = async () =>
      (await call(t.app, { method: 'GET', url: '/v1/me/chain', as: holder }))
        .json<MyChain>()
        .properties.filter((p) => p.proofs.length > 0)
        .flatMap((p) => p.proofs);
    // The root anchored before the link still proves the line at the custodial address.
    const before = await proofs();
    expect(before).toHaveLength(2);
    for (const p of before) {
      expect(p.leaf.address).toBe(custody);
      expect(verifyLine({ ...p.leaf, proof: p.proof, root: p.root })).toBe(true);
    }

    const [line] = await queryRows<{ address: string }>(
      t.app,
      sql`SELECT address FROM chain_anchor_lines WHERE distribution_id = ${first.distributionId} AND user_id = ${holder.id}`,
    );
    expect(line.address).toBe(custody);

    // A distribution anchored after its holder linked a wallet names the wallet.
    const second = await paidDistribution(t, admin, 360);
    const walletD = privateKeyToAccount(KEY_D);
    await link(second.investors[0], walletD);
    await chain.runOnce();
    const after = (await call(t.app, { method: 'GET', url: '/v1/me/chain', as: second.investors[0] }))
      .json<MyChain>()
      .properties.flatMap((p) => p.proofs);
    expect(after).toHaveLength(2);
    for (const p of after) {
      expect(p.leaf.address).toBe(walletD.address.toLowerCase());
      expect(verifyLine({ ...p.leaf, proof: p.proof, root: p.root })).toBe(true);
    }
    expect(await chain.differences()).toEqual([]);
  });
});
