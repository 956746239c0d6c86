// What investors read of the chain (docs/chain.md): where their units are held, each property's
// unit token and their balance on it next to the ledger's units, and their line in the latest
// anchored distribution with its Merkle proof, to check in the browser against the root
// (shared-api/contract/merkle). And per property, the token's transfers and anchored roots.
//   GET /v1/me/chain                    -> MyChain
//   GET /v1/chain/properties/:id        -> PropertyChain

export type ChainAnchorKind = 'holdings' | 'payments';

/** One's line in an anchored root, and what it takes to check it. */
export interface ChainProof {
  /** holdings: the holders of record at the record date; payments: what the distribution paid. */
  kind: ChainAnchorKind;
  /** The record date (yyyy-mm-dd) for holdings, the distribution's id for payments. */
  ref: string;
  /** The key on chain (bytes32): the date as yyyymmdd, or the distribution's uuid, right-aligned. */
  key: string;
  distributionId: string;
  /** The MerkleAnchor contract that holds the root. */
  anchorAddress: string;
  root: string;
  leafCount: number;
  /** The transaction that anchored the root; null when it was recorded without one. */
  txHash: string | null;
  leaf: {
    address: string;
    units: number;
    /** Null in a holdings leaf. */
    amountCents: number | null;
  };
  /** The siblings from the leaf up to the root. */
  proof: string[];
}

export interface MyChainProperty {
  propertyId: string;
  propertyName: string;
  /** The unit token's address; null before the mirror deployed it. */
  tokenAddress: string | null;
  /** Units the ledger says I hold now. */
  ledgerUnits: number;
  /** My balance on the token, read from the node now; null when it could not be read (chainError says why). */
  chainUnits: number | null;
  chainError: string | null;
  /** My lines in the latest anchored distribution I was a holder of record in; [] when none. */
  proofs: ChainProof[];
}

export interface MyChain {
  /** False when the platform runs without the chain: everything else is then empty. */
  enabled: boolean;
  chainId: number | null;
  /** Where my units are held: my linked wallet, else my custodial address; null until the mirror gave me one. */
  address: string | null;
  /** Properties I hold or held. */
  properties: MyChainProperty[];
}

export interface ChainTransfer {
  /** 0x000…0 for a mint. */
  from: string;
  /** 0x000…0 for a burn. */
  to: string;
  units: number;
  txHash: string;
  blockNumber: number;
}

export interface ChainAnchorRecord {
  kind: ChainAnchorKind;
  ref: string;
  key: string;
  distributionId: string;
  root: string;
  leafCount: number;
  txHash: string | null;
  anchoredAt: string;
}

export interface PropertyChain {
  propertyId: string;
  propertyName: string;
  enabled: boolean;
  chainId: number | null;
  tokenAddress: string | null;
  anchorAddress: string | null;
  /** False when the node could not be read: transfers is then empty and error says why. */
  reachable: boolean;
  error: string | null;
  /** The token's Transfer events, newest first, at most TRANSFERS_SHOWN. */
  transfers: ChainTransfer[];
  /** Roots anchored for the property, newest first. */
  anchors: ChainAnchorRecord[];
}

/** The most transfers one property's chain page lists. */
export const CHAIN_TRANSFERS_SHOWN = 200;
