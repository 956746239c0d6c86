// Platform tokens: the early-access subscription claimed as tokens on the platform's chain, and
// the investor's own wallet linked with Sign-In with Ethereum (EIP-4361). docs/chain.md.
//   GET    /v1/me/token-claim          -> TokenClaimState
//   POST   /v1/me/token-claim          -> TokenClaimState (201 the first time, 200 repeated)
//   POST   /v1/me/wallet-link/nonce    -> WalletLinkChallenge
//   POST   /v1/me/wallet-link          -> TokenClaimState
//   DELETE /v1/me/wallet-link          -> TokenClaimState

export const TOKEN_CLAIM_STATUSES = ['PENDING', 'SENT', 'FAILED'] as const;
export type TokenClaimStatus = (typeof TOKEN_CLAIM_STATUSES)[number];

export interface TokenClaim {
  _id: string;
  /** Whole tokens: 1 per dollar of the subscription fee. */
  amount: number;
  status: TokenClaimStatus;
  /** Where the tokens went (SENT) or go (the linked wallet, else the custodial address; null before one exists). */
  destination: string | null;
  /** The transaction that minted them (SENT). */
  txHash: string | null;
  chainId: number | null;
  createdAt: string;
  sentAt: string | null;
}

export interface TokenClaimState {
  /** What the person can still claim (0 once claimed). */
  claimableTokens: number;
  /** False while the chain is off: a claim cannot be made now. */
  claimsOpen: boolean;
  claim: TokenClaim | null;
  /** The person's own wallet, linked with a signed message; null: the custodial address is used. */
  linkedWallet: string | null;
  /** The platform's address for the person (no key leaves the platform); null until verified. */
  custodialAddress: string | null;
}

export interface WalletLinkNonceBody {
  /** The wallet to link: the answer then carries the message to sign. */
  address?: string;
}

export interface WalletLinkChallenge {
  nonce: string;
  expiresAt: string;
  /** What the message must say: this site's host, the platform's chain. */
  domain: string;
  uri: string;
  chainId: number;
  statement: string;
  /** The EIP-4361 message to sign, when an address was given. */
  message: string | null;
}

export interface WalletLinkBody {
  message: string;
  signature: string;
}

/** The statement the link message carries. */
export const WALLET_LINK_STATEMENT = 'Link this wallet to my Tessera account to receive my platform tokens.';

/** What the claim, the link and their refusals say (tested to the letter). */
export const TOKEN_CLAIM_MESSAGES = {
  notVerified: 'Your account must be verified before you can claim platform tokens',
  nothingToClaim: 'You have no platform tokens to claim',
  chainOff: "Platform tokens can't be claimed right now; try again later",
  linkOff: "Wallets can't be linked right now; try again later",
  notVerifiedLink: 'Your account must be verified before you can link a wallet',
  badMessage: 'The message is not a valid Sign-In with Ethereum message',
  wrongDomain: (domain: string) => `The message is for ${domain}, not this site`,
  wrongChain: (chainId: number) => `The message must be for chain ${chainId}`,
  messageExpired: 'The message has expired: start again',
  notYetValid: 'The message is not valid yet',
  unknownNonce: 'Unknown sign-in request: start again',
  usedNonce: 'This sign-in request was already used: start again',
  expiredNonce: 'This sign-in request expired: start again',
  badSignature: 'The signature does not match the address in the message',
  alreadyLinked: 'You already linked a wallet: unlink it first',
  linkedElsewhere: 'This wallet is linked to another account',
  notLinked: 'No wallet is linked',
} as const;

/** The terms shown before a claim (and in docs/chain.md). */
export const TOKEN_CLAIM_TERMS = [
  'One platform token per dollar of the early-access subscription fee, in whole tokens.',
  'Platform tokens cannot be transferred or sold, have no cash value and are not an investment or an offering of securities.',
  'You claim once; the tokens are recorded on the platform’s chain at your linked wallet, or at the address Tessera keeps for you.',
] as const;
