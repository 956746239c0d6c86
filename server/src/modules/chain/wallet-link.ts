// An investor's own wallet, linked with Sign-In with Ethereum (EIP-4361): the platform issues a
// single-use nonce (10 minutes), the wallet signs a message naming this site, the platform's
// chain and that nonce, and the signature proves the address is theirs. Their property units
// then belong at that address instead of the custodial one (the mirror moves them there, and
// back after an unlink), and a claim not sent yet goes there too. An externally owned account's
// signature is checked (ecrecover); a smart-contract wallet (ERC-1271) is not supported yet.
import type { FastifyInstance } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import { getAddress, isAddress, isHex, verifyMessage, type Address, type Hex } from 'viem';
import { createSiweMessage, generateSiweNonce, parseSiweMessage, validateSiweMessage } from 'viem/siwe';
import type { TokenClaimState, WalletLinkBody, WalletLinkChallenge, WalletLinkNonceBody } from 'shared-api/contract';
import { TOKEN_CLAIM_MESSAGES as M, WALLET_LINK_STATEMENT } from 'shared-api/contract/token-claims';
import type { Executor } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { audit } from '../../lib/audit';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../lib/http-error';
import { moneyError } from '../../lib/money';
import { isUniqueViolation } from '../../lib/pg-errors';
import { tokenClaimState } from './claims';

export const WALLET_LINK_NONCE_MINUTES = 10;
/** Kept per person: asking again and again does not grow the table. */
const NONCES_KEPT = 5;

async function rows<T>(db: Executor, q: SQL): Promise<T[]> {
  return ((await db.execute(q)) as unknown as { rows: T[] }).rows;
}

/** Where the link comes from: the host the request was made to (host:port) and its scheme, and the page's Origin header when the browser sent one. */
export interface LinkSite {
  host: string;
  protocol: string;
  origin?: string;
}

/**
 * The hosts a message may name: this platform's public origins (a local one's loopback names
 * included), never a name that only the request's Host header gave: anyone can send any Host,
 * and accepting it would let a message signed on another site link a wallet here.
 */
function allowedDomains(app: FastifyInstance): Map<string, string> {
  const out = new Map<string, string>();
  for (const o of app.config.publicOrigins) {
    try {
      const u = new URL(o);
      const protocol = u.protocol.replace(/:$/, '');
      out.set(u.host.toLowerCase(), protocol);
      // The same site with its default port written out, as a Host header may carry it.
      if (!u.port) out.set(`${u.hostname}:${protocol === 'https' ? 443 : 80}`.toLowerCase(), protocol);
    } catch {
      // a malformed origin is refused by the configuration already
    }
  }
  return out;
}

function hostOf(origin: string | undefined): string | undefined {
  if (!origin) return undefined;
  try {
    return new URL(origin).host;
  } catch {
    return undefined;
  }
}

/** The site a message names: the page's origin, else the host asked, when one of ours; else our first public origin. */
function siteFor(app: FastifyInstance, site: LinkSite): { domain: string; uri: string } {
  const allowed = allowedDomains(app);
  for (const host of [hostOf(site.origin), site.host]) {
    const protocol = host ? allowed.get(host.toLowerCase()) : undefined;
    if (host && protocol) return { domain: host, uri: `${protocol}://${host}` };
  }
  const [first] = allowed;
  if (!first) return { domain: site.host, uri: `${site.protocol}://${site.host}` };
  return { domain: first[0], uri: `${first[1]}://${first[0]}` };
}

/** The chain's id, read from the node; a chain that is off (409) or down (503) refuses the link for now. */
async function chainIdOf(app: FastifyInstance): Promise<number> {
  if (!app.chain) throw conflict(M.linkOff);
  try {
    return (await app.chain.client()).chainId;
  } catch {
    throw new HttpError(503, M.linkOff);
  }
}

function mustBeVerifiedInvestor(me: Actor) {
  if (me.status !== 'VERIFIED') throw forbidden(M.notVerifiedLink);
}

export async function issueNonce(app: FastifyInstance, me: Actor, site: LinkSite, body: WalletLinkNonceBody): Promise<WalletLinkChallenge> {
  mustBeVerifiedInvestor(me);
  if (body.address !== undefined && !isAddress(body.address, { strict: false })) throw badRequest('address must be an Ethereum address');
  const chainId = await chainIdOf(app);
  const nonce = generateSiweNonce();
  const expiresAt = new Date(Date.now() + WALLET_LINK_NONCE_MINUTES * 60_000);
  await app.db.transaction(async (tx) => {
    await tx.execute(
      sql`INSERT INTO wallet_link_nonces (nonce, user_id, expires_at) VALUES (${nonce}, ${me.id}, ${expiresAt.toISOString()})`,
    );
    await tx.execute(
      sql`DELETE FROM wallet_link_nonces WHERE user_id = ${me.id} AND nonce NOT IN (
            SELECT nonce FROM wallet_link_nonces WHERE user_id = ${me.id} ORDER BY created_at DESC LIMIT ${NONCES_KEPT})`,
    );
  });
  const { domain, uri } = siteFor(app, site);
  const message = body.address
    ? createSiweMessage({
        address: getAddress(body.address),
        chainId,
        domain,
        nonce,
        uri,
        version: '1',
        statement: WALLET_LINK_STATEMENT,
        issuedAt: new Date(),
        expirationTime: expiresAt,
      })
    : null;
  return { nonce, expiresAt: expiresAt.toISOString(), domain, uri, chainId, statement: WALLET_LINK_STATEMENT, message };
}

/**
 * Links the wallet that signed the message, after checking in this order: the message's form,
 * its domain (this site), its chain (the platform's), its time window, the nonce (issued to
 * this person, unused, not expired: used up here, so a refused signature needs a new one) and
 * the signature. One wallet per person, one person per wallet (audited).
 */
export async function linkWallet(app: FastifyInstance, me: Actor, body: WalletLinkBody): Promise<TokenClaimState> {
  mustBeVerifiedInvestor(me);
  const chainId = await chainIdOf(app);
  let parsed: ReturnType<typeof parseSiweMessage>;
  try {
    parsed = parseSiweMessage(body.message);
  } catch {
    throw badRequest(M.badMessage);
  }
  const { address, domain, nonce } = parsed;
  if (!address || !domain || !nonce || !parsed.uri || parsed.version !== '1' || parsed.chainId === undefined)
    throw badRequest(M.badMessage);
  if (!isAddress(address, { strict: false })) throw badRequest(M.badMessage);
  if (!allowedDomains(app).has(domain.toLowerCase())) throw badRequest(M.wrongDomain(domain));
  if (parsed.chainId !== chainId) throw badRequest(M.wrongChain(chainId));
  const now = new Date();
  if (parsed.expirationTime && !(now < parsed.expirationTime)) throw badRequest(M.messageExpired);
  if (parsed.notBefore && now < parsed.notBefore) throw badRequest(M.notYetValid);
  // The library's own checks as well (nonce form, version, dates that do not parse).
  if (!validateSiweMessage({ message: parsed, domain, nonce, time: now })) throw badRequest(M.badMessage);
  if (!isHex(body.signature) || body.signature.length < 132) throw badRequest(M.badSignature);

  const [used] = await rows<{ expired: boolean }>(
    app.db,
    sql`UPDATE wallet_link_nonces SET used_at = now()
        WHERE nonce = ${nonce} AND user_id = ${me.id} AND used_at IS NULL
        RETURNING expires_at <= now() AS expired`,
  );
  if (!used) {
    const [known] = await rows<{ used: boolean }>(
      app.db,
      sql`SELECT used_at IS NOT NULL AS used FROM wallet_link_nonces WHERE nonce = ${nonce} AND user_id = ${me.id}`,
    );
    throw badRequest(known?.used ? M.usedNonce : M.unknownNonce);
  }
  if (used.expired) throw badRequest(M.expiredNonce);

  const valid = await verifyMessage({ address: getAddress(address), message: body.message, signature: body.signature as Hex }).catch(
    () => false,
  );
  if (!valid) throw badRequest(M.badSignature);

  const wallet = address.toLowerCase() as Address;
  try {
    await app.db.transaction(async (tx) => {
      const [mine] = await rows<{ address: string }>(tx, sql`SELECT address FROM wallet_links WHERE user_id = ${me.id} FOR UPDATE`);
      if (mine) throw conflict(M.alreadyLinked);
      await tx.execute(
        sql`INSERT INTO wallet_links (user_id, address, chain_id, message, signature)
            VALUES (${me.id}, ${wallet}, ${chainId}, ${body.message}, ${body.signature.toLowerCase()})`,
      );
      await audit(tx, me, { action: 'wallet.link', targetType: 'user', targetId: me.id, detail: { address: wallet, chainId } });
      await wakeMirror(tx);
    });
  } catch (err) {
    if (isUniqueViolation(err)) {
      const [owner] = await rows<{ user_id: string }>(app.db, sql`SELECT user_id FROM wallet_links WHERE address = ${wallet}`);
      throw conflict(owner && owner.user_id !== me.id ? M.linkedElsewhere : M.alreadyLinked);
    }
    throw moneyError(err);
  }
  return tokenClaimState(app, me.id);
}

/**
 * Wakes the chain mirror when the transaction commits (as the ledger's chain_mirror_wake rule
 * does): the holdings fingerprint names the linked wallet, so the mirror revisits the person's
 * properties and moves their units.
 */
async function wakeMirror(tx: Executor) {
  await tx.execute(sql`SELECT pg_notify('chain_mirror', '')`);
}

/** Unlinks the person's wallet (audited); their units go back to the custodial address, and a claim not sent yet goes there. */
export async function unlinkWallet(app: FastifyInstance, me: Actor): Promise<TokenClaimState> {
  await app.db.transaction(async (tx) => {
    const [gone] = await rows<{ address: string }>(tx, sql`DELETE FROM wallet_links WHERE user_id = ${me.id} RETURNING address`);
    if (!gone) throw notFound(M.notLinked);
    await audit(tx, me, { action: 'wallet.unlink', targetType: 'user', targetId: me.id, detail: { address: gone.address } });
    await wakeMirror(tx);
  });
  return tokenClaimState(app, me.id);
}
