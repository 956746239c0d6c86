// /v1/payouts: withdrawal requests for admins to pay or reject.
import type {
  AdminCheckout,
  AdminCheckoutsQuery,
  AdminPayout,
  DecidePayoutBody,
  Page,
  PayoutDestinationDetails,
  PayoutsQuery,
} from '../contract';
import { http } from '../client';
import { id, query } from './query';

export const getPayouts = (q: PayoutsQuery = {}): Promise<Page<AdminPayout>> =>
  http.get('v1/payouts', { searchParams: query(q) }).json<Page<AdminPayout>>();

/** PAID, or REJECTED (the held amount goes back to the wallet). */
export const decidePayout = (payoutId: string, body: DecidePayoutBody): Promise<AdminPayout> =>
  http.patch(`v1/payouts/${id(payoutId)}`, { json: body }).json<AdminPayout>();

/** Checkouts for admins (OPEN: money on its way in), with the person's verification status. */
export const getAdminCheckouts = (q: AdminCheckoutsQuery = {}): Promise<Page<AdminCheckout>> =>
  http.get('v1/admin/checkouts', { searchParams: query(q) }).json<Page<AdminCheckout>>();

/** Admins: the withdrawal's bank account in full, to pay it. Every call is written to the audit log. */
export const getPayoutDestinationInFull = (payoutId: string): Promise<PayoutDestinationDetails> =>
  http.get(`v1/payouts/${id(payoutId)}/destination`).json<PayoutDestinationDetails>();
