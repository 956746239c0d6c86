// 'shared-api/token-claims': platform-token claims' calls (shapes and words:
// contract/token-claims.ts, its values 'shared-api/contract/token-claims'). Not a shared
// module: only the investor remote's claim section bundles it. It takes the HTTP client from
// 'shared-api' (the shared module), as 'shared-api/votes' does.
import type { TokenClaimState, WalletLinkBody, WalletLinkChallenge, WalletLinkNonceBody } from './contract';
import { http } from 'shared-api';

/** My claim (if any), what I can still claim, and where the tokens go. */
export const getMyTokenClaim = (): Promise<TokenClaimState> => http.get('v1/me/token-claim').json<TokenClaimState>();

/** Claims my subscription's platform tokens; repeating it answers the same claim. */
export const claimPlatformTokens = (): Promise<TokenClaimState> => http.post('v1/me/token-claim').json<TokenClaimState>();

/** A single-use nonce (10 minutes) and, given the address, the message to sign. */
export const walletLinkNonce = (body: WalletLinkNonceBody): Promise<WalletLinkChallenge> =>
  http.post('v1/me/wallet-link/nonce', { json: body }).json<WalletLinkChallenge>();

/** Links the wallet that signed the message. */
export const linkWallet = (body: WalletLinkBody): Promise<TokenClaimState> =>
  http.post('v1/me/wallet-link', { json: body }).json<TokenClaimState>();

/** Unlinks my wallet: a claim not sent yet goes to the custodial address. */
export const unlinkWallet = (): Promise<TokenClaimState> => http.delete('v1/me/wallet-link').json<TokenClaimState>();
