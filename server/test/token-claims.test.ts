// Platform-token claims and linked wallets. With the chain off: the refusals, and the database
// rule (one claim per person, for exactly their claimable tokens, which then read 0). With an
// anvil: a claim recorded, repeated (same claim), minted by the mirror job and marked SENT with
// its hash, kept PENDING while the node is down; a wallet linked with a Sign-In with Ethereum
// message signed by a local account (and every way that is refused), the claim then minted to
// it, and unlinked. One anvil for the file; skipped visibly where anvil cannot run.
import { sql } from 'drizzle-orm';
import type { Address } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { SUBSCRIPTION_TOKENS, type TokenClaimState, type WalletLinkChallenge } from 'shared-api/contract';
import { TOKEN_CLAIM_MESSAGES as M, WALLET_LINK_STATEMENT } from 'shared-api/contract/token-claims';
import { pgError } from '../src/lib/pg-errors';
import { PLATFORM_TOKEN_ABI, type ChainRuntime } from '../src/modules/chain';
import { buildTestApp, call, invariantViolations, makeUser, queryRows, settleSandbox, type TestApp, type TestUser } from './helper';
import { describeOnAnvil, siweMessage, startChainApp, type ChainTestApp } from './chain-helper';

// Test keys (anvil's development accounts 5 and 6): never guard anything real.
const WALLET_KEY = '0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba';
const OTHER_KEY = '0x92db14e403b83dfe3df233f83dfa3a0d7096f21ca9b0d6d6b8d88b2b4ec1564e';

/** An investor who paid the subscription through the sandbox: subscribed, 15 claimable tokens. */
async function subscriber(t: TestApp, status: 'VERIFIED' | 'PENDING' = 'VERIFIED'): Promise<TestUser> {
  const u = await makeUser(t.app, 'INVESTOR', { status });
  const c = await call(t.app, {
    method: 'POST',
    url: '/v1/payments/checkouts',
    as: u,
    payload: { purpose: 'SUBSCRIPTION', returnPath: '/' },
  });
  expect(c.statusCode).toBe(201);
  expect((await settleSandbox(t.app, t.config, c.json<{ _id: string }>()._id)).statusCode).toBe(303);
  return u;
}

const state = async (t: TestApp, u: TestUser) =>
  (await call(t.app, { method: 'GET', url: '/v1/me/token-claim', as: u })).json<TokenClaimState>();
const claim = (t: TestApp, u: TestUser) => call(t.app, { method: 'POST', url: '/v1/me/token-claim', as: u });
/** The database's refusal of a statement, in its words. */
async function refusal(q: Promise<unknown>): Promise<string> {
  try {
    await q;
  } catch (err) {
    return pgError(err)?.message ?? String(err);
  }
  return 'not refused';
}
const claimable = async (t: TestApp, u: TestUser) =>
  (await call(t.app, { method: 'GET', url: '/v1/users/me', as: u })).json().claimableTokens;

describe('platform-token claims with the chain off', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t?.close());

  it('says claims are closed, and refuses a claim with the spec-style messages', async () => {
    const u = await subscriber(t);
    expect(await state(t, u)).toEqual({
      claimableTokens: SUBSCRIPTION_TOKENS,
      claimsOpen: false,
      claim: null,
      linkedWallet: null,
      custodialAddress: null,
    });
    const off = await claim(t, u);
    expect(off.statusCode).toBe(409);
    expect(off.json().message).toBe(M.chainOff);
    expect(await claimable(t, u)).toBe(15);

    const unsubscribed = await makeUser(t.app, 'INVESTOR', { status: 'VERIFIED' });
    expect((await claim(t, unsubscribed)).json()).toMatchObject({ statusCode: 403, message: 'Please complete subcription to proceed' });
    const unverified = await subscriber(t, 'PENDING');
    expect((await claim(t, unverified)).json()).toMatchObject({ statusCode: 403, message: M.notVerified });
    const owner = await makeUser(t.app, 'PROPERTY_OWNER', { status: 'VERIFIED' });
    expect((await claim(t, owner)).statusCode).toBe(403);
    expect((await call(t.app, { method: 'GET', url: '/v1/me/token-claim' })).statusCode).toBe(401);
  });

  it('refuses linking a wallet while the chain is off', async () => {
    const u = await subscriber(t);
    const r = await call(t.app, { method: 'POST', url: '/v1/me/wallet-link/nonce', as: u, payload: {} });
    expect(r.json()).toMatchObject({ statusCode: 409, message: M.linkOff });
    expect((await call(t.app, { method: 'DELETE', url: '/v1/me/wallet-link', as: u })).json()).toMatchObject({
      statusCode: 404,
      message: M.notLinked,
    });
  });

  it('the database keeps one claim per person, for exactly their claimable tokens, then 0 claimable', async () => {
    const u = await subscriber(t);
    const insert = (amount: number) => t.app.db.execute(sql`INSERT INTO token_claims (user_id, amount) VALUES (${u.id}, ${amount})`);
    expect(await refusal(insert(14))).toContain('A claim is for all your claimable tokens (15), not 14');
    expect(await refusal(insert(16))).toContain('not 16');
    expect(await claimable(t, u)).toBe(15);
    await insert(15);
    expect(await claimable(t, u)).toBe(0);
    expect(await refusal(insert(15))).toContain(M.nothingToClaim);
    const [c] = await queryRows<{ id: string }>(t.app, sql`SELECT id FROM token_claims WHERE user_id = ${u.id}`);
    expect(await refusal(t.app.db.execute(sql`DELETE FROM token_claims WHERE id = ${c.id}`))).toContain('never deleted');
    expect(await refusal(t.app.db.execute(sql`UPDATE token_claims SET amount = 20 WHERE id = ${c.id}`))).toContain('never change');
    // SENT needs its hash; and once SENT it never goes back.
    expect(await refusal(t.app.db.execute(sql`UPDATE token_claims SET status = 'SENT' WHERE id = ${c.id}`))).toContain(
      'token_claims_sent_check',
    );
    const hash = '0x' + 'ab'.repeat(32);
    const to = '0x' + '12'.repeat(20);
    await t.app.db.execute(
      sql`UPDATE token_claims SET status = 'SENT', tx_hash = ${hash}, destination_address = ${to}, chain_id = 1, token_address = ${to}, sent_at = now()
          WHERE id = ${c.id}`,
    );
    expect(await refusal(t.app.db.execute(sql`UPDATE token_claims SET status = 'PENDING' WHERE id = ${c.id}`))).toContain(
      'A SENT claim cannot become PENDING',
    );
    const notSubscribed = await makeUser(t.app, 'INVESTOR', { status: 'VERIFIED' });
    expect(await refusal(t.app.db.execute(sql`INSERT INTO token_claims (user_id, amount) VALUES (${notSubscribed.id}, 15)`))).toContain(
      'Please complete subcription to proceed',
    );
    expect(await invariantViolations(t.app)).toEqual([]);
  });
});

let withChain: ChainTestApp;
let t: TestApp;
let chain: ChainRuntime;

describeOnAnvil()('platform-token claims on the chain', () => {
  beforeAll(async () => {
    // The sites a message may name: the platform's public origins, never a bare Host header.
    withChain = await startChainApp({ publicOrigins: ['http://localhost:80', 'http://localhost:5173', 'http://127.0.0.1:5173'] });
    ({ t, chain } = withChain);
  }, 180_000);
  afterAll(async () => {
    await withChain?.close();
  });

  async function platformBalance(address: string): Promise<number> {
    const { chain: c } = await chain.client();
    const platform = await chain.platform();
    return Number(await c.platformBalance(platform!.platformToken, address as Address));
  }

  it('records the claim, answers a repeat with the same claim, and the mirror mints it to the custodial address', async () => {
    const u = await subscriber(t);
    const first = await claim(t, u);
    expect(first.statusCode).toBe(201);
    const made = first.json<TokenClaimState>();
    expect(made).toMatchObject({ claimableTokens: 0, claimsOpen: true, claim: { amount: 15, status: 'PENDING', txHash: null } });
    expect(await claimable(t, u)).toBe(0);
    const again = await claim(t, u);
    expect(again.statusCode).toBe(200);
    expect(again.json<TokenClaimState>().claim?._id).toBe(made.claim?._id);
    const audits = await queryRows(t.app, sql`SELECT action, target_id FROM audit_log WHERE actor_id = ${u.id} AND action = 'token.claim'`);
    expect(audits).toEqual([{ action: 'token.claim', target_id: u.id }]);

    await chain.runOnce();
    const sent = await state(t, u);
    expect(sent.custodialAddress).toMatch(/^0x[0-9a-f]{40}$/);
    expect(sent.claim).toMatchObject({
      status: 'SENT',
      destination: sent.custodialAddress,
      txHash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
    });
    expect(await platformBalance(sent.custodialAddress!)).toBe(15);
    const { chain: c } = await chain.client();
    const receipt = await c.publicClient.getTransactionReceipt({ hash: sent.claim!.txHash as `0x${string}` });
    expect(receipt.status).toBe('success');
    // A second run sends nothing again.
    await chain.runOnce();
    expect((await state(t, u)).claim?.txHash).toBe(sent.claim?.txHash);
    expect(await platformBalance(sent.custodialAddress!)).toBe(15);
  });

  it('with the node down a claim is still recorded, stays PENDING, and is minted once the node is back', async () => {
    const u = await subscriber(t);
    await chain.runOnce(); // gives them a custodial address
    await withChain.node.stop();
    try {
      const r = await claim(t, u);
      expect(r.statusCode).toBe(201);
      await expect(chain.runOnce()).rejects.toThrow();
      expect((await state(t, u)).claim?.status).toBe('PENDING');
    } finally {
      await withChain.restart();
    }
    await chain.runOnce();
    const s = await state(t, u);
    expect(s.claim?.status).toBe('SENT');
    expect(await platformBalance(s.custodialAddress!)).toBe(15);
  });

  it('a chain that lost its state gets the sent claims again (the new token may sit at the old address)', async () => {
    const u = await subscriber(t);
    await chain.runOnce();
    expect((await claim(t, u)).statusCode).toBe(201);
    await chain.runOnce();
    const before = await state(t, u);
    expect(before.claim?.status).toBe('SENT');
    await withChain.restart({ lost: true });
    await chain.runOnce();
    const after = await state(t, u);
    expect(after.claim).toMatchObject({ status: 'SENT', destination: before.claim?.destination });
    // Minted again on the new token (its hash may equal the first one: the same operator's
    // transactions replayed on a fresh chain can be byte for byte the same).
    expect(new Date(after.claim!.sentAt!).getTime()).toBeGreaterThan(new Date(before.claim!.sentAt!).getTime());
    expect(await platformBalance(after.claim!.destination!)).toBe(15);
  });

  describe('linking the investor’s own wallet (EIP-4361)', () => {
    const wallet = privateKeyToAccount(WALLET_KEY);
    const other = privateKeyToAccount(OTHER_KEY);

    async function challenge(u: TestUser, host = 'localhost:80', address?: string): Promise<WalletLinkChallenge> {
      const r = await call(t.app, {
        method: 'POST',
        url: '/v1/me/wallet-link/nonce',
        as: u,
        headers: { host },
        payload: address ? { address } : {},
      });
      expect(r.statusCode).toBe(200);
      return r.json<WalletLinkChallenge>();
    }
    const message = (c: WalletLinkChallenge, over: Parameters<typeof siweMessage>[2] = {}) => siweMessage(c, wallet.address, over);
    const link = (u: TestUser, msg: string, signature: string, host = 'localhost:80') =>
      call(t.app, { method: 'POST', url: '/v1/me/wallet-link', as: u, headers: { host }, payload: { message: msg, signature } });

    it('refuses a wrong nonce, a used one, an expired one, another domain, another chain, an expired message and another signer', async () => {
      const u = await subscriber(t);
      const refused = async (msg: string, signer = wallet, host = 'localhost:80') => {
        const r = await link(u, msg, await signer.signMessage({ message: msg }), host);
        expect(r.statusCode).toBeGreaterThanOrEqual(400);
        expect(r.statusCode).toBeLessThan(500);
        return r.json().message as string;
      };
      let c = await challenge(u);
      expect(c).toMatchObject({ domain: 'localhost:80', uri: 'http://localhost:80', statement: WALLET_LINK_STATEMENT, message: null });
      expect(await refused(message(c, { nonce: 'abcdefgh12345678' }))).toBe(M.unknownNonce);
      expect(await refused(message(c, { domain: 'evil.example' }))).toBe(M.wrongDomain('evil.example'));
      expect(await refused(message(c, { chainId: 1 }))).toBe(M.wrongChain(c.chainId));
      expect(await refused(message(c, { expirationTime: new Date(Date.now() - 1000) }))).toBe(M.messageExpired);
      // Another key signs a message naming this wallet: refused, and the nonce is used up.
      expect(await refused(message(c), other)).toBe(M.badSignature);
      expect(await refused(message(c))).toBe(M.usedNonce);
      expect(await refused('hello')).toBe(M.badMessage);
      // Ten minutes passed.
      c = await challenge(u);
      await t.app.db.execute(sql`UPDATE wallet_link_nonces SET expires_at = now() - interval '1 second' WHERE nonce = ${c.nonce}`);
      expect(await refused(message(c))).toBe(M.expiredNonce);
      // Someone else's nonce.
      const stranger = await subscriber(t);
      const theirs = await challenge(stranger);
      expect(await refused(message(theirs))).toBe(M.unknownNonce);
      expect((await state(t, u)).linkedWallet).toBeNull();
      // A garbled signature.
      c = await challenge(u);
      expect((await link(u, message(c), '0x1234')).json()).toMatchObject({ statusCode: 400, message: M.badSignature });
      // Not verified yet: no link.
      const pending = await subscriber(t, 'PENDING');
      const r = await call(t.app, { method: 'POST', url: '/v1/me/wallet-link/nonce', as: pending, payload: {} });
      expect(r.json()).toMatchObject({ statusCode: 403, message: M.notVerifiedLink });
    });

    it('links the wallet that signed (from localhost and 127.0.0.1), sends the claim there, one person per wallet, and unlinks (audited)', async () => {
      const u = await subscriber(t);
      await chain.runOnce();
      // The host the browser is on is the domain, whichever name it used.
      const c = await challenge(u, '127.0.0.1:5173', wallet.address);
      expect(c.domain).toBe('127.0.0.1:5173');
      expect(c.message).toContain('127.0.0.1:5173 wants you to sign in with your Ethereum account:');
      expect(c.message).toContain(wallet.address);
      expect(c.message).toContain(`Nonce: ${c.nonce}`);
      expect(c.message).toContain(`Chain ID: ${c.chainId}`);
      // A Host header is anyone's to send: a site that is not one of ours is never named, and a
      // message another site had signed is refused even when the request claims that host.
      const forged = await challenge(u, 'evil.example', wallet.address);
      expect(forged.domain).toBe('localhost');
      const theirs = message(forged, { domain: 'evil.example', uri: 'https://evil.example' });
      expect((await link(u, theirs, await wallet.signMessage({ message: theirs }), 'evil.example')).json().message).toBe(
        M.wrongDomain('evil.example'),
      );
      // The page's origin, when it is one of ours, is the site the message names.
      const fromPage = await call(t.app, {
        method: 'POST',
        url: '/v1/me/wallet-link/nonce',
        as: u,
        headers: { host: 'localhost:80', origin: 'http://localhost:5173' },
        payload: {},
      });
      expect(fromPage.json()).toMatchObject({ domain: 'localhost:5173', uri: 'http://localhost:5173' });
      const c2 = await challenge(u, '127.0.0.1:5173', wallet.address);
      const linked = await link(u, c2.message!, await wallet.signMessage({ message: c2.message! }), '127.0.0.1:5173');
      expect(linked.statusCode).toBe(200);
      expect(linked.json<TokenClaimState>().linkedWallet).toBe(wallet.address.toLowerCase());

      // Already linked; and the wallet cannot be linked by another person.
      const m3 = message(await challenge(u));
      expect((await link(u, m3, await wallet.signMessage({ message: m3 }))).json()).toMatchObject({
        statusCode: 409,
        message: M.alreadyLinked,
      });
      const someoneElse = await subscriber(t);
      const c4 = await challenge(someoneElse);
      const m4 = message(c4);
      expect((await link(someoneElse, m4, await wallet.signMessage({ message: m4 }))).json()).toMatchObject({
        statusCode: 409,
        message: M.linkedElsewhere,
      });

      // The claim goes to the linked wallet.
      expect((await claim(t, u)).statusCode).toBe(201);
      expect((await state(t, u)).claim?.destination).toBe(wallet.address.toLowerCase());
      await chain.runOnce();
      const s = await state(t, u);
      expect(s.claim).toMatchObject({ status: 'SENT', destination: wallet.address.toLowerCase() });
      expect(await platformBalance(wallet.address)).toBe(15);
      expect(await platformBalance(s.custodialAddress!)).toBe(0);

      // Unlinked (audited); the sent tokens stay where they went.
      const un = await call(t.app, { method: 'DELETE', url: '/v1/me/wallet-link', as: u });
      expect(un.statusCode).toBe(200);
      expect(un.json<TokenClaimState>()).toMatchObject({ linkedWallet: null, claim: { destination: wallet.address.toLowerCase() } });
      const audits = await queryRows<{ action: string }>(
        t.app,
        sql`SELECT action FROM audit_log WHERE actor_id = ${u.id} AND action LIKE 'wallet.%' ORDER BY created_at`,
      );
      expect(audits.map((a) => a.action)).toEqual(['wallet.link', 'wallet.unlink']);

      // The wallet got this person's tokens: nobody else may link it now (the contract mints once per address).
      const c5 = await challenge(someoneElse);
      const m5 = message(c5);
      expect((await link(someoneElse, m5, await wallet.signMessage({ message: m5 }))).json()).toMatchObject({
        statusCode: 409,
        message: "This wallet already received another account's platform tokens",
      });
      const p = await chain.platform();
      const { chain: cc } = await chain.client();
      expect(
        await cc.publicClient.readContract({
          address: p!.platformToken,
          abi: PLATFORM_TOKEN_ABI,
          functionName: 'claimedBy',
          args: [wallet.address],
        }),
      ).toBe(15n);
    });
  });
});
