// 'shared-api/admin/query': the admin console's queries; only the admin remote bundles them.
// Their keys stay in 'shared-api/query' (queryKeys.admin) with every other key. They call the
// endpoint functions through 'shared-api/admin', as pages do, so one module (and a test's mock
// of it) serves both.
import type { AdminCheckoutsQuery, KycCasesQuery, OrdersQuery, PayoutsQuery, PropertiesQuery } from '../contract';
import { getProperties } from 'shared-api';
import { apiQuery, queryKeys as k } from 'shared-api/query';
import {
  getAdminCheckouts,
  getAdminInvestorMetrics,
  getAdminListingMetrics,
  getAdminMetrics,
  getAdminOwnerMetrics,
  getAllOrders,
  getKycCase,
  getKycCases,
  getPayouts,
  getPendingRevisions,
  getProgressReviews,
} from 'shared-api/admin';

/** `useApiQuery(adminQueries.orders(q))` */
export const adminQueries = {
  orders: (q: OrdersQuery) => apiQuery(k.admin.orders(q), () => getAllOrders(q)),
  payouts: (q: PayoutsQuery) => apiQuery(k.admin.payouts(q), () => getPayouts(q)),
  checkouts: (q: AdminCheckoutsQuery) => apiQuery(k.admin.checkouts(q), () => getAdminCheckouts(q)),
  /** The catalogue with admins' filters (other lists of listings: apiQuery(queryKeys.admin.listings(view, q), …)). */
  properties: (q: PropertiesQuery) => apiQuery(k.admin.listings('catalogue', q), () => getProperties(q)),
  revisions: () => apiQuery(k.admin.revisions(), () => getPendingRevisions()),
  progressReviews: () => apiQuery(k.admin.progressReviews(), () => getProgressReviews()),
  platformMetrics: () => apiQuery(k.admin.metrics('platform'), () => getAdminMetrics()),
  investorMetrics: () => apiQuery(k.admin.metrics('investors'), () => getAdminInvestorMetrics()),
  listingMetrics: () => apiQuery(k.admin.metrics('listings'), () => getAdminListingMetrics()),
  ownerMetrics: () => apiQuery(k.admin.metrics('owners'), () => getAdminOwnerMetrics()),
  cases: (q: KycCasesQuery) => apiQuery(k.admin.cases(q), () => getKycCases(q)),
  kycCase: (id: string) => apiQuery(k.admin.kycCase(id), () => getKycCase(id)),
};
