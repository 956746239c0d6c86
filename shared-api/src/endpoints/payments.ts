// /v1/payments: checkouts (deposits, the $15 subscription) with the payments provider.
import type { Checkout, CreateCheckoutBody, IdempotencyOptions } from '../contract';
import { http } from '../client';
import { id, idempotencyHeaders } from './query';

/**
 * Starts a checkout; send the browser to `checkoutUrl`. It comes back to `returnPath`
 * (a path on this site) with `?checkout=<id>`; then read the outcome with getCheckout.
 */
export const createCheckout = (body: CreateCheckoutBody, opts: IdempotencyOptions = {}): Promise<Checkout> =>
  http.post('v1/payments/checkouts', { json: body, headers: idempotencyHeaders(opts) }).json<Checkout>();

/** One own checkout: OPEN, PAID, DECLINED or EXPIRED. */
export const getCheckout = (checkoutId: string): Promise<Checkout> => http.get(`v1/payments/checkouts/${id(checkoutId)}`).json<Checkout>();
