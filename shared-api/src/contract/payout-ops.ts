// Payout operations for finance: bank files of withdrawals (batches) and the daily
// reconciliation of the ledger, the payment provider and the payouts.

/** Most payouts in one bank file. */
export const MAX_PAYOUT_BATCH = 500;

export const PAYOUT_BATCH_MESSAGES = {
  chooseOne: 'Choose the withdrawals to export, or all that are ready',
  nothingReady: 'No withdrawal is ready to export',
  notRequested: 'Only withdrawals waiting to be paid can be exported',
  alreadySent: 'A withdrawal is already in a bank file: tick "export again" to send it again',
  noDestination: 'A withdrawal names no bank account that can still be read',
  notFound: 'Withdrawal not found',
} as const;

/** POST /v1/payouts/batches: the withdrawals to put in a bank file. */
export interface CreatePayoutBatchBody {
  /** These REQUESTED withdrawals; or `all: true` for every one not yet in a file. */
  payoutIds?: string[];
  all?: boolean;
  /** Export again withdrawals already in an earlier file (a new batch; the old one stays). */
  reexport?: boolean;
}

export interface PayoutBatch {
  _id: string;
  createdBy: string;
  createdAt: string;
  payoutIds: string[];
  count: number;
  /** Dollars, exact to the cent. */
  total: number;
  currency: string;
  reexport: boolean;
  csvSha256: string;
  xmlSha256: string;
}

/** The batch and its two files (UTF-8 text; their sha256 are the batch's). */
export interface PayoutBatchExport {
  batch: PayoutBatch;
  csv: string;
  xml: string;
}

export const RECONCILIATION_MESSAGES = { date: 'Choose a day (YYYY-MM-DD)' } as const;

/** GET /v1/payouts/reconciliation?date=YYYY-MM-DD (a UTC day). */
export interface ReconciliationQuery {
  date: string;
}

export const RECONCILIATION_KINDS = [
  'LEDGER_NOT_AT_PROVIDER',
  'PROVIDER_NOT_IN_LEDGER',
  'PAYMENT_AMOUNT_MISMATCH',
  'PAYOUT_WITHOUT_LEDGER',
  'PAYOUT_AMOUNT_MISMATCH',
  'PAYOUT_WITHOUT_BANK_REFERENCE',
  'LEDGER_WITHDRAWAL_WITHOUT_PAYOUT',
] as const;
export type ReconciliationKind = (typeof RECONCILIATION_KINDS)[number];

export const RECONCILIATION_KIND_LABELS: Record<ReconciliationKind, string> = {
  LEDGER_NOT_AT_PROVIDER: 'In the ledger, not at the payment provider',
  PROVIDER_NOT_IN_LEDGER: 'At the payment provider, not in the ledger',
  PAYMENT_AMOUNT_MISMATCH: 'Payment amounts differ',
  PAYOUT_WITHOUT_LEDGER: 'Withdrawal paid without a ledger entry',
  PAYOUT_AMOUNT_MISMATCH: 'Withdrawal and ledger amounts differ',
  PAYOUT_WITHOUT_BANK_REFERENCE: 'Withdrawal paid without a bank reference',
  LEDGER_WITHDRAWAL_WITHOUT_PAYOUT: 'Ledger withdrawal without a withdrawal',
};

export interface ReconciliationDifference {
  kind: ReconciliationKind;
  /** The checkout, payout or ledger entry the difference is about. */
  reference: string;
  checkoutId: string | null;
  payoutId: string | null;
  ledgerEntryId: string | null;
  /** Dollars on each side; null where that side has nothing. */
  ledgerAmount: number | null;
  providerAmount: number | null;
  payoutAmount: number | null;
  at: string;
}

export interface ReconciliationSide {
  /** Dollars. */
  moneyIn: number;
  moneyOut: number;
  count: number;
}

export interface Reconciliation {
  date: string;
  /** The payment provider whose records were compared (its name). */
  providerName: string;
  totals: { ledger: ReconciliationSide; provider: ReconciliationSide; payouts: ReconciliationSide };
  differences: ReconciliationDifference[];
}
