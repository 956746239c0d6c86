// The mirror: makes the chain say what the ledger says, after the fact and idempotently.
// Each run (one instance at a time, under a lease) deploys the platform contracts once, gives
// verified investors a custodial address and registers it (a rejected one is removed and
// frozen), then reconciles each property whose holdings changed since it was last mirrored
// completely: it reads the chain's balances and moves units (operator transfers first, then
// burns, then mints) until they equal the holdings table. Reading the chain's balances instead
// of replaying events makes a run after any failure, or after an operator's mistake, converge.
// Nothing on a request's path calls this: if the chain is down, runs fail and the next one
// catches up.
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import { createPublicClient, http, type Account, type Address } from 'viem';
import type { Executor } from '../../db/client';
import { MERKLE_ANCHOR_ABI, PROPERTY_UNIT_TOKEN_ABI } from './abi';
import type { ContractArtifacts } from './artifacts';
import { ANCHOR_KIND, createChainClient, type AnchorKind, type ChainClient, type PlatformContracts } from './client';
import { sendPendingClaims } from './claims';
import { custodialAddress } from './custody';
import { buildMerkleTree, holdingLeaf, paymentLeaf, recordDateKey, uuidKey, type MerkleTree } from './merkle';

export interface ChainRuntimeOptions {
  db: Executor;
  rpcUrl: string;
  operator: Account;
  custodyMnemonic: string | null;
  /** Folder of the compiled contracts (contracts-<hash>.json); the newest is used. */
  artifactsDir: string;
  log: { info(o: object, msg: string): void; warn(o: object, msg: string): void };
}

export interface MirrorReport {
  chainId: number;
  addressesCreated: number;
  identitiesChanged: number;
  propertiesMirrored: number;
  /** Properties left for a later run (a holder not verified yet, frozen, or a failed write). */
  propertiesPending: number;
  /** Distribution roots anchored this run (holdings at a record date, payments). */
  rootsAnchored: number;
  /** Paid distributions whose roots wait for a later run (a holder without an address, a conflict, a failed write). */
  anchorsPending: number;
  writes: number;
}

export interface ChainDifference {
  propertyId: string;
  /** The holder, when the difference is one address's balance. */
  userId: string | null;
  address: string | null;
  ledgerUnits: number;
  chainUnits: number;
  detail: string;
}

/** One holder's line in a paid distribution, as anchored: at the address they had then. */
export interface DistributionLine {
  userId: string;
  address: Address | null;
  units: number;
  cents: number;
}

/** A distribution's two trees, built the way the mirror anchors them. */
export interface DistributionTrees {
  lines: DistributionLine[];
  holdings: MerkleTree;
  payments: MerkleTree;
}

/**
 * Holders of record of a distribution with their addresses; null when one has no address yet.
 * An address pinned when the distribution was anchored on this chain (chain_anchor_lines) wins:
 * a root is write-once, so its leaves keep that address after a link or an unlink; otherwise
 * the address the holder's units belong at now (their linked wallet, else the custodial one).
 */
export async function distributionTrees(db: Executor, distributionId: string, chainId?: number): Promise<DistributionTrees | null> {
  const lines = (
    await rows<{ user_id: string; address: Address | null; units: number; cents: string }>(
      db,
      sql`SELECT dh.holder_id AS user_id, coalesce(l.address, w.address, a.address) AS address, dh.units, dh.cents
          FROM distribution_holders dh
          LEFT JOIN chain_anchor_lines l ON l.chain_id = ${chainId ?? null} AND l.distribution_id = dh.distribution_id
            AND l.user_id = dh.holder_id
          LEFT JOIN wallet_links w ON w.user_id = dh.holder_id
          LEFT JOIN chain_addresses a ON a.user_id = dh.holder_id
          WHERE dh.distribution_id = ${distributionId}
          ORDER BY dh.holder_id`,
    )
  ).map((r) => ({ userId: r.user_id, address: r.address, units: Number(r.units), cents: Number(r.cents) }));
  if (lines.length === 0 || lines.some((l) => !l.address)) return null;
  return {
    lines,
    holdings: buildMerkleTree(lines.map((l) => holdingLeaf({ holder: l.address as Address, units: BigInt(l.units) }))),
    payments: buildMerkleTree(
      lines.map((l) => paymentLeaf({ holder: l.address as Address, units: BigInt(l.units), amountCents: BigInt(l.cents) })),
    ),
  };
}

export interface ChainRuntime {
  rpcUrl: string;
  operator: Address;
  /** One mirror run; runs never overlap within a process. Null when another instance holds the lease. */
  runOnce(): Promise<MirrorReport | null>;
  /** Resolves when no run is in progress. */
  idle(): Promise<void>;
  /** Where the chain's unit balances differ from the holdings table; [] when they agree. */
  differences(): Promise<ChainDifference[]>;
  /** The connected client (chain id read from the node on first use). */
  client(): Promise<{ chainId: number; chain: ChainClient }>;
  platform(): Promise<PlatformContracts | null>;
  tokenOf(propertyId: string): Promise<Address | null>;
  addressOf(userId: string): Promise<Address | null>;
}

const LEASE_SECONDS = 120;
const EMPTY = 'empty';

async function rows<T>(db: Executor, q: SQL): Promise<T[]> {
  return ((await db.execute(q)) as unknown as { rows: T[] }).rows;
}

/** The newest compiled contracts in the folder (`npm run compile:contracts` writes them). */
export function loadArtifacts(dir: string): ContractArtifacts {
  const files = existsSync(dir) ? readdirSync(dir).filter((f) => /^contracts-[0-9a-f]+\.json$/.test(f)) : [];
  if (files.length === 0) throw new Error(`No compiled contracts in ${dir}: run npm run compile:contracts`);
  const newest = files.map((f) => ({ f, t: statSync(path.join(dir, f)).mtimeMs })).sort((a, b) => b.t - a.t)[0].f;
  return JSON.parse(readFileSync(path.join(dir, newest), 'utf8')) as ContractArtifacts;
}

const lower = (a: string): Address => a.toLowerCase() as Address;

export function createChainRuntime(o: ChainRuntimeOptions): ChainRuntime {
  const { db } = o;
  const leaseHolder = randomUUID();
  let connected: Promise<{ chainId: number; chain: ChainClient }> | null = null;
  let artifacts: ContractArtifacts | null = null;
  let queue: Promise<unknown> = Promise.resolve();

  function client() {
    if (!connected) {
      connected = (async () => {
        const chainId = await createPublicClient({ transport: http(o.rpcUrl) }).getChainId();
        return { chainId, chain: createChainClient({ rpcUrl: o.rpcUrl, chainId, operator: o.operator }) };
      })();
      // A failed first contact (node down) is tried again on the next run.
      connected.catch(() => {
        connected = null;
      });
    }
    return connected;
  }
  const contracts = () => (artifacts ??= loadArtifacts(o.artifactsDir));

  async function platformRow(chainId: number): Promise<PlatformContracts | null> {
    const found = await rows<{ name: string; address: Address }>(
      db,
      sql`SELECT name, address FROM chain_contracts WHERE chain_id = ${chainId} AND property_id IS NULL`,
    );
    const by = new Map(found.map((r) => [r.name, r.address]));
    const identityRegistry = by.get('IdentityRegistry');
    const platformToken = by.get('PlatformToken');
    const anchor = by.get('MerkleAnchor');
    return identityRegistry && platformToken && anchor ? { identityRegistry, platformToken, anchor } : null;
  }

  /** The platform contracts, deployed once per chain; redeployed when the chain was reset under us. */
  async function ensurePlatform(chainId: number, chain: ChainClient): Promise<PlatformContracts> {
    const known = await platformRow(chainId);
    if (known) {
      const code = await chain.publicClient.getCode({ address: known.identityRegistry });
      if (code && code !== '0x') return known;
      // An embedded anvil started without its state file: what we recorded is gone.
      o.log.warn({ chainId }, 'chain was reset: its contracts are gone; deploying again and mirroring everything');
      for (const t of [
        'chain_anchors',
        'chain_anchor_lines',
        'chain_unit_holders',
        'chain_holder_addresses',
        'chain_mirrored',
        'chain_identities',
        'chain_wallet_identities',
        'chain_contracts',
      ])
        await db.execute(sql`DELETE FROM ${sql.identifier(t)} WHERE chain_id = ${chainId}`);
    }
    const deployed = await chain.deployPlatform(contracts());
    for (const [name, address] of [
      ['IdentityRegistry', deployed.identityRegistry],
      ['PlatformToken', deployed.platformToken],
      ['MerkleAnchor', deployed.anchor],
    ] as const)
      await db.execute(sql`INSERT INTO chain_contracts (chain_id, name, address) VALUES (${chainId}, ${name}, ${lower(address)})`);
    o.log.info({ chainId, ...deployed }, 'chain contracts deployed');
    return deployed;
  }

  async function tokens(chainId: number): Promise<Address[]> {
    const r = await rows<{ address: Address }>(
      db,
      sql`SELECT address FROM chain_contracts WHERE chain_id = ${chainId} AND property_id IS NOT NULL ORDER BY address`,
    );
    return r.map((x) => x.address);
  }

  async function tokenRow(chainId: number, propertyId: string): Promise<Address | null> {
    const r = await rows<{ address: Address }>(
      db,
      sql`SELECT address FROM chain_contracts WHERE chain_id = ${chainId} AND property_id = ${propertyId}`,
    );
    return r[0]?.address ?? null;
  }

  async function acquireLease(): Promise<boolean> {
    const r = await rows<{ holder: string }>(
      db,
      sql`INSERT INTO chain_lease (id, holder, expires_at) VALUES (1, ${leaseHolder}, now() + make_interval(secs => ${LEASE_SECONDS}))
          ON CONFLICT (id) DO UPDATE SET holder = EXCLUDED.holder, expires_at = EXCLUDED.expires_at
          WHERE chain_lease.holder = EXCLUDED.holder OR chain_lease.expires_at < now()
          RETURNING holder`,
    );
    return r.length === 1;
  }

  /** Addresses for verified investors (and anyone holding units or paid by a distribution, whose line is anchored), then the registry told who is verified or rejected. */
  async function syncIdentities(chainId: number, chain: ChainClient, platform: PlatformContracts, report: MirrorReport) {
    const missing = await rows<{ id: string }>(
      db,
      sql`SELECT u.id FROM users u
          WHERE NOT EXISTS (SELECT 1 FROM chain_addresses a WHERE a.user_id = u.id)
            AND ((u.role = 'INVESTOR' AND u.status = 'VERIFIED' AND u.deleted_at IS NULL)
                 OR EXISTS (SELECT 1 FROM holdings h WHERE h.investor_id = u.id)
                 OR EXISTS (SELECT 1 FROM distribution_holders dh JOIN distributions d ON d.id = dh.distribution_id
                            WHERE dh.holder_id = u.id AND d.paid_at IS NOT NULL))
          ORDER BY u.created_at, u.id`,
    );
    for (const u of missing) {
      const [{ index }] = await rows<{ index: number }>(db, sql`SELECT nextval('chain_custody_index_seq')::integer AS index`);
      const address = lower(custodialAddress(o.custodyMnemonic, index));
      await db.execute(
        sql`INSERT INTO chain_addresses (user_id, hd_index, address) VALUES (${u.id}, ${index}, ${address}) ON CONFLICT (user_id) DO NOTHING`,
      );
      report.addressesCreated += 1;
    }

    const changes = await rows<{ user_id: string; address: Address; status: string; state: string | null }>(
      db,
      sql`SELECT a.user_id, a.address, u.status, ci.state
          FROM chain_addresses a
          JOIN users u ON u.id = a.user_id
          LEFT JOIN chain_identities ci ON ci.chain_id = ${chainId} AND ci.user_id = a.user_id
          WHERE (u.status = 'VERIFIED' AND u.deleted_at IS NULL AND ci.state IS DISTINCT FROM 'REGISTERED')
             OR (u.status = 'REJECTED' AND ci.state IS DISTINCT FROM 'FROZEN')
          ORDER BY a.hd_index`,
    );
    for (const c of changes) {
      const all = await tokens(chainId);
      let state: 'REGISTERED' | 'FROZEN';
      if (c.status === 'VERIFIED') {
        if (c.state === 'FROZEN') for (const t of all) await write(report, () => chain.setFrozen(t, c.address, false));
        await write(report, () => chain.registerIdentity(platform.identityRegistry, c.address));
        state = 'REGISTERED';
      } else {
        await write(report, () => chain.removeIdentity(platform.identityRegistry, c.address));
        for (const t of all) await write(report, () => chain.setFrozen(t, c.address, true));
        state = 'FROZEN';
      }
      await db.execute(
        sql`INSERT INTO chain_identities (chain_id, user_id, state) VALUES (${chainId}, ${c.user_id}, ${state})
            ON CONFLICT (chain_id, user_id) DO UPDATE SET state = EXCLUDED.state, updated_at = now()`,
      );
      report.identitiesChanged += 1;
    }

    // Linked wallets (now or before) follow their person too: a linked wallet of a verified
    // investor is registered, so it can receive their units; every wallet of a rejected one is
    // removed and frozen; an unlinked wallet is removed (the operator can still move its units
    // out, to the custodial address). The custodial address stays registered meanwhile.
    const wallets = await rows<{ user_id: string; address: Address; state: string | null; want: string | null }>(
      db,
      sql`WITH w AS (
            SELECT user_id, address, true AS linked FROM wallet_links
            UNION ALL
            SELECT cw.user_id, cw.address, false FROM chain_wallet_identities cw
            WHERE cw.chain_id = ${chainId} AND NOT EXISTS (SELECT 1 FROM wallet_links wl WHERE wl.address = cw.address)
          )
          SELECT w.user_id, w.address, cw.state,
                 CASE WHEN u.status = 'REJECTED' THEN 'FROZEN'
                      WHEN w.linked AND u.status = 'VERIFIED' AND u.deleted_at IS NULL THEN 'REGISTERED'
                      WHEN w.linked THEN cw.state
                      ELSE 'REMOVED' END AS want
          FROM w JOIN users u ON u.id = w.user_id
          LEFT JOIN chain_wallet_identities cw ON cw.chain_id = ${chainId} AND cw.address = w.address
          ORDER BY w.address`,
    );
    for (const w of wallets) {
      if (w.want === null || w.want === w.state) continue;
      const all = await tokens(chainId);
      if (w.want === 'FROZEN') {
        await write(report, () => chain.removeIdentity(platform.identityRegistry, w.address));
        for (const t of all) await write(report, () => chain.setFrozen(t, w.address, true));
      } else {
        if (w.state === 'FROZEN') for (const t of all) await write(report, () => chain.setFrozen(t, w.address, false));
        if (w.want === 'REGISTERED') await write(report, () => chain.registerIdentity(platform.identityRegistry, w.address));
        else await write(report, () => chain.removeIdentity(platform.identityRegistry, w.address));
      }
      await db.execute(
        sql`INSERT INTO chain_wallet_identities (chain_id, address, user_id, state) VALUES (${chainId}, ${w.address}, ${w.user_id}, ${w.want})
            ON CONFLICT (chain_id, address) DO UPDATE SET user_id = EXCLUDED.user_id, state = EXCLUDED.state, updated_at = now()`,
      );
      report.identitiesChanged += 1;
    }
  }

  async function write(report: MirrorReport, w: () => Promise<unknown>): Promise<void> {
    await w();
    report.writes += 1;
  }

  /** The property's unit token, deployed on first need (cap: its unit count); frozen holders frozen on it too. */
  async function ensureToken(chainId: number, chain: ChainClient, platform: PlatformContracts, propertyId: string, report: MirrorReport) {
    const known = await tokenRow(chainId, propertyId);
    if (known) return known;
    const [p] = await rows<{ name: string; total_quantity: number }>(
      db,
      sql`SELECT name, total_quantity FROM properties WHERE id = ${propertyId}`,
    );
    if (!p) return null;
    const token = await chain.deployPropertyToken(contracts(), {
      identityRegistry: platform.identityRegistry,
      propertyId,
      name: `Tessera ${p.name}`.slice(0, 64),
      symbol: `TSR-${propertyId.slice(0, 8).toUpperCase()}`,
      cap: BigInt(p.total_quantity),
    });
    report.writes += 1;
    await db.execute(
      sql`INSERT INTO chain_contracts (chain_id, name, property_id, address) VALUES (${chainId}, 'PropertyUnitToken', ${propertyId}, ${lower(token)})`,
    );
    const frozen = await rows<{ address: Address }>(
      db,
      sql`SELECT a.address FROM chain_identities ci JOIN chain_addresses a ON a.user_id = ci.user_id
          WHERE ci.chain_id = ${chainId} AND ci.state = 'FROZEN'
          UNION
          SELECT address FROM chain_wallet_identities WHERE chain_id = ${chainId} AND state = 'FROZEN'`,
    );
    for (const f of frozen) await write(report, () => chain.setFrozen(token, f.address, true));
    return token;
  }

  interface Position {
    userId: string;
    address: Address | null;
    /** Whether the holder's units belong at this address now (else it should hold none). */
    current: boolean;
    state: string | null;
    ledger: number;
  }

  /**
   * Per address: what it should hold. A holding belongs at its holder's linked wallet, else at
   * their custodial address; every other address the mirror gave the property's units to
   * (a holder who sold out, the custodial address after a link, a wallet after an unlink)
   * should hold 0. The state is what the registry was told about that address.
   */
  async function positions(chainId: number, propertyId: string): Promise<Position[]> {
    const r = await rows<{
      user_id: string;
      address: Address | null;
      current: boolean;
      state: string | null;
      ledger: number;
    }>(
      db,
      sql`WITH who AS (
            SELECT h.investor_id AS user_id, coalesce(wl.address, a.address) AS address, h.quantity
            FROM holdings h
            LEFT JOIN wallet_links wl ON wl.user_id = h.investor_id
            LEFT JOIN chain_addresses a ON a.user_id = h.investor_id
            WHERE h.property_id = ${propertyId}
            UNION ALL
            SELECT user_id, address, 0 FROM chain_holder_addresses WHERE chain_id = ${chainId} AND property_id = ${propertyId}
            UNION ALL
            SELECT u.user_id, a.address, 0 FROM chain_unit_holders u JOIN chain_addresses a ON a.user_id = u.user_id
            WHERE u.chain_id = ${chainId} AND u.property_id = ${propertyId}
          )
          SELECT w.user_id, w.address,
                 w.address IS NOT DISTINCT FROM coalesce(wl.address, a.address) AS current,
                 CASE WHEN w.address = a.address THEN ci.state ELSE cw.state END AS state,
                 sum(w.quantity)::integer AS ledger
          FROM who w
          LEFT JOIN wallet_links wl ON wl.user_id = w.user_id
          LEFT JOIN chain_addresses a ON a.user_id = w.user_id
          LEFT JOIN chain_identities ci ON ci.chain_id = ${chainId} AND ci.user_id = w.user_id
          LEFT JOIN chain_wallet_identities cw ON cw.chain_id = ${chainId} AND cw.address = w.address
          GROUP BY w.user_id, w.address, wl.address, a.address, ci.state, cw.state
          ORDER BY w.user_id, w.address`,
    );
    return r.map((x) => ({
      userId: x.user_id,
      address: x.address,
      current: Boolean(x.current),
      state: x.state,
      ledger: Number(x.ledger),
    }));
  }

  /** Moves the property's units on chain until each holder's balance equals the ledger's; true when it could for all. */
  async function mirrorProperty(
    chainId: number,
    chain: ChainClient,
    platform: PlatformContracts,
    propertyId: string,
    report: MirrorReport,
  ) {
    const token = await ensureToken(chainId, chain, platform, propertyId, report);
    if (!token) return false;
    let complete = true;
    const surplus: { p: Position; n: bigint }[] = [];
    const deficit: { p: Position; n: bigint }[] = [];
    for (const p of await positions(chainId, propertyId)) {
      if (!p.address) {
        complete = false;
        continue;
      }
      const delta = BigInt(p.ledger) - (await chain.unitBalance(token, p.address));
      if (delta === 0n) continue;
      // A holder not registered (not verified yet) cannot receive: left for a later run.
      if (delta > 0n && p.state !== 'REGISTERED' && p.state !== 'FROZEN') {
        complete = false;
        continue;
      }
      (delta > 0n ? deficit : surplus).push({ p, n: delta > 0n ? delta : -delta });
    }
    // Remembered before any unit moves there, so a run that stops halfway still finds them.
    for (const d of deficit) {
      await db.execute(
        sql`INSERT INTO chain_unit_holders (chain_id, property_id, user_id) VALUES (${chainId}, ${propertyId}, ${d.p.userId})
            ON CONFLICT DO NOTHING`,
      );
      await db.execute(
        sql`INSERT INTO chain_holder_addresses (chain_id, property_id, address, user_id)
            VALUES (${chainId}, ${propertyId}, ${d.p.address}, ${d.p.userId})
            ON CONFLICT DO NOTHING`,
      );
    }
    // A frozen (rejected) holder whose units the ledger moved, or that a reset chain must give
    // back, is opened for this property's moves and closed again right after, each step an
    // event: unfrozen on this token (and, to receive, registered), then removed and frozen.
    const frozen = [...surplus, ...deficit].filter((x) => x.p.state === 'FROZEN').map((x) => x.p.address as Address);
    try {
      for (const a of frozen) {
        await write(report, () => chain.setFrozen(token, a, false));
        await write(report, () => chain.registerIdentity(platform.identityRegistry, a));
      }
      // Moves first (a trade, or a holder's units going to their wallet, shows as a transfer), then burns before mints so the cap holds.
      for (const d of deficit) {
        for (const s of surplus) {
          if (d.n === 0n) break;
          if (s.n === 0n) continue;
          const n = s.n < d.n ? s.n : d.n;
          await write(report, () => chain.settleTransfer(token, s.p.address as Address, d.p.address as Address, n));
          s.n -= n;
          d.n -= n;
        }
      }
      for (const s of surplus) if (s.n > 0n) await write(report, () => chain.burn(token, s.p.address as Address, s.n));
      for (const d of deficit) if (d.n > 0n) await write(report, () => chain.mint(token, d.p.address as Address, d.n));
    } finally {
      for (const a of frozen) {
        await write(report, () => chain.removeIdentity(platform.identityRegistry, a));
        await write(report, () => chain.setFrozen(token, a, true));
      }
    }
    return complete;
  }

  async function fingerprints(chainId: number): Promise<{ propertyId: string; now: string }[]> {
    const r = await rows<{ property_id: string; now: string; mirrored: string | null }>(
      db,
      sql`WITH now AS (
            -- A holder's linked wallet is part of it, so a link or an unlink revisits their properties
            -- (without one, the fingerprint is what it always was).
            SELECT h.property_id,
                   md5(string_agg(h.investor_id::text || ':' || h.quantity::text || coalesce('@' || wl.address, ''), ','
                                  ORDER BY h.investor_id)) AS fp
            FROM holdings h LEFT JOIN wallet_links wl ON wl.user_id = h.investor_id
            GROUP BY h.property_id
          )
          SELECT coalesce(n.property_id, m.property_id) AS property_id, coalesce(n.fp, ${EMPTY}) AS now, m.fingerprint AS mirrored
          FROM now n FULL JOIN (SELECT property_id, fingerprint FROM chain_mirrored WHERE chain_id = ${chainId}) m
            ON m.property_id = n.property_id
          ORDER BY 1`,
    );
    return r.filter((x) => x.now !== x.mirrored).map((x) => ({ propertyId: x.property_id, now: x.now }));
  }

  /**
   * Sends one root unless it is recorded already. A root found on chain already (a run that
   * stopped after sending) is recorded with the transaction that anchored it; another root
   * under the same key is never overwritten (the contract refuses): logged, left for a person.
   */
  async function anchorOne(
    chainId: number,
    chain: ChainClient,
    platform: PlatformContracts,
    a: { propertyId: string; kind: AnchorKind; ref: string; key: `0x${string}`; tree: MerkleTree; distributionId: string },
    report: MirrorReport,
  ): Promise<boolean> {
    const kind = ANCHOR_KIND[a.kind];
    const known = await rows<{ root: string }>(
      db,
      sql`SELECT root FROM chain_anchors WHERE chain_id = ${chainId} AND property_id = ${a.propertyId} AND kind = ${kind} AND ref = ${a.ref}`,
    );
    if (known.length > 0) return true;
    const ref = { propertyId: a.propertyId, kind: a.kind, key: a.key };
    const leafCount = a.tree.leaves.length;
    const onChain = await chain.rootOf(platform.anchor, ref);
    let hash: `0x${string}` | null;
    if (BigInt(onChain.root) === 0n) {
      hash = (await chain.anchorRoot(platform.anchor, { ...ref, root: a.tree.root, leafCount })).hash;
      report.writes += 1;
    } else if (onChain.root.toLowerCase() === a.tree.root && onChain.leafCount === leafCount) {
      const logs = await chain.publicClient.getContractEvents({
        address: platform.anchor,
        abi: MERKLE_ANCHOR_ABI,
        eventName: 'RootAnchored',
        args: { propertyId: uuidKey(a.propertyId), kind, key: a.key },
        fromBlock: 0n,
      });
      hash = logs[0]?.transactionHash ?? null;
    } else {
      o.log.warn(
        { chainId, propertyId: a.propertyId, kind: a.kind, ref: a.ref, onChain: onChain.root, ledger: a.tree.root },
        'another root is anchored under this key; it is never rewritten: left for someone to look at',
      );
      return false;
    }
    await db.execute(
      sql`INSERT INTO chain_anchors (chain_id, property_id, kind, ref, key, root, leaf_count, distribution_id, tx_hash)
          VALUES (${chainId}, ${a.propertyId}, ${kind}, ${a.ref}, ${a.key}, ${a.tree.root}, ${leafCount}, ${a.distributionId}, ${hash})
          ON CONFLICT DO NOTHING`,
    );
    report.rootsAnchored += 1;
    return true;
  }

  /** Each paid distribution's roots, once: the holdings at its record date and its payments. */
  async function anchorDistributions(chainId: number, chain: ChainClient, platform: PlatformContracts, report: MirrorReport) {
    const due = await rows<{ id: string; property_id: string; record_date: string }>(
      db,
      sql`SELECT d.id, d.property_id, to_char(d.record_date, 'YYYY-MM-DD') AS record_date
          FROM distributions d
          WHERE d.paid_at IS NOT NULL
            AND (NOT EXISTS (SELECT 1 FROM chain_anchors a WHERE a.chain_id = ${chainId} AND a.property_id = d.property_id
                               AND a.kind = ${ANCHOR_KIND.holdings} AND a.ref = to_char(d.record_date, 'YYYY-MM-DD'))
              OR NOT EXISTS (SELECT 1 FROM chain_anchors a WHERE a.chain_id = ${chainId} AND a.property_id = d.property_id
                               AND a.kind = ${ANCHOR_KIND.payments} AND a.ref = d.id::text))
          ORDER BY d.seq`,
    );
    for (const d of due) {
      if (!(await acquireLease())) return;
      try {
        // The addresses are pinned first: a root sent and not recorded (a run that stopped) is
        // rebuilt the same way after a link or an unlink in between.
        await db.execute(
          sql`INSERT INTO chain_anchor_lines (chain_id, distribution_id, user_id, address)
              SELECT ${chainId}, dh.distribution_id, dh.holder_id, coalesce(w.address, a.address)
              FROM distribution_holders dh
              LEFT JOIN wallet_links w ON w.user_id = dh.holder_id
              LEFT JOIN chain_addresses a ON a.user_id = dh.holder_id
              WHERE dh.distribution_id = ${d.id}
                AND NOT EXISTS (SELECT 1 FROM distribution_holders x LEFT JOIN wallet_links xw ON xw.user_id = x.holder_id
                                LEFT JOIN chain_addresses xa ON xa.user_id = x.holder_id
                                WHERE x.distribution_id = ${d.id} AND coalesce(xw.address, xa.address) IS NULL)
              ON CONFLICT DO NOTHING`,
        );
        const trees = await distributionTrees(db, d.id, chainId);
        // A holder without an address yet (created at the start of the next run) waits.
        let done = trees !== null;
        if (trees) {
          const base = { propertyId: d.property_id, distributionId: d.id };
          done =
            (await anchorOne(
              chainId,
              chain,
              platform,
              { ...base, kind: 'holdings', ref: d.record_date, key: recordDateKey(d.record_date), tree: trees.holdings },
              report,
            )) && done;
          done =
            (await anchorOne(
              chainId,
              chain,
              platform,
              { ...base, kind: 'payments', ref: d.id, key: uuidKey(d.id), tree: trees.payments },
              report,
            )) && done;
        }
        if (!done) report.anchorsPending += 1;
      } catch (err) {
        o.log.warn({ err, distributionId: d.id }, "anchoring a distribution's roots failed; retried on the next run");
        report.anchorsPending += 1;
      }
    }
  }

  async function run(): Promise<MirrorReport | null> {
    const { chainId, chain } = await client();
    if (!(await acquireLease())) return null;
    const report: MirrorReport = {
      chainId,
      addressesCreated: 0,
      identitiesChanged: 0,
      propertiesMirrored: 0,
      propertiesPending: 0,
      rootsAnchored: 0,
      anchorsPending: 0,
      writes: 0,
    };
    const platform = await ensurePlatform(chainId, chain);
    await syncIdentities(chainId, chain, platform, report);
    await sendPendingClaims(db, chainId, chain, platform, o.log);
    for (const { propertyId, now } of await fingerprints(chainId)) {
      if (!(await acquireLease())) return report;
      let complete = false;
      try {
        complete = await mirrorProperty(chainId, chain, platform, propertyId, report);
      } catch (err) {
        // One property's failure (a revert) must not hold the others back; a dead node fails them all.
        o.log.warn({ err, propertyId }, 'mirroring a property onto the chain failed; retried on the next run');
      }
      if (complete) {
        await db.execute(
          sql`INSERT INTO chain_mirrored (chain_id, property_id, fingerprint) VALUES (${chainId}, ${propertyId}, ${now})
              ON CONFLICT (chain_id, property_id) DO UPDATE SET fingerprint = EXCLUDED.fingerprint, mirrored_at = now()`,
        );
        report.propertiesMirrored += 1;
      } else report.propertiesPending += 1;
    }
    await anchorDistributions(chainId, chain, platform, report);
    return report;
  }

  async function differences(): Promise<ChainDifference[]> {
    const { chainId, chain } = await client();
    const out: ChainDifference[] = [];
    const props = await rows<{ property_id: string; token: Address | null; ledger_total: number }>(
      db,
      sql`SELECT p.property_id, c.address AS token, coalesce(h.total, 0)::integer AS ledger_total
          FROM (SELECT property_id FROM holdings
                UNION SELECT property_id FROM chain_contracts WHERE chain_id = ${chainId} AND property_id IS NOT NULL) p
          LEFT JOIN chain_contracts c ON c.chain_id = ${chainId} AND c.property_id = p.property_id
          LEFT JOIN (SELECT property_id, sum(quantity) AS total FROM holdings GROUP BY property_id) h ON h.property_id = p.property_id
          ORDER BY p.property_id`,
    );
    for (const p of props) {
      const ledgerTotal = Number(p.ledger_total);
      if (!p.token) {
        out.push({
          propertyId: p.property_id,
          userId: null,
          address: null,
          ledgerUnits: ledgerTotal,
          chainUnits: 0,
          detail: 'no unit token on chain yet',
        });
        continue;
      }
      const token = p.token;
      for (const pos of await positions(chainId, p.property_id)) {
        const onChain = pos.address ? Number(await chain.unitBalance(token, pos.address)) : 0;
        if (onChain !== pos.ledger)
          out.push({
            propertyId: p.property_id,
            userId: pos.userId,
            address: pos.address,
            ledgerUnits: pos.ledger,
            chainUnits: onChain,
            detail: !pos.address
              ? 'holder has no custodial address yet'
              : pos.current
                ? 'balance differs from the holding'
                : 'units left at an address the holder no longer uses',
          });
      }
      // Units outside the platform's custody (minted to an address no investor has) show only in the supply.
      const supply = Number(
        await chain.publicClient.readContract({
          address: token,
          abi: PROPERTY_UNIT_TOKEN_ABI,
          functionName: 'totalSupply',
        }),
      );
      if (supply !== ledgerTotal)
        out.push({
          propertyId: p.property_id,
          userId: null,
          address: null,
          ledgerUnits: ledgerTotal,
          chainUnits: supply,
          detail: 'total supply differs from the units held',
        });
    }
    return out;
  }

  return {
    rpcUrl: o.rpcUrl,
    operator: o.operator.address,
    runOnce() {
      const next = queue.then(run, run);
      queue = next.catch(() => undefined);
      return next;
    },
    idle: () => queue.then(() => undefined),
    differences,
    client,
    async platform() {
      return platformRow((await client()).chainId);
    },
    async tokenOf(propertyId) {
      return tokenRow((await client()).chainId, propertyId);
    },
    async addressOf(userId) {
      // Where the person's units belong: their linked wallet, else their custodial address.
      const r = await rows<{ address: Address }>(
        db,
        sql`SELECT coalesce((SELECT address FROM wallet_links WHERE user_id = ${userId}),
                            (SELECT address FROM chain_addresses WHERE user_id = ${userId})) AS address`,
      );
      return r[0]?.address ?? null;
    },
  };
}
