// The ledger's public surface: wallets' balances and holds, the invariant check and
// Idempotency-Key, for every module that moves money. Entries are posted and holds placed,
// captured and released by the database (ledger_entry_apply and the money triggers, each in
// its module's sql/), never from TypeScript; this module reads what they wrote.
export { balanceCents, walletOf, type BalanceCents } from './balances';
export {
  answerOf,
  claimKey,
  idempotencyKey,
  idempotencyOf,
  idempotent,
  NO_IDEMPOTENCY,
  outcomeOf,
  requestHash,
  sendAnswer,
  storeResult,
  type Answer,
  type IdempotencyInput,
  type IdempotentOptions,
  type Outcome,
  type StoredAnswer,
} from './idempotency';
export { invariantViolations, type InvariantViolation } from './invariant';
