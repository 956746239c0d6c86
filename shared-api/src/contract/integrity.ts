// The admins' integrity check: the ledger's money invariants and, when the chain is on, where
// the chain's unit balances differ from the holdings (the ledger is right; docs/chain.md).
//   GET /v1/admin/integrity -> IntegrityReport

export interface MoneyInvariantViolation {
  invariant: string;
  detail: string;
}

export interface ChainDifference {
  propertyId: string;
  /** The holder, when the difference is one address's balance; null for the property's total supply. */
  userId: string | null;
  address: string | null;
  ledgerUnits: number;
  chainUnits: number;
  detail: string;
}

export interface ChainCheck {
  rpcUrl: string;
  /** False when the node could not be read: differences is then empty and error says why. */
  reachable: boolean;
  error: string | null;
  differences: ChainDifference[];
}

export interface IntegrityReport {
  /** money_invariant_violations(); [] when every invariant holds. */
  money: MoneyInvariantViolation[];
  /** "Chain differences"; null when the chain is off. */
  chain: ChainCheck | null;
}

/** What the integrity section of the reconciliation page says (tested to the letter). */
export const INTEGRITY_MESSAGES = {
  moneyHolds: 'The money invariants hold.',
  chainOff: 'The chain is off: nothing to compare.',
  chainAgrees: "No chain differences: the chain's unit balances equal the holdings.",
  chainUnreachable: (rpcUrl: string, error: string | null) => `The chain at ${rpcUrl} did not answer${error ? `: ${error}` : '.'}`,
} as const;
