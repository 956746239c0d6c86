// Platform-token claims (docs/chain.md, "Platform-token claims"): the early-access
// subscription's tokens, 1 per dollar of its fee, claimed once. The ledger side comes first: a
// request records the claim (token_claims; its rule checks the amount and zeroes the claimable
// tokens in the same statement) and never waits for the chain. The chain job then mints each
// PENDING claim with PlatformToken.claim, which is idempotent, and marks it SENT with the hash.
import type { FastifyInstance } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import { parseAbiItem, type Address, type Hex } from 'viem';
import { MESSAGES, type TokenClaim, type TokenClaimState, type TokenClaimStatus } from 'shared-api/contract';
import { TOKEN_CLAIM_MESSAGES as M } from 'shared-api/contract/token-claims';
import type { Executor } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { audit } from '../../lib/audit';
import { conflict, forbidden, HttpError } from '../../lib/http-error';
import { moneyError } from '../../lib/money';
import { isUniqueViolation } from '../../lib/pg-errors';
import { revertName, type ChainClient, type PlatformContracts } from './client';

async function rows<T>(db: Executor, q: SQL): Promise<T[]> {
  return ((await db.execute(q)) as unknown as { rows: T[] }).rows;
}

const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());

interface ClaimRow {
  id: string;
  amount: number;
  status: TokenClaimStatus;
  destination_address: string | null;
  tx_hash: string | null;
  chain_id: string | number | null;
  created_at: Date | string;
  sent_at: Date | string | null;
}

interface StateRow {
  claimable_tokens: number;
  linked: string | null;
  custodial: string | null;
}

/** Where a claim not sent yet would go: the linked wallet, else the custodial address. */
function toClaim(c: ClaimRow, s: StateRow): TokenClaim {
  return {
    _id: c.id,
    amount: Number(c.amount),
    status: c.status,
    destination: c.status === 'SENT' ? c.destination_address : (s.linked ?? s.custodial ?? c.destination_address),
    txHash: c.tx_hash,
    chainId: c.chain_id === null ? null : Number(c.chain_id),
    createdAt: iso(c.created_at) as string,
    sentAt: iso(c.sent_at),
  };
}

/** The person's claim, what they can still claim and their addresses. */
export async function tokenClaimState(app: FastifyInstance, userId: string, db: Executor = app.db): Promise<TokenClaimState> {
  const [s] = await rows<StateRow>(
    db,
    sql`SELECT u.claimable_tokens,
               (SELECT address FROM wallet_links WHERE user_id = u.id) AS linked,
               (SELECT address FROM chain_addresses WHERE user_id = u.id) AS custodial
        FROM users u WHERE u.id = ${userId}`,
  );
  const [c] = await rows<ClaimRow>(
    db,
    sql`SELECT id, amount, status, destination_address, tx_hash, chain_id, created_at, sent_at FROM token_claims WHERE user_id = ${userId}`,
  );
  return {
    claimableTokens: Number(s?.claimable_tokens ?? 0),
    claimsOpen: app.chain !== null,
    claim: c && s ? toClaim(c, s) : null,
    linkedWallet: s?.linked ?? null,
    custodialAddress: s?.custodial ?? null,
  };
}

/**
 * Claims the person's platform tokens: 201 with the new claim, or 200 with the one made before
 * (a repeat, or a race with another request, makes no second claim). Refused for anyone not
 * subscribed or not verified, and while the chain is off.
 */
export async function claimTokens(app: FastifyInstance, me: Actor): Promise<{ status: 200 | 201; body: TokenClaimState }> {
  const before = await tokenClaimState(app, me.id);
  if (before.claim) return { status: 200, body: before };
  const [u] = await rows<{ is_subscribed: boolean; status: string }>(
    app.db,
    sql`SELECT is_subscribed, status FROM users WHERE id = ${me.id}`,
  );
  if (!u?.is_subscribed) throw forbidden(MESSAGES.completeSubscription);
  if (u.status !== 'VERIFIED') throw forbidden(M.notVerified);
  if (before.claimableTokens <= 0) throw conflict(M.nothingToClaim);
  // The chain off is how the platform is configured, not a failure: a refusal (409).
  if (!app.chain) throw conflict(M.chainOff);
  try {
    await app.db.transaction(async (tx) => {
      // The amount is read and checked again by the rule under a lock on the person's row.
      const [claim] = await rows<{ id: string; amount: number }>(
        tx,
        sql`INSERT INTO token_claims (user_id, amount)
            SELECT id, claimable_tokens FROM users WHERE id = ${me.id}
            RETURNING id, amount`,
      );
      await audit(tx, me, {
        action: 'token.claim',
        targetType: 'user',
        targetId: me.id,
        detail: { claimId: claim.id, amount: claim.amount },
      });
    });
  } catch (err) {
    const again = await tokenClaimState(app, me.id);
    // Another request of the same person made it first: theirs is the claim.
    if (again.claim && (isUniqueViolation(err) || moneyError(err) instanceof HttpError)) return { status: 200, body: again };
    throw moneyError(err);
  }
  return { status: 201, body: await tokenClaimState(app, me.id) };
}

const CLAIMED_EVENT = parseAbiItem('event Claimed(address indexed subscriber, uint256 amount)');
const BATCH = 50;

export interface ClaimSendReport {
  sent: number;
  failed: number;
  waiting: number;
}

/**
 * Mints the claims not on this chain's platform token yet: PENDING ones, and SENT ones to
 * another token or to one deployed before this one (a chain that lost its state: the new
 * token may sit at the old address). Called by the mirror job under
 * its lease. A contract refusal marks the claim FAILED (someone must look); a node that is
 * down throws, leaving the claim PENDING for the next run. A claim whose person has no address
 * yet waits for the mirror to give them one.
 */
export async function sendPendingClaims(
  db: Executor,
  chainId: number,
  chain: ChainClient,
  platform: PlatformContracts,
  log: { warn(o: object, msg: string): void },
): Promise<ClaimSendReport> {
  const report: ClaimSendReport = { sent: 0, failed: 0, waiting: 0 };
  const token = platform.platformToken.toLowerCase() as Address;
  const due = await rows<{
    id: string;
    user_id: string;
    amount: number;
    status: TokenClaimStatus;
    sent_to: string | null;
    dest: string | null;
  }>(
    db,
    sql`SELECT c.id, c.user_id, c.amount, c.status, c.destination_address AS sent_to,
               coalesce(w.address, a.address) AS dest
        FROM token_claims c
        LEFT JOIN wallet_links w ON w.user_id = c.user_id
        LEFT JOIN chain_addresses a ON a.user_id = c.user_id
        WHERE c.status = 'PENDING'
           OR (c.status = 'SENT' AND (c.chain_id <> ${chainId} OR c.token_address <> ${token}
                                      OR c.sent_at < (SELECT deployed_at FROM chain_contracts
                                                      WHERE chain_id = ${chainId} AND name = 'PlatformToken' AND property_id IS NULL)))
        ORDER BY c.created_at, c.id
        LIMIT ${BATCH}`,
  );
  for (const c of due) {
    // Sent tokens stay where they went; a pending claim follows the person's current address.
    const to = (c.status === 'SENT' ? c.sent_to : c.dest) as Address | null;
    if (!to) {
      report.waiting += 1;
      continue;
    }
    if (c.status === 'PENDING') {
      try {
        await db.execute(sql`UPDATE token_claims SET destination_address = ${to} WHERE id = ${c.id} AND status = 'PENDING'`);
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
        await fail(db, c.id, 'the address already received another claim');
        report.failed += 1;
        continue;
      }
    }
    let hash: Hex;
    try {
      const r = await chain.claimPlatformTokens(token, to, BigInt(c.amount));
      hash = r.claimed ? r.hash : ((await mintedBy(chain, token, to)) ?? r.hash);
    } catch (err) {
      const reverted = revertName(err);
      if (!reverted) {
        await db.execute(
          sql`UPDATE token_claims SET attempts = attempts + 1, last_error = ${String(err).split('\n')[0].slice(0, 500)} WHERE id = ${c.id}`,
        );
        throw err;
      }
      log.warn({ claimId: c.id, reverted }, 'the platform token refused a claim; it is marked FAILED');
      await fail(db, c.id, reverted);
      report.failed += 1;
      continue;
    }
    await db.execute(
      sql`UPDATE token_claims
          SET status = 'SENT', tx_hash = ${hash.toLowerCase()}, chain_id = ${chainId}, token_address = ${token},
              sent_at = now(), attempts = attempts + 1, last_error = NULL
          WHERE id = ${c.id}`,
    );
    report.sent += 1;
  }
  return report;
}

async function fail(db: Executor, id: string, why: string) {
  await db.execute(sql`UPDATE token_claims SET status = 'FAILED', attempts = attempts + 1, last_error = ${why} WHERE id = ${id}`);
}

/** The transaction that minted an address's claim (a retry after a send whose answer was lost). */
async function mintedBy(chain: ChainClient, token: Address, subscriber: Address): Promise<Hex | null> {
  const logs = await chain.publicClient.getLogs({ address: token, event: CLAIMED_EVENT, args: { subscriber }, fromBlock: 0n });
  return logs[0]?.transactionHash ?? null;
}
