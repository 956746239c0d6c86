// The payments provider behind deposits and the subscription. The ledger never talks to a
// provider: a provider opens a payment page for a checkout, and its own routes (a return
// page, a webhook) report the outcome through settleCheckout, which is the only thing that
// moves money (the checkouts trigger writes the entries). Adding a real provider means one
// file like sandbox.ts, one name in PAYMENTS_PROVIDERS (config.ts) and a case below.
import type { FastifyPluginAsync } from 'fastify';
import type { CheckoutPurpose } from 'shared-api/contract';
import type { Config } from '../../config';
import type { Executor } from '../../db/client';
import { sandboxProvider } from './sandbox';

export interface CheckoutRequest {
  id: string;
  userId: string;
  purpose: CheckoutPurpose;
  amountCents: number;
  /** The public origin (scheme://host[:port]) the person pays from and returns to. */
  origin: string;
}

export interface CheckoutSession {
  /** Where the browser pays. */
  checkoutUrl: string;
  /** The provider's own id for this payment, if it has one. */
  providerRef: string | null;
}

/** One payment the provider says it took (a line of its settlement report). */
export interface SettlementRecord {
  /** The provider's own id for the payment (the checkout id when it has none). */
  providerRef: string;
  /** Our checkout, when the record names it (matched by providerRef otherwise). */
  checkoutId: string | null;
  amountCents: number;
  settledAt: Date;
}

export interface PaymentProvider {
  readonly name: string;
  /**
   * The payments the provider settled in [from, to), for the daily reconciliation. The
   * sandbox reads its stored checkouts; a real provider fetches (or reads an imported copy
   * of) its settlement report.
   */
  settlements(db: Executor, from: Date, to: Date): Promise<SettlementRecord[]>;
  /** Opens the provider's payment for a new checkout (inside the transaction that records it). */
  createSession(checkout: CheckoutRequest): Promise<CheckoutSession>;
  /** The provider's routes (payment page, return, webhook), registered under /v1/payments/<name>. */
  routes?: FastifyPluginAsync;
}

export function createPaymentProvider(config: Config): PaymentProvider {
  switch (config.paymentsProvider) {
    case 'sandbox':
      return sandboxProvider(config);
  }
}
