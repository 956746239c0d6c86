// 'shared-api/chain': what investors read of the chain (shapes: contract/chain.ts; the proof
// check: contract/merkle.ts). Not a shared module: only the investor remote's investments
// pages bundle it. It takes the HTTP client from 'shared-api' (the shared module), as
// 'shared-api/votes' does.
import type { MyChain, PropertyChain } from './contract';
import { http } from 'shared-api';
import { id } from './endpoints/query';

/** Where my units are held (linked wallet, else custodial address), my balances on chain next to the ledger's, and proofs of my lines in anchored roots. */
export const getMyChain = (): Promise<MyChain> => http.get('v1/me/chain').json<MyChain>();

/** A property's unit token, its transfers (newest first) and its anchored roots. */
export const getPropertyChain = (propertyId: string): Promise<PropertyChain> =>
  http.get(`v1/chain/properties/${id(propertyId)}`).json<PropertyChain>();
