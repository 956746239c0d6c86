// What investors read of the chain, registered under /v1 (docs/chain.md):
//   GET /v1/me/chain               an investor's address, balances, and proofs of their lines
//   GET /v1/chain/properties/:id   a property's token transfers and anchored roots
// The chain is read with a deadline (8 s for the whole request): a node that is down or slow
// is reported as such, while what the database knows (addresses, anchored roots, proofs) is
// still answered. Proofs are rebuilt from the distribution's holders of record and served only
// when they lead to the root that was anchored.
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sql } from 'drizzle-orm';
import { CHAIN_TRANSFERS_SHOWN } from 'shared-api/contract/chain';
import type {
  ChainAnchorKind,
  ChainAnchorRecord,
  ChainProof,
  ChainTransfer,
  MyChain,
  PropertyChain,
  PropertyStatus,
} from 'shared-api/contract';
import { Type, type Static } from 'typebox';
import type { Address, Hex } from 'viem';
import { notFound } from '../../lib/http-error';
import { assertSame, DateTime, Id, IdParams, Nullable, StringEnum, errors, type Same } from '../../lib/schema';
import { actorOf } from '../../plugins/auth';
import { isPublic } from '../properties';
import { PROPERTY_UNIT_TOKEN_ABI } from './abi';
import { holdingLeaf, paymentLeaf } from './merkle';
import { distributionTrees, type ChainRuntime } from './mirror';

const READ_TIMEOUT_MS = 8_000;
const KINDS = ['holdings', 'payments'] as const;
const KIND_OF: Record<number, ChainAnchorKind> = { 1: 'holdings', 2: 'payments' };

const ProofSchema = Type.Object({
  kind: StringEnum(KINDS),
  ref: Type.String(),
  key: Type.String(),
  distributionId: Id,
  anchorAddress: Type.String(),
  root: Type.String(),
  leafCount: Type.Integer(),
  txHash: Nullable(Type.String()),
  leaf: Type.Object({ address: Type.String(), units: Type.Integer(), amountCents: Nullable(Type.Integer()) }),
  proof: Type.Array(Type.String()),
});
assertSame<Same<Static<typeof ProofSchema>, ChainProof>>();

const MyChainSchema = Type.Object({
  enabled: Type.Boolean(),
  chainId: Nullable(Type.Integer()),
  address: Nullable(Type.String()),
  properties: Type.Array(
    Type.Object({
      propertyId: Id,
      propertyName: Type.String(),
      tokenAddress: Nullable(Type.String()),
      ledgerUnits: Type.Integer(),
      chainUnits: Nullable(Type.Integer()),
      chainError: Nullable(Type.String()),
      proofs: Type.Array(ProofSchema),
    }),
  ),
});
assertSame<Same<Static<typeof MyChainSchema>, MyChain>>();

const TransferSchema = Type.Object({
  from: Type.String(),
  to: Type.String(),
  units: Type.Integer(),
  txHash: Type.String(),
  blockNumber: Type.Integer(),
});
assertSame<Same<Static<typeof TransferSchema>, ChainTransfer>>();

const AnchorRecordSchema = Type.Object({
  kind: StringEnum(KINDS),
  ref: Type.String(),
  key: Type.String(),
  distributionId: Id,
  root: Type.String(),
  leafCount: Type.Integer(),
  txHash: Nullable(Type.String()),
  anchoredAt: DateTime,
});
assertSame<Same<Static<typeof AnchorRecordSchema>, ChainAnchorRecord>>();

const PropertyChainSchema = Type.Object({
  propertyId: Id,
  propertyName: Type.String(),
  enabled: Type.Boolean(),
  chainId: Nullable(Type.Integer()),
  tokenAddress: Nullable(Type.String()),
  anchorAddress: Nullable(Type.String()),
  reachable: Type.Boolean(),
  error: Nullable(Type.String()),
  transfers: Type.Array(TransferSchema),
  anchors: Type.Array(AnchorRecordSchema),
});
assertSame<Same<Static<typeof PropertyChainSchema>, PropertyChain>>();

async function rows<T>(app: FastifyInstance, q: ReturnType<typeof sql>): Promise<T[]> {
  return ((await app.db.execute(q)) as unknown as { rows: T[] }).rows;
}

/** The first line of an error: viem's report repeats the request. */
const reason = (err: unknown) => String(err instanceof Error ? err.message : err).split('\n')[0];

/** One deadline for all of a request's chain reads: once it passed, the node counts as down. */
function deadline(ms = READ_TIMEOUT_MS) {
  const until = Date.now() + ms;
  return async function within<T>(p: Promise<T>): Promise<T> {
    const left = until - Date.now();
    if (left <= 0) throw new Error(`no answer within ${ms / 1000} s`);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${ms / 1000} s`)), left);
    });
    try {
      return await Promise.race([p, timeout]);
    } finally {
      clearTimeout(timer);
    }
  };
}

/** The chain id: from the node when it answers, else the one the platform last deployed to. */
async function chainIdOf(app: FastifyInstance, chain: ChainRuntime, within: ReturnType<typeof deadline>) {
  try {
    return { chainId: (await within(chain.client())).chainId, nodeError: null as string | null };
  } catch (err) {
    const [known] = await rows<{ chain_id: string }>(
      app,
      sql`SELECT chain_id FROM chain_contracts WHERE property_id IS NULL ORDER BY deployed_at DESC LIMIT 1`,
    );
    return { chainId: known ? Number(known.chain_id) : null, nodeError: reason(err) };
  }
}

async function contractsOf(app: FastifyInstance, chainId: number | null, propertyId: string) {
  if (chainId === null) return { token: null, anchor: null };
  const r = await rows<{ name: string; address: string }>(
    app,
    sql`SELECT name, address FROM chain_contracts
        WHERE chain_id = ${chainId} AND (property_id = ${propertyId} OR name = 'MerkleAnchor')`,
  );
  return {
    token: r.find((x) => x.name === 'PropertyUnitToken')?.address ?? null,
    anchor: r.find((x) => x.name === 'MerkleAnchor')?.address ?? null,
  };
}

interface AnchorRow {
  kind: number;
  ref: string;
  key: string;
  root: string;
  leaf_count: number;
  distribution_id: string;
  tx_hash: string | null;
  anchored_at: Date | string;
}

/** My lines (holdings at its record date, payments) in the latest anchored distribution I was a holder of record in. */
async function proofsOf(app: FastifyInstance, chainId: number, anchor: string, propertyId: string, userId: string) {
  const [d] = await rows<{ id: string; record_date: string }>(
    app,
    sql`SELECT d.id, to_char(d.record_date, 'YYYY-MM-DD') AS record_date
        FROM distributions d JOIN distribution_holders dh ON dh.distribution_id = d.id AND dh.holder_id = ${userId}
        WHERE d.property_id = ${propertyId}
          AND EXISTS (SELECT 1 FROM chain_anchors a WHERE a.chain_id = ${chainId} AND a.property_id = d.property_id
                        AND a.kind = 2 AND a.ref = d.id::text)
        ORDER BY d.seq DESC LIMIT 1`,
  );
  if (!d) return [];
  const anchored = await rows<AnchorRow>(
    app,
    sql`SELECT kind, ref, key, root, leaf_count, distribution_id, tx_hash, anchored_at FROM chain_anchors
        WHERE chain_id = ${chainId} AND property_id = ${propertyId}
          AND ((kind = 1 AND ref = ${d.record_date}) OR (kind = 2 AND ref = ${d.id}))
        ORDER BY kind`,
  );
  const out: ChainProof[] = [];
  for (const a of anchored) {
    // The holdings root of a record date was built from the distribution that anchored it first.
    const trees = await distributionTrees(app.db, a.distribution_id, chainId);
    const line = trees?.lines.find((l) => l.userId === userId);
    if (!trees || !line?.address) continue;
    const kind = KIND_OF[a.kind];
    const tree = kind === 'holdings' ? trees.holdings : trees.payments;
    // Served only if it still leads to what was anchored (the ledger's lines are never edited).
    if (tree.root !== a.root) continue;
    const holder = line.address;
    const leaf: Hex =
      kind === 'holdings'
        ? holdingLeaf({ holder, units: BigInt(line.units) })
        : paymentLeaf({ holder, units: BigInt(line.units), amountCents: BigInt(line.cents) });
    out.push({
      kind,
      ref: a.ref,
      key: a.key,
      distributionId: a.distribution_id,
      anchorAddress: anchor,
      root: a.root,
      leafCount: Number(a.leaf_count),
      txHash: a.tx_hash,
      leaf: { address: holder, units: line.units, amountCents: kind === 'holdings' ? null : line.cents },
      proof: tree.proof(leaf),
    });
  }
  return out;
}

export async function myChain(app: FastifyInstance, userId: string): Promise<MyChain> {
  const chain = app.chain;
  if (!chain) return { enabled: false, chainId: null, address: null, properties: [] };
  const within = deadline();
  const address = (await chain.addressOf(userId)) ?? null;
  const { chainId, nodeError } = await chainIdOf(app, chain, within);
  const props = await rows<{ id: string; name: string; units: number }>(
    app,
    sql`SELECT p.id, p.name, coalesce((SELECT h.quantity FROM holdings h WHERE h.property_id = p.id AND h.investor_id = ${userId}), 0)::integer AS units
        FROM properties p
        WHERE p.id IN (SELECT property_id FROM holdings WHERE investor_id = ${userId}
                       UNION SELECT property_id FROM chain_unit_holders WHERE user_id = ${userId}
                       UNION SELECT property_id FROM chain_holder_addresses WHERE user_id = ${userId}
                       UNION SELECT d.property_id FROM distribution_holders dh JOIN distributions d ON d.id = dh.distribution_id
                             WHERE dh.holder_id = ${userId} AND d.paid_at IS NOT NULL)
        ORDER BY p.name, p.id`,
  );
  let down = nodeError;
  const properties: MyChain['properties'] = [];
  for (const p of props) {
    const { token, anchor } = await contractsOf(app, chainId, p.id);
    let chainUnits: number | null = null;
    let chainError: string | null = null;
    if (down) chainError = `the chain did not answer: ${down}`;
    else if (!token) chainError = 'no unit token on chain yet';
    else if (!address) chainError = 'no address on chain yet';
    else
      try {
        chainUnits = Number(await within(chain.client().then(({ chain: c }) => c.unitBalance(token as Address, address))));
      } catch (err) {
        down = reason(err);
        chainError = `the chain did not answer: ${down}`;
      }
    properties.push({
      propertyId: p.id,
      propertyName: p.name,
      tokenAddress: token,
      ledgerUnits: Number(p.units),
      chainUnits,
      chainError,
      proofs: chainId !== null && anchor ? await proofsOf(app, chainId, anchor, p.id, userId) : [],
    });
  }
  return { enabled: true, chainId, address, properties };
}

export async function propertyChain(app: FastifyInstance, actor: { id: string; role: string }, propertyId: string): Promise<PropertyChain> {
  const [p] = await rows<{ id: string; name: string; status: string; owner_id: string; involved: boolean }>(
    app,
    sql`SELECT p.id, p.name, p.status, p.owner_id,
               (EXISTS (SELECT 1 FROM holdings h WHERE h.property_id = p.id AND h.investor_id = ${actor.id})
                OR EXISTS (SELECT 1 FROM distribution_holders dh JOIN distributions d ON d.id = dh.distribution_id
                           WHERE d.property_id = p.id AND dh.holder_id = ${actor.id})) AS involved
        FROM properties p WHERE p.id = ${propertyId}`,
  );
  // Whoever may see the listing (or holds or held it) may see its chain record.
  if (!p || !(isPublic(p.status as PropertyStatus) || actor.role === 'ADMIN' || p.owner_id === actor.id || p.involved))
    throw notFound('Property not found');
  const base = { propertyId: p.id, propertyName: p.name };
  const chain = app.chain;
  if (!chain)
    return {
      ...base,
      enabled: false,
      chainId: null,
      tokenAddress: null,
      anchorAddress: null,
      reachable: false,
      error: null,
      transfers: [],
      anchors: [],
    };
  const within = deadline();
  const { chainId, nodeError } = await chainIdOf(app, chain, within);
  const { token, anchor } = await contractsOf(app, chainId, p.id);
  const anchors: ChainAnchorRecord[] =
    chainId === null
      ? []
      : (
          await rows<AnchorRow>(
            app,
            sql`SELECT kind, ref, key, root, leaf_count, distribution_id, tx_hash, anchored_at FROM chain_anchors
                WHERE chain_id = ${chainId} AND property_id = ${p.id} ORDER BY anchored_at DESC, kind DESC`,
          )
        ).map((a) => ({
          kind: KIND_OF[a.kind],
          ref: a.ref,
          key: a.key,
          distributionId: a.distribution_id,
          root: a.root,
          leafCount: Number(a.leaf_count),
          txHash: a.tx_hash,
          anchoredAt: new Date(a.anchored_at).toISOString(),
        }));
  let error = nodeError;
  let transfers: ChainTransfer[] = [];
  if (!error && token) {
    try {
      const logs = await within(
        chain.client().then(({ chain: c }) =>
          c.publicClient.getContractEvents({
            address: token as Address,
            abi: PROPERTY_UNIT_TOKEN_ABI,
            eventName: 'Transfer',
            fromBlock: 0n,
          }),
        ),
      );
      transfers = logs
        .sort((a, b) => Number((b.blockNumber ?? 0n) - (a.blockNumber ?? 0n)) || (b.logIndex ?? 0) - (a.logIndex ?? 0))
        .slice(0, CHAIN_TRANSFERS_SHOWN)
        .map((l) => ({
          from: String(l.args.from).toLowerCase(),
          to: String(l.args.to).toLowerCase(),
          units: Number(l.args.value),
          txHash: l.transactionHash as string,
          blockNumber: Number(l.blockNumber),
        }));
    } catch (err) {
      error = reason(err);
    }
  }
  return {
    ...base,
    enabled: true,
    chainId,
    tokenAddress: token,
    anchorAddress: anchor,
    reachable: error === null,
    error,
    transfers,
    anchors,
  };
}

export const chainReadRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['chain'];
  const security = [{ bearerAuth: [] }];
  app.get(
    '/me/chain',
    {
      onRequest: [app.authenticate, app.requireRole('INVESTOR')],
      schema: {
        tags,
        summary:
          'Where my units are held (my linked wallet, else my custodial address), my unit balances on chain next to the ledger, and proofs of my lines in anchored roots',
        security,
        response: { 200: MyChainSchema, ...errors(401, 403) },
      },
    },
    async (request) => myChain(app, actorOf(request).id),
  );
  app.get(
    '/chain/properties/:id',
    {
      onRequest: [app.authenticate],
      schema: {
        tags,
        summary: "A property's unit token, its transfers on chain (newest first) and its anchored roots",
        security,
        params: IdParams,
        response: { 200: PropertyChainSchema, ...errors(401, 404) },
      },
    },
    async (request) => propertyChain(app, actorOf(request), request.params.id),
  );
};
