// /v1/payouts: withdrawal requests for admins to pay or reject, bank files, reconciliation.
import type {
  AdminCheckout,
  AdminCheckoutsQuery,
  AdminPayout,
  CreatePayoutBatchBody,
  DecidePayoutBody,
  Page,
  PayoutDestinationDetails,
  PayoutBatchExport,
  PayPayoutsBody,
  PayoutsQuery,
  Reconciliation,
  SentForApproval,
} from '../contract';
import { http } from 'shared-api';
import { orSentForApproval } from './approvals';
import { id, query } from '../endpoints/query';

export const getPayouts = (q: PayoutsQuery = {}): Promise<Page<AdminPayout>> =>
  http.get('v1/payouts', { searchParams: query(q) }).json<Page<AdminPayout>>();

/** PAID, or REJECTED (the held amount goes back to the wallet). */
export const decidePayout = (payoutId: string, body: DecidePayoutBody): Promise<AdminPayout | SentForApproval> =>
  orSentForApproval(http.patch(`v1/payouts/${id(payoutId)}`, { json: body }));

/** Checkouts for admins (OPEN: money on its way in), with the person's verification status. */
export const getAdminCheckouts = (q: AdminCheckoutsQuery = {}): Promise<Page<AdminCheckout>> =>
  http.get('v1/admin/checkouts', { searchParams: query(q) }).json<Page<AdminCheckout>>();

/** Admins: the withdrawal's bank account in full, to pay it. Every call is written to the audit log. */
export const getPayoutDestinationInFull = (payoutId: string): Promise<PayoutDestinationDetails> =>
  http.get(`v1/payouts/${id(payoutId)}/destination`).json<PayoutDestinationDetails>();

/** Admins: a bank file (CSV and pain.001 XML) of withdrawals waiting to be paid; recorded and audited. */
export const createPayoutBatch = (body: CreatePayoutBatchBody): Promise<PayoutBatchExport> =>
  http.post('v1/payouts/batches', { json: body }).json<PayoutBatchExport>();

/** Admins: one UTC day (YYYY-MM-DD) of the ledger against the payment provider and the paid withdrawals. */
export const getReconciliation = (date: string): Promise<Reconciliation> =>
  http.get('v1/payouts/reconciliation', { searchParams: { date } }).json<Reconciliation>();

/** Admins: several withdrawals marked paid, each with its bank reference (all or none); with four
 *  eyes, a lot above the threshold waits for a second admin. */
export const payPayouts = (body: PayPayoutsBody): Promise<AdminPayout[] | SentForApproval> =>
  orSentForApproval(http.post('v1/payouts/paid', { json: body }));
