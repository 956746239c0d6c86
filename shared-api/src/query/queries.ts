// The dashboards' queries: one key factory (what a mutation invalidates) and the queries
// built on shared-api's endpoint functions. Keys are arrays from the general to the
// particular, so invalidating a prefix refreshes everything under it:
//   ['me', …]     the signed-in person's own data (wallet, ledger, orders, holdings, listings)
//   ['admin', …]  the admin console's lists and figures (its queries: 'shared-api/admin')
//   ['checkout', id]
import {
  getCheckout,
  getMyHoldings,
  getMyMetrics,
  getMyOrders,
  getMyPayouts,
  getMyReturns,
  getMyStatementPeriods,
  getMyTransactions,
  getOwnedProperties,
  getPayoutDestinations,
  getWalletBalance,
} from 'shared-api';
import type {
  AdminCheckoutsQuery,
  KycCasesQuery,
  MyTransactionsQuery,
  OrdersQuery,
  OwnedPropertiesQuery,
  PayoutsQuery,
} from 'shared-api/contract';
import { apiQuery } from './use-api-query';

export const queryKeys = {
  me: {
    /** Everything of the signed-in person: invalidate after money moved or a listing changed. */
    all: ['me'] as const,
    wallet: () => ['me', 'wallet'] as const,
    payouts: () => ['me', 'payouts'] as const,
    payoutDestinations: () => ['me', 'payout-destinations'] as const,
    transactions: (q: MyTransactionsQuery = {}) => ['me', 'transactions', q] as const,
    statementPeriods: () => ['me', 'statement-periods'] as const,
    metrics: () => ['me', 'metrics'] as const,
    returns: () => ['me', 'returns'] as const,
    holdings: () => ['me', 'holdings'] as const,
    orders: (q: OrdersQuery = {}) => ['me', 'orders', q] as const,
    properties: (q: OwnedPropertiesQuery = {}) => ['me', 'properties', q] as const,
    proposals: () => ['me', 'proposals'] as const,
    /** Where my units are held, balances on chain and proofs (GET /v1/me/chain). */
    chain: () => ['me', 'chain'] as const,
  },
  admin: {
    all: ['admin'] as const,
    orders: (q: OrdersQuery = {}) => ['admin', 'orders', q] as const,
    payouts: (q: PayoutsQuery = {}) => ['admin', 'payouts', q] as const,
    checkouts: (q: AdminCheckoutsQuery = {}) => ['admin', 'checkouts', q] as const,
    /** Listings: the catalogue as admins filter it (`view` names the list, `q` its filters). */
    listings: (view: string, q: object = {}) => ['admin', 'listings', view, q] as const,
    revisions: () => ['admin', 'listings', 'revisions'] as const,
    progressReviews: () => ['admin', 'listings', 'progress-reviews'] as const,
    metrics: (which: 'platform' | 'investors' | 'listings' | 'owners') => ['admin', 'metrics', which] as const,
    /** Verification cases: the queue and each case (invalidate ['admin', 'cases'] after a decision). */
    cases: (q: KycCasesQuery = {}) => ['admin', 'cases', 'queue', q] as const,
    kycCase: (id: string) => ['admin', 'cases', id] as const,
  },
  checkout: (id: string) => ['checkout', id] as const,
  /** One property's chain record: its token's transfers and anchored roots. */
  propertyChain: (propertyId: string) => ['chain', 'property', propertyId] as const,
};

const k = queryKeys;

/** `useApiQuery(queries.me.wallet())` */
export const queries = {
  me: {
    wallet: () => apiQuery(k.me.wallet(), () => getWalletBalance()),
    payouts: () => apiQuery(k.me.payouts(), () => getMyPayouts()),
    payoutDestinations: () => apiQuery(k.me.payoutDestinations(), () => getPayoutDestinations()),
    transactions: (q: MyTransactionsQuery) => apiQuery(k.me.transactions(q), () => getMyTransactions(q)),
    statementPeriods: () => apiQuery(k.me.statementPeriods(), () => getMyStatementPeriods()),
    metrics: () => apiQuery(k.me.metrics(), () => getMyMetrics()),
    returns: () => apiQuery(k.me.returns(), () => getMyReturns()),
    holdings: () => apiQuery(k.me.holdings(), () => getMyHoldings()),
    orders: (q: OrdersQuery) => apiQuery(k.me.orders(q), () => getMyOrders(q)),
    properties: (q: OwnedPropertiesQuery) => apiQuery(k.me.properties(q), () => getOwnedProperties(q)),
  },

  checkout: (id: string) => apiQuery(k.checkout(id), () => getCheckout(id)),
};
