// Distribution roots anchored on the chain, and what investors read of the chain: the mirror
// job anchors each paid distribution's holdings at its record date and its payments once (a
// rerun sends nothing; a root found on chain already is recorded, not sent again), and an
// investor gets their line with a proof that verifies against the anchored root, while a
// tampered one does not. One anvil for the file; skipped visibly where anvil cannot run (CI
// runs it anyway, and fails).
import { sql } from 'drizzle-orm';
import type { MyChain, PropertyChain } from 'shared-api/contract';
import { verifyLine } from 'shared-api/contract/merkle';
import type { Hex } from 'viem';
import { distributionTrees, holdingLeaf, paymentLeaf, recordDateKey, uuidKey, type ChainRuntime } from '../src/modules/chain';
import {
  call,
  invariantViolations,
  makeInvestor,
  makeUser,
  queryRows,
  type TestApp,
  type TestUser,
  paidDistribution as payDistribution,
  type PaidDistribution,
} from './helper';
import { describeOnAnvil, startChainApp, type ChainTestApp } from './chain-helper';

let withChain: ChainTestApp;
let t: TestApp;
let admin: TestUser;
let chain: ChainRuntime;

const flip = (h: string): Hex => `${h.slice(0, -1)}${h.endsWith('0') ? '1' : '0'}` as Hex;

type Paid = PaidDistribution;

let periodEnd = 400;
/** helper.ts's paidDistribution, each in a month of its own (32 days before the last). */
const paidDistribution = (): Promise<Paid> => payDistribution(t, admin, (periodEnd -= 32));

const anchorsOf = (propertyId: string) =>
  queryRows<{ kind: number; ref: string; key: string; root: string; leaf_count: number; distribution_id: string; tx_hash: string | null }>(
    t.app,
    sql`SELECT kind, ref, key, root, leaf_count, distribution_id, tx_hash FROM chain_anchors WHERE property_id = ${propertyId} ORDER BY kind, ref`,
  );

describeOnAnvil()('anchoring distribution roots', () => {
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

  it("anchors a paid distribution's holdings (record date) and payments once, each line provable on chain", async () => {
    const p = await paidDistribution();
    const first = await chain.runOnce();
    expect(first).toMatchObject({ rootsAnchored: 2, anchorsPending: 0 });

    const trees = await distributionTrees(t.app.db, p.distributionId);
    if (!trees) throw new Error('every holder has an address after a run');
    // The owner's unsold units are a line too: 3 holders of record.
    expect(trees.lines.map((l) => l.units).sort()).toEqual([2, 3, 5]);
    const rows = await anchorsOf(p.propertyId);
    expect(rows).toEqual([
      {
        kind: 1,
        ref: p.recordDate,
        key: recordDateKey(p.recordDate),
        root: trees.holdings.root,
        leaf_count: 3,
        distribution_id: p.distributionId,
        tx_hash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
      },
      {
        kind: 2,
        ref: p.distributionId,
        key: uuidKey(p.distributionId),
        root: trees.payments.root,
        leaf_count: 3,
        distribution_id: p.distributionId,
        tx_hash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
      },
    ]);

    const { chain: c } = await chain.client();
    const anchor = (await chain.platform())!.anchor;
    const holdings = { propertyId: p.propertyId, kind: 'holdings' as const, key: recordDateKey(p.recordDate) };
    const payments = { propertyId: p.propertyId, kind: 'payments' as const, key: uuidKey(p.distributionId) };
    expect(await c.rootOf(anchor, holdings)).toMatchObject({ root: trees.holdings.root, leafCount: 3 });
    expect(await c.rootOf(anchor, payments)).toMatchObject({ root: trees.payments.root, leafCount: 3 });
    for (const l of trees.lines) {
      const h = holdingLeaf({ holder: l.address!, units: BigInt(l.units) });
      const pay = paymentLeaf({ holder: l.address!, units: BigInt(l.units), amountCents: BigInt(l.cents) });
      expect(await c.verifyOnChain(anchor, { ...holdings, leaf: h, proof: trees.holdings.proof(h) })).toBe(true);
      expect(await c.verifyOnChain(anchor, { ...payments, leaf: pay, proof: trees.payments.proof(pay) })).toBe(true);
      // One more unit than the ledger's is not in the anchored tree.
      const more = paymentLeaf({ holder: l.address!, units: BigInt(l.units + 1), amountCents: BigInt(l.cents) });
      expect(await c.verifyOnChain(anchor, { ...payments, leaf: more, proof: trees.payments.proof(pay) })).toBe(false);
    }

    // A rerun sends nothing.
    expect(await chain.runOnce()).toMatchObject({ rootsAnchored: 0, anchorsPending: 0, writes: 0 });
    // A run that stopped after sending (the rows lost): the roots found on chain are recorded with their transactions, not sent again.
    const before = await anchorsOf(p.propertyId);
    await t.app.db.execute(sql`DELETE FROM chain_anchors WHERE property_id = ${p.propertyId}`);
    expect(await chain.runOnce()).toMatchObject({ rootsAnchored: 2, writes: 0 });
    expect(await anchorsOf(p.propertyId)).toEqual(before);
  });

  it("a correction's payments get their own root; its holdings (same record date, same holders) are not sent again", async () => {
    const p = await paidDistribution();
    await chain.runOnce();
    const res = await call(t.app, {
      method: 'POST',
      url: `/v1/distributions/${p.distributionId}/correct`,
      as: admin,
      payload: { totalCents: 10_000, reason: 'Expenses were left out' },
    });
    expect(res.statusCode).toBe(200);
    const correction = res.json().correction._id as string;
    expect(await chain.runOnce()).toMatchObject({ rootsAnchored: 1, anchorsPending: 0, writes: 1 });
    const rows = await anchorsOf(p.propertyId);
    expect(rows.map((r) => [r.kind, r.ref])).toEqual(
      [
        [1, p.recordDate],
        [2, p.distributionId],
        [2, correction],
      ].sort((a, b) => Number(a[0]) - Number(b[0]) || String(a[1]).localeCompare(String(b[1]))),
    );
    const trees = await distributionTrees(t.app.db, correction);
    expect(rows.find((r) => r.ref === correction)?.root).toBe(trees?.payments.root);
    // The payments differ, so the roots do.
    expect(rows.find((r) => r.ref === correction)?.root).not.toBe(rows.find((r) => r.ref === p.distributionId)?.root);
  });

  it('a tampered line does not verify: a sibling flipped, or one unit more', async () => {
    const p = await paidDistribution();
    await chain.runOnce();
    const trees = (await distributionTrees(t.app.db, p.distributionId))!;
    const { verifyMerkleProof } = await import('../src/modules/chain');
    const l = trees.lines.find((x) => x.userId === p.investors[0].id)!;
    const leaf = paymentLeaf({ holder: l.address!, units: BigInt(l.units), amountCents: BigInt(l.cents) });
    const proof = trees.payments.proof(leaf);
    expect(proof.length).toBeGreaterThan(0);
    expect(verifyMerkleProof(trees.payments.root, leaf, proof)).toBe(true);
    expect(verifyMerkleProof(trees.payments.root, leaf, [flip(proof[0]), ...proof.slice(1)])).toBe(false);
    const more = paymentLeaf({ holder: l.address!, units: BigInt(l.units + 1), amountCents: BigInt(l.cents) });
    expect(verifyMerkleProof(trees.payments.root, more, proof)).toBe(false);
  });

  describe('what investors read', () => {
    let p: Paid;
    beforeAll(async () => {
      p = await paidDistribution();
      await chain.runOnce();
    });

    it('GET /v1/me/chain: my address, my balance on chain next to the ledger, and my lines with proofs that verify', async () => {
      const [me] = p.investors;
      const r = await call(t.app, { method: 'GET', url: '/v1/me/chain', as: me });
      expect(r.statusCode).toBe(200);
      const body = r.json() as MyChain;
      const address = await chain.addressOf(me.id);
      const { chainId } = await chain.client();
      expect(body).toMatchObject({ enabled: true, chainId, address });
      const mine = body.properties.find((x) => x.propertyId === p.propertyId);
      expect(mine).toMatchObject({
        tokenAddress: await chain.tokenOf(p.propertyId),
        ledgerUnits: 2,
        chainUnits: 2,
        chainError: null,
      });
      expect(mine?.proofs.map((x) => x.kind)).toEqual(['holdings', 'payments']);
      const anchor = (await chain.platform())!.anchor;
      for (const proof of mine!.proofs) {
        expect(proof).toMatchObject({ anchorAddress: anchor, distributionId: p.distributionId, leafCount: 3 });
        expect(proof.leaf).toMatchObject({ address, units: 2 });
        const line = { ...proof.leaf, proof: proof.proof, root: proof.root };
        expect(verifyLine(line)).toBe(true);
        // Tampered: a sibling flipped, one unit more, a cent more, or another root.
        expect(verifyLine({ ...line, proof: [flip(line.proof[0]), ...line.proof.slice(1)] })).toBe(false);
        expect(verifyLine({ ...line, units: line.units + 1 })).toBe(false);
        if (line.amountCents !== null) expect(verifyLine({ ...line, amountCents: line.amountCents + 1 })).toBe(false);
        expect(verifyLine({ ...line, root: flip(line.root) })).toBe(false);
        // And the contract agrees with the browser's check.
        const { chain: c } = await chain.client();
        const leaf =
          proof.kind === 'holdings'
            ? holdingLeaf({ holder: proof.leaf.address as Hex, units: BigInt(proof.leaf.units) })
            : paymentLeaf({ holder: proof.leaf.address as Hex, units: 2n, amountCents: BigInt(proof.leaf.amountCents!) });
        expect(
          await c.verifyOnChain(anchor, {
            propertyId: p.propertyId,
            kind: proof.kind,
            key: proof.key as Hex,
            leaf,
            proof: proof.proof as Hex[],
          }),
        ).toBe(true);
      }
      // Someone with nothing sees nothing.
      const stranger = await makeInvestor(t, 0);
      const none = await call(t.app, { method: 'GET', url: '/v1/me/chain', as: stranger });
      expect(none.json()).toMatchObject({ enabled: true, properties: [] });
    });

    it("GET /v1/chain/properties/:id: the token's transfers newest first and the anchored roots with their transactions", async () => {
      const [, other] = p.investors;
      const r = await call(t.app, { method: 'GET', url: `/v1/chain/properties/${p.propertyId}`, as: other });
      expect(r.statusCode).toBe(200);
      const body = r.json() as PropertyChain;
      expect(body).toMatchObject({
        propertyId: p.propertyId,
        enabled: true,
        reachable: true,
        error: null,
        tokenAddress: await chain.tokenOf(p.propertyId),
        anchorAddress: (await chain.platform())!.anchor,
      });
      // Two mints (2 and 3 units) from the zero address.
      expect(body.transfers.map((x) => x.units).sort()).toEqual([2, 3]);
      expect(body.transfers.every((x) => /^0x0{40}$/.test(x.from) && /^0x[0-9a-f]{64}$/.test(x.txHash))).toBe(true);
      expect(body.transfers[0].blockNumber).toBeGreaterThanOrEqual(body.transfers[1].blockNumber);
      expect(body.anchors.map((a) => [a.kind, a.ref]).sort()).toEqual([
        ['holdings', p.recordDate],
        ['payments', p.distributionId],
      ]);
      expect(body.anchors.every((a) => /^0x[0-9a-f]{64}$/.test(a.txHash ?? ''))).toBe(true);
      // An unknown property is a 404.
      const missing = await call(t.app, { method: 'GET', url: '/v1/chain/properties/00000000-0000-4000-8000-000000000000', as: other });
      expect(missing.statusCode).toBe(404);
    });

    it('with the node down, both reads answer quickly and say so; what the database knows is still there', async () => {
      await withChain.node.stop();
      try {
        const started = Date.now();
        const me = await call(t.app, { method: 'GET', url: '/v1/me/chain', as: p.investors[0] });
        expect(me.statusCode).toBe(200);
        const mine = (me.json() as MyChain).properties.find((x) => x.propertyId === p.propertyId);
        expect(mine?.chainUnits).toBeNull();
        expect(mine?.chainError).toMatch(/^the chain did not answer/);
        expect(mine?.ledgerUnits).toBe(2);
        expect(mine?.proofs).toHaveLength(2);
        expect((me.json() as MyChain).chainId).not.toBeNull();
        const prop = await call(t.app, { method: 'GET', url: `/v1/chain/properties/${p.propertyId}`, as: p.investors[0] });
        expect(prop.statusCode).toBe(200);
        expect(prop.json()).toMatchObject({ reachable: false, transfers: [], error: expect.any(String) });
        expect((prop.json() as PropertyChain).anchors).toHaveLength(2);
        expect(Date.now() - started).toBeLessThan(20_000);
      } finally {
        await withChain.restart();
      }
    });
  });
});
