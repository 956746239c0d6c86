// Money as the API returns it: u1's order, holding, wallet, ledger, payouts and card checkouts,
// all of p1 (makeSummary); override what the test is about.
import type { Checkout, Holding, LedgerEntry, Order, Payout, PayoutDestination, Wallet } from '../contract';
import { makeSummary } from './properties';

/** u1 asks for 10 units of p1 at $50. */
export function makeOrder(overrides: Partial<Order> = {}): Order {
  return {
    _id: 'ord1',
    investorId: 'u1',
    propertyId: 'p1',
    property: makeSummary(),
    quantity: 10,
    unitPrice: 50,
    amount: 500,
    status: 'PENDING',
    reason: null,
    decidedAt: null,
    createdAt: '2026-02-01T09:30:00.000Z',
    updatedAt: '2026-02-01T09:30:00.000Z',
    ...overrides,
  };
}

/** u1 holds 40 units of p1 bought for $2,000. */
export function makeHolding(overrides: Partial<Holding> = {}): Holding {
  return {
    _id: 'h1',
    investorId: 'u1',
    propertyId: 'p1',
    property: makeSummary(),
    quantity: 40,
    amountInvested: 2000,
    createdAt: '2026-02-01T10:00:00.000Z',
    updatedAt: '2026-02-01T10:00:00.000Z',
    ...overrides,
  };
}

export function makeWallet(overrides: Partial<Wallet> = {}): Wallet {
  return { userId: 'u1', balance: 1234.5, held: 200, currency: 'USD', ...overrides };
}

/** u1's first deposit: $1,000 by card. */
export function makeEntry(overrides: Partial<LedgerEntry> = {}): LedgerEntry {
  return {
    _id: 'e1',
    userId: 'u1',
    type: 'DEPOSIT',
    amount: 1000,
    balanceAfter: 1000,
    orderId: null,
    propertyId: null,
    payoutId: null,
    checkoutId: null,
    description: 'Card deposit',
    createdAt: '2026-03-07T15:00:00.000Z',
    ...overrides,
  };
}

/** A card checkout of a $500 deposit, still open. */
export function makeCheckout(overrides: Partial<Checkout> = {}): Checkout {
  return {
    _id: 'c1',
    purpose: 'DEPOSIT',
    amount: 500,
    status: 'OPEN',
    checkoutUrl: 'http://pay.test/v1/payments/sandbox/c1',
    createdAt: '2026-03-07T14:58:00.000Z',
    ...overrides,
  };
}

export function makeDestination(overrides: Partial<PayoutDestination> = {}): PayoutDestination {
  return {
    _id: 'd1',
    kind: 'US_ACH',
    holderName: 'Ivy Investor',
    country: 'US',
    last4: '6789',
    createdAt: '2026-03-01T10:00:00.000Z',
    removedAt: null,
    ...overrides,
  };
}

/** u1 asks to withdraw $1,250.50. */
export function makePayout(overrides: Partial<Payout> = {}): Payout {
  return {
    _id: 'pay1',
    userId: 'u1',
    amount: 1250.5,
    status: 'REQUESTED',
    reason: null,
    createdAt: '2026-03-07T15:00:00.000Z',
    decidedAt: null,
    bankReference: null,
    destination: null,
    ...overrides,
  };
}
