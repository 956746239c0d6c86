// /v1/wallets (spec 7): balance, a user's wallet for admins, deposit, withdraw.
import type {
  Checkout,
  CreatePayoutDestinationBody,
  DepositBody,
  IdempotencyOptions,
  Payout,
  PayoutDestination,
  Wallet,
  WithdrawBody,
} from '../contract';
import { http } from '../client';
import { id, idempotencyHeaders } from './query';

export const getWalletBalance = (): Promise<Wallet> => http.get('v1/wallets/balance').json<Wallet>();

/** Starts a DEPOSIT checkout (see createCheckout); the wallet is credited once it is paid. */
export const deposit = (body: DepositBody, opts: IdempotencyOptions = {}): Promise<Checkout> =>
  http.post('v1/wallets/deposit', { json: body, headers: idempotencyHeaders(opts) }).json<Checkout>();

/** A withdrawal request: the amount is held at once until an admin pays or rejects it. */
export const withdraw = (body: WithdrawBody, opts: IdempotencyOptions = {}): Promise<Payout> =>
  http.post('v1/wallets/withdraw', { json: body, headers: idempotencyHeaders(opts) }).json<Payout>();

/** Own withdrawal requests, newest first. */
export const getMyPayouts = (): Promise<Payout[]> => http.get('v1/wallets/payouts').json<Payout[]>();

/** Cancels an own REQUESTED withdrawal: the held amount is back in the wallet (idempotent). */
export const cancelWithdrawal = (payoutId: string): Promise<Payout> =>
  http.patch(`v1/wallets/payouts/${id(payoutId)}/cancel`).json<Payout>();

/** Own bank accounts for withdrawals, masked (last four only). */
export const getPayoutDestinations = (): Promise<PayoutDestination[]> => http.get('v1/wallets/destinations').json<PayoutDestination[]>();

/** Adds a bank account; the answer is masked (the full number never comes back). */
export const addPayoutDestination = (body: CreatePayoutDestinationBody, opts: IdempotencyOptions = {}): Promise<PayoutDestination> =>
  http.post('v1/wallets/destinations', { json: body, headers: idempotencyHeaders(opts) }).json<PayoutDestination>();

/** Removes an own bank account (409 while a requested withdrawal names it). */
export const removePayoutDestination = (destinationId: string): Promise<PayoutDestination> =>
  http.delete(`v1/wallets/destinations/${id(destinationId)}`).json<PayoutDestination>();
