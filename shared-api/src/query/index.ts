// shared-api/query: server data on the dashboards (docs/frontend.md, "Server data on the
// dashboards"). A federation singleton loaded by the pages that import it, never on a first
// visit of the public pages: the one query client, its provider, the dashboards' query keys
// and queries, and the one checkout poller. TanStack Query is reached only through here.
export { queryClient, createQueryClient, QUERY_DEFAULTS, QueryFailure, readable, shouldRetry } from './client';
export { QueryProvider, usePageQueryClient } from './provider';
export { useApiQuery, useInvalidate, apiQuery, type ApiQuery, type ApiQueryState } from './use-api-query';
export { queryKeys, queries } from './queries';
export {
  useCheckoutPoller,
  useOpenCheckouts,
  CHECKOUT_POLL,
  type CheckoutOutcome,
  type CheckoutPollerOptions,
  type OpenCheckout,
} from './checkout-poller';
export type { QueryClient, QueryKey } from '@tanstack/react-query';
