// /v1/me/token-claim and /v1/me/wallet-link (registered under /v1): an investor's platform-token
// claim and their own wallet (docs/chain.md, "Platform-token claims").
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { TokenClaimState, WalletLinkBody, WalletLinkChallenge, WalletLinkNonceBody } from 'shared-api/contract';
import { TOKEN_CLAIM_STATUSES } from 'shared-api/contract/token-claims';
import { Type, type Static } from 'typebox';
import { assertSame, DateTime, errors, Id, Nullable, StringEnum, type Same } from '../../lib/schema';
import { actorOf } from '../../plugins/auth';
import { claimTokens, tokenClaimState } from './claims';
import { issueNonce, linkWallet, unlinkWallet, type LinkSite } from './wallet-link';

const Address = Type.String({ pattern: '^0x[0-9a-fA-F]{40}$' });

const TokenClaimSchema = Type.Object({
  _id: Id,
  amount: Type.Integer(),
  status: StringEnum(TOKEN_CLAIM_STATUSES),
  destination: Nullable(Type.String()),
  txHash: Nullable(Type.String()),
  chainId: Nullable(Type.Integer()),
  createdAt: DateTime,
  sentAt: Nullable(DateTime),
});

const TokenClaimStateSchema = Type.Object({
  claimableTokens: Type.Integer(),
  claimsOpen: Type.Boolean(),
  claim: Nullable(TokenClaimSchema),
  linkedWallet: Nullable(Type.String()),
  custodialAddress: Nullable(Type.String()),
});
assertSame<Same<Static<typeof TokenClaimStateSchema>, TokenClaimState>>();

const NonceBodySchema = Type.Object({ address: Type.Optional(Address) }, { additionalProperties: false });
assertSame<Same<Static<typeof NonceBodySchema>, WalletLinkNonceBody>>();

const ChallengeSchema = Type.Object({
  nonce: Type.String(),
  expiresAt: DateTime,
  domain: Type.String(),
  uri: Type.String(),
  chainId: Type.Integer(),
  statement: Type.String(),
  message: Nullable(Type.String()),
});
assertSame<Same<Static<typeof ChallengeSchema>, WalletLinkChallenge>>();

const LinkBodySchema = Type.Object(
  {
    message: Type.String({ minLength: 1, maxLength: 4000 }),
    signature: Type.String({ minLength: 1, maxLength: 1000 }),
  },
  { additionalProperties: false },
);
assertSame<Same<Static<typeof LinkBodySchema>, WalletLinkBody>>();

const tags = ['platform tokens'];
const security = [{ bearerAuth: [] }];

/** The host asked (behind a trusted proxy, the one it forwarded), its scheme and the page's origin. */
const siteOf = (request: FastifyRequest): LinkSite => ({
  host: request.host,
  protocol: request.protocol,
  origin: typeof request.headers.origin === 'string' ? request.headers.origin : undefined,
});

export const tokenClaimRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const investor = [app.authenticate, app.requireRole('INVESTOR')];

  app.get(
    '/me/token-claim',
    {
      onRequest: investor,
      schema: {
        tags,
        summary: 'My platform-token claim, what I can still claim, and where the tokens go',
        security,
        response: { 200: TokenClaimStateSchema, ...errors(401, 403) },
      },
    },
    async (request) => tokenClaimState(app, actorOf(request).id),
  );

  app.post(
    '/me/token-claim',
    {
      onRequest: investor,
      schema: {
        tags,
        summary: "Claim my early-access subscription's platform tokens (1 per dollar of the fee, once)",
        description:
          'Recorded at once (PENDING); the chain job mints the tokens to my linked wallet, else my custodial address, and marks the claim SENT with the transaction hash. A repeat answers the same claim with 200. Refused: 403 not subscribed or not verified; 409 nothing to claim, or the chain is off.',
        security,
        response: { 200: TokenClaimStateSchema, 201: TokenClaimStateSchema, ...errors(401, 403, 409) },
      },
    },
    async (request, reply) => {
      const r = await claimTokens(app, actorOf(request));
      return reply.status(r.status).send(r.body);
    },
  );

  app.post(
    '/me/wallet-link/nonce',
    {
      onRequest: investor,
      schema: {
        tags,
        summary: 'A single-use nonce (10 minutes) for a Sign-In with Ethereum message linking my wallet',
        description:
          'Given the address, the answer carries the EIP-4361 message to sign (personal_sign). 409 while the chain is off, 503 while its node does not answer.',
        security,
        body: NonceBodySchema,
        response: { 200: ChallengeSchema, ...errors(400, 401, 403, 409, 503) },
      },
    },
    async (request) => issueNonce(app, actorOf(request), siteOf(request), request.body ?? {}),
  );

  app.post(
    '/me/wallet-link',
    {
      onRequest: [...investor, app.requireRecentAuth],
      schema: {
        tags,
        summary: 'Link my own wallet with a signed Sign-In with Ethereum (EIP-4361) message',
        description:
          'Checked: the domain (this site), the chain id, the time window, the nonce (mine, single use, 10 minutes) and the signature (an externally owned account). One wallet per person, one person per wallet.',
        security,
        body: LinkBodySchema,
        response: { 200: TokenClaimStateSchema, ...errors(400, 401, 403, 409, 503) },
      },
    },
    async (request) => linkWallet(app, actorOf(request), request.body),
  );

  app.delete(
    '/me/wallet-link',
    {
      onRequest: [...investor, app.requireRecentAuth],
      schema: {
        tags,
        summary: 'Unlink my wallet: a claim not sent yet goes to my custodial address',
        security,
        response: { 200: TokenClaimStateSchema, ...errors(401, 403, 404) },
      },
    },
    async (request) => unlinkWallet(app, actorOf(request)),
  );
};
